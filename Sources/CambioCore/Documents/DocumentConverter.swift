import Foundation

/// A table of amounts (a bank or card export, an expense claim) converted row by row at each
/// row's date, written back whole: every row and column kept in place, with the converted
/// amount, the rate, its day and source, and a note added to each row, then a total per target
/// currency. A row that cannot be converted keeps its place with the reason in its note.
///
/// The table streams: a first window of it (`DocumentInput.window`) decides how it is read, then
/// each row is read, converted and written, and a row that fails is said as it fails.
///
/// - Amounts are read in the file's locale: the one the user names, else the one the window's
///   amounts show by one rule (a decimal comma or a decimal point somewhere in the amount
///   column, never both), else the user's. A later row that shows the other mark fails.
/// - Dates are read in the locale the user names, else the user's own (never the one the
///   amounts show: a decimal point says nothing of the order of a date), in the order a date of
///   the column proves (`13/02/2024`); dotted dates are day first everywhere. A column whose
///   dates read both ways and nothing decides is refused, naming such a date.
/// - A column whose header names a currency (`Betrag (EUR)`) holds that currency: a row that
///   says another fails, as does a row whose currency is not `--from`'s.
/// Each row is converted by the engine, as the line `AMOUNT CUR in TARGETS on DATE` would be.
public final class DocumentConverter {
    public struct Options: Sendable {
        public var targets: [CurrencyCode]
        /// The currency of every amount when the table has no currency column.
        public var from: CurrencyCode?
        /// Columns named by the user, by role (`date=none`: the current rates for every row).
        public var columns: [DocumentColumns.Role: String] = [:]
        /// The file's locale, when the user said it.
        public var localeID: String?
        /// The separator, when the user said it (a tab for `--input tsv`).
        public var delimiter: UInt8?
        /// Totals as the sum of the rounded rows, as printed (a clerk's first check is the
        /// column's `=SUM()`); `false`: the exact values' sum, rounded once (`--total exact`).
        public var totalOfRounded = true
        public var rounding = Rounding.minor
        /// Each row at the mean of its month's (or year's) published days (`--average monthly`),
        /// as monthly tax tables are made; `nil`: at its day's rates.
        public var average: Period.Kind?
        /// The most days the current rates of a row without a date may be old (`--max-age`).
        public var maxAge: Int?

        public init(targets: [CurrencyCode]) { self.targets = targets }
    }

    /// Where the converted table goes as it is made.
    public struct Sink {
        /// Bytes of the table, whole rows; false when nothing more can be written (the reader is gone).
        public var write: ([UInt8]) -> Bool
        /// What was taken in reading the table (the locale, the encoding, the columns).
        public var note: (String) -> Void
        /// A row that could not be converted: its line and why.
        public var problem: (Int, String) -> Void

        /// Asked before each row: false stops the table there (a signal asked the run to end).
        public var continues: () -> Bool

        public init(
            write: @escaping ([UInt8]) -> Bool, note: @escaping (String) -> Void, problem: @escaping (Int, String) -> Void,
            continues: @escaping () -> Bool = { true }
        ) {
            self.write = write
            self.note = note
            self.problem = problem
            self.continues = continues
        }
    }

    public struct Output: Sendable {
        /// The table with its columns added, in the input's separator and line ends (UTF-8), when
        /// it was converted in memory (`convert(bytes:…)`).
        public var bytes: [UInt8] = []
        /// What was taken in reading it (the locale, the encoding, the columns), for standard error.
        public var notes: [String] = []
        public var rows = 0
        public var failed = 0
        /// Whether the writing stopped (the reader went away) before the table's end.
        public var stopped = false
        /// The rows written after the table's own: subtotals, totals, what was charged.
        public var summaryRows = 0
        /// The rows that failed only because their rates were older than `Options.maxAge`.
        public var staleRows = 0
        /// The first rows that could not be converted: their line and why.
        var failures: [(line: Int, reason: String)] = []
        let localized: Localization

