import Foundation

/// A table of amounts (a bank or card export, an expense claim) converted row by row at each
/// row's date, written back whole: every row and column kept in place, with the converted
/// amount, the rate, its day and source, and a note added to each row, then a total per target
/// currency. A row that cannot be converted keeps its place with the reason in its note.
///
/// Amounts and dates are read in the file's locale: the one the user names, else the one its
/// amounts show by one rule (a decimal comma or a decimal point somewhere in the amount column,
/// never both), else the user's; what was taken is said. Each row is converted by the engine, as
/// the line `AMOUNT CUR in TARGETS on DATE` would be.
public final class DocumentConverter {
    public struct Options: Sendable {
        public var targets: [CurrencyCode]
        /// The currency of every amount when the table has no currency column.
        public var from: CurrencyCode?
        /// Columns named by the user, by role.
        public var columns: [DocumentColumns.Role: String] = [:]
        /// The file's locale, when the user said it.
        public var localeID: String?
        /// The separator, when the user said it (a tab for `--input tsv`).
        public var delimiter: UInt8?
        /// Totals as the sum of the rounded rows (some claims ask for it), not of the exact values.
        public var totalOfRounded = false
        public var rounding = Rounding.minor

        public init(targets: [CurrencyCode]) { self.targets = targets }
    }

    public struct Output: Sendable {
        /// The table with its columns added, in the input's separator and line ends (UTF-8).
        public var bytes: [UInt8]
        /// What was taken in reading it (the locale, the encoding, the columns), for standard error.
        public var notes: [String]
        public var rows = 0
        public var failed = 0
        /// Each row that could not be converted: its line and why.
        var failures: [(line: Int, reason: String)] = []
        let localized: Localization

        /// Each row that could not be converted, and how many failed of how many, for standard
        /// error: said in sentences when asked for (a table of many bad rows is written whole
        /// before they are).
        public var problems: [String] {
            guard !failures.isEmpty else { return [] }
            return failures.map { localized("doc.rowProblem", String($0.line), $0.reason) }
                + [localized("doc.failedSummary", String(failed), String(rows))]
        }

        /// The table as text.
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The header's added cells: for each target its amount, rate, rate's day and source, then
    /// the markup of the first (when the bank's charge is given) and the note. They are the
    /// same for every table in a language: made once (for at most 64 kinds of table).
    private func addedHeader(_ targets: [CurrencyCode], markup: Bool) -> [String] {
        Self.addedHeaders.value(localized.language + (markup ? "+" : "") + targets.map(\.rawValue).joined()) {
            var added: [String] = []
            for target in targets {
                added += [
                    target.rawValue, localized("doc.header.rate", target.rawValue), localized("doc.header.rateDate", target.rawValue),
                    localized("doc.header.source", target.rawValue),
                ]
            }
            if markup, let first = targets.first { added.append(localized("doc.header.markup", first.rawValue)) }
            added.append(localized("doc.header.note"))
            return added
        }
    }

    private static let addedHeaders = KeptValues<[String]>()

    /// Why no row of the table can be converted (the header, a column, the currency).
    public struct Failure: Error, Sendable {
        public let message: String
    }

    let engine: Engine
    private var localized: Localization { engine.localized }

    public init(engine: Engine) { self.engine = engine }

    /// Rows a header is looked for in.
    static let headerSearchRows = 50
    /// Significant digits of a rate without a short exact decimal (a cross rate).
    public static let rateSignificantDigits = 10

    public func convert(_ document: DocumentText, _ options: Options, state: inout SessionState, now: Date, host: any SessionHost) throws(Failure)
        -> Output
    {
        // The rows are read from the text's own bytes, one at a time, and written as bytes.
        var text = document.text
        let converted: Result<Output, Failure> = text.withUTF8 { bytes in
            do throws(Failure) {
                return .success(try convert(bytes, document, options, state: &state, now: now, host: host))
            } catch {
                return .failure(error)
            }
        }
        return try converted.get()
    }

