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
        /// The table with its columns added, in the input's separator and line ends.
        public var text: String
        /// What was taken in reading it (the locale, the encoding, the columns), for standard error.
        public var notes: [String]
        /// Each row that could not be converted: its line and why.
        public var problems: [String]
        public var rows = 0
        public var failed = 0
    }

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
        let delimiter = options.delimiter ?? DelimitedText.detectDelimiter(document.text)
        let (rows, crlf) = DelimitedText.rows(document.text, delimiter: delimiter)
        var notes: [String] = []
        if document.detected { notes.append(localized("doc.readWindows1252")) }
        // The header: the first row that names an amount and a date column (or the columns named).
        var headerIndex: Int?
        var columns: DocumentColumns?
        for (index, row) in rows.prefix(Self.headerSearchRows).enumerated() where !row.isBlank {
            guard case .success(let found) = DocumentColumns.find(row.fields, named: options.columns) else { continue }
            if found.date != nil || !options.columns.isEmpty {
                headerIndex = index
                columns = found
                break
            }
            // Amounts without dates are converted at the current rates, if no better header comes.
            if columns == nil {
                headerIndex = index
                columns = found
            }
        }
        guard let headerIndex, let columns else {
            if let named = options.columns.values.first {
                throw Failure(message: localized("doc.noColumn", Sanitiser.quoted(named), headers(rows.first { !$0.isBlank })))
            }
            throw Failure(message: localized("doc.noHeader", String(Self.headerSearchRows)))
        }
        let header = rows[headerIndex].fields
        func headerName(_ index: Int?) -> String? { index.flatMap { $0 < header.count ? Sanitiser.quoted(header[$0]) : nil } }
        // The amounts' currency when no column gives it.
        var fixedCurrency = options.from
        if columns.currency == nil, fixedCurrency == nil, let named = columns.headerCurrency {
            guard case .found(let code, _) = engine.directory.resolve(named) else {
                throw Failure(message: localized("doc.noCurrency"))
            }
            fixedCurrency = code
        }
        if columns.currency == nil, fixedCurrency == nil { throw Failure(message: localized("doc.noCurrency")) }
        let dataRows = rows[(headerIndex + 1)...]
        // The file's locale for amounts and dates.
        let localeID: String
        if let asked = options.localeID {
            localeID = asked
        } else {
            let userDecimal = NumberConventions(localeID: state.locale.numbers).decimalSeparator
            switch Self.decimalEvidence(dataRows.map { columns.amount < $0.fields.count ? $0.fields[columns.amount] : "" }) {
            case .comma(let line):
                localeID = userDecimal == "," ? state.locale.numbers : "de_DE"
                notes.append(localized("doc.readAs", localeID, localized("doc.decimalComma"), String(dataRows[dataRows.startIndex + line].line)))
            case .point(let line):
                localeID = userDecimal == "." ? state.locale.numbers : "en_US"
                notes.append(localized("doc.readAs", localeID, localized("doc.decimalPoint"), String(dataRows[dataRows.startIndex + line].line)))
            case .both(let point, let comma):
                throw Failure(
                    message: localized(
                        "doc.bothSeparators", String(dataRows[dataRows.startIndex + point].line),
                        String(dataRows[dataRows.startIndex + comma].line)))
            case .none:
                localeID = state.locale.numbers
                notes.append(localized("doc.readAsUser", localeID))
            }
        }
        let conventions = NumberConventions(localeID: localeID)
        let parser = AmountParser(conventions: conventions)
        let reader = DateReader(localeID: localeID)
        let decimal = conventions.decimalSeparator == "," ? "," : "."
        notes.append(
            localized(
                "doc.columns", headerName(columns.date) ?? "—", headerName(columns.amount) ?? "—",
                headerName(columns.currency) ?? fixedCurrency?.rawValue ?? "—"))
        if columns.date == nil { notes.append(localized("doc.noDateColumn")) }

        // The table written back.
        let newline = crlf ? "\r\n" : "\n"
        var out: [UInt8] = []
        out.reserveCapacity(document.text.utf8.count * 2)
        let newlineBytes = Array(newline.utf8)
        func write(_ fields: [String]) {
            // One empty field is `""`: an empty line reads back as a row of none.
            if fields == [""] { out += [UInt8(ascii: "\""), UInt8(ascii: "\"")] }
            var first = true
            for field in fields {
                if !first { out.append(delimiter) }
                first = false
                DelimitedText.append(field, delimiter: delimiter, to: &out)
            }
            out += newlineBytes
        }
        for row in rows[..<headerIndex] { write(row.fields) }
        var added: [String] = []
        for target in options.targets {
            added += [
                target.rawValue, localized("doc.header.rate", target.rawValue), localized("doc.header.rateDate", target.rawValue),
                localized("doc.header.source", target.rawValue),
            ]
        }
        if columns.charged != nil, let first = options.targets.first { added.append(localized("doc.header.markup", first.rawValue)) }
        added.append(localized("doc.header.note"))
        write(header + added)

        var output = Output(text: "", notes: notes, problems: [])
        // Each target's total: of the exact values, or of the rounded ones (`--total rounded`).
        var totals = Array(repeating: ExactSum(), count: options.targets.count)
        var currencies: [String: CurrencyCode] = [:]
        var lastDate: (text: String, day: Day)?
        let today = Day.utc(now)
        let width = header.count
        for row in dataRows {
            if row.isBlank {
                write(row.fields)
                continue
            }
            var fields = row.fields
            if fields.count < width { fields += Array(repeating: "", count: width - fields.count) }
            func cell(_ index: Int?) -> String {
                guard let index, index < row.fields.count else { return "" }
                return Self.trimmed(row.fields[index])
            }
            let amountText = cell(columns.amount)
            let dateText = cell(columns.date)
            // A row without amount or date (a subtotal, a total written before) is no transaction.
            if amountText.isEmpty, dateText.isEmpty {
                write(fields + Array(repeating: "", count: added.count))
                continue
            }
            output.rows += 1
            func failed(_ reason: String) {
                output.failed += 1
                output.problems.append(localized("doc.rowProblem", String(row.line), reason))
                write(fields + Array(repeating: "", count: added.count - 1) + [reason])
            }
            // The day.
            var day: Day?
            if columns.date != nil {
                if let lastDate, lastDate.text == dateText {
                    day = lastDate.day
                } else {
                    switch Self.day(dateText, reader, today: today) {
                    case .success(let read):
                        day = read
                        lastDate = (dateText, read)
                    case .failure(let message):
                        failed(message(localized, reader))
                        continue
                    }
                }
            }
            // The amount and its currency.
            guard let amount = Self.amount(amountText, parser) else {
                failed(localized("doc.badAmount", Sanitiser.quoted(amountText), conventions.exampleAmount))
                continue
            }
            var currency = fixedCurrency
            let currencyText = columns.currency != nil ? cell(columns.currency) : ""
            let named = currencyText.isEmpty ? amount.currency : currencyText
            if let named, !named.isEmpty {
                if let known = currencies[named] {
                    currency = known
                } else if case .found(let code, _) = engine.directory.resolve(named) {
                    currencies[named] = code
                    currency = code
                } else {
                    failed(localized("doc.badCurrency", Sanitiser.quoted(named)))
                    continue
                }
            }
            guard let currency else {
                failed(localized("doc.noRowCurrency"))
                continue
            }
            _ = engine.convertRow(amount.value, from: currency, to: options.targets, on: day, state: &state, now: now, today: today, host: host)
            // The row's cells, or why it failed (the engine's error for the line).
            let reading: Result<(cells: [String], note: String, results: [Rational]), RowFailure> = engine.withReply { reply in
                var rowNotes: [String] = []
                for line in reply.lines {
                    switch line {
                    case .error(_, let message): return .failure(RowFailure(message: message))
                    case .assumption(let text): rowNotes.append(text)
                    default: break
                    }
                }
                guard reply.conversions.count == options.targets.count else { return .failure(RowFailure(message: localized("doc.notConverted"))) }
                var cells: [String] = []
                var results: [Rational] = []
                for conversion in reply.conversions {
                    cells.append(Self.plain(conversion.result.roundedText(options.rounding, conversion.to), decimal))
                    cells.append(Self.plain(Self.rateText(conversion.rate), decimal))
                    cells.append(conversion.origin.date)
                    cells.append(Sanitiser.visible(conversion.origin.source))
                    results.append(conversion.result)
                }
                return .success((cells, rowNotes.joined(separator: "; "), results))
            }
            let converted: (cells: [String], note: String, results: [Rational])
            switch reading {
            case .success(let cells): converted = cells
            case .failure(let failure):
                failed(failure.message)
                continue
            }
            var cells = converted.cells
            for (index, result) in converted.results.enumerated() {
                totals[index].add(options.totalOfRounded ? result.rounded(options.rounding, options.targets[index]) : result)
            }
            var note = converted.note
            if columns.charged != nil {
                let chargedText = cell(columns.charged)
                if chargedText.isEmpty {
                    cells.append("")
                } else if let charged = Self.amount(chargedText, parser), let result = converted.results.first,
                    let markup = charged.value.magnitude.percentAbove(result.magnitude)
                {
                    cells.append(Self.plain(markup.roundedText(fractionDigits: 2), decimal))
                } else {
                    cells.append("")
                    note += (note.isEmpty ? "" : "; ") + localized("doc.badCharged", Sanitiser.quoted(chargedText))
                }
            }
            write(fields + cells + [note])
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
        }
        if output.failed > 0 { output.problems.append(localized("doc.failedSummary", String(output.failed), String(output.rows))) }
        output.text = (document.byteOrderMark || document.encoding == .windows1252 ? "\u{FEFF}" : "") + String(decoding: out, as: UTF8.self)
        return output
    }

    /// Why a row was not converted.
    struct RowFailure: Error {
        let message: String
    }

    private func headers(_ row: DelimitedText.Row?) -> String {
        (row?.fields ?? []).prefix(12).map { Sanitiser.quoted($0) }.joined(separator: ", ")
    }

    /// `68.98` with the file's decimal separator.
    static func plain(_ text: String, _ decimal: String) -> String {
        guard decimal == ",", text.utf8.contains(UInt8(ascii: ".")) else { return text }
        return String(decoding: text.utf8.map { $0 == UInt8(ascii: ".") ? UInt8(ascii: ",") : $0 }, as: UTF8.self)
    }

    /// A cell without the spaces around it (most have none: returned as they are).
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        if first != 0x20, first != 0x09, last != 0x20, last != 0x09, first < 0x80, last < 0x80 { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// A rate as its source published it (every digit of a short exact decimal), else to
    /// `rateSignificantDigits` significant digits.
    static func rateText(_ rate: Rational) -> String {
        let places =
            rate.exactFractionDigits(minimum: 0, maximum: MoneyFormatter.ratePublishedDigits)
            ?? rate.fractionDigits(significant: rateSignificantDigits, minimum: 0, maximum: 30)
        var text = rate.roundedDigits(fractionDigits: places).digits
        if text.utf8.contains(UInt8(ascii: ".")) {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// What the amount column shows: a decimal point somewhere (and where), a decimal comma, both,
    /// or neither (whole numbers, `1,234` alone). A separator is decimal when it comes last and
    /// is not followed by exactly three digits, or when the other separator comes before it.
    enum Evidence: Equatable {
        case none
        case point(Int)
        case comma(Int)
        case both(point: Int, comma: Int)
    }

    static func decimalEvidence(_ cells: [String]) -> Evidence {
        var point: Int?
        var comma: Int?
        for (index, cell) in cells.enumerated() {
            let bytes = Array(cell.utf8)
            guard let last = bytes.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) else { continue }
            let mark = bytes[last]
            let digitsAfter = bytes[(last + 1)...].prefix { $0 &- 48 < 10 }.count
            let other = mark == UInt8(ascii: ".") ? UInt8(ascii: ",") : UInt8(ascii: ".")
            let decimalHere = bytes[..<last].contains(other) || (digitsAfter != 3 && digitsAfter > 0)
            guard decimalHere else { continue }
            if mark == UInt8(ascii: ".") {
                if point == nil { point = index }
            } else if comma == nil {
                comma = index
            }
            if let point, let comma { return .both(point: point, comma: comma) }
        }
        if let point { return .point(point) }
        if let comma { return .comma(comma) }
        return .none
    }

    /// An amount cell: a sign before or after (`-12,50`, `12,50-`, `(12.50)`, `−12`), and a
    /// currency code or symbol beside the number (`12,50 €`, `EUR 12.50`), which is returned.
    static func amount(_ text: String, _ parser: AmountParser) -> (value: Rational, currency: String?)? {
        // Most cells are a number, a minus before it at most: read by the parser's own byte path.
        let utf8 = text.utf8
        if let first = utf8.first,
            utf8.allSatisfy({ $0 &- 48 < 10 || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "-") }),
            !utf8.dropFirst().contains(UInt8(ascii: "-"))
        {
            let negative = first == UInt8(ascii: "-")
            if case .success(let parsed) = parser.parse(negative ? String(text.dropFirst()) : text), !parsed.separatorReadAsDecimal {
                return (negative ? -parsed.exact : parsed.exact, nil)
            }
        }
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        var negative = false
        if body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            body = body.dropFirst().dropLast()
        }
        func takeSign() {
            body = body.drop { $0 == " " }
            if let first = body.first, first == "-" || first == "−" || first == "+" {
                negative = negative || first != "+"
                body = body.dropFirst()
            }
            if let last = body.last, last == "-" || last == "−" {
                negative = true
                body = body.dropLast()
            }
            body = Substring(body.trimmingCharacters(in: .whitespaces))
        }
        takeSign()
        // A currency before or after the number.
        let isNumeric = { (character: Character) in character.isNumber || AmountParser.separators.contains(character) }
        let leading = body.prefix { !isNumeric($0) && $0 != "-" && $0 != "−" }
        body = body.dropFirst(leading.count)
        var trailingStart = body.endIndex
        while trailingStart > body.startIndex {
            let before = body.index(before: trailingStart)
            if isNumeric(body[before]) { break }
            trailingStart = before
        }
        let trailing = body[trailingStart...]
        body = body[..<trailingStart]
        takeSign()
        let leadingCode = leading.trimmingCharacters(in: .whitespaces)
        let trailingCode = trailing.trimmingCharacters(in: .whitespaces)
        guard leadingCode.isEmpty || trailingCode.isEmpty, !body.isEmpty else { return nil }
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
            if after == UInt8(ascii: " ") || after == UInt8(ascii: "T"), let day = Day(iso: String(text.prefix(10))) { return .success(day) }
        }
        switch reader.read(text, today: today) {
        case .success(let day): return .success(day)
        case .failure(let problem): return .failure(.reading(problem))
        }
    }

    enum DateFailure: Error {
        case missing
        case reading(DateReader.Problem)

        func callAsFunction(_ localized: Localization, _ reader: DateReader) -> String {
            switch self {
            case .missing: return localized("doc.noDate")
            case .reading(let problem):
                return Messages.describe(
                    CommandError(.date(.reading(problem, pattern: reader.pattern, example: reader.example)), at: nil), localized: localized,
                    name: { $0.rawValue })
            }
        }
    }
}
