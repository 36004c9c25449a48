import CambioCore
import CambioTestSupport
import Foundation
import Testing

/// `cambio prices … --format ledger|hledger|beancount`: the files read by Debian's ledger,
/// hledger and bean-check themselves, and the conversions they compute from them (each
/// transaction valued at the price of its day, a weekend at the Friday's) matching Cambio's.
@Suite(.serialized) struct PriceFileTests {
    /// Days of 2024 with a weekend, a holiday (Good Friday, 1 May) and ordinary days.
    static let days = ["2024-01-02", "2024-01-06", "2024-03-29", "2024-05-01", "2024-07-04", "2024-10-15", "2024-12-31"]
    static let amounts = ["100.00", "1234.56", "0.99", "45.80", "99999.99", "12.34", "7.00"]

    static func run(_ program: String, _ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(program) \(arguments): \(problem)")
        return text
    }

    /// Cambio's cents for each transaction: the dated line, rounded to minor units.
    static func expected(_ home: TemporaryDirectory, from: String, to: String) throws -> [String] {
        let lines = zip(amounts, days).map { "\($0) \(from) in \(to) on \($1)" }.joined(separator: "\n") + "\n"
        let run = try Cambio.run(["--round", "4"], stdin: lines, environment: home.environment())
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map { line in
            String(line.split(separator: "=").last ?? "").filter { $0.isNumber || $0 == "." }
        }
    }

