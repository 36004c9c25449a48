import Foundation

/// How a table is laid out: its header, the role of each column, and how its amounts and
/// dates are read, decided from the first rows before any row is converted.
extension DocumentConverter {
    /// The rows before the header (as text, to be written again), how many there are, and the
    /// header with its columns and the scanner after it.
    func findHeader(_ bytes: UnsafeBufferPointer<UInt8>, _ scanner: inout DelimitedText.Scanner, named: [DocumentColumns.Role: String])
        throws(Failure) -> (before: [[String]], at: Int, found: (header: [String], columns: DocumentColumns, scanner: DelimitedText.Scanner))
    {
        var before: [[String]] = []
        var firstFilled: [String]?
        var found: (header: [String], columns: DocumentColumns, at: Int, scanner: DelimitedText.Scanner)?
        var row = DelimitedText.Fields()
        while before.count < Self.headerSearchRows, scanner.next(&row) {
            let fields = (0..<row.count).map { row.string($0, bytes) }
            defer { before.append(fields) }
            guard !fields.allSatisfy({ $0.isEmpty }) else { continue }
            if firstFilled == nil { firstFilled = fields }
            // A header's trailing empty fields name nothing: they do not widen the table.
            var header = fields
            while header.count > 1, header.last?.isEmpty == true { header.removeLast() }
            guard case .success(let columns) = DocumentColumns.find(header, named: named) else { continue }
            if columns.date != nil || !named.isEmpty {
                found = (header, columns, before.count, scanner)
                break
            }
            // Amounts without dates, if no better header comes.
            if found == nil { found = (header, columns, before.count, scanner) }
        }
        if let found { return (before, found.at, (found.header, found.columns, found.scanner)) }
        // A column named for a role that is the one the amounts are found in (`--column
        // sign=Betrag`): said as such, not as a column that is not there.
        for fields in before where !named.isEmpty {
            for role in DocumentColumns.Role.allCases where role != .amount {
                guard let name = named[role] else { continue }
                var others = named
                others[role] = nil
                guard case .success(let columns) = DocumentColumns.find(fields, named: others), columns.amount < fields.count,
                    fields[columns.amount] == name || DocumentColumns.fold(fields[columns.amount]) == DocumentColumns.fold(name)
                else { continue }
                throw Failure(message: localized("doc.namedIsAmount", Sanitiser.quoted(name), role.rawValue))
            }
        }
        if let name = named.values.first {
            throw Failure(message: localized("doc.noColumn", Sanitiser.quoted(name), headers(firstFilled)))
        }
        throw Failure(message: localized("doc.noHeader", String(Self.headerSearchRows)))
    }

    /// A column by its header, or by its place when its header is blank.
    static func headerName(_ index: Int?, _ header: [String], _ localized: Localization) -> String? {
        guard let index else { return nil }
        guard index < header.count, !header[index].allSatisfy(\.isWhitespace) else { return localized("doc.columnNumber", String(index + 1)) }
        return Sanitiser.quoted(header[index])
    }

