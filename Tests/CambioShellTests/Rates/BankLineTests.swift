import CambioCore
import CambioTestSupport
import Foundation
import Testing

/// `… from SOURCE` and `… by RULE` through the built program, against a real HTTP server on
/// 127.0.0.1 answering at each service's own path with the central banks' recorded answers
/// (`Tests/CambioRatesTests/Fixtures/banks`), then offline from the cache.
@Suite struct BankLineTests {
    let server: LoopbackServer
    let home: TemporaryDirectory
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("CambioRatesTests/Fixtures/banks")

    static func body(_ name: String) -> [UInt8] { (try? Array(Data(contentsOf: fixtures.appendingPathComponent(name)))) ?? [] }

    /// Serves `name` where `bank` asks for `day` today.
    func serve(_ bank: any Bank, _ day: String, series: String = "", _ name: String) {
        let request = bank.request(for: Day(iso: day)!, series: series, today: Day.utc(Date()))
        server.route(request.path, .init(status: 200, headers: [("Content-Type", "application/json")], body: Self.body(name)))
    }

    init() throws {
        server = try LoopbackServer()
        home = try TemporaryDirectory()
        serve(NBP(), "2026-03-03", series: "A", "nbp-api-tables-A-2026-03-01_2026-03-05.json")
        serve(NBP(), "2026-03-03", series: "B", "nbp-api-tables-B-2026-03-01_2026-03-05.json")
        serve(TCMB(), "2015-12-04", "tcmb-kurlar-04122015-full.iso-8859-9.xml")
        serve(HMRC(), "2024-01-15", "hmrc-monthly-exrates-2024-01.xml")
        serve(CNB(), "2026-03-07", "cnb-api-exrates-daily-year-2026.json")
        serve(BankOfCanada(), "2026-03-15", "boc-valet-group-FX_RATES_DAILY-from-2026-03-12.json")
        serve(Treasury(), "2001-07-01", "treasury-rates_of_exchange-Brazil-Real-2001H1.reformatted.json")
    }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        home.environment(["CAMBIO_PROVIDER_URL": server.baseURL].merging(extra) { _, new in new })
    }

    /// A run, its output's no-break spaces (between a code and its amount) written as spaces.
    func run(_ line: String, _ extra: [String: String] = [:]) throws -> Cambio.Run {
        Self.plain(try Cambio.run(line.split(separator: " ").map(String.init), environment: environment(extra)))
    }

    static func plain(_ run: Cambio.Run) -> Cambio.Run {
        Cambio.Run(
            status: run.status,
            stdout: run.stdout.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " "),
            stderr: run.stderr)
    }

    @Test func eachWorkedExampleTakesTheTableTheRuleNames() throws {
        // Poland: table A of the working day before (Mon 2026-03-02: EUR 4.2304).
        let pl = try run("250 eur in pln on 2026-03-03 by pl")
        #expect(pl.stdout == "€250.000 = PLN 1,057.600\n", "\(pl.stderr)")
        #expect(pl.stderr.contains("2026-03-02") && pl.stderr.contains("rule pl"), "\(pl.stderr)")
        // The NBP's own table of the day (4.2732), never another source's.
        let nbp = try run("250 eur in pln on 2026-03-03 from nbp")
        #expect(nbp.stdout == "€250.000 = PLN 1,068.300\n", "\(nbp.stderr)")
        // A currency of table B (weekly, Wednesday 2026-03-04): AFN 0.056626.
        let afn = try run("1000 afn in pln on 2026-03-05 by pl")
        #expect(afn.stdout == "AFN 1,000.000 = PLN 56.626\n", "\(afn.stderr)")
        // Turkey: the bulletin announced Friday 2015-12-04 is in force on Monday; forex buying 2.8921.
        let tr = try run("100 usd in try on 2015-12-07 by tr")
        #expect(tr.stdout == "$100.000 = TRY 289.210\n", "\(tr.stderr)")
        // Banknote buying, the yen per 100: 2.3401 lira for 100 yen.
        let cash = try run("10000 jpy in try on 2015-12-07 by tr-banknote")
        #expect(cash.stdout == "¥10,000.000 = TRY 234.010\n", "\(cash.stderr)")
        // UK: the month's rate, USD 1.2651 per pound.
        let uk = try run("1265.10 usd in gbp on 2024-01-15 by uk")
        #expect(uk.stdout == "$1,265.100 = £1,000.000\n", "\(uk.stderr)")
        // Czechia: a Saturday takes Friday's fixing; HUF per 100.
        let cz = try run("1000 huf in czk on 2026-03-07 by cz")
        #expect(cz.stdout.hasSuffix("CZK 62.140\n"), "\(cz.stdout) \(cz.stderr)")
        #expect(cz.stderr.contains("2026-03-06"), "\(cz.stderr)")
        // Canada: the day's rate, USD 1.3617 on 2026-03-12 … and a Sunday takes Friday's.
        let ca = try run("100 usd in cad on 2026-03-15 by ca")
        #expect(ca.stdout == "$100.000 = CA$137.160\n", "\(ca.stdout) \(ca.stderr)")
        // US: the Treasury's rate in force (2001-06-30, 2.36 reais per dollar).
        let us = try run("236 brl in usd on 2001-07-01 by us")
        #expect(us.stdout == "R$236.000 = $100.000\n", "\(us.stdout) \(us.stderr)")
    }

    @Test func recordsNameSourceRuleKindAndDays() throws {
        let json = try run("--format json 100 usd in try on 2015-12-07 by tr")
        #expect(
            json.stdout.contains(#""date": "2015-12-04", "source": "tcmb", "date_asked": "2015-12-07", "substitution": "day_before""#),
            "\(json.stdout)")
        #expect(json.stdout.contains(#""rule": "tr", "rate_kind": "buying""#), "\(json.stdout)")
        // Offline afterwards, from the cache; the server is not asked again.
        let asked = server.requestedPaths.count
        let offline = try run("100 usd in try on 2015-12-07 by tr", ["CAMBIO_OFFLINE": "1"])
        #expect(offline.stdout == "$100.000 = TRY 289.210\n", "\(offline.stderr)")
        #expect(server.requestedPaths.count == asked)
        #expect(home.read("cache/cambio/history/bank-tcmb.json")?.contains("\"2015/231\"") == true)
        // status says the days held.
        let status = try run("status", ["CAMBIO_OFFLINE": "1"])
        #expect(status.stdout.contains("1 days, 2015-12-04 to 2015-12-04"), "\(status.stdout)")
    }

    @Test func aRuleForTheSessionAndForOneShotAndPipes() throws {
        let pipe = try Self.plain(Cambio.run([], stdin: "rule pl\n250 eur in pln on 2026-03-03\nrule off\n", environment: environment()))
        #expect(pipe.stdout.contains("€250.000 = PLN 1,057.600"), "\(pipe.stdout) \(pipe.stderr)")
        let option = try run("--rule pl 250 eur in pln on 2026-03-03")
        #expect(option.stdout == "€250.000 = PLN 1,057.600\n", "\(option.stderr)")
        let source = try run("--source nbp 250 eur in pln on 2026-03-03")
        #expect(source.stdout == "€250.000 = PLN 1,068.300\n", "\(source.stderr)")
        let unknown = try Cambio.run(["--rule", "xx", "1", "eur"], environment: environment())
        #expect(unknown.status != 0 && unknown.stderr.contains("pl, tr"), "\(unknown.stderr)")
        // A document's rows by the rule.
        let csv = "Date,Amount,Currency\n2026-03-03,250,EUR\n2026-03-05,1000,AFN\n"
        let document = try Cambio.run(["--input", "csv", "-", "--to", "pln", "--rule", "pl"], stdin: csv, environment: environment())
        #expect(document.stdout.contains("1057.60") && document.stdout.contains("56.63"), "\(document.stdout) \(document.stderr)")
    }

    /// Canada's annual average: the year's table, dated its first day.
    @Test func aYearByCanadasAnnualAverage() throws {
        let annual = BankOfCanada().request(for: try #require(Day(iso: "2024-08-15")), series: "annual", today: Day.utc(Date()))
        // Valet's form, with the rates the bank published for 2024.
        let body = #"{"observations": [{"d": "2024-01-01", "FXAEURCAD": {"v": "1.4818"}, "FXAUSDCAD": {"v": "1.3698"}}]}"#
        server.route(annual.path, .init(text: body))
        let year = try run("1369.80 cad in usd on 2024-08-15 by ca-year")
        #expect(year.stdout == "CA$1,369.800 = $1,000.000\n", "\(year.stdout) \(year.stderr)")
        #expect(year.stderr.contains("2024-01-01"), "\(year.stderr)")
    }

    /// A price file by a rule: each day at the rate the rule names for it (the NBP's table of the
    /// working day before); from a source: the days it published.
    @Test func priceFilesByARuleAndFromASource() throws {
        let ruled = try run("prices eur pln 2026-03-03..2026-03-05 by pl")
        #expect(ruled.stdout.contains("P 2026-03-03 EUR 4.2304 PLN\nP 2026-03-04 EUR 4.2732 PLN\nP 2026-03-05 EUR 4.2685 PLN\n"), "\(ruled.stdout)")
        #expect(ruled.stdout.contains("rule pl"), "\(ruled.stdout)")
        let published = try run("prices huf czk 2026-03-05..2026-03-09 from cnb format beancount")
        #expect(published.stdout.contains("2026-03-06 price HUF 0.06214 CZK\n2026-03-09 price HUF 0.06171 CZK"), "\(published.stdout)")
        #expect(!published.stdout.contains("2026-03-07 price"), "\(published.stdout)")
    }

    /// Found in the trial in six locales: the note named table A where table B's rate was
    /// used; a pair across the NBP's two tables blamed the wrong currency; a second clause was
    /// read as part of the date; `source nbp` said no rates were held.
    @Test func whatATrialFound() throws {
        let afn = try run("100 afn in pln on 2026-03-06 by pl")
        #expect(afn.stdout == "AFN 100.000 = PLN 5.663\n", "\(afn.stderr)")
        #expect(afn.stderr.contains("2026-03-04") && !afn.stderr.contains("2026-03-05"), "\(afn.stderr)")
        let cross = try run("1000 afn in eur on 2026-03-05 by pl")
        #expect(cross.status != 0 && cross.stderr.contains("009/B/NBP/2026") && cross.stderr.contains("043/A/NBP/2026"), "\(cross.stderr)")
        let two = try run("100 eur in pln on 2026-03-03 by pl from nbp")
        #expect(two.status != 0 && two.stdout.isEmpty, "\(two.stdout)")
        let after = try run("100 eur in czk on 2013-01-20 by de average 2013-01")
        #expect(after.status != 0 && after.stdout.isEmpty, "\(after.stdout)")
        let both = try run("--rule pl --source nbp 1 eur")
        #expect(both.status != 0 && both.stderr.contains("--rule"), "\(both.stderr)")
        // A line's own source beats the session's rule: `from ecb` under `rule pl` is the ECB's.
        let ecb = try Self.plain(
            Cambio.run(["--format", "json"], stdin: "rule pl\n100 eur in pln on 2026-03-03 from ecb\n", environment: environment()))
        let conversion = ecb.stdout.split(separator: "\n").first { $0.contains(#""type": "conversion""#) } ?? ""
        #expect(conversion.contains(#""source": "ecb""#) && conversion.contains(#""rule": null"#), "\(ecb.stdout)")
        let pinned = try Self.plain(Cambio.run([], stdin: "source nbp\nsource\nstatus\n", environment: environment(["CAMBIO_OFFLINE": "1"])))
        #expect(pinned.stdout.contains("* nbp") && pinned.stdout.contains("NBP’s tables of each line’s day"), "\(pinned.stdout)")
        #expect(!pinned.stdout.contains("no NBP rates"), "\(pinned.stdout)")
    }

    /// A source that is down, answers 404 or garbage: a clear error naming the source and the
    /// day, and nothing of it kept.
    @Test func aSourceDownOrGarbageIsSaidAndNothingIsKept() throws {
        let garbage = HMRC().request(for: Day(iso: "2024-02-10")!, series: "", today: Day.utc(Date()))
        server.route(garbage.path, .init(status: 200, headers: [("Content-Type", "text/xml")], body: Array("<html>busy</html>".utf8)))
        let bad = try run("100 usd in gbp on 2024-02-10 by uk")
        #expect(bad.status != 0 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("HMRC") && bad.stderr.contains("2024-02-10"), "\(bad.stderr)")
        #expect(home.read("cache/cambio/history/bank-hmrc.json") == nil)
        let missing = try run("100 usd in gbp on 2023-06-10 by uk")
        #expect(missing.status != 0 && missing.stderr.contains("404"), "\(missing.stderr)")
        let unknown = try run("100 usd in gbp from xyz")
        #expect(unknown.status != 0 && unknown.stderr.contains("nbp"), "\(unknown.stderr)")
    }
}
