import Foundation

extension DocumentConverter {
    /// The converted table as bytes, a row at a time: the input's separator and line ends, a
    /// figure in the file's decimal mark.
    struct RowWriter {
        var out: [UInt8] = []
        let delimiter: UInt8
        let crlf: Bool
        let decimal: UInt8

        init(delimiter: UInt8, crlf: Bool, decimal: UInt8) {
            self.delimiter = delimiter
            self.crlf = crlf
            self.decimal = decimal
            out.reserveCapacity(1 << 17)
        }

        mutating func newline() {
            if crlf { out.append(0x0D) }
            out.append(0x0A)
        }

        /// A whole row of text fields, and its line end.
        mutating func write(_ fields: [String]) {
            // One empty field is `""`: an empty line reads back as a row of none.
            if fields == [""], delimiter != UInt8(ascii: "\t") { out += [UInt8(ascii: "\""), UInt8(ascii: "\"")] }
            for (index, field) in fields.enumerated() {
                if index > 0 { out.append(delimiter) }
                DelimitedText.append(field, delimiter: delimiter, to: &out)
            }
            newline()
        }

        /// A cell after the ones before it.
        mutating func cell(_ text: String) {
            out.append(delimiter)
            DelimitedText.append(text, delimiter: delimiter, to: &out)
        }

        /// A cell Cambio writes from outside text (a note that quotes a cell): made inert for a
        /// spreadsheet when it would start a formula (`=`, `+`, `-`, `@`, a tab, a CR).
        mutating func outsideCell(_ text: String) { cell(DelimitedText.inert(text)) }

        /// A figure written in place, in quotes when the decimal mark is the separator.
        mutating func number(_ write: (inout [UInt8]) -> Void) {
            out.append(delimiter)
            let start = out.count
            write(&out)
            DelimitedText.quoteField(in: &out, from: start, delimiter: delimiter)
        }

        /// A row's own fields as they were, up to `width` (the empty ones after it are no
        /// column), padded to `width`.
        mutating func fields(_ row: DelimitedText.Fields, _ bytes: UnsafeBufferPointer<UInt8>, width: Int) {
            var count = row.count
            while count > width, row.isEmpty(count - 1, bytes) { count -= 1 }
            if row.plain {
                out.append(contentsOf: row.raw(bytes, count: count))
            } else {
                for index in 0..<count {
                    if index > 0 { out.append(delimiter) }
                    row.write(index, bytes, delimiter: delimiter, to: &out)
                }
            }
            for _ in min(count, width)..<width { out.append(delimiter) }
        }
    }

    /// Converts the rows after the header one at a time, with what they share: the columns, the
    /// reading, the caches of currencies and days, the totals.
    struct RowConverter {
        let converter: DocumentConverter
        let options: Options
        let layout: Layout
        let reading: Reading
        let width: Int
        let added: [String]
        let now: Date
        let today: Day
        let delimiterShown: String
        let quotedExample: String
        /// The places each target's figures are rounded to (the catalog is asked once).
        let targetPlaces: [Int]
        var totals: [ExactSum]
        /// Per original currency, in the order first met: its rows, the sum of their amounts, and
        /// of their converted values in each target.
        var subtotals: [(currency: CurrencyCode, rows: Int, original: ExactSum, converted: [ExactSum])] = []
        /// What was charged, summed in its currency, beside the rows converted into it; `nil`
        /// currency once two rows were charged in different ones.
        var charged = (currency: CurrencyCode?.none, rows: 0, mixed: false, sum: ExactSum(), converted: ExactSum())
        var currencies: [String: CurrencyCode] = [:]
        var currencyKeys: [UInt64: CurrencyCode] = [:]
        var lastDate: (text: String, day: Day)?
        var lastSource = (raw: "", shown: "")
        /// Notes made while converting (a symbol taken by the rule), said once each.
        var notes: [String] = []
        /// Whether the row last converted was a transaction (not blank, not a subtotal).
        var counted = false
        /// Whether the row last converted failed only for its rates' age (`Options.maxAge`).
        var stale = false
        private var localized: Localization { converter.engine.localized }