        /// The rows that could not be converted (the first `keptFailures`), and how many failed of
        /// how many, for standard error.
        public var problems: [String] {
            guard failed > 0 else { return [] }
            return failures.map { localized("doc.rowProblem", String($0.line), $0.reason) } + [summary]
        }

        /// How many rows failed of how many.
        public var summary: String { localized("doc.failedSummary", String(failed), String(rows)) }

        /// The table as text.
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// How many failed rows an output keeps (each is said as it fails).
    static let keptFailures = 1_000
    /// The widest table read, in columns (a statement has a few dozen).
    public static let widestTable = 1_000
    /// The longest amount cell read, in bytes: a longer one is no amount, and is not read.
    static let longestAmount = 100

    /// Cells added per target: its amount, rate, the rate's quote, day and source.
    static let cellsPerTarget = 5

    /// The header's added cells: for each target its amount, rate, the rate's quote (`EUR/GBP`),
    /// day and source, then
    /// the markup (when the bank's charge is given; `markup` names the charged currency, or
    /// `.some(nil)` when each row's is its own) and the note. They are the same for every
    /// table in a language: made once (for at most 64 kinds of table).
    private func addedHeader(_ targets: [CurrencyCode], markup: CurrencyCode??) -> [String] {
        let markupKey = markup.map { "+" + ($0?.rawValue ?? "own") } ?? ""
        return Self.addedHeaders.value(localized.language + markupKey + targets.map(\.rawValue).joined()) {
            var added: [String] = []
            for target in targets {
                added += [
                    target.rawValue, localized("doc.header.rate", target.rawValue), localized("doc.header.quote", target.rawValue),
                    localized("doc.header.rateDate", target.rawValue), localized("doc.header.source", target.rawValue),
                ]
            }
            if let markup { added.append(markup.map { localized("doc.header.markup", $0.rawValue) } ?? localized("doc.header.markupOwn")) }
            added.append(localized("doc.header.note"))
            return added
        }
    }

    private static let addedHeaders = KeptValues<[String]>()

    /// Why no row of the table can be converted (the header, a column, the currency), or why the
    /// rest of it cannot be read.
    public struct Failure: Error, Sendable {
        public let message: String
    }

    let engine: Engine
    var localized: Localization { engine.localized }

    public init(engine: Engine) { self.engine = engine }

    /// Rows a header is looked for in.
    static let headerSearchRows = 50
    /// Significant digits of a rate without a short exact decimal (a cross rate).
    public static let rateSignificantDigits = 10

    /// A table already decoded, converted in memory (its output in `Output.bytes`).
    public func convert(_ document: DocumentText, _ options: Options, state: inout SessionState, now: Date, host: any SessionHost) throws(Failure)
        -> Output
    {
        var bytes = Array(document.text.utf8)
        if document.byteOrderMark || document.encoding == .windows1252 { bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0) }
        var output = try convert(bytes: bytes, asked: .utf8, options, state: &state, now: now, host: host)
        if document.detected { output.notes.insert(localized("doc.readWindows1252"), at: 0) }
        return output
    }

    /// A file's bytes converted in memory (its output in `Output.bytes`).
    public func convert(
        bytes: [UInt8], asked: DocumentText.Encoding?, _ options: Options, state: inout SessionState, now: Date, host: any SessionHost
    )
        throws(Failure) -> Output
    {
        var written: [UInt8] = []
        let sink = Sink(
            write: {
                written += $0; return true
            }, note: { _ in }, problem: { _, _ in })
        var output = try convert(DocumentInput(bytes: bytes, asked: asked), options, state: &state, now: now, host: host, sink: sink)
        output.bytes = written
        return output
    }

    /// What a table's reader stopped on, said.
    func message(_ failure: DocumentInput.Failure) -> String {
        switch failure {
        case .notUTF8(let line, let offset): return localized("doc.notUTF8At", String(line), String(offset))
        case .utf16: return localized("doc.utf16")
        case .rowTooLong(let line): return localized("doc.rowTooLong", String(line), String(DocumentInput.longestRow >> 20))
        case .unreadable(let reason): return localized("doc.unreadableInput", reason)
        }
    }

