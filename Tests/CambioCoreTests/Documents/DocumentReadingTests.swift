import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// Tables shaped as the hostile round and the trial with real exports found them: each one once
/// gave a wrong total with exit 0, or took time or memory out of proportion to the file.
@Suite struct DocumentReadingTests: HistoryChecks {
    func convert(_ text: String, _ options: DocumentConverter.Options, locale: String = "en_US") throws(DocumentConverter.Failure)
        -> DocumentConverter.Output
    {
        try convert(Array(text.utf8), options, locale: locale)
    }

    func convert(_ bytes: [UInt8], _ options: DocumentConverter.Options, locale: String = "en_US", neutral: Bool = false) throws(
        DocumentConverter.Failure
    ) -> DocumentConverter.Output {
        let engine = engine(locale)
        var settings = engine.locale
        settings.numbersNeutral = neutral
        var state = SessionState(base: .eur, recent: [], locale: settings)
        return try DocumentConverter(engine: engine).convert(
            bytes: bytes, asked: nil, options, state: &state, now: now, host: SilentHost(locale: engine.locale))
    }

    /// What the line `AMOUNT FROM in TO on DAY` gives, to the cent.
    func line(_ amount: String, _ from: String, _ to: String, _ day: String) -> String {
        let reply = evaluate("\(amount) \(from) in \(to) on \(day)")
        return reply.conversions.first?.result.roundedText(fractionDigits: 2) ?? "none"
    }

    func rows(_ output: DocumentConverter.Output, _ delimiter: Character = ",") -> [[String]] {
        DelimitedText.rows(output.text, delimiter: delimiter.asciiValue ?? 0).rows.map(\.fields)
    }

    static let gbp = CurrencyCode("GBP") ?? .eur
    static let sek = CurrencyCode("SEK") ?? .eur

    func options(_ targets: [CurrencyCode], from: CurrencyCode? = nil, locale: String? = nil) -> DocumentConverter.Options {
        var options = DocumentConverter.Options(targets: targets)
        options.from = from
        options.localeID = locale
        return options
    }

    // MARK: Stray quotes

    /// An inch mark inside a field is text: every row is converted at its own date, its
    /// description kept whole, and the total is the sum of its rows.
    @Test func aQuoteInsideAFieldIsText() throws {
        let table = """
            Date,Description,Amount,Currency
            2024-01-02,TV 55" screen,500.00,EUR
            2024-01-03,HDMI cable,12.99,EUR
            2024-01-04,Monitor 27" screen,229.00,EUR

            """
        let output = try convert(table, options([.usd]))
        let written = rows(output)
        #expect(output.rows == 3 && output.failed == 0)
        #expect(written[1][1] == "TV 55\" screen" && written[3][1] == "Monitor 27\" screen", "\(written)")
        #expect(written[1][4] == line("500.00", "eur", "usd", "2024-01-02"))
        #expect(written[2][4] == line("12.99", "eur", "usd", "2024-01-03"))
        #expect(written[3][4] == line("229.00", "eur", "usd", "2024-01-04"))
        // Written as it came: the row reads back the same in any RFC 4180 reader.
        #expect(output.text.contains("2024-01-02,TV 55\" screen,500.00,EUR,"))
    }

    /// TSV has no quoting: a quote anywhere is text, and a tab is the only separator.
    @Test func tsvReadsQuotesAsText() throws {
        let table = "Date\tDescription\tAmount\tCurrency\n2024-01-02\t\"TV 55\" screen\t500.00\tEUR\n2024-01-03\tcable\"\t12.99\tEUR\n"
        var tsv = options([.usd])
        tsv.delimiter = UInt8(ascii: "\t")
        let output = try convert(table, tsv)
        let written = rows(output, "\t")
        #expect(output.rows == 2 && output.failed == 0)
        #expect(written[1][1] == "\"TV 55\" screen" && written[2][1] == "cable\"")
        #expect(written[2][4] == line("12.99", "eur", "usd", "2024-01-03"))
    }

    // MARK: Day-first dates

    static let british = "Date,Description,Amount,Currency\n05/02/2024,Lunch,12.50,GBP\n06/02/2024,Train,40.00,GBP\n"