    private func convert(
        _ bytes: UnsafeBufferPointer<UInt8>, _ document: DocumentText, _ options: Options, state: inout SessionState, now: Date,
        host: any SessionHost
    ) throws(Failure) -> Output {
        let delimiter = options.delimiter ?? DelimitedText.detectDelimiter(bytes: bytes)
        // The delimiter as a message shows it (a tab is no character to read).
        let delimiterShown = delimiter == UInt8(ascii: "\t") ? "\\t" : String(UnicodeScalar(delimiter))
        let quotedExample = delimiter == UInt8(ascii: ",") ? "\"1,234.56\"" : "\"a\(delimiterShown)b\""
        var scanner = DelimitedText.Scanner(bytes, delimiter: delimiter)
        var notes: [String] = []
        if document.detected { notes.append(localized("doc.readWindows1252")) }
        // The header: the first row that names an amount and a date column (or the columns named).
        var before: [[String]] = []
        var firstFilled: [String]?
        var found: (header: [String], columns: DocumentColumns, before: Int, scanner: DelimitedText.Scanner)?
        var row = DelimitedText.Fields()
        while before.count < Self.headerSearchRows, scanner.next(&row) {
            let fields = (0..<row.count).map { row.string($0, bytes) }
            defer { before.append(fields) }
            guard !fields.allSatisfy({ $0.isEmpty }) else { continue }
            if firstFilled == nil { firstFilled = fields }
            guard case .success(let columns) = DocumentColumns.find(fields, named: options.columns) else { continue }
            if columns.date != nil || !options.columns.isEmpty {
                found = (fields, columns, before.count, scanner)
                break
            }
            // Amounts without dates are converted at the current rates, if no better header comes.
            if found == nil { found = (fields, columns, before.count, scanner) }
        }
        guard let found else {
            // A column named for a role that is the one the amounts are found in (`--column
            // sign=Betrag`): said as such, not as a column that is not there.
            for fields in before where !options.columns.isEmpty {
                for role in DocumentColumns.Role.allCases where role != .amount {
                    guard let name = options.columns[role] else { continue }
                    var others = options.columns
                    others[role] = nil
                    guard case .success(let columns) = DocumentColumns.find(fields, named: others), columns.amount < fields.count,
                        fields[columns.amount] == name || DocumentColumns.fold(fields[columns.amount]) == DocumentColumns.fold(name)
                    else { continue }
                    throw Failure(message: localized("doc.namedIsAmount", Sanitiser.quoted(name), role.rawValue))
                }
            }
            if let named = options.columns.values.first {
                throw Failure(message: localized("doc.noColumn", Sanitiser.quoted(named), headers(firstFilled)))
            }
            throw Failure(message: localized("doc.noHeader", String(Self.headerSearchRows)))
        }
        let header = found.header
        var columns = found.columns
        // The data rows follow the header.
        scanner = found.scanner
        func headerName(_ index: Int?) -> String? {
            guard let index, index < header.count else { return nil }
            // A blank header is named by its place.
            if header[index].allSatisfy(\.isWhitespace) { return localized("doc.columnNumber", String(index + 1)) }
            return Sanitiser.quoted(header[index])
        }
        // A column of debit and credit marks under a header no list names (a Volksbank's is
        // blank): beside amounts written without a sign, every filled cell S or H (or D or C,
        // DR or CR, Soll or Haben, Debit or Credit) is taken as the sign column, and said.
        if columns.sign == nil, options.columns[.sign] == nil, let column = Self.signColumn(bytes, scanner, columns, header: header) {
            columns.sign = column
        }
        // The amounts' currency when no column gives it.
        var fixedCurrency = options.from
        if columns.currency == nil, fixedCurrency == nil, let named = columns.headerCurrency {
            guard case .found(let code, let via) = engine.directory.resolve(named, suggesting: false) else {
                throw Failure(message: localized("doc.noCurrency"))
            }
            if let taken = Self.taken(via) {
                notes.append(localized("note.symbolTaken", Sanitiser.quoted(taken), code.rawValue, engine.directory.name(of: code)))
            }
            fixedCurrency = code
        }
        if columns.currency == nil, fixedCurrency == nil { throw Failure(message: localized("doc.noCurrency")) }
        // The file's locale for amounts and dates, and its line ends, from a first reading of its rows.
        let survey = Self.survey(bytes, scanner, amountColumn: columns.amount, dateColumn: columns.date)
        // A quote never closed swallows every row after it into one field: nothing is
        // converted rather than rows lost without a word.
        if let line = survey.unclosedQuote { throw Failure(message: localized("doc.unclosedQuote", String(line))) }
        let localeID: String
        if let asked = options.localeID {
            localeID = asked
        } else {
            let userDecimal = NumberConventions.of(state.locale.numbers).decimalSeparator
            switch survey.evidence {
            case .comma(let line):
                localeID = userDecimal == "," ? state.locale.numbers : "de_DE"
                notes.append(localized("doc.readAs", localeID, localized("doc.decimalComma"), String(line)))
            case .point(let line):
                localeID = userDecimal == "." ? state.locale.numbers : "en_US"
                notes.append(localized("doc.readAs", localeID, localized("doc.decimalPoint"), String(line)))
            case .both(let point, let comma):
                throw Failure(message: localized("doc.bothSeparators", String(point), String(comma)))
            case .none:
                // `-1.500` and `2.250` alone are 1,500 and 2,250 in a German bank's export and
                // 1.5 and 2.25 in an American one: no locale is taken for them.
                if let (text, line) = survey.ambiguous {
                    throw Failure(message: localized("doc.eitherWay", Sanitiser.quoted(text), String(line)))
                }
                localeID = state.locale.numbers
                notes.append(localized("doc.readAsUser", localeID))
            }
        }
        let conventions = NumberConventions.of(localeID)
        let parser = AmountParser(conventions: conventions)
        let reader = DateReader.of(localeID)
        // How an amount is written here, for the rows whose amount is not one.
        let exampleAmount = conventions.exampleAmount
        // A date column that proves its order (`13/02/2024`) is never read in the other one:
        // `05/02/2024` beside it would be 2 May in en_US.
        if let first = survey.dayFirst, let second = survey.monthFirst {
            throw Failure(
                message: localized(
                    "doc.bothOrders", Sanitiser.quoted(first.text), String(first.line), Sanitiser.quoted(second.text), String(second.line)))
        }
        // A proof of the other order than the locale's refuses the file when the locale's own
        // reading would meet it: the proof is in the locale's separator, or the column has
        // dates in it (`05/02/2024` would be 2 May in en_US beside `13.02.2024`).
        let own = reader.separator.asciiValue ?? UInt8(ascii: "-")
        let contrary = reader.order == .monthDayYear ? survey.dayFirst : reader.order == .dayMonthYear ? survey.monthFirst : nil
        if let proof = contrary, proof.separator == own || survey.dateMarks & Self.markBit(own) != 0 {
            let example = survey.dayFirst != nil ? (proof.separator == UInt8(ascii: "/") ? "en_GB" : "de_DE") : "en_US"
            throw Failure(
                message: localized(
                    survey.dayFirst != nil ? "doc.dayFirst" : "doc.monthFirst", Sanitiser.quoted(proof.text), String(proof.line), localeID, example))
        }
        // The order the column proves, for its dates that read either way outside the locale's
        // own reading (another separator, or a locale that writes the year first): said.
        var provenDayFirst: Bool?
        if let proof = survey.dayFirst ?? survey.monthFirst, proof.separator != own || reader.order == .yearMonthDay {
            provenDayFirst = survey.dayFirst != nil
            notes.append(
                localized(survey.dayFirst != nil ? "doc.readDayFirst" : "doc.readMonthFirst", Sanitiser.quoted(proof.text), String(proof.line)))
        }
        let decimal = conventions.decimalSeparator == "," ? "," : "."
        notes.append(
            localized(
                "doc.columns", headerName(columns.date) ?? "—", headerName(columns.amount) ?? "—",
                headerName(columns.currency) ?? fixedCurrency?.rawValue ?? "—"))
        if columns.date == nil { notes.append(localized("doc.noDateColumn")) }
        if let sign = columns.sign { notes.append(localized("doc.signColumn", headerName(sign) ?? "—")) }

        // The table written back.
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2 + 3)
        if document.byteOrderMark || document.encoding == .windows1252 { out += [0xEF, 0xBB, 0xBF] }
        let crlf = survey.crlf
        func newline() {
            if crlf { out.append(0x0D) }
            out.append(0x0A)
        }
        func write(_ fields: [String]) {
            // One empty field is `""`: an empty line reads back as a row of none.
            if fields == [""] { out += [UInt8(ascii: "\""), UInt8(ascii: "\"")] }
            var first = true
            for field in fields {
                if !first { out.append(delimiter) }
                first = false
                DelimitedText.append(field, delimiter: delimiter, to: &out)
            }
        }
        // A cell after the ones before it.
        func appendCell(_ text: String) {
            out.append(delimiter)
            DelimitedText.append(text, delimiter: delimiter, to: &out)
        }
        // A number in the file's decimal separator (`68,98`), in quotes when that is the separator.
        let point = UInt8(ascii: decimal == "," ? "," : ".")
        func number(_ write: (inout [UInt8]) -> Void) {
            out.append(delimiter)
            let start = out.count
            write(&out)
            DelimitedText.quoteField(in: &out, from: start, delimiter: delimiter)
        }
        // A row's own fields, as many as the header's at least; a row with more fields than the
        // header widens the table, so that the added columns stand under their names in every row.
        let width = max(header.count, survey.widest.fields)
        if width > header.count {
            notes.append(localized("doc.widerRow", String(survey.widest.line), String(survey.widest.fields), String(header.count)))
        }
        func writeFields(_ row: DelimitedText.Fields) {
            if row.plain {
                out.append(contentsOf: row.raw(bytes))
            } else {
                for index in 0..<row.count {
                    if index > 0 { out.append(delimiter) }
                    row.write(index, bytes, delimiter: delimiter, to: &out)
                }
            }
            for _ in min(row.count, width)..<width { out.append(delimiter) }
        }
        // The rows before the header, written again once the locale is known (whether the lines
        // end in CR LF is known from the header on).
        for fields in before.prefix(found.before) {
            write(fields)
            newline()
        }
        let added = addedHeader(options.targets, markup: columns.charged != nil)
        write(header + Array(repeating: "", count: width - header.count) + added)
        newline()

