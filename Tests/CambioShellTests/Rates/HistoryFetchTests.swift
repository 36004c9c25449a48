import CambioTestSupport
import Foundation
import Testing

/// Dated lines past the bundled history, through the built binary against a real HTTP server
/// on 127.0.0.1 serving the ECB's 90-day file and currency-api's dated snapshots.
@Suite struct HistoryFetchTests {
    let server: LoopbackServer
    let home: TemporaryDirectory

    /// The ECB's history format: working days of November 2026, USD at 1.2 + day/10000.
    static var ninetyDays: String { ninetyDays() }

    /// The same from day `first` of November, USD at `units` + day/10000.
    static func ninetyDays(from first: Int = 2, units: Int = 1) -> String {
        var days = ""
        for day in (first...27).reversed() {
            let date = String(format: "2026-11-%02d", day)
            let weekday = (day - 2) % 7  // 2026-11-02 was a Monday: 0 is Monday
            guard weekday < 5 else { continue }
            days += "\t\t<Cube time='\(date)'>\n\t\t\t<Cube currency='USD' rate='\(units).2\(String(format: "%03d", day))'/>\n"
            days += "\t\t\t<Cube currency='JPY' rate='180.5'/>\n\t\t</Cube>\n"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
            \t<gesmes:subject>Reference rates</gesmes:subject>
            \t<Cube>
            \(days)\t</Cube>
            </gesmes:Envelope>
            """
    }

    /// currency-api's snapshot of 2025-05-03 (a Saturday): 1 EUR buys 4 AED.
    static let snapshot = """
        {"date": "2025-05-03", "eur": {"eur": 1, "aed": 4, "usd": 1.1, "btc": 0.00001}}
        """

    init() throws {
        server = try LoopbackServer()
        home = try TemporaryDirectory()
        server.route("/stats/eurofxref/eurofxref-hist-90d.xml", .init(contentType: "text/xml", text: Self.ninetyDays))
        server.route("/npm/@fawazahmed0/currency-api@2025-05-03/v1/currencies/eur.json", .init(text: Self.snapshot))
    }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        home.environment(["CAMBIO_PROVIDER_URL": server.baseURL].merging(extra) { _, new in new })
    }

    @Test func daysAfterTheBundleAreFetchedOnceThenAnsweredOffline() throws {
        let first = try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-20"], environment: environment())
        #expect(first.stdout == "€10.000 = $12.020\n", "\(first.stderr)")
        #expect(first.status == 0)
        #expect(server.requestedPaths.filter { $0.contains("hist-90d") }.count == 1)
        #expect(home.read("cache/cambio/history/ecb.json")?.contains("\"2026-11-20\"") == true)
        // A weekend: the Friday before, said on standard error.
        let weekend = try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-22"], environment: environment(["CAMBIO_OFFLINE": "1"]))
        #expect(weekend.stdout == "€10.000 = $12.020\n", "\(weekend.stderr)")
        #expect(weekend.stderr.contains("2026-11-20"))
        // Offline, from the cache; the server is not asked again.
        let offline = try Cambio.run(["10", "eur", "in", "jpy", "on", "2026-11-03"], environment: environment(["CAMBIO_OFFLINE": "1"]))
        #expect(offline.stdout == "€10.000 = ¥1,805.000\n", "\(offline.stderr)")
        #expect(server.requestedPaths.filter { $0.contains("hist-90d") }.count == 1)
        // The chart runs on into the fetched days.
        let chart = try Cambio.run(
            ["--format", "tsv", "chart", "eur", "usd", "2026-10-01..2026-11-27"], environment: environment(["CAMBIO_OFFLINE": "1"]))
        let point = chart.stdout.split(separator: "\n").first { $0.contains("\tpoint\t") && $0.contains("\t2026-11-27\t") }
        #expect(point?.contains("\tEUR\tUSD\t") == true && point?.contains("\t1.2027\t") == true, "\(chart.stdout.prefix(400)) \(chart.stderr)")
    }

    /// Found by a hostile tester: a later 90-day answer rewrote published days (the same
    /// dated line gave $1.143, then $11.433). A day is taken once; an answer that says
    /// otherwise is said, and the rates held stay.
    @Test(.tags(.hostile)) func aLaterAnswerNeverRewritesAPublishedDay() throws {
        let first = try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-20"], environment: environment())
        #expect(first.stdout == "€10.000 = $12.020\n", "\(first.stderr)")
        // As if that cache had been written on 2026-11-27: a later day is fetched again, and
        // this time every rate is ten times as high.
        let path = home.path + "/cache/cambio/history/ecb.json"
        let cached = try String(contentsOfFile: path, encoding: .utf8)
        let through = try #require(cached.range(of: #""through": "[0-9-]+""#, options: .regularExpression))
        try cached.replacingCharacters(in: through, with: #""through": "2026-11-27""#).write(toFile: path, atomically: true, encoding: .utf8)
        server.route("/stats/eurofxref/eurofxref-hist-90d.xml", .init(contentType: "text/xml", text: Self.ninetyDays(units: 12)))
        let later = try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-30"], environment: environment())
        #expect(server.requestedPaths.filter { $0.contains("hist-90d") }.count == 2, "\(later.stderr)")
        #expect(
            later.stderr.contains("gives other rates for days already held (20, the first 2026-11-02); the rates held are kept"), "\(later.stderr)")
        for run in [
            try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-20"], environment: environment(["CAMBIO_OFFLINE": "1"])),
            try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-20"], environment: environment()),
        ] {
            #expect(run.stdout == "€10.000 = $12.020\n", "\(run.stderr)")
        }
        #expect(home.read("cache/cambio/history/ecb.json")?.contains("\"USD\": 1.202") == true)
        #expect(home.read("cache/cambio/history/ecb.json")?.contains("12.2") == false)
    }

    /// Found by a hostile tester: when the 90-day file did not reach back to the day asked,
    /// every dated line fetched it again (11 requests for 10 lines), and the error called the
    /// fetched file's last day the bundled history's end. The file only moves on: a day before
    /// it is asked once, and the error names both ends of the gap.
    @Test(.tags(.hostile)) func aDayBeforeTheFetchedFileIsNotFetchedAgain() throws {
        server.route("/stats/eurofxref/eurofxref-hist-90d.xml", .init(contentType: "text/xml", text: Self.ninetyDays(from: 10)))
        for _ in 0..<3 {
            let run = try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-05"], environment: environment())
            #expect(run.status == 1)
            #expect(
                run.stderr.contains(
                    "the bundled ECB history ends on 2026-10-30 and the ECB's days fetched begin on 2026-11-10"), "\(run.stderr)")
        }
        #expect(server.requestedPaths.filter { $0.contains("hist-90d") }.count == 1)
        // Days of the file still answer.
        let inside = try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-20"], environment: environment(["CAMBIO_OFFLINE": "1"]))
        #expect(inside.stdout == "€10.000 = $12.020\n", "\(inside.stderr)")
    }

    /// Past the ECB's days fetched (a cache that speaks for days through 2026-11-27), the error
    /// names the fetched days' end, not the bundled history's.
    @Test func pastTheFetchedDaysTheErrorNamesTheirEnd() throws {
        let first = try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-20"], environment: environment())
        #expect(first.status == 0, "\(first.stderr)")
        let path = "cache/cambio/history/ecb.json"
        let cached = try #require(home.read(path))
        let through = try #require(cached.range(of: #""through": "[0-9-]+""#, options: .regularExpression))
        try home.write(path, cached.replacingCharacters(in: through, with: #""through": "2026-11-27""#))
        let run = try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-30"], environment: environment(["CAMBIO_OFFLINE": "1"]))
        #expect(run.status == 1)
        #expect(run.stderr.contains("the ECB's days fetched end on 2026-11-27"), "\(run.stderr)")
        #expect(!run.stderr.contains("bundled ECB history"), "\(run.stderr)")
    }

    @Test func offlineAndNotCachedIsAnErrorThatSaysWhatThereIs() throws {
        let run = try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-20"], environment: environment(["CAMBIO_OFFLINE": "1"]))
        #expect(run.status != 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("the bundled ECB history ends on 2026-10-30"), "\(run.stderr)")
        #expect(server.requestedPaths.isEmpty)
        let snapshot = try Cambio.run(["10", "eur", "in", "aed", "on", "2025-05-03"], environment: environment(["CAMBIO_OFFLINE": "1"]))
        #expect(snapshot.status != 0)
        #expect(snapshot.stderr.contains("not cached"), "\(snapshot.stderr)")
    }

    @Test func aCurrencyTheECBLacksComesFromThatDaysSnapshot() throws {
        let run = try Cambio.run(["10", "eur", "in", "aed", "on", "2025-05-03"], environment: environment())
        #expect(run.stdout.hasPrefix("€10.000 = AED") && run.stdout.hasSuffix("40.000\n"), "\(run.stderr)")
        #expect(server.requestedPaths == ["/npm/@fawazahmed0/currency-api@2025-05-03/v1/currencies/eur.json"])
        #expect(home.read("cache/cambio/history/currency-api-2025-05-03.json") != nil)
        let again = try Cambio.run(["10", "eur", "in", "aed", "on", "2025-05-03"], environment: environment(["CAMBIO_OFFLINE": "1"]))
        #expect(again.stdout == run.stdout, "\(again.stderr)")
        // A day the server has no snapshot of: the failure is said.
        let missing = try Cambio.run(["10", "eur", "in", "aed", "on", "2025-05-04"], environment: environment())
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("404"), "\(missing.stderr)")
    }

    @Test func historyThatCannotBeCachedIsUsedAndSaidOnce() throws {
        // A file where the history directory should be: nothing can be cached, even by root.
        try home.write("cache/cambio/history", "in the way")
        let run = try Cambio.run(
            [], stdin: "10 eur in usd on 2026-11-20\n10 eur in aed on 2025-05-03\n10 eur in jpy on 2026-11-03\n", environment: environment())
        #expect(run.stdout == "€10.000 = $12.020\n€10.000 = AED\u{00A0}40.000\n€10.000 = ¥1,805.000\n", "\(run.stderr)")
        #expect(run.status == 0)
        let warnings = run.stderr.components(separatedBy: "cannot write the history cache").count - 1
        #expect(warnings == 1, "\(run.stderr)")
        #expect(run.stderr.contains(home.path + "/cache/cambio/history"), "\(run.stderr)")
        // Fetched once each: the days stay in memory for the rest of the run.
        #expect(server.requestedPaths.filter { $0.contains("hist-90d") }.count == 1)
    }

    @Test func aBrokenCacheFileIsIgnoredNotBelieved() throws {
        try home.write(
            "cache/cambio/history/ecb.json",
            "{\"format\": 1, \"from\": \"2026-11-02\", \"through\": \"2026-11-30\", \"days\": {\"2026-11-20\": {\"EUR\": 1, \"USD\": -3}}}")
        let run = try Cambio.run(["10", "eur", "in", "usd", "on", "2026-11-20"], environment: environment(["CAMBIO_OFFLINE": "1"]))
        #expect(run.status != 0)
        #expect(run.stdout.isEmpty, "\(run.stdout)")
    }
}