    /// What the table's first window decided: its columns and what they hold.
    struct Layout {
        var header: [String]
        var columns: DocumentColumns
        /// Every row's currency when no column gives it, and what says so (`--from`, a header).
        var fixedCurrency: CurrencyCode?
        var fixedBy = ""
        /// The currency of what was charged, when its header names it.
        var chargedCurrency: CurrencyCode?
        /// Whether the amount converted is an original one beside what the account was charged
        /// (`Original Amount` beside `Amount (EUR)`): a row whose original is empty was in the
        /// account's currency, and its charged amount is converted.
        var originalBesideCharged = false
        /// Whether the rows are converted at the current rates (no date column, or `date=none`).
        var undated = false
    }

    /// Converts the table `input` holds row by row into `sink`.
    public func convert(
        _ input: DocumentInput, _ options: Options, state: inout SessionState, now: Date, host: any SessionHost, sink: Sink
    ) throws(Failure) -> Output {
        do { try input.start() } catch { throw Failure(message: message(error)) }
        var output = Output(localized: localized)
        var saidRepair = false
        func note(_ text: String) {
            output.notes.append(text)
            sink.note(text)
        }
        func sayRepair() {
            guard !saidRepair, let (line, offset) = input.repaired else { return }
            saidRepair = true
            note(localized("doc.repairedByte", String(line), String(offset)))
        }
        var bytes = input.bytes
        let delimiter = options.delimiter ?? DelimitedText.detectDelimiter(bytes: bytes)
        if input.detected { note(localized("doc.readWindows1252")) }
        sayRepair()
        if input.carriageReturnsOnly { note(localized("doc.carriageReturnsOnly")) }
        var scanner = DelimitedText.Scanner(bytes, delimiter: delimiter, isFinal: input.atEnd)
        // The header: the first row that names an amount and a date column (or the columns named).
        var named = options.columns
        let dateNone = named[.date].map { DocumentColumns.fold($0) == "none" } ?? false
        if dateNone { named[.date] = nil }
        let (before, headerAt, found) = try findHeader(bytes, &scanner, named: named)
        var layout = try decideRoles(found.header, found.columns, options, named: named)
        layout.undated = dateNone
        scanner = found.scanner
        let header = layout.header
        func headerName(_ index: Int?) -> String? { Self.headerName(index, header, localized) }
        // A column of debit and credit marks under a header no list names (a Volksbank's is
        // blank): beside amounts written without a sign, every filled cell S or H (or D or C,
        // DR or CR, Soll or Haben, Debit or Credit) is taken as the sign column, and said.
        if layout.columns.sign == nil, named[.sign] == nil,
            let column = Self.signColumn(bytes, scanner, layout.columns, header: header)
        {
            layout.columns.sign = column
        }
        // A date column under a header no list names: the one whose every cell is a date.
        if layout.columns.date == nil, !dateNone {
            if let column = Self.dateColumn(bytes, scanner, layout.columns, header: header) {
                layout.columns.date = column
                note(localized("doc.dateByContent", headerName(column) ?? "—"))
            } else if let column = header.indices.first(where: { Self.soundsLikeDate(header[$0]) }) {
                throw Failure(message: localized("doc.dateColumnUnread", headerName(column) ?? "—", Sanitiser.quoted(header[column])))
            } else {
                layout.undated = true
            }
        }
        // No currency column and none named: each amount must carry its own (`-25,00 GBP`).
        if layout.columns.currency == nil, layout.fixedCurrency == nil {
            guard Self.amountsCarryCurrencies(bytes, scanner, amountColumn: layout.columns.amount) else {
                throw Failure(message: localized("doc.noCurrency"))
            }
            note(localized("doc.currencyInAmounts", headerName(layout.columns.amount) ?? "—"))
        }
        let reading = try decideReading(bytes, scanner, layout, options, state: state, note: note)
        note(
            localized(
                "doc.columns", headerName(layout.columns.date) ?? "—", headerName(layout.columns.amount) ?? "—",
                headerName(layout.columns.currency) ?? layout.fixedCurrency?.rawValue ?? "—"))
        if layout.undated { note(localized(dateNone ? "doc.dateNone" : "doc.noDateColumn")) }
        // The receipt's day beside the booking's: the receipt's is the rate's day, and that is said.
        if let date = layout.columns.date, date < header.count, DocumentColumns.receiptDates.contains(DocumentColumns.fold(header[date])),
            let booking = header.indices.first(where: { $0 != date && DocumentColumns.match(header[$0], .date) != nil })
        {
            note(localized("doc.receiptDay", headerName(date) ?? "—", headerName(booking) ?? "—"))
        }
        if let sign = layout.columns.sign { note(localized("doc.signColumn", headerName(sign) ?? "—")) }
        if let average = options.average, !layout.undated { note(localized(average == .year ? "doc.averagedYearly" : "doc.averagedMonthly")) }
        if let charged = layout.columns.charged {
            note(localized("doc.chargedIn", headerName(charged) ?? "—", (layout.chargedCurrency ?? options.targets[0]).rawValue))
        }

        var writer = RowWriter(delimiter: delimiter, crlf: reading.crlf, decimal: reading.decimal)
        if input.byteOrderMark || input.encoding == .windows1252 || input.repaired != nil { writer.out += [0xEF, 0xBB, 0xBF] }
        func flush(force: Bool = false) -> Bool {
            guard force || writer.out.count >= 1 << 16 else { return true }
            defer { writer.out.removeAll(keepingCapacity: true) }
            guard !writer.out.isEmpty else { return true }
            return sink.write(writer.out)
        }
        // The rows before the header, written again now that the line ends are known.
        for fields in before.prefix(headerAt) { writer.write(fields) }
        let width = reading.width
        // The markup's header names the currency of what was charged when the header says it;
        // else each row's is its cell's (or the first target's), and the header names none.
        let added = addedHeader(options.targets, markup: layout.columns.charged == nil ? nil : .some(layout.chargedCurrency))
        writer.write(Array(header.prefix(width)) + Array(repeating: "", count: max(0, width - header.count)) + added)

        var rows = RowConverter(
            converter: self, options: options, layout: layout, reading: reading, width: width, added: added, now: now,
            delimiterShown: delimiter == UInt8(ascii: "\t") ? "\\t" : String(UnicodeScalar(delimiter)))
        var row = DelimitedText.Fields()
        while true {
            guard sink.continues() else {
                _ = flush(force: true)
                output.stopped = true
                break
            }
            if scanner.next(&row) {
                // A quote never closed past the window: the row it swallowed the rest into fails.
                let unclosed = scanner.unclosedQuote.map { localized("doc.unclosedQuote", String($0)) }
                if let failure = rows.convert(row, bytes, &writer, failing: unclosed, state: &state, host: host) {
                    output.failed += 1
                    if rows.stale { output.staleRows += 1 }
                    if output.failures.count < Self.keptFailures { output.failures.append((row.line, failure)) }
                    sink.problem(row.line, failure)
                }
                if rows.counted { output.rows += 1 }
                for text in rows.notes { note(text) }
                rows.notes.removeAll()
                guard flush() else {
                    output.stopped = true
                    break
                }
                continue
            }
            if input.atEnd { break }
            // The bytes held end inside a row: the rows read are dropped and more are read.
            let offset = scanner.offset
            if offset == 0, bytes.count >= DocumentInput.longestRow {
                _ = flush(force: true)
                throw Failure(message: message(.rowTooLong(line: row.line)))
            }
            do { _ = try input.refill(keepingFrom: offset) } catch {
                _ = flush(force: true)
                throw Failure(message: message(error))
            }
            bytes = input.bytes
            scanner.rebase(bytes, isFinal: input.atEnd)
            sayRepair()
        }
        if !output.stopped {
            output.summaryRows = rows.writeTotals(&writer, converted: output.rows - output.failed, failed: output.failed)
            if !flush(force: true) { output.stopped = true }
        }
        return output
    }
}