        init(
            converter: DocumentConverter, options: Options, layout: Layout, reading: Reading, width: Int, added: [String], now: Date,
            delimiterShown: String
        ) {
            self.converter = converter
            self.options = options
            self.layout = layout
            self.reading = reading
            self.width = width
            self.added = added
            self.now = now
            self.today = Day.utc(now)
            self.delimiterShown = delimiterShown
            quotedExample = delimiterShown == "," ? "\"1,234.56\"" : "\"a\(delimiterShown)b\""
            targetPlaces = options.targets.map { options.rounding.fractionDigits($0) }
            totals = Array(repeating: ExactSum(), count: options.targets.count)
        }

        /// Converts `row` and writes it with its added cells; returns why it failed, if it did.
        mutating func convert(
            _ row: DelimitedText.Fields, _ bytes: UnsafeBufferPointer<UInt8>, _ writer: inout RowWriter, failing: String? = nil,
            state: inout SessionState, host: any SessionHost
        ) -> String? {
            counted = false
            stale = false
            if row.isBlank(bytes) {
                writer.write((0..<row.count).map { row.string($0, bytes) })
                return nil
            }
            func cell(_ index: Int?) -> String {
                guard let index, index < row.count else { return "" }
                return DocumentConverter.trimmed(row.string(index, bytes))
            }
            func failed(_ reason: String) -> String {
                writer.fields(row, bytes, width: width)
                for _ in added.dropLast() { writer.out.append(writer.delimiter) }
                writer.outsideCell(reason)
                writer.newline()
                return reason
            }
            let parser = reading.parser
            // An original amount left empty beside what the account was charged (`Amount (EUR)`):
            // the row was in the account's currency, and that amount is the row's.
            var columns = layout.columns
            var rowCurrency = layout.fixedCurrency
            if layout.originalBesideCharged, let charged = columns.charged, cell(columns.amount).isEmpty, !cell(charged).isEmpty {
                (columns.amount, columns.charged, columns.currency) = (charged, nil, nil)
                rowCurrency = layout.chargedCurrency
            }
            // A cell longer than any amount is no amount, and is not read.
            let amountLength = columns.amount < row.count ? row.withBytes(columns.amount, bytes) { $0.count } : 0
            let tooLong = amountLength > DocumentConverter.longestAmount
            // A number and a minus before it at most (almost every cell) is read from its bytes.
            let quickAmount =
                columns.amount < row.count && !tooLong ? row.withBytes(columns.amount, bytes) { DocumentConverter.quickAmount($0, parser) } : nil
            let amountText = quickAmount == nil && !tooLong ? cell(columns.amount) : ""
            let dateColumn = layout.undated ? nil : columns.date
            let quickDay = dateColumn.flatMap { index in
                index < row.count ? row.withBytes(index, bytes) { DocumentConverter.quickDay($0, reading.reader) } : nil
            }
            let dateText = quickDay == nil ? cell(dateColumn) : ""
            // A row without amount or date (a subtotal, a total written before) is no transaction.
            if quickAmount == nil, amountText.isEmpty, !tooLong, quickDay == nil, dateText.isEmpty {
                writer.fields(row, bytes, width: width)
                for _ in added { writer.out.append(writer.delimiter) }
                writer.newline()
                return nil
            }
            counted = true
            if let failing { return failed(failing) }
            // More fields than the header's, filled: a field split at a delimiter it holds
            // (`1,234.56` unquoted) moves every field after it, so none is read.
            if row.count > layout.header.count, (layout.header.count..<row.count).contains(where: { !row.isEmpty($0, bytes) }) {
                return failed(localized("doc.rowWider", String(row.count), String(layout.header.count), delimiterShown, quotedExample))
            }
            if tooLong { return failed(localized("doc.amountTooLong", String(amountLength), String(DocumentConverter.longestAmount))) }
            // The amount's decimal mark, when it shows one, is the file's.
            if columns.amount < row.count, let mark = row.withBytes(columns.amount, bytes, DocumentConverter.decimalMark), mark != reading.decimal {
                return failed(
                    localized(
                        "doc.markContrary", Sanitiser.quoted(cell(columns.amount)),
                        localized(mark == UInt8(ascii: ",") ? "doc.decimalComma" : "doc.decimalPoint"), reading.localeID))
            }
            if reading.unproven, columns.amount < row.count, row.withBytes(columns.amount, bytes, DocumentConverter.eitherWay) {
                return failed(localized("doc.eitherWayRow", Sanitiser.quoted(cell(columns.amount))))
            }
            // The day.
            var day: Day?
            if let quickDay {
                day = quickDay
            } else if dateColumn != nil {
                if let lastDate, lastDate.text == dateText {
                    day = lastDate.day
                } else {
                    switch readDay(dateText) {
                    case .success(let read):
                        day = read
                        lastDate = (dateText, read)
                    case .failure(let failure):
                        return failed(failure.reason)
                    }
                }
            }
            // The amount and its currency.
            guard var amount = quickAmount.map({ (value: $0, currency: String?.none) }) ?? DocumentConverter.amount(amountText, parser) else {
                return failed(localized("doc.badAmount", Sanitiser.quoted(amountText), reading.conventions.exampleAmount))
            }
            // A debit (`S`) beside an amount written without its sign is money out: negative. An
            // amount whose sign says otherwise than its column, or a row that says neither, is
            // not guessed at.
            if let signColumn = columns.sign {
                let written = quickAmount == nil ? amountText : row.string(columns.amount, bytes)
                switch signed(amount.value, said: cell(signColumn), written: written, column: signColumn) {
                case .success(let value): amount.value = value
                case .failure(let failure): return failed(failure.reason)
                }
            }
            let currency: CurrencyCode
            switch rowCurrencyOf(row, bytes, columns: columns, fixed: rowCurrency, written: amount.currency, amountText: amountText, cell: cell) {
            case .success(let code): currency = code
            case .failure(let failure): return failed(failure.reason)
            }
            // What was charged, and in which currency: its cell's, its header's, else the first target's.
            let (charged, chargedProblem) = chargedAmount(columns.charged.map(cell), parser)
            // The charged currency, when no target is it, is converted into too (not written).
            var targets = options.targets
            if let charged, !targets.contains(charged.currency) { targets.append(charged.currency) }
            let conversion = TableRow(amount.value, from: currency, to: targets, on: day, averaging: options.average, today: today)
            let reply = converter.engine.evaluate(.row(conversion), state: &state, now: now, host: host, records: true).reply
            // The row with its cells, or why it failed (the engine's error for the line).
            var rowTotals: [Rational] = []
            var chargedPair: (charged: Rational, converted: Rational, currency: CurrencyCode)?
            let failure = written(
                reply, row, bytes, &writer, targets: targets, day: day, charged: charged, chargedProblem: chargedProblem,
                hasCharged: columns.charged != nil, rowTotals: &rowTotals, chargedPair: &chargedPair)
            if let failure { return failed(failure) }
            addToSubtotals(currency, amount.value, rowTotals, chargedPair)
            return nil
        }