    /// A British statement's dates are not read month first because its amounts have a decimal
    /// point: the user's locale reads them in its order, `--locale` in its, and where neither
    /// says (another separator than the locale's own, or a C locale) the column is refused
    /// naming a date that reads both ways.
    @Test func datesAreNotReadInTheAmountsLocale() throws {
        // fr_FR writes 05/02/2024 day first: 5 February.
        let french = try convert(Self.british, options([.eur]), locale: "fr_FR")
        #expect(rows(french)[1][7] == "2024-02-05", "\(french.text)")
        // de_DE writes its dates with dots: a slashed date that reads both ways is refused.
        for (locale, neutral) in [("de_DE", false), ("en_US", true)] {
            let failure = #expect(throws: DocumentConverter.Failure.self) {
                try convert(Array(Self.british.utf8), options([.eur]), locale: locale, neutral: neutral)
            }
            #expect(failure?.message.contains("05/02/2024") == true && failure?.message.contains("--locale") == true, "\(locale)")
        }
        let named = try convert(Array(Self.british.utf8), options([.eur], locale: "en_GB"), locale: "de_DE")
        #expect(rows(named)[1][7] == "2024-02-05" && rows(named)[1][4] == line("12.50", "gbp", "eur", "2024-02-05"))
        // An American user's own form is month first: that is the user's locale saying it.
        let american = try convert(Self.british, options([.eur]), locale: "en_US")
        #expect(rows(american)[1][7] == "2024-05-02")
        // A day that proves its order decides the column in any locale.
        let proven = try convert(Self.british + "13/02/2024,Hotel,90.00,GBP\n", options([.eur]), locale: "de_DE")
        #expect(rows(proven)[1][7] == "2024-02-05" && proven.failed == 0)
    }

    // MARK: Currencies named by headers

    /// `Amount (EUR)` beside an original amount and its currency: the original is converted,
    /// the euros are what was charged; `Betrag (EUR)` beside `Währung` holds euros, and a row
    /// whose currency column says otherwise fails.
    @Test func aHeadersCurrencyIsTheColumns() throws {
        let card = """
            Date,Description,Original Amount,Original Currency,Amount (EUR)
            2024-03-04,Hotel,150.00,USD,139.20

            """
        let output = try convert(card, options([.eur]))
        let written = rows(output)
        #expect(written[1][5] == line("150.00", "usd", "eur", "2024-03-04"), "\(output.text)")
        #expect(output.notes.contains { $0.contains("“Amount (EUR)”, in EUR") }, "\(output.notes)")
        let german = """
            Buchungstag;Text;Betrag (EUR);Währung
            04.03.2024;Hotel;-150,00;EUR
            05.03.2024;Taxi;-20,00;USD

            """
        let mixed = try convert(german, options([.usd]), locale: "de_DE")
        let lines = rows(mixed, ";")
        #expect(lines[1][4] == line("-150.00", "eur", "usd", "2024-03-04").replacingOccurrences(of: ".", with: ","))
        #expect(mixed.failed == 1 && lines[2].last?.contains("USD") == true && lines[2].last?.contains("EUR") == true, "\(mixed.text)")
        // `--from` against a currency column: a row in another currency fails, never converted as `--from`'s.
        let table = "Date,Amount,Currency\n2024-03-04,10.00,GBP\n2024-03-05,10.00,USD\n"
        let from = try convert(table, options([.eur], from: .usd))
        #expect(from.failed == 1 && rows(from)[2][3] == line("10.00", "usd", "eur", "2024-03-05"))
        // `--from` against a header's currency: refused.
        #expect(throws: DocumentConverter.Failure.self) { try convert(german, options([.usd], from: Self.gbp), locale: "de_DE") }
        // Two amounts in two currencies and nothing to say which is converted: refused, with the options.
        let two = "Date,Amount (USD),Amount (EUR)\n2024-03-04,150.00,139.20\n"
        let failure = #expect(throws: DocumentConverter.Failure.self) { try convert(two, options([Self.gbp])) }
        #expect(failure?.message.contains("--column amount=") == true)
    }

    /// The property: for any table whose header names its amounts' currency, every converted
    /// row is converted from that currency, whatever its currency column or `--from` says.
    @Test func noRowIsConvertedFromACurrencyOtherThanItsHeaders() throws {
        var random = SplitMix64(seed: 51)
        let codes = ["EUR", "USD", "GBP", "CHF", "JPY"]
        for _ in 0..<60 {
            let header = codes[Int.random(in: 0..<codes.count, using: &random)]
            var table = "Date,Amount (\(header)),Currency\n"
            var expected: [String?] = []
            for index in 0..<8 {
                let said = Bool.random(using: &random) ? codes[Int.random(in: 0..<codes.count, using: &random)] : ""
                let day = "2024-04-\(String(10 + index))"
                table += "\(day),\(index + 1)0.00,\(said)\n"
                expected.append(said.isEmpty || said == header ? line("\(index + 1)0.00", header, "sek", day) : nil)
            }
            let from: CurrencyCode? = Bool.random(using: &random) ? CurrencyCode(header) : nil
            let output = try convert(table, options([Self.sek], from: from))
            for (index, row) in rows(output).dropFirst().prefix(8).enumerated() {
                if let value = expected[index] {
                    #expect(row[3] == value, "\(table)")
                } else {
                    #expect(row[3].isEmpty && row.last?.isEmpty == false, "\(table)")
                }
            }
        }
    }

    /// What was charged in its own currency (`11.00 EUR`) is compared with the conversion into
    /// that currency, whatever the targets are.
    @Test func aChargedAmountsCurrencyIsItsOwn() throws {
        let table = "Date,Amount,Currency,Amount Charged\n2024-03-04,12.00,USD,11.50 EUR\n2024-03-05,10.00,USD,8.10 GBP\n"
        let output = try convert(table, options([.usd]))
        let written = rows(output)
        func markup(_ charged: String, _ line: String) -> String {
            guard let charged = Rational(decimalText: charged), let converted = evaluate(line).conversions.first?.result,
                let percent = charged.percentAbove(converted)
            else { return "none" }
            return percent.roundedText(fractionDigits: 2)
        }
        #expect(written[1][9] == markup("11.50", "12.00 usd in eur on 2024-03-04"), "\(output.text)")
        #expect(written[2][9] == markup("8.10", "10.00 usd in gbp on 2024-03-05"), "\(output.text)")
        // The targets' columns are the targets', nothing added for the charged currency.
        #expect(written[0].count == 11 && output.failed == 0)
    }

    // MARK: Dates under other headers

    /// A date column under a header no list names is found by its cells, and said; a header
    /// that names dates whose cells are not read refuses the table, never today's rates.
    @Test(arguments: ["Trade Date", "Settlement Date", "Txn Date", "Datum/Uhrzeit", "Timestamp", "Fecha valor", "Data operazione"])
    func aDateColumnIsFoundByItsCells(_ header: String) throws {
        let table = "\(header),Amount,Currency\n2024-01-02 10:15:00,100.00,USD\n2024-01-03,50.00,USD\n"
        let output = try convert(table, options([.eur]))
        let written = rows(output)
        #expect(written[1][3] == line("100.00", "usd", "eur", "2024-01-02") && written[2][3] == line("50.00", "usd", "eur", "2024-01-03"))
        #expect(output.notes.contains { $0.contains("every cell in it is a date") }, "\(output.notes)")
        let unread = "\(header),Amount,Currency\nJan 2nd,100.00,USD\n"
        let failure = #expect(throws: DocumentConverter.Failure.self) { try convert(unread, options([.eur])) }
        #expect(failure?.message.contains("--column date=none") == true)
    }

    // MARK: Encodings

    /// One byte that is not UTF-8 in a UTF-8 file is read as Windows-1252 where it stands and
    /// said with its line; every other cell stays as written.
    @Test func oneBadByteDoesNotReReadTheFile() throws {
        var bytes = Array("Date,Payee,Amount,Currency\n2024-01-02,Bäckerei,3.50,EUR\n2024-01-03,Caf".utf8)
        bytes += [0xE9] + Array(",4.00,EUR\n2024-01-04,Bäckerei,2.10,EUR\n".utf8)
        let output = try convert(bytes, options([.usd]))
        let written = rows(output)
        #expect(written[1][1] == "Bäckerei" && written[3][1] == "Bäckerei" && written[2][1] == "Café", "\(written)")
        #expect(output.notes.contains { $0.contains("line 3") && $0.contains("not UTF-8") }, "\(output.notes)")
        // Asked to be UTF-8, it is refused with the line and offset.
        let engine = engine()
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        let failure = #expect(throws: DocumentConverter.Failure.self) {
            try DocumentConverter(engine: engine).convert(
                bytes: bytes, asked: .utf8, options([.usd]), state: &state, now: now, host: SilentHost(locale: engine.locale))
        }
        #expect(failure?.message.contains("line 3") == true && failure?.message.contains("offset 71") == true, "\(String(describing: failure))")
    }

    /// UTF-16 is refused by its name; lines that end in CR alone are read as lines.
    @Test func utf16AndCarriageReturnsAreNamed() throws {
        let text = "Date,Amount,Currency\r2024-01-02,10.00,USD\r2024-01-03,20.00,USD\r"
        let output = try convert(text, options([.eur]))
        #expect(output.rows == 2 && output.failed == 0 && rows(output)[2][3] == line("20.00", "usd", "eur", "2024-01-03"))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "Date,Amount\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let failure = #expect(throws: DocumentConverter.Failure.self) { try convert(utf16, options([.eur])) }
        #expect(failure?.message.contains("UTF-16") == true)
    }

    // MARK: Bounded

    /// Empty trailing fields do not widen the table: 100,000 of them give an output of the
    /// input's size, not the square; a table wider than the limit is refused.
    @Test func emptyFieldsDoNotWidenTheTable() throws {
        let empties = String(repeating: ",", count: 100_000)
        let table = "Date,Amount,Currency\n2024-01-02,10.00,USD\(empties)\n2024-01-03,20.00,USD\n2024-01-04,30.00,USD\n"
        let output = try convert(table, options([.eur]))
        #expect(output.bytes.count < 2_000, "\(output.bytes.count) bytes")
        #expect(output.failed == 0 && rows(output)[3][3] == line("30.00", "usd", "eur", "2024-01-04"))
        let wide = "Date,Amount,Currency\n2024-01-02,10.00,USD" + String(repeating: ",x", count: 2_000) + "\n"
        #expect(throws: DocumentConverter.Failure.self) { try convert(wide, options([.eur])) }
    }

    /// A cell longer than any amount is refused unread.
    @Test func aHugeAmountCellIsNotRead() throws {
        let table = "Date,Amount,Currency\n2024-01-02," + String(repeating: "9", count: 200_000) + ",USD\n2024-01-03,20.00,USD\n"
        let output = try convert(table, options([.eur]))
        #expect(output.failed == 1 && output.rows == 2)
        #expect(output.problems.first?.contains("200000 bytes") == true, "\(output.problems)")
    }

    /// The table streams: rows are written before the last one is read, and the bytes held
    /// stay within a few MiB whatever the table's length.
    @Test func aTableIsWrittenBeforeItIsReadToTheEnd() throws {
        var table = Array("Date,Amount,Currency\n".utf8)
        let row = Array("2024-01-02,10.00,USD\n".utf8)
        for _ in 0..<300_000 { table += row }
        var position = 0
        var readToTheEnd = false
        var writtenBefore = 0
        var written = 0
        let input = DocumentInput(asked: nil) { buffer in
            let count = min(buffer.count, table.count - position)
            table.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[position..<position + count])) }
            position += count
            if position == table.count { readToTheEnd = true }
            return count
        }
        let sink = DocumentConverter.Sink(
            write: { bytes in
                if !readToTheEnd { writtenBefore += bytes.count }
                written += bytes.count
                return true
            }, note: { _ in }, problem: { _, _ in })
        let engine = engine()
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        let output = try DocumentConverter(engine: engine).convert(input, options([.eur]), state: &state, now: now, host: SilentHost(locale: engine.locale), sink: sink)
        #expect(output.rows == 300_000 && output.failed == 0)
        #expect(writtenBefore > written / 2, "\(writtenBefore) of \(written) bytes written before the end was read")
    }

    // MARK: Safe to open

    /// A note Cambio writes from a cell is never a formula; the document's own cells are as they were.
    @Test func aNoteIsNeverAFormula() throws {
        let table = "Date,Payee,Amount,Currency\n2024-01-02,=HYPERLINK(\"x\"),10.00,=1+2\n"
        let output = try convert(table, options([.eur]))
        let written = rows(output)
        #expect(written[1][1] == "=HYPERLINK(\"x\")")
        #expect(written[1].last?.first != "=" && output.failed == 1, "\(written)")
        #expect(DelimitedText.inert("=SUM(A1)") == "'=SUM(A1)" && DelimitedText.inert("@x") == "'@x" && DelimitedText.inert("hotel") == "hotel")
    }

    /// `--average monthly`: each row at its month's mean of the published days, as the line
    /// `… average 2024-03` converts; `yearly` at its year's.
    @Test func rowsAtTheirMonthsMean() throws {
        var monthly = options([.eur])
        monthly.average = .month
        let table = "Datum;Text;Betrag;Währung\n05.03.2024;Hotel;-100,00;USD\n20.04.2024;Taxi;-10,00;GBP\n"
        let output = try convert(table, monthly, locale: "de_DE")
        let written = rows(output, ";")
        func mean(_ amount: String, _ code: String, _ period: String) -> String {
            (evaluate("\(amount) \(code) in eur average \(period)").conversions.first?.result.roundedText(fractionDigits: 2) ?? "none")
                .replacingOccurrences(of: ".", with: ",")
        }
        #expect(written[1][4] == mean("-100.00", "usd", "2024-03") && written[1][7] == "2024-03-01/2024-03-28", "\(output.text)")
        #expect(written[2][4] == mean("-10.00", "gbp", "2024-04"), "\(output.text)")
        #expect(output.notes.contains { $0.contains("--average monthly") })
        monthly.average = .year
        let yearly = rows(try convert(table, monthly, locale: "de_DE"), ";")
        #expect(yearly[1][4] == mean("-100.00", "usd", "2024") && yearly[1][7].hasPrefix("2024-01-02/"), "\(yearly)")
    }

    /// A subtotal per original currency (its amounts and their converted sums, each the sum of
    /// its printed rows), and what was charged in all with its markup.
    @Test func subtotalsPerCurrencyAndTheTotalCharged() throws {
        let table = "Date,Amount,Currency,Amount Charged\n2024-03-04,12.00,USD,11.50 EUR\n2024-03-05,10.00,GBP,11.90 EUR\n"
            + "2024-03-06,8.00,USD,7.40 EUR\n"
        let output = try convert(table, options([.eur]))
        let written = rows(output)
        let subtotals = written.filter { $0.last?.hasPrefix("subtotal") == true }
        func cents(_ text: String) -> Int { Int(text.replacingOccurrences(of: ".", with: "")) ?? -1 }
        #expect(subtotals.map { [$0[1], $0[2]] } == [["20.00", "USD"], ["10.00", "GBP"]], "\(output.text)")
        #expect(cents(subtotals[0][4]) == cents(written[1][4]) + cents(written[3][4]), "\(output.text)")
        #expect(subtotals[1][4] == written[2][4])
        #expect(subtotals.allSatisfy { $0.last?.contains("exact") == false })
        // With `--total exact` the subtotals are exact sums too, and say so.
        var exactTotals = options([.eur])
        exactTotals.totalOfRounded = false
        let exactSubtotals = rows(try convert(table, exactTotals)).filter { $0.last?.hasPrefix("subtotal") == true }
        #expect(exactSubtotals.count == 2 && exactSubtotals.allSatisfy { $0.last?.contains("exact value") == true })
        let charged = written.last ?? []
        #expect(charged[3] == "30.80" && charged.last?.contains("30.80 EUR") == true, "\(output.text)")
        let exact = [("12.00", "usd", "2024-03-04"), ("10.00", "gbp", "2024-03-05"), ("8.00", "usd", "2024-03-06")].compactMap { amount, code, day in
            evaluate("\(amount) \(code) in eur on \(day)").conversions.first?.result
        }
        let markup = Rational(decimalText: "30.80")?.percentAbove(exact.reduce(Rational.zero, +))
        #expect(charged[9] == markup?.roundedText(fractionDigits: 2), "\(output.text)")
        // One original currency: no subtotal.
        #expect(!(try convert("Date,Amount,Currency\n2024-03-04,12.00,USD\n", options([.eur]))).text.contains("subtotal"))
    }

    /// A German export's `1.234,56` in a locale that writes a decimal comma but groups with a
    /// space (fr_FR, pl_PL): read as de_DE, as the amounts show, not failed row by row.
    @Test(arguments: ["fr_FR", "pl_PL", "de_DE", "tr_TR"]) func amountsGroupedAsTheFileGroupsThem(_ locale: String) throws {
        let table = "Buchungstag;Text;Betrag;Währung\n02.01.2024;Hotel;-1.234,56;CHF\n03.01.2024;Taxi;-12,50;EUR\n"
        let output = try convert(table, options([.usd]), locale: locale)
        #expect(output.failed == 0, "\(locale): \(output.problems)")
        #expect(rows(output, ";")[1][4] == line("-1234.56", "chf", "usd", "2024-01-02").replacingOccurrences(of: ".", with: ","), "\(output.text)")
        // The user's own locale when it groups alike (de_DE, tr_TR), de_DE otherwise.
        let taken = locale == "tr_TR" ? "tr_TR" : "de_DE"
        #expect(output.notes.contains { $0.contains(taken) }, "\(output.notes)")
    }

    // MARK: Exports as banks write them

    /// A savings bank's export: Windows-1252, `;`, CR LF, quoted fields, two-digit years in
    /// `Buchungstag`, the receipt's day (`Belegdatum`) beside the booking's.
    static let savingsBank: [UInt8] = Array(
        ("\"Auftragskonto\";\"Belegdatum\";\"Buchungstag\";\"Buchungstext\";\"Verwendungszweck\";\"Betrag\";\"Waehrung\"\r\n"
            + "\"DE02120300000000202051\";\"22.03.24\";\"25.03.24\";\"KARTENZAHLUNG\";\"Café \"\"Zürich\"\"\";\"-45,80\";\"CHF\"\r\n"
            + "\"DE02120300000000202051\";\"28.03.24\";\"02.04.24\";\"KARTENZAHLUNG\";\"Bäckerei; Bern\";\"-1.234,56\";\"CHF\"\r\n")
            .unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })

    /// The receipt's day is the rate's day (said), and two-digit years are read by the stated
    /// rule (said); every row converts at its receipt's day.
    @Test func aSavingsBanksExportConvertsAtTheReceiptsDay() throws {
        let output = try convert(Self.savingsBank, options([.usd]), locale: "de_DE")
        let written = rows(output, ";")
        #expect(output.failed == 0 && output.rows == 2, "\(output.text)")
        #expect(written[1][4] == "Café \"Zürich\"" && written[2][4] == "Bäckerei; Bern")
        #expect(written[1][10] == "2024-03-22" && written[2][10] == "2024-03-28", "\(written)")
        #expect(written[1][7] == line("-45.80", "chf", "usd", "2024-03-22").replacingOccurrences(of: ".", with: ","))
        #expect(output.notes.contains { $0.contains("Belegdatum") && $0.contains("Buchungstag") }, "\(output.notes)")
        #expect(output.notes.contains { $0.contains("„22.03.24“") && $0.contains("„22.03.2024“") }, "\(output.notes)")
    }

    /// Amount and currency in one cell (`-25,00 GBP`, `GBP -25,00`, `-5,50 £`, `1.234,50 USD`):
    /// each row in its own currency; a row without one fails.
    @Test func anAmountCarriesItsCurrency() throws {
        let table = "\u{FEFF}Buchungstag;Text;Betrag\r\n25.03.2024;Hotel;-25,00 GBP\r\n26.03.2024;Taxi;GBP -12,00\r\n"
            + "27.03.2024;Pub;-5,50 £\r\n28.03.2024;Bank;1.234,50 USD\r\n29.03.2024;Bar;7,00\r\n"
        let output = try convert(table, options([.eur]), locale: "de_DE")
        let written = rows(output, ";")
        func euros(_ amount: String, _ code: String, _ day: String) -> String {
            line(amount, code, "eur", day).replacingOccurrences(of: ".", with: ",")
        }
        #expect(written[1][3] == euros("-25.00", "gbp", "2024-03-25") && written[2][3] == euros("-12.00", "gbp", "2024-03-26"), "\(output.text)")
        #expect(written[3][3] == euros("-5.50", "gbp", "2024-03-27") && written[4][3] == euros("1234.50", "usd", "2024-03-28"))
        #expect(output.failed == 1 && written[5][3].isEmpty)
        // Without a currency beside any amount, and none named: refused as before.
        #expect(throws: DocumentConverter.Failure.self) { try convert("Buchungstag;Betrag\n25.03.2024;-25,00\n", options([.eur]), locale: "de_DE") }
    }

    /// `Betrag (€)` and `Amount [USD]` name their currency by symbol or code in brackets.
    @Test func aBracketedSymbolNamesTheCurrency() throws {
        let output = try convert("Belegdatum;Betrag (€);Text\n22.03.2024;-12,50;Cafe\n", options([.usd]), locale: "de_DE")
        #expect(rows(output, ";")[1][3] == line("-12.50", "eur", "usd", "2024-03-22").replacingOccurrences(of: ".", with: ","), "\(output.text)")
        // A bracket after a date's name says its time zone, not a currency: `Date (UTC)` is the date.
        let utc = try convert("Date (UTC),Amount,Currency\n2024-01-02 10:15:00,100.00,USD\n", options([.eur]))
        #expect(rows(utc)[1][3] == line("100.00", "usd", "eur", "2024-01-02"), "\(utc.text)")
        let square = try convert("Date,Amount [GBP]\n2024-03-22,10.00\n", options([.usd]))
        #expect(rows(square)[1][2] == line("10.00", "gbp", "usd", "2024-03-22"), "\(square.text)")
        #expect(DocumentConverter.expandedYear("25.03.24") == "25.03.2024" && DocumentConverter.expandedYear("01/02/99 10:15") == "01/02/1999 10:15")
        #expect(DocumentConverter.expandedYear("25.03.2024") == nil && DocumentConverter.expandedYear("25.03-24") == nil)
    }

    /// The layouts banks and payment services document, each a small file written from their
    /// documented columns (preamble lines, quoting and encoding as they write them): every row
    /// converts, from the amount the layout means, in its currency, at the day it means.
    @Test(arguments: BankLayout.all) func aDocumentedLayoutConverts(_ layout: BankLayout) throws {
        let engine = engine(layout.locale)
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        var options = options([.usd])
        options.from = layout.from
        let output = try DocumentConverter(engine: engine).convert(
            bytes: layout.bytes, asked: nil, options, state: &state, now: now, host: SilentHost(locale: engine.locale))
        #expect(output.failed == 0 && output.rows == layout.expected.count, "\(layout.name): \(output.text) \(output.problems)")
        let written = rows(output, layout.delimiter)
        let header = written.firstIndex { $0.contains("USD") } ?? 0
        let usd = written[header].firstIndex(of: "USD") ?? 0
        for (index, (amount, currency, day)) in layout.expected.enumerated() {
            var value = line(amount, currency, "usd", day)
            if layout.decimalComma { value = value.replacingOccurrences(of: ".", with: ",") }
            #expect(written[header + 1 + index][usd] == value, "\(layout.name) row \(index + 1): \(output.text)")
        }
    }
}

