import Foundation

/// Reading a table's cells: amounts, days and their shapes, the columns' surveys, and the
/// rates written back.
extension DocumentConverter {
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

    /// What the window's rows show: the amount column's evidence (the lines it is seen on), the
    /// first amount whose lone mark is read either way (`1.500`), the date column's order where
    /// a cell proves it and a date that reads both ways, whether a line ends in CR LF, and the
    /// widest row (to its last filled field).
    static func survey(_ bytes: UnsafeBufferPointer<UInt8>, _ scanner: DelimitedText.Scanner, amountColumn: Int, dateColumn: Int?) -> Survey {
        var scanner = scanner
        var point: Int?
        var comma: Int?
        var survey = Survey()
        var row = DelimitedText.Fields()
        while scanner.next(&row) {
            let line = row.line
            if amountColumn < row.count {
                row.withBytes(amountColumn, bytes) { cell in
                    if survey.ambiguous == nil, Self.eitherWay(cell) { survey.ambiguous = (String(decoding: cell, as: UTF8.self), line) }
                    guard point == nil || comma == nil else { return }
                    let mark = Self.decimalMark(cell)
                    if mark == UInt8(ascii: "."), point == nil { point = line }
                    if mark == UInt8(ascii: ","), comma == nil { comma = line }
                    // The other mark before the decimal one is a group (`1.234,56`, `1,234.56`).
                    if let mark, survey.groupMark == nil {
                        let other = mark == UInt8(ascii: ".") ? UInt8(ascii: ",") : UInt8(ascii: ".")
                        if let decimal = cell.lastIndex(of: mark), cell[..<decimal].contains(other) {
                            survey.groupMark = Character(UnicodeScalar(other))
                        }
                    }
                }
            }
            if let dateColumn, dateColumn < row.count {
                row.withBytes(dateColumn, bytes) { cell in
                    var text = String(decoding: cell, as: UTF8.self)
                    if let expanded = Self.expandedYear(text) {
                        if survey.shortYear == nil { survey.shortYear = (text, expanded) }
                        text = expanded
                    }
                    var copy = text
                    guard let shape = copy.withUTF8({ Self.dateShape($0) ?? Self.dateShapeBeforeTime($0) }) else { return }
                    survey.dateMarks |= Self.markBit(shape.separator)
                    guard let dayFirst = shape.dayFirst else {
                        if !shape.same, survey.eitherWayDate == nil { survey.eitherWayDate = (text, line, shape.separator) }
                        return
                    }
                    if dayFirst, survey.dayFirst == nil { survey.dayFirst = (text, line, shape.separator) }
                    if !dayFirst, survey.monthFirst == nil { survey.monthFirst = (text, line, shape.separator) }
                }
            }
            var filled = row.count
            while filled > 0, row.isEmpty(filled - 1, bytes) { filled -= 1 }
            if filled > survey.widest.fields { survey.widest = (filled, line) }
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
        /// A date that is two different days read either way (`05/02/2024`).
        var eitherWayDate: (text: String, line: Int, separator: UInt8)?
        /// The marks of the column's day-month-year dates (`markBit`), proving or not.
        var dateMarks: UInt8 = 0
        /// The first date with a two-digit year, and as it is read.
        var shortYear: (text: String, read: String)?
        /// The grouping mark an amount shows beside its decimal one (`.` in `1.234,56`).
        var groupMark: Character?
        var crlf = false
        var unclosedQuote: Int?
        var widest = (fields: 0, line: 0)
    }

    /// The column under a header no list names whose every filled cell in the window is a date
    /// (ISO, or day, month and year, a time after it or not), of the columns no other role
    /// took; the first such, or nil.
    static func dateColumn(_ bytes: UnsafeBufferPointer<UInt8>, _ scanner: DelimitedText.Scanner, _ columns: DocumentColumns, header: [String])
        -> Int?
    {
        let taken = Set([columns.amount, columns.currency, columns.charged, columns.sign].compactMap { $0 })
        var dates = Array(repeating: 0, count: header.count)
        var other = Array(repeating: false, count: header.count)
        var scanner = scanner
        var row = DelimitedText.Fields()
        var rows = 0
        while rows < signSearchRows, scanner.next(&row) {
            rows += 1
            for index in 0..<min(header.count, row.count) where !taken.contains(index) && !other[index] && !row.isEmpty(index, bytes) {
                let isDate = row.withBytes(index, bytes) { cell in
                    let text = trimmed(String(decoding: cell, as: UTF8.self))
                    var copy = text
                    return copy.withUTF8 { isoDay($0) || dateShape($0) != nil || dateShapeBeforeTime($0) != nil }
                }
                if isDate { dates[index] += 1 } else { other[index] = true }
            }
        }
        return header.indices.first { dates[$0] > 0 && !other[$0] }
    }

    /// A date written with a two-digit year (`25.03.24`, as savings banks export `Buchungstag`,
    /// a time after it or not) with its year written out by POSIX's rule for `%y`: 69 to 99 are
    /// 1969 to 1999, 00 to 68 are 2000 to 2068. `nil` for any other text.
    static func expandedYear(_ text: String) -> String? {
        let utf8 = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < utf8.count, utf8[index] &- 48 < 10, index - start < 3 { index += 1 }
            return index - start
        }
        let first = digits()
        guard (1...2).contains(first), index < utf8.count else { return nil }
        let mark = utf8[index]
        guard mark == UInt8(ascii: ".") || mark == UInt8(ascii: "/") || mark == UInt8(ascii: "-") else { return nil }
        index += 1
        guard (1...2).contains(digits()), index < utf8.count, utf8[index] == mark else { return nil }
        index += 1
        let yearStart = index
        guard digits() == 2, index == utf8.count || utf8[index] == UInt8(ascii: " ") else { return nil }
        let year = Int(utf8[yearStart] &- 48) * 10 + Int(utf8[yearStart + 1] &- 48)
        let century = year >= 69 ? "19" : "20"
        return String(decoding: utf8[..<yearStart], as: UTF8.self) + century + String(decoding: utf8[yearStart...], as: UTF8.self)
    }