        /// An amount given its sign by a debit-or-credit cell (`S`, `H`, `Dr`, `Cr`): a debit
        /// beside an amount written without its sign is money out; a credit beside a negative
        /// amount, or a cell that says neither, is not guessed at.
        private func signed(_ value: Rational, said: String, written: String, column: Int) -> Result<Rational, RowFailure> {
            let folded = DocumentColumns.fold(said)
            if DocumentColumns.debits.contains(folded) { return .success(value.isNegative ? value : -value) }
            if DocumentColumns.credits.contains(folded) {
                guard !value.isNegative else {
                    return .failure(
                        RowFailure(
                            reason: localized("doc.signConflict", Sanitiser.quoted(DocumentConverter.trimmed(written)), Sanitiser.quoted(said))))
                }
                return .success(value)
            }
            guard said.isEmpty && value.isZero else {
                return .failure(RowFailure(reason: localized("doc.badSign", Sanitiser.quoted(said), converter.columnName(column, layout) ?? "—")))
            }
            return .success(value)
        }

        /// The row's currency: its column's (a short cell seen before is found by its bytes),
        /// and a currency written beside the amount (`12,50 €`), which must be the same; what the
        /// header or `--from` says, which every row must agree with.
        private mutating func rowCurrencyOf(
            _ row: DelimitedText.Fields, _ bytes: UnsafeBufferPointer<UInt8>, columns: DocumentColumns, fixed: CurrencyCode?, written: String?,
            amountText: String, cell: (Int?) -> String
        ) -> Result<CurrencyCode, RowFailure> {
            func failure(_ reason: String) -> Result<CurrencyCode, RowFailure> { .failure(RowFailure(reason: reason)) }
            let key = columns.currency.flatMap { index in index < row.count ? row.withBytes(index, bytes, DocumentConverter.shortKey) : nil }
            let known = key.flatMap { currencyKeys[$0] }
            let currencyText = known != nil || columns.currency == nil ? "" : cell(columns.currency)
            var currency: CurrencyCode?
            if let known {
                currency = known
            } else if !currencyText.isEmpty {
                guard let code = resolved(currencyText) else { return failure(badCurrency(currencyText)) }
                currency = code
            }
            if let written, !written.isEmpty {
                guard let code = resolved(written) else { return failure(badCurrency(written)) }
                if let currency, currency != code {
                    return failure(localized("doc.currencyConflict", Sanitiser.quoted(amountText), code.rawValue, currency.rawValue))
                }
                currency = code
            }
            if let fixed {
                if let currency, currency != fixed {
                    return failure(localized("doc.rowCurrencyContradicts", currency.rawValue, layout.fixedBy, fixed.rawValue))
                }
                currency = fixed
            }
            guard let currency else { return failure(localized("doc.noRowCurrency")) }
            // The cell's own bytes name this currency from now on (never an empty cell's).
            if let key, !currencyText.isEmpty { currencyKeys[key] = currency }
            return .success(currency)
        }