        var output = Output(bytes: [], notes: notes, localized: localized)
        // Each target's total: of the exact values, or of the rounded ones (`--total rounded`).
        var totals = Array(repeating: ExactSum(), count: options.targets.count)
        var currencies: [String: CurrencyCode] = [:]
        var currencyKeys: [UInt64: CurrencyCode] = [:]
        // The places each target's figures are rounded to (the catalog is asked once).
        let targetPlaces = options.targets.map { options.rounding.fractionDigits($0) }
        var lastDate: (text: String, day: Day)?
        var lastSource = (raw: "", shown: "")
        let today = Day.utc(now)
        while scanner.next(&row) {
            if row.isBlank(bytes) {
                write((0..<row.count).map { row.string($0, bytes) })
                newline()
                continue
            }
            func cell(_ index: Int?) -> String {
                guard let index, index < row.count else { return "" }
                return Self.trimmed(row.string(index, bytes))
            }
            // A number and a minus before it at most (almost every cell) is read from its bytes.
            let quickAmount = columns.amount < row.count ? row.withBytes(columns.amount, bytes) { Self.quickAmount($0, parser) } : nil
            let amountText = quickAmount == nil ? cell(columns.amount) : ""
            // The day from the cell's bytes when it is ISO or the file locale's own form (almost
            // every row), else from its text.
            let quickDay = columns.date.flatMap { index in index < row.count ? row.withBytes(index, bytes) { Self.quickDay($0, reader) } : nil }
            let dateText = quickDay == nil ? cell(columns.date) : ""
            // A row without amount or date (a subtotal, a total written before) is no transaction.
            if quickAmount == nil, amountText.isEmpty, quickDay == nil, dateText.isEmpty {
                writeFields(row)
                for _ in added { out.append(delimiter) }
                newline()
                continue
            }
            output.rows += 1
            func failed(_ reason: String) {
                output.failed += 1
                output.failures.append((row.line, reason))
                writeFields(row)
                for _ in added.dropLast() { out.append(delimiter) }
                appendCell(reason)
                newline()
            }
            // More fields than the header's, filled: a field split at a delimiter it holds
            // (`1,234.56` unquoted) moves every field after it, so none is read.
            if row.count > header.count, (header.count..<row.count).contains(where: { !Self.trimmed(row.string($0, bytes)).isEmpty }) {
                failed(localized("doc.rowWider", String(row.count), String(header.count), delimiterShown, quotedExample))
                continue
            }
            // The day.
            var day: Day?
            if let quickDay {
                day = quickDay
            } else if columns.date != nil {
                if let lastDate, lastDate.text == dateText {
                    day = lastDate.day
                } else {
                    switch Self.day(dateText, reader, today: today) {
                    case .success(let read):
                        day = read
                        lastDate = (dateText, read)
                    case .failure(.reading(.ambiguous(_, let dayFirst, let monthFirst))) where provenDayFirst != nil:
                        // Another separator than the locale's, read either way: in the order
                        // the column proves (`05/02/2024` beside `13/02/2024` in de_DE).
                        let read = provenDayFirst == true ? dayFirst : monthFirst
                        day = read
                        lastDate = (dateText, read)
                    case .failure(let message):
                        failed(message(localized, reader))
                        continue
                    }
                }
            }
            // The amount and its currency.
            guard var amount = quickAmount.map({ (value: $0, currency: String?.none) }) ?? Self.amount(amountText, parser) else {
                failed(localized("doc.badAmount", Sanitiser.quoted(amountText), exampleAmount))
                continue
            }
            // A debit (`S`) beside an amount written without its sign is money out: negative. An
            // amount whose sign says otherwise than its column, or a row that says neither, is
            // not guessed at.
            if let signColumn = columns.sign {
                let said = cell(signColumn)
                let folded = DocumentColumns.fold(said)
                let written = quickAmount == nil ? amountText : row.string(columns.amount, bytes)
                if DocumentColumns.debits.contains(folded) {
                    if !amount.value.isNegative { amount.value = -amount.value }
                } else if DocumentColumns.credits.contains(folded) {
                    if amount.value.isNegative {
                        failed(localized("doc.signConflict", Sanitiser.quoted(Self.trimmed(written)), Sanitiser.quoted(said)))
                        continue
                    }
                } else if !(said.isEmpty && amount.value.isZero) {
                    failed(localized("doc.badSign", Sanitiser.quoted(said), headerName(signColumn) ?? "—"))
                    continue
                }
            }
            // The row's currency: its column's (a short cell seen before is found by its bytes),
            // else the table's (`--from`, `Betrag (EUR)`). A currency written beside the amount
            // (`12,50 €`) must be one and the same, never dropped for the column's.
            func resolved(_ text: String) -> CurrencyCode? {
                if let known = currencies[text] { return known }
                guard case .found(let code, let via) = engine.directory.resolve(text, suggesting: false) else { return nil }
                currencies[text] = code
                // A symbol or a word that fits several currencies is taken by the stated rule,
                // and said, as the shell says it: once for each way it is written.
                if let taken = Self.taken(via) {
                    output.notes.append(localized("note.symbolTaken", Sanitiser.quoted(taken), code.rawValue, engine.directory.name(of: code)))
                }
                return code
            }
            func badCurrency(_ text: String) -> String {
                if case .ambiguous(let candidates) = engine.directory.resolve(text, suggesting: false) {
                    return localized("error.ambiguousCurrency", Sanitiser.quoted(text), candidates.map(\.rawValue).joined(separator: ", "))
                }
                return localized("doc.badCurrency", Sanitiser.quoted(text))
            }
            let key = columns.currency.flatMap { index in index < row.count ? row.withBytes(index, bytes, Self.shortKey) : nil }
            let known = key.flatMap { currencyKeys[$0] }
            let currencyText = known != nil || columns.currency == nil ? "" : cell(columns.currency)
            var currency = fixedCurrency
            if let known {
                currency = known
            } else if !currencyText.isEmpty {
                guard let code = resolved(currencyText) else {
                    failed(badCurrency(currencyText))
                    continue
                }
                currency = code
            }
            if let written = amount.currency, !written.isEmpty {
                guard let code = resolved(written) else {
                    failed(badCurrency(written))
                    continue
                }
                if let currency, currency != code {
                    failed(localized("doc.currencyConflict", Sanitiser.quoted(amountText), code.rawValue, currency.rawValue))
                    continue
                }
                currency = code
            }
            guard let currency else {
                failed(localized("doc.noRowCurrency"))
                continue
            }
            // The cell's own bytes name this currency from now on (never an empty cell's).
            if let key, !currencyText.isEmpty { currencyKeys[key] = currency }
            _ = engine.convertRow(amount.value, from: currency, to: options.targets, on: day, state: &state, now: now, today: today, host: host)
            // The row with its cells, or why it failed (the engine's error for the line).
            let failure: String? = engine.withReply { reply in
                var note = ""
                for line in reply.lines {
                    switch line {
                    case .error(_, let message): return message
                    case .assumption(let text): note += (note.isEmpty ? "" : "; ") + text
                    default: break
                    }
                }
                guard reply.conversions.count == options.targets.count else { return localized("doc.notConverted") }
                writeFields(row)
                for index in reply.conversions.indices {
                    let to = reply.conversions[index].to
                    let places = to == options.targets[index] ? targetPlaces[index] : options.rounding.fractionDigits(to)
                    number {
                        reply.conversions[index].result.appendRounded(fractionDigits: places, mode: options.rounding.mode, point: point, to: &$0)
                    }
                    number { Self.appendRate(reply.conversions[index].rate, point: point, to: &$0) }
                    appendCell(reply.conversions[index].origin.date)
                    // The source as shown (a row's is most often the one before's).
                    let source = reply.conversions[index].origin.source
                    if source != lastSource.raw { lastSource = (source, Sanitiser.visible(source)) }
                    appendCell(lastSource.shown)
                    let result = reply.conversions[index].result
                    totals[index].add(options.totalOfRounded ? result.rounded(options.rounding, options.targets[index]) : result)
                }
                if columns.charged != nil {
                    let chargedText = cell(columns.charged)
                    if chargedText.isEmpty {
                        appendCell("")
                    } else if let charged = Self.amount(chargedText, parser), let result = reply.conversions.first?.result,
                        let markup = charged.value.magnitude.percentAbove(result.magnitude)
                    {
                        number { markup.appendRounded(fractionDigits: 2, point: point, to: &$0) }
                    } else {
                        appendCell("")
                        note += (note.isEmpty ? "" : "; ") + localized("doc.badCharged", Sanitiser.quoted(chargedText))
                    }
                }
                appendCell(note)
                newline()
                return nil
            }
            if let failure { failed(failure) }
        }
        // A total per target currency: the sum of the exact values rounded once, or of the rounded rows.
        let converted = output.rows - output.failed
        for (index, target) in options.targets.enumerated() {
            var cells = Array(repeating: "", count: width + added.count)
            cells[width + index * 4] = Self.plain(totals[index].roundedText(options.rounding, target), decimal)
            // One row is said in the singular (`total of 1 row`, `Summe von 1 Zeile`).
            let one = converted == 1 ? ".one" : ""
            var note = localized((options.totalOfRounded ? "doc.totalRounded" : "doc.totalExact") + one, String(converted), target.rawValue)
            if output.failed > 0 { note += "; " + localized("doc.totalMissing" + (output.failed == 1 ? ".one" : ""), String(output.failed)) }
            cells[cells.count - 1] = note
            write(cells)
            newline()
        }
        output.bytes = out
        return output
    }