    static func prices(_ home: TemporaryDirectory, _ words: [String], syntax: String) throws -> String {
        let run = try Cambio.run(["prices"] + words + ["--format", syntax], environment: home.environment())
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// A journal in ledger's and hledger's syntax: `header`, then one receipt a day in `from`.
    static func journal(_ header: String, _ from: String, _ path: String) throws {
        var journal = header
        for (amount, day) in zip(amounts, days) { journal += "\(day) Receipt\n    Expenses:Travel    \(amount) \(from)\n    Assets:Card\n\n" }
        try journal.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A pair the ECB publishes (EUR in USD) and a cross rate (GBP in CHF, ten significant digits).
    static let pairs = [("EUR", "USD"), ("GBP", "CHF")]

    @Test(arguments: pairs) func ledgerValuesEachTransactionAtItsDaysPrice(_ from: String, _ to: String) throws {
        let home = try TemporaryDirectory()
        try Self.prices(home, [from, to, "2024"], syntax: "ledger").write(toFile: home.path + "/prices.ledger", atomically: true, encoding: .utf8)
        try Self.journal("include prices.ledger\ncommodity \(to)\n    format 1000.0000 \(to)\n\n", from, home.path + "/main.ledger")
        let output = try Self.run(
            "ledger", ["-f", "main.ledger", "reg", "Expenses", "-X", to, "-H", "--no-revalued", "--format", "%(quantity(scrub(display_amount)))\n"],
            in: home.path)
        let values = output.split(separator: "\n").map { String(format: "%.4f", Double($0) ?? .nan) }
        #expect(values == (try Self.expected(home, from: from, to: to)))
    }

    @Test(arguments: pairs) func hledgerValuesEachTransactionAtItsDaysPrice(_ from: String, _ to: String) throws {
        let home = try TemporaryDirectory()
        try Self.prices(home, [from, to, "2024"], syntax: "hledger").write(toFile: home.path + "/prices.journal", atomically: true, encoding: .utf8)
        try Self.journal("include prices.journal\ncommodity 1000.0000 \(to)\n\n", from, home.path + "/main.journal")
        _ = try Self.run("hledger", ["-f", "main.journal", "check"], in: home.path)
        let output = try Self.run("hledger", ["-f", "main.journal", "reg", "Expenses", "--value=then,\(to)", "-O", "csv"], in: home.path)
        // CSV: "txnidx","date","code","description","account","amount","total".
        let values = output.components(separatedBy: .newlines).filter { !$0.isEmpty }.dropFirst().map { row -> String in
            let fields = row.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            return fields.count > 5 ? fields[5].filter { $0.isNumber || $0 == "." } : ""
        }
        #expect(values == (try Self.expected(home, from: from, to: to)))
    }

    @Test(arguments: pairs) func beancountChecksTheFileAndConvertsWithIt(_ from: String, _ to: String) throws {
        let home = try TemporaryDirectory()
        try Self.prices(home, [from, to, "2024", "fill"], syntax: "beancount").write(
            toFile: home.path + "/prices.beancount", atomically: true, encoding: .utf8)
        var ledger =
            "option \"operating_currency\" \"\(to)\"\ninclude \"prices.beancount\"\n2024-01-01 open Expenses:Travel\n2024-01-01 open Assets:Card\n"
        for (amount, day) in zip(Self.amounts, Self.days) { ledger += "\(day) * \"Receipt\"\n  Expenses:Travel  \(amount) \(from)\n  Assets:Card\n" }
        try ledger.write(toFile: home.path + "/main.beancount", atomically: true, encoding: .utf8)
        _ = try Self.run("bean-check", ["main.beancount"], in: home.path)
        let output = try Self.run(
            "bean-query",
            ["-f", "csv", "main.beancount", "SELECT number(convert(position, '\(to)', date)) AS value WHERE account = 'Expenses:Travel'"],
            in: home.path)
        let values = output.components(separatedBy: .newlines).filter { !$0.isEmpty }.dropFirst().map { line -> String in
            // Every digit of the product, rounded here half to even to 4 places as Cambio's is.
            var exact = Decimal(string: line.trimmingCharacters(in: .whitespaces)) ?? .nan
            var rounded = Decimal()
            NSDecimalRound(&rounded, &exact, 4, .bankers)
            let text = "\(rounded)"
            let places = text.split(separator: ".").dropFirst().first?.count ?? 0
            return text + (places == 0 ? "." : "") + String(repeating: "0", count: 4 - places)
        }
        let expected = try Self.expected(home, from: from, to: to)
        #expect(values == expected)
    }

    /// `prices eur in usd gbp chf 2024-01`: several home currencies in one file, its prices
    /// sorted by day, each the one its pair's own file has; one day, or a range of one day, is
    /// a period (they were read as a currency, and as a chart's range).
    @Test func severalHomeCurrenciesAndOneDay() throws {
        let home = try TemporaryDirectory()
        func prices(_ text: String) -> [String] { text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("P ") } }
        let several = prices(try Self.prices(home, ["eur", "in", "usd", "gbp", "chf", "2024-01"], syntax: "ledger"))
        var alone: [String] = []
        for target in ["usd", "gbp", "chf"] { alone += prices(try Self.prices(home, ["eur", target, "2024-01"], syntax: "ledger")) }
        #expect(Set(several) == Set(alone) && several.count == alone.count && !several.isEmpty)
        let days = several.map { $0.split(separator: " ")[1] }
        #expect(days == days.sorted(), "\(several)")
        #expect(prices(try Self.prices(home, ["eur", "usd", "2024-01-02"], syntax: "ledger")) == ["P 2024-01-02 EUR 1.0956 USD"])
        #expect(prices(try Self.prices(home, ["eur", "usd", "2024-01-02..2024-01-02"], syntax: "ledger")) == ["P 2024-01-02 EUR 1.0956 USD"])
    }

    @Test func theFileSaysWhatItIsAndFillsDaysWithAComment() throws {
        let home = try TemporaryDirectory()
        let text = try Self.prices(home, ["usd", "in", "eur", "2024-01-01..2024-01-08", "fill", "inverse"], syntax: "hledger")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("; prices of USD in EUR, 2024-01-01 to 2024-01-08: indicative mid-market") == true)
        #expect(lines.last == "; USD/EUR: inverses of the published rates (asked for with “inverse”), to 10 significant digits")
        // Without `inverse`, the price is the ECB's own, EUR in USD, and the file says only that.
        let published = try Self.prices(home, ["usd", "in", "eur", "2024-01-02..2024-01-03"], syntax: "ledger")
        #expect(published.split(separator: "\n").filter { $0.hasPrefix("P ") } == ["P 2024-01-02 EUR 1.0956 USD", "P 2024-01-03 EUR 1.0919 USD"])
        #expect(published.hasSuffix("; rates as the source published them, digit for digit\n") && !published.contains("cross"), "\(published)")
        let cross = try Self.prices(home, ["usd", "gbp", "2024-01-02"], syntax: "ledger")
        #expect(cross.hasSuffix("; USD/GBP: cross rates through the euro, to 10 significant digits\n") && !cross.contains("as the source published"))
        #expect(lines.contains("; 2024-01-01 to 2024-01-01: no publication, the rates of 2023-12-29 used, as a dated line uses them"))
        #expect(lines.contains("P 2024-01-01 USD 0.9049773756 EUR"))
        #expect(lines.contains("P 2024-01-06 USD 0.9156670635 EUR") && lines.contains("P 2024-01-07 USD 0.9156670635 EUR"))
        // A period that begins and ends without a publication is filled within it only.
        let easter = try Self.prices(home, ["usd", "in", "eur", "2024-03-30..2024-03-31", "fill", "inverse"], syntax: "hledger")
        #expect(
            easter.split(separator: "\n").filter { $0.hasPrefix("P ") } == ["P 2024-03-30 USD 0.9249838128 EUR", "P 2024-03-31 USD 0.9249838128 EUR"])
        // In every locale the same: ISO dates, a point, no grouping.
        let german = try Cambio.run(
            ["prices", "eur", "jpy", "2024-01", "--format", "ledger"], environment: home.environment(["LANG": "de_DE.UTF-8"]))
        #expect(german.stdout.contains("P 2024-01-02 EUR 155.68 JPY"))
        let gnucash = try Self.prices(home, ["eur", "usd", "2024-01-01..2024-01-03"], syntax: "gnucash")
        #expect(gnucash == "date,namespace,symbol,currency,price\n2024-01-02,CURRENCY,EUR,USD,1.0956\n2024-01-03,CURRENCY,EUR,USD,1.0919\n")
        let averages = try Self.prices(home, ["eur", "usd", "2024", "average", "monthly"], syntax: "ledger")
        #expect(averages.contains("; 2024-01: the average of 22 published days, 2024-01-02/2024-01-31\nP 2024-01-01 EUR 1.0905 USD"))
        // A month without an average of the pair is left out and said, in the file and on
        // standard error, never dropped in silence.
        let stopped = try Cambio.run(["prices", "rub", "eur", "2022", "average", "monthly", "--format", "ledger"], environment: home.environment())
        // The file is written, and the status says it lacks months asked.
        #expect(stopped.status == 1 && stopped.stdout.filter { $0 == "P" }.count == 2)
        #expect(stopped.stderr.contains("have no price in the file"), "\(stopped.stderr)")
        #expect(stopped.stdout.contains("; 2022-03: no average of EUR in RUB: RUB has a rate on 1 of the 23 published days, no price written"))
        #expect(stopped.stderr.contains("2022-12: no average of EUR in RUB"))
        // So is a run of published days without the pair, where no day is filled: the ECB
        // stopped quoting RUB after 2022-03-01.
        let daily = try Cambio.run(["prices", "eur", "rub", "2022-02-25..2022-03-04", "--format", "ledger"], environment: home.environment())
        #expect(daily.status == 1 && daily.stdout.contains("P 2022-03-01 EUR 117.201 RUB\n; 2022-03-02 to 2022-03-04: no rate of EUR in RUB"))
        #expect(daily.stderr.contains("2022-03-02 to 2022-03-04: no rate of EUR in RUB"))
        // One day is said as one; a period wholly past the rates held says where they end.
        let monday = try Cambio.run(["prices", "eur", "usd", "2026-10-30..2026-11-02"], environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        #expect(monday.stdout.contains("; 2026-11-02: no rate of EUR in USD held for this day"), "\(monday.stdout)")
        // A weekend's rates are not published: `fill` writes them, and the error says so.
        for period in ["2024-01-06..2024-01-07", "2026-10-31..2026-11-01"] {
            let weekend = try Cambio.run(["prices", "eur", "usd", period], environment: home.environment(["CAMBIO_OFFLINE": "1"]))
            #expect(weekend.status != 0 && weekend.stderr.contains("add fill"), "\(period): \(weekend.stderr)")
        }
        // Monthly averages over a period reaching past the rates held: the months held are
        // written, the others named, and the status says the file lacks them.
        let past = try Cambio.run(
            ["prices", "eur", "usd", "2026-09-01..2026-11-30", "average", "monthly"], environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        #expect(past.status == 1 && past.stdout.contains("P 2026-09-01 EUR") && past.stdout.contains("P 2026-10-01 EUR"), "\(past.stdout)")
        #expect(past.stdout.contains("; none of the ECB's rates of 2026-11 are here") && past.stderr.contains("1 of the days or months"), "\(past.stderr)")
        let later = try Cambio.run(["prices", "eur", "usd", "2026-11-02..2026-11-06"], environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        #expect(later.status != 0 && later.stderr.contains("the ECB's rates held end on 2026-10-30"), "\(later.stderr)")
        let wrong = try Cambio.run(["12", "eur", "in", "usd", "--format", "ledger"], environment: home.environment())
        #expect(wrong.status == 2 && wrong.stderr.contains("prices eur usd 2024 --format ledger"))
    }

    /// Periods around what a filled day can get wrong: a currency the ECB stopped quoting (RUB)
    /// or left out for years (ISK), euro entries on a holiday (HRK, BGN) and on a working day
    /// (CYP), Easter for a cross rate, the days past the rates held, and a table only the seed
    /// holds (AED, 2026-07-06).
    static let filledPeriods = [
        ("rub", "eur", "2022-02-24..2022-03-08"), ("isk", "eur", "2008-12-04..2008-12-16"), ("usd", "hrk", "2022-12-28..2023-01-04"),
        ("bgn", "usd", "2025-12-27..2026-01-06"), ("eur", "cyp", "2007-12-27..2008-01-03"), ("gbp", "chf", "2024-03-27..2024-04-03"),
        ("usd", "eur", "2026-10-27..2026-11-04"), ("aed", "usd", "2026-07-03..2026-07-08"),
    ]

    /// `fill` writes, for every day of the period, what the dated line of that day converts
    /// with (its rate's day, source and rate), and nothing for a day whose dated line fails.
    @Test(arguments: filledPeriods) func aFilledDayHasTheRateItsDatedLineTakes(_ from: String, _ to: String, _ period: String) throws {
        let home = try TemporaryDirectory()
        let environment = home.environment(["CAMBIO_OFFLINE": "1"])
        let file = try Cambio.run(["prices", from, to, period, "fill", "--format", "csv"], environment: environment)
        #expect(file.status == 0 || file.status == 1, "\(file.stderr)")
        var prices: [String: [String]] = [:]
        for row in file.stdout.split(separator: "\n").dropFirst() {
            let fields = row.split(separator: ",").map(String.init)
            if fields.count == 6 { prices[fields[0]] = fields }
        }
        let bounds = period.components(separatedBy: "..")
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        guard bounds.count == 2, var day = formatter.date(from: bounds[0]), let last = formatter.date(from: bounds[1]) else {
            Issue.record("a period \(period)")
            return
        }
        var days: [String] = []
        while day <= last {
            days.append(formatter.string(from: day))
            day += 86_400
        }
        // In the direction the file writes (the source's: EUR/RUB for `rub eur`).
        let (from, to) = prices.values.first.map { ($0[1], $0[2]) } ?? (from, to)
        let lines = days.map { "1 \(from) in \(to) on \($0)" }.joined(separator: "\n") + "\n"
        let dated = try Cambio.run(["--format", "json"], stdin: lines, environment: environment)
        let records = dated.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(records.count == days.count)
        var left = 0
        for (asked, record) in zip(days, records) {
            guard record["type"] as? String == "conversion", let rate = record["rate"] as? String else {
                #expect(prices[asked] == nil, "\(from) \(to) \(asked): a price, but the dated line fails")
                left += 1
                continue
            }
            guard let price = prices[asked] else {
                Issue.record("\(from) \(to) \(asked): no price, but the dated line converts at \(rate)")
                continue
            }
            #expect(price[4] == record["date"] as? String && price[5] == record["source"] as? String, "\(asked): \(price) against \(record)")
            // The price has the rate's published digits, or ten significant ones.
            if let written = Decimal(string: price[3]), let exact = Decimal(string: String(rate.prefix(30))) {
                let difference = abs((written - exact) / exact)
                #expect(difference < Decimal(string: "5e-10")!, "\(asked): \(price[3]) for \(rate)")
            } else {
                Issue.record("\(asked): unreadable \(price[3]) or \(rate)")
            }
        }
        // Every day left out is said, on standard error and nowhere else, and the status says
        // the file lacks days asked.
        #expect(left == 0 || file.stderr.contains("no price written"), "\(file.stderr)")
        #expect(file.status == (left == 0 ? 0 : 1), "\(left) days left out, status \(file.status)")
        #expect(prices.count + left == days.count)
    }
}