        /// What was charged (an `Amount Charged` cell) and in which currency: its cell's, its
        /// header's, else the first target's; or why it could not be read.
        private mutating func chargedAmount(_ text: String?, _ parser: AmountParser) -> ((value: Rational, currency: CurrencyCode)?, String?) {
            guard let text, !text.isEmpty else { return (nil, nil) }
            guard text.utf8.count <= DocumentConverter.longestAmount, let read = DocumentConverter.amount(text, parser) else {
                return (nil, localized("doc.badCharged", Sanitiser.quoted(text)))
            }
            guard let written = read.currency else { return ((read.value, layout.chargedCurrency ?? options.targets[0]), nil) }
            guard let code = resolved(written) else { return (nil, badCurrency(written)) }
            return ((read.value, code), nil)
        }

        /// Writes a converted row from the engine's reply: its fields, then for each target the
        /// amount, the rate as its source quotes it, the quote, the day and the source, the markup
        /// of what was charged, and the note; or why it failed (the engine's error, rates too old).
        private mutating func written(
            _ reply: Reply, _ row: DelimitedText.Fields, _ bytes: UnsafeBufferPointer<UInt8>, _ writer: inout RowWriter,
            targets: [CurrencyCode], day: Day?, charged: (value: Rational, currency: CurrencyCode)?, chargedProblem: String?, hasCharged: Bool,
            rowTotals: inout [Rational], chargedPair: inout (charged: Rational, converted: Rational, currency: CurrencyCode)?
        ) -> String? {
            let point = writer.decimal
            var note = ""
            for line in reply.lines {
                switch line {
                case .error(_, let message): return message
                case .assumption(let text): note += (note.isEmpty ? "" : "; ") + text
                default: break
                }
            }
            guard reply.conversions.count == targets.count else { return localized("doc.notConverted") }
            // A row without a date at rates older than allowed fails, its age and source said.
            if let maxAge = options.maxAge, day == nil, let conversion = reply.conversions.first,
                let rateDay = Day(iso: String(conversion.origin.date.prefix(10))), today.number - rateDay.number > maxAge
            {
                stale = true
                return localized(
                    "error.staleRates", String(today.number - rateDay.number), conversion.origin.source, rateDay.iso, String(maxAge))
            }
            writer.fields(row, bytes, width: width)
            for index in options.targets.indices {
                let conversion = reply.conversions[index]
                let places = conversion.to == options.targets[index] ? targetPlaces[index] : options.rounding.fractionDigits(conversion.to)
                writer.number {
                    conversion.result.appendRounded(fractionDigits: places, mode: options.rounding.mode, point: point, to: &$0)
                }
                // The rate as the source quotes it (`EUR/GBP`, `0,85698`), else the cross rate
                // from the row's currency, said to be one.
                if let quote = conversion.publishedQuote {
                    writer.number { DocumentConverter.appendRate(quote.rate, point: point, to: &$0) }
                    writer.cell(quote.base.rawValue + "/" + quote.quoted.rawValue)
                } else {
                    writer.number { DocumentConverter.appendRate(conversion.rate, point: point, to: &$0) }
                    let pair = conversion.from.rawValue + "/" + conversion.to.rawValue
                    writer.cell(conversion.from == conversion.to ? "" : localized("doc.quote.cross", pair))
                }
                writer.cell(conversion.origin.date)
                // The source as shown (a row's is most often the one before's).
                let source = conversion.origin.source
                if source != lastSource.raw { lastSource = (source, Sanitiser.visible(source)) }
                writer.cell(lastSource.shown)
                let result = conversion.result
                let counted = options.totalOfRounded ? result.rounded(options.rounding, options.targets[index]) : result
                totals[index].add(counted)
                rowTotals.append(counted)
            }
            if hasCharged {
                let result = charged.flatMap { charged in reply.conversions.first { $0.to == charged.currency }?.result }
                if let charged, let result, let markup = charged.value.magnitude.percentAbove(result.magnitude) {
                    chargedPair = (charged.value, result, charged.currency)
                    writer.number { markup.appendRounded(fractionDigits: 2, point: point, to: &$0) }
                } else {
                    writer.cell("")
                    if let chargedProblem { note += (note.isEmpty ? "" : "; ") + chargedProblem }
                }
            }
            writer.outsideCell(note)
            writer.newline()
            return nil
        }