    private func headers(_ fields: [String]?) -> String {
        (fields ?? []).prefix(12).map { Sanitiser.quoted($0) }.joined(separator: ", ")
    }

    /// `68.98` with the file's decimal separator.
    static func plain(_ text: String, _ decimal: String) -> String {
        guard decimal == ",", text.utf8.contains(UInt8(ascii: ".")) else { return text }
        return String(decoding: text.utf8.map { $0 == UInt8(ascii: ".") ? UInt8(ascii: ",") : $0 }, as: UTF8.self)
    }

    /// An amount cell's value from its bytes when it is digits and marks with a minus before
    /// them at most, as `amount` reads it.
    static func quickAmount(_ bytes: UnsafeBufferPointer<UInt8>, _ parser: AmountParser) -> Rational? {
        guard !bytes.isEmpty else { return nil }
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte &- 48 < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || (byte == UInt8(ascii: "-") && index == 0) else {
                return nil
            }
        }
        return parser.plainValue(bytes)
    }

    /// A day from a date cell's bytes: ISO, or the file locale's own form, nothing around it.
    static func quickDay(_ bytes: UnsafeBufferPointer<UInt8>, _ reader: DateReader) -> Day? {
        guard let first = bytes.first, let last = bytes.last, first &- 48 < 10, last &- 48 < 10 else { return nil }
        return Day(isoBytes: bytes) ?? reader.ownForm(bytes)
    }

    /// A cell of 1 to 7 bytes with nothing around them, as one number (its length in the top
    /// byte): a currency column's few values are found by it without a string.
    static func shortKey(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard (1...7).contains(bytes.count), let first = bytes.first, let last = bytes.last, first > 0x20, last > 0x20 else { return nil }
        var key = UInt64(bytes.count) << 56
        for (index, byte) in bytes.enumerated() { key |= UInt64(byte) << (8 * index) }
        return key
    }

    /// A cell without the spaces around it (most have none: returned as they are).
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        if first != 0x20, first != 0x09, last != 0x20, last != 0x09, first < 0x80, last < 0x80 { return text }
        return text.trimmingSpaces()
    }

    /// A rate as its source published it (every digit of a short exact decimal), else to
    /// `rateSignificantDigits` significant digits.
    static func rateText(_ rate: Rational) -> String {
        var bytes: [UInt8] = []
        appendRate(rate, point: UInt8(ascii: "."), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same appended to `out`, with `point` for the point.
    static func appendRate(_ rate: Rational, point: UInt8, to out: inout [UInt8]) {
        let start = out.count
        let published = MoneyFormatter.ratePublishedDigits
        // In 128 bits (almost every rate): exact in the published digits or not, by one division.
        if let numerator = rate.numerator.wide, let denominator = rate.denominator.wide, denominator != 0,
            case (let scaled, false) = numerator.multipliedReportingOverflow(by: Rational.tenToThe(published))
        {
            let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: denominator)
            if remainder == 0 {
                Rational.appendPointed(quotient, fractionDigits: published, point: point, to: &out)
            } else {
                // The first significant digit's place from the digits of the quotient, which is
                // the value × 10^12 cut down: d digits put it at 10^(d - 13).
                var digits = 0
                while digits <= 38, quotient >= Rational.tenToThe(digits) { digits += 1 }
                let places =
                    digits > 0
                    ? min(30, max(0, rateSignificantDigits - 1 - (digits - 1 - published)))
                    : rate.fractionDigits(significant: rateSignificantDigits, minimum: 0, maximum: 30)
                rate.magnitude.appendRounded(fractionDigits: places, point: point, to: &out)
            }
        } else {
            let places =
                rate.exactFractionDigits(minimum: 0, maximum: published)
                ?? rate.fractionDigits(significant: rateSignificantDigits, minimum: 0, maximum: 30)
            rate.magnitude.appendRounded(fractionDigits: places, point: point, to: &out)
        }
        // Without the zeros after the last digit of the fraction.
        guard out[start...].contains(point) else { return }
        while out.last == UInt8(ascii: "0") { out.removeLast() }
        if out.last == point { out.removeLast() }
    }

    /// What the amount column shows: a decimal point somewhere (and on which line), a decimal
    /// comma, both, or neither (whole numbers, `1,234` alone). A separator is decimal when it
    /// comes last and is not followed by exactly three digits, or when the other separator comes
    /// before it.
    enum Evidence: Equatable {
        case none
        case point(Int)
        case comma(Int)
        case both(point: Int, comma: Int)
    }

    /// The one column of debit and credit marks in the first rows after the header, beside an
    /// amount column without a sign in them. Under a blank header (a Volksbank's): every filled
    /// cell of one family (`S` and `H`, `Soll` and `Haben`; `D` and `C`, `DR` and `CR`,
    /// `Debit` and `Credit`) and a debit among them. Under a header no list names: `S` and `H`
    /// (or `Soll` and `Haben`) only, both seen, as no other column holds them; `D` and `C` may
    /// be a card's kind there. `nil` when amounts carry their own signs, or no column or two
    /// qualify.
    static func signColumn(_ bytes: UnsafeBufferPointer<UInt8>, _ scanner: DelimitedText.Scanner, _ columns: DocumentColumns, header: [String])
        -> Int?
    {
        // German's and English's marks: Turkish's `B` and `A` are a class or a grade as often.
        let families = DocumentColumns.signFamilies.prefix(2)
        let width = header.count
        let taken = Set([columns.date, columns.amount, columns.currency, columns.charged].compactMap { $0 })
        let blank = header.map { $0.allSatisfy(\.isWhitespace) }
        // Per column: the families every filled cell so far belongs to, and whether a debit and a
        // credit were seen.
        var fits = (0..<width).map { blank[$0] ? Set(families.indices) : [0] }
        var debit = Array(repeating: false, count: width)
        var credit = Array(repeating: false, count: width)
        var scanner = scanner
        var row = DelimitedText.Fields()
        var rows = 0
        while rows < signSearchRows, scanner.next(&row) {
            rows += 1
            if columns.amount < row.count {
                let amount = trimmed(row.string(columns.amount, bytes))
                // Amounts with signs of their own need no sign column.
                if amount.hasPrefix("-") || amount.hasPrefix("−") || amount.hasSuffix("-") || amount.hasPrefix("(") { return nil }
            }
            for index in 0..<min(width, row.count) where !taken.contains(index) && !fits[index].isEmpty {
                let cell = DocumentColumns.fold(row.string(index, bytes))
                guard !cell.isEmpty else { continue }
                fits[index] = fits[index].filter { families[$0].debits.contains(cell) || families[$0].credits.contains(cell) }
                if fits[index].contains(where: { families[$0].debits.contains(cell) }) { debit[index] = true }
                if fits[index].contains(where: { families[$0].credits.contains(cell) }) { credit[index] = true }
            }
        }
        let found = (0..<width).filter { !taken.contains($0) && !fits[$0].isEmpty && debit[$0] && (blank[$0] || credit[$0]) }
        return found.count == 1 ? found[0] : nil
    }

    /// How many rows after the header are looked at for a column of debit and credit marks.
    static let signSearchRows = 1_000

    /// The amount column's evidence (the lines it is seen on), the first amount whose lone
    /// mark is read either way (`1.500`), the date column's order where a cell proves it, whether
    /// any line ends in CR LF, the line of a quote never closed, and the widest row (its fields
    /// and line), from the rows `scanner` has left.
    static func survey(_ bytes: UnsafeBufferPointer<UInt8>, _ scanner: DelimitedText.Scanner, amountColumn: Int, dateColumn: Int?) -> Survey {
        var scanner = scanner
        var point: Int?
        var comma: Int?
        var survey = Survey()
        var seen = 0
        func amount(_ cell: UnsafeBufferPointer<UInt8>, _ line: Int) {
            seen = line
            if survey.ambiguous == nil, Self.eitherWay(cell) { survey.ambiguous = (String(decoding: cell, as: UTF8.self), line) }
            guard point == nil || comma == nil else { return }
            let mark = Self.decimalMark(cell)
            if mark == UInt8(ascii: "."), point == nil { point = line }
            if mark == UInt8(ascii: ","), comma == nil { comma = line }
        }
        func date(_ cell: UnsafeBufferPointer<UInt8>, _ line: Int) {
            guard let shape = Self.dateShape(cell) ?? Self.dateShapeBeforeTime(cell) else { return }
            survey.dateMarks |= Self.markBit(shape.separator)
            guard let dayFirst = shape.dayFirst else { return }
            if dayFirst, survey.dayFirst == nil { survey.dayFirst = (String(decoding: cell, as: UTF8.self), line, shape.separator) }
            if !dayFirst, survey.monthFirst == nil { survey.monthFirst = (String(decoding: cell, as: UTF8.self), line, shape.separator) }
        }
        while scanner.next(
            column: amountColumn, and: dateColumn ?? -1,
            { cell, line, isAmount in
                if isAmount { amount(cell, line) } else { date(cell, line) }
            })
        {
            if scanner.lastRowFields > survey.widest.fields { survey.widest = (scanner.lastRowFields, seen) }
        }
        if let point, let comma {
            survey.evidence = .both(point: point, comma: comma)
        } else if let point {
            survey.evidence = .point(point)
        } else if let comma {
            survey.evidence = .comma(comma)
        }
        survey.crlf = scanner.crlf
        survey.unclosedQuote = scanner.unclosedQuote
        return survey
    }

    /// What a first reading of the rows found.
    struct Survey {
        var evidence = Evidence.none
        /// An amount whose one mark reads as a decimal separator or as a group (`1.500`), and its line.
        var ambiguous: (text: String, line: Int)?
        /// A date that can only be day first (`13/02/2024`) or only month first (`02/13/2024`).
        var dayFirst: (text: String, line: Int, separator: UInt8)?
        var monthFirst: (text: String, line: Int, separator: UInt8)?
        /// The marks of the column's day-month-year dates (`markBit`), proving or not.
        var dateMarks: UInt8 = 0
        var crlf = false
        var unclosedQuote: Int?
        var widest = (fields: 0, line: 0)
    }

    /// Whether a cell's one mark (a lone point or comma with one to three digits before it, not
    /// a lone zero, and exactly three after) reads as a decimal separator in some locales and as
    /// a group separator in others: `1.500` is 1.5 in en_US and 1,500 in de_DE.
    static func eitherWay(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var marks = 0
        var at = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
            marks += 1
            at = index
        }
        guard marks == 1 else { return false }
        let after = bytes[(at + 1)...].prefix { $0 &- 48 < 10 }.count
        let before = bytes[..<at].reversed().prefix { $0 &- 48 < 10 }.count
        guard after == 3, (1...3).contains(before), bytes[at - before] != UInt8(ascii: "0") else { return false }
        // Nothing but a sign or a currency may follow: not a fourth digit.
        return at + 1 + after == bytes.count || !(bytes[at + 1 + after] &- 48 < 10)
    }

    /// A date cell of one or two digits, a mark, one or two digits, the same mark and four
    /// digits: its mark, and the order it proves, `13/02/2024` day first, `02/13/2024` month
    /// first, nil when both readings are dates. Nil for any other cell.
    static func dateShape(_ bytes: UnsafeBufferPointer<UInt8>) -> (dayFirst: Bool?, separator: UInt8)? {
        // One pass over the bytes, no allocation: a cell of every row is read.
        var groups = (0, 0)
        var count = 0
        var digits = 0
        var value = 0
        var mark: UInt8?
        for byte in bytes {
            if byte &- 48 < 10 {
                value = value * 10 + Int(byte &- 48)
                digits += 1
                guard digits <= 4 else { return nil }
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") {
                guard digits > 0, digits <= 2, mark == nil || mark == byte, count < 2 else { return nil }
                mark = byte
                if count == 0 { groups.0 = value } else { groups.1 = value }
                count += 1
                (digits, value) = (0, 0)
            } else {
                return nil
            }
        }
        guard let mark, count == 2, digits == 4, (1...31).contains(groups.0), (1...31).contains(groups.1) else { return nil }
        let (a, b) = groups
        if a > 12, b <= 12 { return (true, mark) }
        if b > 12, a <= 12 { return (false, mark) }
        return (nil, mark)
    }

    /// The same of a date cell with a time of day after it (`13/02/2024 10:15`): a cell with a
    /// time proves its order as the date alone does.
    static func dateShapeBeforeTime(_ bytes: UnsafeBufferPointer<UInt8>) -> (dayFirst: Bool?, separator: UInt8)? {
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")), withoutTime(String(decoding: bytes, as: UTF8.self)) != nil else { return nil }
        return dateShape(UnsafeBufferPointer(rebasing: bytes[..<space]))
    }

    /// A date mark as a bit of `Survey.dateMarks`.
    static func markBit(_ mark: UInt8) -> UInt8 {
        switch mark {
        case UInt8(ascii: "."): return 1
        case UInt8(ascii: "/"): return 2
        default: return 4
        }
    }

    /// What a currency was written as when the directory took it by the rule for a symbol or
    /// a word that fits several (`$`, `kr`, `peso`): the note says which was taken.
    static func taken(_ via: CurrencyDirectory.Via) -> String? {
        switch via {
        case .symbol(let symbol, explained: true), .chosen(let symbol): return symbol
        default: return nil
        }
    }

    /// The separator a cell shows to be its decimal one, if any: the last mark, when the other
    /// mark stands before it (`1.234,5`), when not three digits follow it (`12,5`), or when the
    /// digits before it cannot end in a group of thousands: a lone mark after a leading zero
    /// (`0.250`: no grouping mark follows a zero) or after more than three digits (`1234.567`).
    static func decimalMark(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard let last = bytes.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) else { return nil }
        let mark = bytes[last]
        let digitsAfter = bytes[(last + 1)...].prefix { $0 &- 48 < 10 }.count
        let other = mark == UInt8(ascii: ".") ? UInt8(ascii: ",") : UInt8(ascii: ".")
        let digitsBefore = bytes[..<last].reversed().prefix { $0 &- 48 < 10 }.count
        let lone = !bytes[..<(last - digitsBefore)].contains(mark)
        let notAGroup = lone && digitsBefore > 0 && (bytes[last - digitsBefore] == UInt8(ascii: "0") || digitsBefore > 3)
        let decimalHere = bytes[..<last].contains(other) || (digitsAfter != 3 && digitsAfter > 0) || (digitsAfter > 0 && notAGroup)
        return decimalHere ? mark : nil
    }

    /// An amount cell: a sign before or after (`-12,50`, `12,50-`, `(12.50)`, `−12`), and a
    /// currency code or symbol beside the number (`12,50 €`, `EUR 12.50`), which is returned.
    static func amount(_ text: String, _ parser: AmountParser) -> (value: Rational, currency: String?)? {
        // Most cells are a number, a minus before it at most: read by the parser's own byte path.
        var copy = text
        if let value = copy.withUTF8({ quickAmount($0, parser) }) { return (value, nil) }
        // `1 234,56` typed with an ordinary space where the locale groups with another space,
        // as the shell reads it (the suggestion of an error shows such a space).
        let conventions = parser.conventions
        let grouping = conventions.groupingSeparator.flatMap { $0.isWhitespace ? $0 : nil }
        let text = InputRepair.spaceGroupsJoined(text, grouping, primary: conventions.primaryGroupSize)
        var body = Substring(text.trimmingSpaces())
        var negative = false
        // One sign at most: parentheses, a sign before the number or a minus after it. Two
        // (`--5,00`, `(-5,00)`, `-5,00-`) say no amount a bank writes; read either way they
        // would give a sign the file may not mean.
        var signs = 0
        if body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            signs += 1
            body = body.dropFirst().dropLast()
        }
        func takeSign() {
            body = body.drop { $0 == " " }
            if let first = body.first, first == "-" || first == "−" || first == "+" {
                negative = negative || first != "+"
                signs += 1
                body = body.dropFirst()
            }
            if let last = body.last, last == "-" || last == "−" {
                negative = true
                signs += 1
                body = body.dropLast()
            }
            body = Substring(body.trimmingSpaces())
        }
        takeSign()
        // A currency before or after the number (a sign is none).
        let isNumeric = { (character: Character) in character.isNumber || AmountParser.separators.contains(character) }
        let leading = body.prefix { !isNumeric($0) && $0 != "-" && $0 != "−" && $0 != "+" }
        body = body.dropFirst(leading.count)
        var trailingStart = body.endIndex
        while trailingStart > body.startIndex {
            let before = body.index(before: trailingStart)
            if isNumeric(body[before]) || body[before] == "-" || body[before] == "−" { break }
            trailingStart = before
        }
        let trailing = body[trailingStart...]
        body = body[..<trailingStart]
        takeSign()
        let leadingCode = leading.trimmingSpaces()
        let trailingCode = trailing.trimmingSpaces()
        guard signs <= 1, leadingCode.isEmpty || trailingCode.isEmpty, !body.isEmpty else { return nil }
        guard case .success(let parsed) = parser.parse(String(body)), !parsed.separatorReadAsDecimal else { return nil }
        let code = leadingCode.isEmpty ? trailingCode : leadingCode
        return (negative ? -parsed.exact : parsed.exact, code.isEmpty ? nil : code)
    }

    /// A date cell: ISO (with a time after it, as card exports write), or the file locale's form.
    static func day(_ text: String, _ reader: DateReader, today: Day) -> Result<Day, DateFailure> {
        if text.isEmpty { return .failure(.missing) }
        if let day = Day(iso: text) { return .success(day) }
        let utf8 = text.utf8
        if utf8.count > 10 {
            let after = utf8[utf8.index(utf8.startIndex, offsetBy: 10)]
            if after == UInt8(ascii: " ") || after == UInt8(ascii: "T"), isTimeOfDay(text.dropFirst(11), zone: true),
                let day = Day(iso: String(text.prefix(10)))
            {
                return .success(day)
            }
        }
        // A cell names the same day whenever the file is read: no `today`, `yesterday`, `-7d`.
        switch reader.read(text, today: today, relative: false) {
        case .success(let day): return .success(day)
        case .failure(let problem):
            // A time of day after the date (`05.01.2024 10:15:00`, `1/5/2024 10:15 AM`): the day
            // is the date's, read as the date alone is (an order the column proves included).
            if let date = withoutTime(text) { return day(date, reader, today: today) }
            return .failure(.reading(problem))
        }
    }

    /// The text before a time of day that ends it (`10:15`, `10:15:00`, `10:15:00.250`, with
    /// `AM` or `PM` after it), or `nil` when it ends with none.
    static func withoutTime(_ text: String) -> String? {
        var words = text.split(separator: " ")
        var twelveHour = false
        if let last = words.last, ["am", "pm"].contains(last.lowercased()) {
            words.removeLast()
            twelveHour = true
        }
        guard words.count >= 2, let time = words.last, isTimeOfDay(time, twelveHour: twelveHour) else { return nil }
        return words.dropLast().joined(separator: " ")
    }

    /// Whether `text` is a time of day: hours (0 to 23, or 1 to 12 before AM or PM), minutes,
    /// and seconds with or without a fraction; with `zone`, a `Z` or an offset may follow.
    static func isTimeOfDay(_ text: Substring, twelveHour: Bool = false, zone: Bool = false) -> Bool {
        var text = text
        if zone {
            if text.hasSuffix("Z") {
                text = text.dropLast()
            } else if let sign = text.lastIndex(where: { $0 == "+" || $0 == "-" }) {
                let offset = text[text.index(after: sign)...].filter { $0 != ":" }
                guard (offset.count == 2 || offset.count == 4), offset.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
                text = text[..<sign]
            }
        }
        func number(_ part: Substring, _ digits: ClosedRange<Int>, _ range: ClosedRange<Int>) -> Bool {
            guard digits.contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else { return false }
            return range.contains(value)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), number(parts[0], 1...2, twelveHour ? 1...12 : 0...23), number(parts[1], 2...2, 0...59) else {
            return false
        }
        guard parts.count == 3 else { return true }
        let seconds = parts[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = seconds.first, number(whole, 2...2, 0...60) else { return false }
        return seconds.count == 1 || (1...9).contains(seconds[1].count) && seconds[1].allSatisfy { $0.isASCII && $0.isNumber }
    }

    enum DateFailure: Error {
        case missing
        case reading(DateReader.Problem)

        func callAsFunction(_ localized: Localization, _ reader: DateReader) -> String {
            switch self {
            case .missing: return localized("doc.noDate")
            case .reading(.unreadable(let text)):
                // The forms a cell may take (not the shell's relative days).
                return localized("doc.dateUnreadable", Sanitiser.quoted(text), reader.pattern, reader.example)
            case .reading(let problem):
                return Messages.describe(
                    CommandError(.date(.reading(problem, pattern: reader.pattern, example: reader.example)), at: nil), localized: localized,
                    name: { $0.rawValue })
            }
        }
    }
}