/// A bank's or payment service's export as documented, and what each row is.
struct BankLayout: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let locale: String
    var from: CurrencyCode? = nil
    var delimiter: Character = ","
    var decimalComma = false
    /// Each row's amount, currency and the day its rate is of.
    let expected: [(String, String, String)]

    var testDescription: String { name }

    static func windows1252(_ text: String) -> [UInt8] { Array(text.data(using: .windowsCP1252) ?? Data()) }

    static let all: [BankLayout] = [
        BankLayout(
            name: "Sparkasse CSV-CAMT",
            bytes: windows1252(
                "\"Auftragskonto\";\"Buchungstag\";\"Valutadatum\";\"Buchungstext\";\"Verwendungszweck\";\"Glaeubiger ID\";\"Mandatsreferenz\";"
                    + "\"Kundenreferenz (End-to-End)\";\"Sammlerreferenz\";\"Lastschrift Ursprungsbetrag\";\"Auslagenersatz Ruecklastschrift\";"
                    + "\"Beguenstigter/Zahlungspflichtiger\";\"Kontonummer/IBAN\";\"BIC (SWIFT-Code)\";\"Betrag\";\"Waehrung\";\"Info\"\r\n"
                    + "\"DE02120300000000202051\";\"02.01.24\";\"02.01.24\";\"KARTENZAHLUNG\";\"Bäckerei Müller\";\"\";\"\";\"\";\"\";\"\";\"\";"
                    + "\"Bäckerei Müller\";\"DE123\";\"BYLADEM1001\";\"-12,50\";\"EUR\";\"Umsatz gebucht\"\r\n"),
            locale: "de_DE", delimiter: ";", decimalComma: true, expected: [("-12.50", "eur", "2024-01-02")]),
        BankLayout(
            name: "DKB Girokonto",
            bytes: Array(
                ("\u{FEFF}\"Girokonto\";\"DE12120300001234567890\"\n\"\"\n\"Kontostand vom 31.01.2024:\";\"1.234,56 €\"\n\"\"\n"
                    + "\"Buchungsdatum\";\"Wertstellung\";\"Status\";\"Zahlungspflichtige*r\";\"Zahlungsempfänger*in\";\"Verwendungszweck\";"
                    + "\"Umsatztyp\";\"IBAN\";\"Betrag (€)\";\"Gläubiger-ID\";\"Mandatsreferenz\";\"Kundenreferenz\"\n"
                    + "\"30.01.24\";\"30.01.24\";\"Gebucht\";\"Max Mustermann\";\"REWE\";\"Einkauf\";\"Ausgang\";\"DE99\";\"-42,10\";\"\";\"\";\"\"\n").utf8),
            locale: "de_DE", delimiter: ";", decimalComma: true, expected: [("-42.10", "eur", "2024-01-30")]),
        // The card's export: the euro amount charged beside the receipt's own amount and currency
        // in one cell; a euro receipt leaves that cell empty.
        BankLayout(
            name: "DKB Kreditkarte",
            bytes: windows1252(
                "\"Kreditkarte:\";\"4930********1234 Kreditkarte\";\r\n\"Zeitraum:\";\"seit der letzten Abrechnung\";\r\n\r\n"
                    + "\"Belegdatum\";\"Wertstellung\";\"Beschreibung\";\"Betrag (€)\";\"Ursprünglicher Betrag\"\r\n"
                    + "\"02.03.2024\";\"05.03.2024\";\"HILTON NEW YORK\";\"-381,23\";\"-412,37 USD\"\r\n"
                    + "\"11.03.2024\";\"12.03.2024\";\"TFL TRAVEL CH\";\"-29,43\";\"-25,00 GBP\"\r\n"
                    + "\"01.04.2024\";\"03.04.2024\";\"LUFTHANSA\";\"-318,99\";\"\"\r\n"),
            locale: "de_DE", delimiter: ";", decimalComma: true,
            expected: [("-412.37", "usd", "2024-03-02"), ("-25.00", "gbp", "2024-03-11"), ("-318.99", "eur", "2024-04-01")]),
        BankLayout(
            name: "ING",
            bytes: windows1252(
                "Umsatzanzeige;Datei erstellt am: 31.01.2024 10:00\n;Letztes Update: aktuell\n\nIBAN;DE12 5001 0517 1234 5678 90\n"
                    + "Kontoname;Girokonto\nBank;ING\nZeitraum;01.01.2024 - 31.01.2024\nSaldo;1.234,56;EUR\n\nSortierung;Datum absteigend\n\n"
                    + "In der CSV-Datei finden Sie alle bereits gebuchten Umsätze.\n\n"
                    + "Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung\n"
                    + "30.01.2024;31.01.2024;REWE;Lastschrift;Einkauf;1.234,56;EUR;-42,10;EUR\n"
                    + "29.01.2024;29.01.2024;Hotel Zürich;Lastschrift;Zimmer;1.276,66;EUR;-150,00;CHF\n"),
            locale: "de_DE", delimiter: ";", decimalComma: true, expected: [("-42.10", "eur", "2024-01-30"), ("-150.00", "chf", "2024-01-29")]),
        BankLayout(
            name: "N26",
            bytes: Array(
                ("\"Date\",\"Payee\",\"Account number\",\"Transaction type\",\"Payment reference\",\"Amount (EUR)\",\"Amount (Foreign Currency)\","
                    + "\"Type Foreign Currency\",\"Exchange Rate\"\n"
                    + "\"2024-01-15\",\"Starbucks NYC\",\"\",\"MasterCard Payment\",\"\",\"-5.53\",\"-6.00\",\"USD\",\"0.9216\"\n"
                    + "\"2024-01-16\",\"REWE\",\"\",\"MasterCard Payment\",\"\",\"-42.10\",\"\",\"\",\"\"\n").utf8),
            locale: "en_US", expected: [("-6.00", "usd", "2024-01-15"), ("-42.10", "eur", "2024-01-16")]),
        BankLayout(
            name: "Revolut",
            bytes: Array(
                ("Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance\n"
                    + "CARD_PAYMENT,Current,2024-01-15 10:15:30,2024-01-17 09:00:00,Starbucks,-6.00,0.00,GBP,COMPLETED,94.00\n").utf8),
            locale: "en_GB", expected: [("-6.00", "gbp", "2024-01-15")]),
        BankLayout(
            name: "Wise",
            bytes: Array(
                ("\"TransferWise ID\",Date,Amount,Currency,Description,\"Payment Reference\",\"Running Balance\",\"Exchange From\",\"Exchange To\","
                    + "\"Exchange Rate\",\"Payer Name\",\"Payee Name\",\"Payee Account Number\",Merchant,\"Card Last Four Digits\",\"Card Holder Full Name\","
                    + "Attachment,Note,\"Total fees\"\n"
                    + "CARD-1,15-01-2024,-6.00,GBP,\"Card transaction of 6.00 GBP issued by Pret\",,94.00,,,,,,,Pret,1234,\"Max M\",,,0.00\n"
                    + "CARD-2,03-02-2024,-3.00,GBP,\"Card transaction of 3.00 GBP issued by Tube\",,91.00,,,,,,,Tube,1234,\"Max M\",,,0.00\n").utf8),
            locale: "en_US", expected: [("-6.00", "gbp", "2024-01-15"), ("-3.00", "gbp", "2024-02-03")]),
        BankLayout(
            name: "American Express (US)",
            bytes: Array("Date,Description,Amount\n01/15/2024,STARBUCKS,6.00\n01/16/2024,UBER,23.45\n".utf8), locale: "en_US",
            from: CurrencyCode("GBP"), expected: [("6.00", "gbp", "2024-01-15"), ("23.45", "gbp", "2024-01-16")]),
        BankLayout(
            name: "PayPal (de)",
            bytes: Array(
                ("\u{FEFF}\"Datum\",\"Uhrzeit\",\"Zeitzone\",\"Name\",\"Typ\",\"Status\",\"Währung\",\"Brutto\",\"Gebühr\",\"Netto\","
                    + "\"Absender E-Mail-Adresse\",\"Empfänger E-Mail-Adresse\",\"Transaktionscode\"\n"
                    + "\"15.01.2024\",\"10:15:30\",\"MEZ\",\"Shop\",\"Zahlung\",\"Abgeschlossen\",\"GBP\",\"-6,00\",\"0,00\",\"-6,00\",\"a@b\",\"c@d\",\"1AB\"\n").utf8),
            locale: "de_DE", decimalComma: true, expected: [("-6.00", "gbp", "2024-01-15")]),
    ]
}