        /// Adds a converted row to its currency's subtotal, and what was charged to the total
        /// charged.
        private mutating func addToSubtotals(
            _ currency: CurrencyCode, _ value: Rational, _ rowTotals: [Rational],
            _ chargedPair: (charged: Rational, converted: Rational, currency: CurrencyCode)?
        ) {
            // The row in its currency's subtotal, and what was charged in the total charged.
            let slot =
                subtotals.firstIndex { $0.currency == currency }
                ?? {
                    subtotals.append((currency, 0, ExactSum(), Array(repeating: ExactSum(), count: options.targets.count)))
                    return subtotals.count - 1
                }()
            subtotals[slot].rows += 1
            subtotals[slot].original.add(value)
            for (index, value) in rowTotals.enumerated() { subtotals[slot].converted[index].add(value) }
            if let chargedPair {
                if let held = self.charged.currency, held != chargedPair.currency { self.charged.mixed = true }
                self.charged.currency = chargedPair.currency
                self.charged.rows += 1
                self.charged.sum.add(chargedPair.charged)
                self.charged.converted.add(chargedPair.converted)
            }
        }

        /// A date cell's day, read in the column's order where the locale's own form does not
        /// say; or why it is none.
        private mutating func readDay(_ typed: String) -> Result<Day, RowFailure> {
            let reader = reading.reader
            // `25.03.24`: the year written out by the stated rule, then read as any date.
            let text = DocumentConverter.expandedYear(typed) ?? typed
            // A date that proves the other order than the one the column is read in.
            var copy = text
            let shape = copy.withUTF8 { DocumentConverter.dateShape($0) ?? DocumentConverter.dateShapeBeforeTime($0) }
            if let shape, let proves = shape.dayFirst {
                let own = reader.separator.asciiValue ?? UInt8(ascii: "-")
                let readsDayFirst: Bool? =
                    shape.separator == own && reader.order != .yearMonthDay
                    ? reader.order == .dayMonthYear : reading.dayFirst ?? (shape.separator == UInt8(ascii: ".") ? true : nil)
                if let readsDayFirst, readsDayFirst != proves {
                    return .failure(RowFailure(reason: localized(proves ? "doc.dayFirstRow" : "doc.monthFirstRow", Sanitiser.quoted(text))))
                }
            }
            switch DocumentConverter.day(text, reader, today: today) {
            case .success(let day): return .success(day)
            case .failure(.reading(.ambiguous(_, let dayFirst, let monthFirst))):
                // Another separator than the locale's, read either way: in the order the column
                // proves (`05/02/2024` beside `13/02/2024` in de_DE), and dotted dates day first.
                if let proven = reading.dayFirst { return .success(proven ? dayFirst : monthFirst) }
                if shape?.separator == UInt8(ascii: ".") { return .success(dayFirst) }
                return .failure(RowFailure(reason: localized("doc.dateEitherWayRow", Sanitiser.quoted(text))))
            case .failure(.reading(.noSuchDay(let typed))) where reading.dayFirst != nil:
                // The column's dates are read in the order they prove, not the locale's: the
                // error names that order, not the locale's form.
                return .failure(
                    RowFailure(
                        reason: localized(reading.dayFirst == true ? "doc.noSuchDayDayFirst" : "doc.noSuchDayMonthFirst", Sanitiser.quoted(typed))))
            case .failure(let problem):
                return .failure(RowFailure(reason: problem(localized, reader)))
            }
        }