    /// Which column is converted and in what currency, and which was charged. A column whose
    /// header names a currency holds that currency. Beside an original amount and its currency
    /// (`Original Amount`, `Original Currency`), an amount whose header names a currency
    /// (`Amount (EUR)`) is what the account was charged. Two amounts that each name a currency
    /// and nothing to say which is converted are refused with the options that settle it.
    func decideRoles(_ header: [String], _ found: DocumentColumns, _ options: Options, named: [DocumentColumns.Role: String])
        throws(Failure) -> Layout
    {
        var layout = Layout(header: header, columns: found)
        func code(_ text: String) throws(Failure) -> CurrencyCode {
            guard case .found(let code, _) = engine.directory.resolve(text, suggesting: false) else {
                throw Failure(message: localized("doc.badHeaderCurrency", Sanitiser.quoted(text)))
            }
            return code
        }
        var amountCurrency = try found.headerCurrency.map { (text) throws(Failure) in try code(text) }
        // The columns whose headers name an amount, and the currency each names.
        let candidates = header.map {
            $0.utf8.count <= DocumentColumns.longestCell ? DocumentColumns.Candidates(header: $0) : DocumentColumns.Candidates()
        }
        let amounts = candidates.indices.compactMap { index in candidates[index].match(.amount).map { (index: index, currency: $0.currency) } }
        // An amount that is the receipt's own (`Ursprünglicher Betrag`), whose currency its cells
        // or a currency column give.
        func isOriginal(_ index: Int) -> Bool { DocumentColumns.originalAmounts.contains(DocumentColumns.fold(header[index])) }
        if named[.amount] == nil {
            if amountCurrency != nil,
                let original = amounts.first(where: {
                    $0.index != found.amount && $0.currency == nil && $0.index != found.charged && (found.currency != nil || isOriginal($0.index))
                })
            {
                // `Amount (EUR)` beside `Original Amount` and `Original Currency`, or beside an
                // original amount that carries its currency (`-412,37 USD`, a DKB card's): the
                // original is converted.
                if layout.columns.charged == nil {
                    layout.columns.charged = found.amount
                    layout.chargedCurrency = amountCurrency
                    layout.originalBesideCharged = true
                }
                layout.columns.amount = original.index
                amountCurrency = nil
            } else {
                let named = amounts.filter { $0.currency != nil && $0.index != found.charged }
                if named.count > 1, Set(named.compactMap(\.currency)).count > 1, found.charged == nil {
                    throw Failure(
                        message: localized(
                            "doc.amountRoles", Self.headerName(named[0].index, header, localized) ?? "—",
                            Self.headerName(named[1].index, header, localized) ?? "—", header[named[0].index], header[named[1].index]))
                }
            }
        }
        if let charged = layout.columns.charged, layout.chargedCurrency == nil, charged < candidates.count {
            let currency = candidates[charged].match(.charged)?.currency ?? candidates[charged].match(.amount)?.currency
            layout.chargedCurrency = try currency.map { (text) throws(Failure) in try code(text) }
        }
        if let from = options.from, let amountCurrency, from != amountCurrency {
            throw Failure(
                message: localized(
                    "doc.fromContradicts", from.rawValue, Self.headerName(layout.columns.amount, header, localized) ?? "—", amountCurrency.rawValue))
        }
        if let from = options.from {
            layout.fixedCurrency = from
            layout.fixedBy = "--from"
        } else if let amountCurrency {
            layout.fixedCurrency = amountCurrency
            layout.fixedBy = Self.headerName(layout.columns.amount, header, localized) ?? "—"
        }
        return layout
    }

    /// How the rows are read, from the first window: the locale of amounts and dates, the order
    /// of dates, the line ends, the table's width.
    struct Reading {
        var localeID: String
        var conventions: NumberConventions
        var parser: AmountParser
        var reader: DateReader
        /// The order the column's dates are read in where the reader's own form does not say:
        /// `true` day first, `false` month first.
        var dayFirst: Bool?
        /// The decimal mark of the amounts (`.` or `,`).
        var decimal: UInt8
        /// Whether the locale was taken with nothing in the amounts to show it: then an amount
        /// that reads either way (`1.500`) fails.
        var unproven: Bool
        var crlf: Bool
        var width: Int
    }