    /// Whether an amount cell of the window carries a currency beside its number (`-25,00 GBP`,
    /// `GBP -25,00`, `-5,50 £`): then each row's is its own, and a row without one fails.
    static func amountsCarryCurrencies(_ bytes: UnsafeBufferPointer<UInt8>, _ scanner: DelimitedText.Scanner, amountColumn: Int) -> Bool {
        var scanner = scanner
        var row = DelimitedText.Fields()
        while scanner.next(&row) {
            guard amountColumn < row.count, !row.isEmpty(amountColumn, bytes) else { continue }
            let cell = row.string(amountColumn, bytes)
            // Digits, and something besides digits, marks, signs, brackets and spaces.
            let carries =
                cell.contains(where: \.isNumber)
                && cell.contains { !$0.isNumber && !$0.isWhitespace && !AmountParser.separators.contains($0) && !"+-−()".contains($0) }
            if carries { return true }
        }
        return false
    }

    /// Whether a cell is an ISO day, a time after it or not.
    static func isoDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 10 else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        guard Day(iso: String(text.prefix(10))) != nil else { return false }
        if bytes.count == 10 { return true }
        return (bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T")) && isTimeOfDay(text.dropFirst(11), zone: true)
    }

    /// Whether a header names a date or a time in words a statement uses (`Trade Date`,
    /// `Datum/Uhrzeit`, `Fecha valor`, `Timestamp`), though no list of date columns has it.
    static func soundsLikeDate(_ header: String) -> Bool {
        let words = DocumentColumns.fold(header).split(separator: " ")
        return words.contains { word in
            dateWords.contains(String(word)) || word.hasSuffix("datum") || word.hasPrefix("date") || word.hasSuffix("date")
        }
    }

    static let dateWords: Set<String> = [
        "date", "datum", "data", "fecha", "tarih", "time", "timestamp", "zeit", "uhrzeit", "zeitpunkt", "valuta", "valor", "wertstellung",
        "day", "tag", "jour", "giorno", "dia", "dzien",
    ]

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
    static func dateShape(_ bytes: UnsafeBufferPointer<UInt8>) -> (dayFirst: Bool?, separator: UInt8, same: Bool)? {
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
        if a > 12, b <= 12 { return (true, mark, false) }
        if b > 12, a <= 12 { return (false, mark, false) }
        return (nil, mark, a == b)
    }

    /// The same of a date cell with a time of day after it (`13/02/2024 10:15`): a cell with a
    /// time proves its order as the date alone does.
    static func dateShapeBeforeTime(_ bytes: UnsafeBufferPointer<UInt8>) -> (dayFirst: Bool?, separator: UInt8, same: Bool)? {
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
