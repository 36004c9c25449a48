import CambioTestSupport
import Foundation
import Testing

/// Answers that look like rates but would make results lie: each is refused, the cache stays
/// as it was and the reason is said. Through the built binary against a real HTTP server on
/// 127.0.0.1.
@Suite struct ProviderAnswerTests {
    let server: LoopbackServer
    let home: TemporaryDirectory

    init() throws {
        server = try LoopbackServer()
        home = try TemporaryDirectory()
    }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        home.environment(["CAMBIO_PROVIDER_URL": server.baseURL].merging(extra) { _, new in new })
    }

    /// An ECB 90-day file of November 2026 whose days carry `extra` cubes.
    static func ninetyDays(_ extra: String = "", days: ClosedRange<Int> = 2...27, month: String = "2026-11") -> String {
        var cubes = ""
        for day in days.reversed() {
            cubes += "<Cube time='\(month)-\(String(format: "%02d", day))'><Cube currency='USD' rate='1.2'/>\(extra)</Cube>\n"
        }
        return "<gesmes:Envelope xmlns=\"http://www.ecb.int/vocabulary/2002-08-01/eurofxref\"><Cube>\n\(cubes)</Cube></gesmes:Envelope>"
    }

    /// A 90-day answer with the euro at 0.55, or invented codes, was used (`€1 = $0.550`) though
    /// the daily decoder refuses the same data; the cache written from it was then refused by
    /// the program's own reader, which threw the good days away too.
    @Test(arguments: ["<Cube currency='EUR' rate='2'/>", "<Cube currency='AAA' rate='3'/>", "<Cube currency='ZZZ' rate='1'/>"])
    func aHistoryAnswerWithAWrongEuroOrInventedCodesIsRefused(_ extra: String) throws {
        server.route("/stats/eurofxref/eurofxref-hist-90d.xml", .init(contentType: "text/xml", text: Self.ninetyDays(extra)))
        let run = try Cambio.run(["1", "eur", "in", "usd", "on", "2026-11-20"], environment: environment())
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr.contains("EUR is not 1") || run.stderr.contains("no ISO 4217 currency"), "\(run.stderr)")
        #expect(home.read("cache/cambio/history/ecb.json") == nil)
    }

    /// Days after today were cached as published.
    @Test func aHistoryAnswerWithDaysInTheFutureIsRefused() throws {
        server.route(
            "/stats/eurofxref/eurofxref-hist-90d.xml",
            .init(contentType: "text/xml", text: Self.ninetyDays(days: 2...30) + Self.ninetyDays(days: 1...3, month: "2099-01")))
        let run = try Cambio.run(["1", "eur", "in", "usd", "on", "2026-11-20"], environment: environment())
        #expect(run.status == 1)
        #expect(run.stderr.contains("2099-01-0"), "\(run.stderr)")
        #expect(home.read("cache/cambio/history/ecb.json") == nil)
    }

    /// A table dated 2000-01-03 was taken as "rates updated" and replaced a newer cache; the next
    /// start fell back to the July seed.
    @Test func aBackdatedAnswerNeverReplacesNewerRates() throws {
        server.route("/v1/currencies/eur.json", .init(text: LiveRatesTests.servedTable))
        let fresh = try Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment(["CAMBIO_PROVIDER": "currency-api"]))
        #expect(fresh.stdout == "€1.000 = $2.000\n", "\(fresh.stderr)")
        let cached = home.read("cache/cambio/rates-currency-api.json")
        for date in ["2000-01-03", "2026-11-28"] {
            let old = LiveRatesTests.servedTable.replacingOccurrences(of: "2026-11-29", with: date).replacingOccurrences(
                of: "\"usd\": 2", with: "\"usd\": 3")
            server.route("/v1/currencies/eur.json", .init(text: old))
            let run = try Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment(["CAMBIO_PROVIDER": "currency-api"]))
            #expect(run.stdout == "€1.000 = $2.000\n", "\(run.stderr)")
            #expect(run.status == 3)
            #expect(run.stderr.contains("dated \(date), older than the rates held (2026-11-29)"), "\(run.stderr)")
            #expect(home.read("cache/cambio/rates-currency-api.json") == cached)
        }
    }

    /// Without a cache the bundled seed is what is held: an answer older than it is no update.
    @Test func anAnswerOlderThanTheBundledSeedIsRefused() throws {
        let old = LiveRatesTests.servedTable.replacingOccurrences(of: "2026-11-29", with: "2026-05-04")
        server.route("/v1/currencies/eur.json", .init(text: old))
        let run = try Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment(["CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.stdout == "€1.000 = $1.143\n", "\(run.stderr)")
        #expect(run.stderr.contains("older than the rates held (2026-07-06)"), "\(run.stderr)")
        #expect(home.read("cache/cambio/rates-currency-api.json") == nil)
    }

    /// The "shrunk table" guard let a half-size table through: 81 of 161 currencies, without
    /// USD, GBP, JPY or CHF, replaced the cache.
    @Test func aTableThatLostMostTradedCurrenciesOrATenthIsRefused() throws {
        server.route("/v1/currencies/eur.json", .init(text: LiveRatesTests.servedTable))
        _ = try Cambio.run(["--refresh", "1", "eur"], environment: environment(["CAMBIO_PROVIDER": "currency-api"]))
        let cached = home.read("cache/cambio/rates-currency-api.json")
        #expect(cached?.contains("\"USD\": 2") == true)
        let withoutUSD = LiveRatesTests.servedTable.replacingOccurrences(of: "\"usd\": 2,", with: "")
        server.route("/v1/currencies/eur.json", .init(text: withoutUSD))
        let lost = try Cambio.run(["--refresh", "1", "eur", "in", "gbp"], environment: environment(["CAMBIO_PROVIDER": "currency-api"]))
        #expect(lost.stderr.contains("it lacks USD"), "\(lost.stderr)")
        #expect(home.read("cache/cambio/rates-currency-api.json") == cached)
        // A fifth of the currencies gone (none of the most traded).
        var lines = LiveRatesTests.servedTable.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let minor = lines.indices.filter { lines[$0].contains(": ") && !lines[$0].contains("\"date\"") && !lines[$0].contains("\"eur\"") }
        let dropped = minor.filter { index in
            !["usd", "gbp", "jpy", "chf", "cny", "aud", "cad", "hkd", "sgd", "sek", "krw", "nok", "nzd", "inr", "mxn", "twd", "zar", "brl", "dkk"]
                .contains { lines[index].contains("\"\($0)\"") }
        }.prefix(minor.count / 5)
        for index in dropped.reversed() { lines.remove(at: index) }
        server.route("/v1/currencies/eur.json", .init(text: lines.joined(separator: "\n")))
        let shrunk = try Cambio.run(["--refresh", "1", "eur", "in", "gbp"], environment: environment(["CAMBIO_PROVIDER": "currency-api"]))
        #expect(shrunk.stderr.contains("currencies where the last table had"), "\(shrunk.stderr)")
        #expect(home.read("cache/cambio/rates-currency-api.json") == cached)
    }
}