    func decideReading(
        _ bytes: UnsafeBufferPointer<UInt8>, _ scanner: DelimitedText.Scanner, _ layout: Layout, _ options: Options, state: SessionState,
        note: (String) -> Void
    ) throws(Failure) -> Reading {
        let survey = Self.survey(bytes, scanner, amountColumn: layout.columns.amount, dateColumn: layout.columns.date)
        // A quote never closed swallows every row after it into one field: nothing is
        // converted rather than rows lost without a word.
        if let line = survey.unclosedQuote { throw Failure(message: localized("doc.unclosedQuote", String(line))) }
        // The amounts' locale.
        let localeID: String
        var unproven = false
        if let asked = options.localeID {
            localeID = asked
        } else {
            let user = NumberConventions.of(state.locale.numbers)
            // The user's locale reads the amounts when it writes their decimal mark, and groups
            // as they do where they show a group (`1.234,56` in a German export is not read in
            // fr_FR or pl_PL, which group with a space).
            switch survey.evidence {
            case .comma(let line):
                let groupsAlike = survey.groupMark.map { $0 == user.groupingSeparator } ?? true
                localeID = user.decimalSeparator == "," && groupsAlike ? state.locale.numbers : "de_DE"
                note(localized("doc.readAs", localeID, localized("doc.decimalComma"), String(line)))
            case .point(let line):
                let groupsAlike = survey.groupMark.map { $0 == user.groupingSeparator } ?? true
                localeID = user.decimalSeparator == "." && groupsAlike ? state.locale.numbers : "en_US"
                note(localized("doc.readAs", localeID, localized("doc.decimalPoint"), String(line)))
            case .both(let point, let comma):
                throw Failure(message: localized("doc.bothSeparators", String(point), String(comma)))
            case .none:
                // `-1.500` and `2.250` alone are 1,500 and 2,250 in a German bank's export and
                // 1.5 and 2.25 in an American one: no locale is taken for them.
                if let (text, line) = survey.ambiguous {
                    throw Failure(message: localized("doc.eitherWay", Sanitiser.quoted(text), String(line)))
                }
                localeID = state.locale.numbers
                unproven = true
                note(localized("doc.readAsUser", localeID))
            }
        }
        let conventions = NumberConventions.of(localeID)
        // The dates' locale: the one named, else the user's; never the amounts'.
        let dateLocale = options.localeID ?? (state.locale.numbersNeutral ? nil : state.locale.numbers)
        let reader = dateLocale.map(DateReader.of) ?? DateReader.neutral
        // A date column that proves its order (`13/02/2024`) is never read in the other one.
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
                    survey.dayFirst != nil ? "doc.dayFirst" : "doc.monthFirst", Sanitiser.quoted(proof.text), String(proof.line), reader.localeID,
                    example))
        }
        var dayFirst: Bool?
        if let proof = survey.dayFirst ?? survey.monthFirst, proof.separator != own || reader.order == .yearMonthDay {
            dayFirst = survey.dayFirst != nil
            note(localized(survey.dayFirst != nil ? "doc.readDayFirst" : "doc.readMonthFirst", Sanitiser.quoted(proof.text), String(proof.line)))
        }
        // A date that reads both ways, in a form the locale does not read as its own and no
        // date of the column decides: the column is refused, naming it.
        if dayFirst == nil, let either = survey.eitherWayDate, either.separator != UInt8(ascii: "."),
            either.separator != own || reader.order == .yearMonthDay
        {
            throw Failure(message: localized("doc.datesEitherWay", Sanitiser.quoted(either.text), String(either.line)))
        }
        if dayFirst == nil, survey.dateMarks & Self.markBit(UInt8(ascii: ".")) != 0, own != UInt8(ascii: ".") || reader.order == .yearMonthDay {
            note(localized("doc.dottedDayFirst"))
        }
        if let (text, read) = survey.shortYear { note(localized("doc.shortYears", Sanitiser.quoted(text), Sanitiser.quoted(read))) }
        let width = max(layout.header.count, survey.widest.fields)
        if width > Self.widestTable {
            throw Failure(message: localized("doc.tooWide", String(survey.widest.line), String(width), String(Self.widestTable)))
        }
        if width > layout.header.count {
            note(localized("doc.widerRow", String(survey.widest.line), String(survey.widest.fields), String(layout.header.count)))
        }
        return Reading(
            localeID: localeID, conventions: conventions, parser: AmountParser(conventions: conventions), reader: reader, dayFirst: dayFirst,
            decimal: conventions.decimalSeparator == "," ? UInt8(ascii: ",") : UInt8(ascii: "."), unproven: unproven,
            crlf: survey.crlf, width: width)
    }

    func headers(_ fields: [String]?) -> String {
        (fields ?? []).prefix(12).map { Sanitiser.quoted($0) }.joined(separator: ", ")
    }
}