        private mutating func resolved(_ text: String) -> CurrencyCode? {
            if let known = currencies[text] { return known }
            guard case .found(let code, let via) = converter.engine.directory.resolve(text, suggesting: false) else { return nil }
            currencies[text] = code
            // A symbol or a word that fits several currencies is taken by the stated rule,
            // and said, as the shell says it: once for each way it is written.
            if let taken = DocumentConverter.taken(via) {
                notes.append(localized("note.symbolTaken", Sanitiser.quoted(taken), code.rawValue, converter.engine.directory.name(of: code)))
            }
            return code
        }

        private func badCurrency(_ text: String) -> String {
            if case .ambiguous(let candidates) = converter.engine.directory.resolve(text, suggesting: false) {
                return localized("error.ambiguousCurrency", Sanitiser.quoted(text), candidates.map(\.rawValue).joined(separator: ", "))
            }
            return localized("doc.badCurrency", Sanitiser.quoted(text))
        }

        /// A total per target currency: the sum of the exact values rounded once, or of the rounded rows.
        /// Writes the subtotals, totals and what was charged; returns how many rows that is.
        func writeTotals(_ writer: inout RowWriter, converted: Int, failed: Int) -> Int {
            var written = 0
            let decimal = writer.decimal == UInt8(ascii: ",") ? "," : "."
            // A subtotal per original currency, when there are several: its amounts' sum in the
            // amount column (its code in the currency column), its converted sums under each target.
            let columns = layout.columns
            if subtotals.count > 1 {
                for subtotal in subtotals {
                    var cells = Array(repeating: "", count: width + added.count)
                    if columns.amount < width {
                        cells[columns.amount] = DocumentConverter.plain(subtotal.original.roundedText(options.rounding, subtotal.currency), decimal)
                    }
                    if let currency = columns.currency, currency < width { cells[currency] = subtotal.currency.rawValue }
                    for (index, target) in options.targets.enumerated() {
                        cells[width + index * DocumentConverter.cellsPerTarget] = DocumentConverter.plain(
                            subtotal.converted[index].roundedText(options.rounding, target), decimal)
                    }
                    let one = subtotal.rows == 1 ? ".one" : ""
                    // Exact sums rounded once with `--total exact`, which the note says; else the column's.
                    let key = options.totalOfRounded ? "doc.subtotal" : "doc.subtotalExact"
                    cells[cells.count - 1] = localized(key + one, String(subtotal.rows), subtotal.currency.rawValue)
                    writer.write(cells)
                    written += 1
                }
            }
            for (index, target) in options.targets.enumerated() {
                var cells = Array(repeating: "", count: width + added.count)
                cells[width + index * DocumentConverter.cellsPerTarget] = DocumentConverter.plain(
                    totals[index].roundedText(options.rounding, target), decimal)
                // One row is said in the singular (`total of 1 row`, `Summe von 1 Zeile`).
                let one = converted == 1 ? ".one" : ""
                var note = localized((options.totalOfRounded ? "doc.totalRounded" : "doc.totalExact") + one, String(converted), target.rawValue)
                if failed > 0 { note += "; " + localized("doc.totalMissing" + (failed == 1 ? ".one" : ""), String(failed)) }
                cells[cells.count - 1] = note
                writer.write(cells)
                written += 1
            }
            // What was charged in all, in its one currency, and how far it lies above the rows
            // converted at mid-market rates.
            if charged.rows > 0, !charged.mixed, let currency = charged.currency, let chargedColumn = columns.charged {
                var cells = Array(repeating: "", count: width + added.count)
                let total = charged.sum.roundedText(options.rounding, currency)
                if chargedColumn < width { cells[chargedColumn] = DocumentConverter.plain(total, decimal) }
                let markup = charged.sum.exact.magnitude.percentAbove(charged.converted.exact.magnitude)
                let percent = markup.map { DocumentConverter.plain($0.roundedText(fractionDigits: 2), decimal) } ?? ""
                cells[width + options.targets.count * DocumentConverter.cellsPerTarget] = percent
                cells[cells.count - 1] = localized(
                    "doc.totalCharged", String(charged.rows), DocumentConverter.plain(total, decimal), currency.rawValue, percent)
                writer.write(cells)
                written += 1
            }
            return written
        }
    }

    /// Why a row was not converted.
    struct RowFailure: Error {
        let reason: String
    }

    /// A column's name in messages.
    func columnName(_ index: Int?, _ layout: Layout) -> String? { Self.headerName(index, layout.header, engine.localized) }
}
