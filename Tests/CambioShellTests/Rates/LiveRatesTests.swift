import CambioTestSupport
import Foundation
import Testing

/// The built binary against a real HTTP server on 127.0.0.1.
@Suite struct LiveRatesTests {
    static let fixtures = Repository.url("Tests/CambioRatesTests/Fixtures")

    /// A currency-api answer dated 2026-11-29 in which 1 EUR buys 2 USD.
    static var servedTable: String {
        let text = (try? String(contentsOf: fixtures.appendingPathComponent("currency-api-eur-2026-07-06.json"), encoding: .utf8)) ?? ""
        return text.replacingOccurrences(of: "\"date\": \"2026-07-06\"", with: "\"date\": \"2026-11-29\"")
            .replacingOccurrences(of: "\"usd\": 1.14326597", with: "\"usd\": 2")
    }

    let server: LoopbackServer
    let home: TemporaryDirectory

    init() throws {
        server = try LoopbackServer()
        home = try TemporaryDirectory()
        server.route("/v1/currencies/eur.json", .init(text: Self.servedTable))
    }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        home.environment(["CAMBIO_PROVIDER_URL": server.baseURL].merging(extra) { _, new in new })
    }

    @Test func convertsWithServedRatesThenWithTheCacheWhenTheServerIsGone() throws {
        let fresh = try Cambio.run(["--refresh", "10", "eur", "in", "usd"], environment: environment())
        #expect(fresh.stdout == "€10.000 = $20.000\n", "\(fresh.stderr)")
        #expect(fresh.status == 0)
        #expect(home.read("cache/cambio/rates-currency-api.json")?.contains("\"USD\": 2") == true)

        server.stop()
        let cached = try Cambio.run(["10", "eur", "in", "usd"], environment: environment())
        #expect(cached.stdout == "€10.000 = $20.000\n")
        let failed = try Cambio.run(["--refresh", "10", "eur", "in", "usd"], environment: environment())
        #expect(failed.stdout == "€10.000 = $20.000\n")
        #expect(failed.stderr.contains("refused the connection"))
        #expect(failed.stderr.contains("still using the rates of 2026-11-29"))
        #expect(failed.stderr.contains("days old") || failed.stderr.contains("1 day old") || failed.stderr.contains("today"))
        let status = try Cambio.run(["status"], environment: environment())
        let rows = status.stdout.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("data date ") && $0.hasSuffix(" 2026-11-29 (2 days old)") || $0.contains("2026-11-29 (") }, "\(status.stdout)")
        #expect(rows.contains { $0.hasPrefix("fetched ") && ($0.contains("just now") || $0.contains("minute")) }, "\(status.stdout)")
    }

    @Test func withoutRefreshNothingTouchesTheNetwork() throws {
        let run = try Cambio.run(["10", "eur", "in", "usd"], environment: environment())
        #expect(run.stdout == "€10.000 = $11.172\n")
        #expect(server.requestedPaths.isEmpty)
        let offline = try Cambio.run(["--refresh", "1", "eur"], environment: environment(["CAMBIO_OFFLINE": "1"]))
        #expect(offline.stderr.contains("offline mode"))
        #expect(server.requestedPaths.isEmpty)
    }

    @Test func aCorruptCacheIsIgnoredWithAWarningAndReplacedByTheNextFetch() throws {
        try home.write("cache/cambio/rates-currency-api.json", "{\"format\": 1, \"rates\": {\"USD\": 1.1")
        let corrupt = try Cambio.run(["10", "eur", "in", "usd"], environment: environment())
        #expect(corrupt.stdout == "€10.000 = $11.172\n")
        #expect(corrupt.stderr.contains("ignoring the rate cache"))
        _ = try Cambio.run(["--refresh", "1", "eur"], environment: environment())
        let repaired = try Cambio.run(["10", "eur", "in", "usd"], environment: environment())
        #expect(repaired.stdout == "€10.000 = $20.000\n")
        #expect(repaired.stderr.isEmpty)
    }

    @Test func aFutureVersionCacheIsIgnored() throws {
        try home.write("cache/cambio/rates-currency-api.json", "{\"format\": 9}")
        let run = try Cambio.run(["1", "eur", "in", "usd"], environment: environment())
        #expect(run.stderr.contains("newer version of cambio"))
        #expect(run.status == 0)
    }

    @Test func twoProcessesRefreshingAtOnceLeaveAValidCache() throws {
        final class Statuses: @unchecked Sendable {
            let lock = NSLock()
            var values: [Int32] = []
        }
        let statuses = Statuses()
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            let environment = environment()
            Thread.detachNewThread {
                let run = try? Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment)
                statuses.lock.withLock { statuses.values.append(run?.status ?? -1) }
                group.leave()
            }
        }
        group.wait()
        #expect(statuses.values == [0, 0, 0, 0])
        let run = try Cambio.run(["10", "eur", "in", "usd"], environment: environment())
        #expect(run.stdout == "€10.000 = $20.000\n")
        #expect(run.stderr.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: home.path + "/cache/cambio").sorted()
        // No temporary file is left behind: the cache, its lock and what ICU said about the locale.
        #expect(files == [".lock", "locale-facts", "rates-currency-api.json"])
    }

    @Test func aReadOnlyCacheStillRefreshesInMemoryWithAWarning() throws {
        // A file where the cache directory should be: no cache can be written, even by root.
        try home.write("cache/cambio", "in the way")
        let run = try Cambio.run(["--refresh", "10", "eur", "in", "usd"], environment: environment())
        #expect(run.stdout == "€10.000 = $20.000\n")
        #expect(run.stderr.contains("cannot write the rate cache"))
    }

    @Test func chosenProviderAndBadProviderURL() throws {
        let insecure = try Cambio.run(
            ["--refresh", "1", "eur"], environment: environment(["CAMBIO_PROVIDER_URL": "http://example.com/?key=secret", "CAMBIO_PROVIDER": "ecb"]))
        #expect(insecure.stderr.contains("plain http is allowed only to this machine"))
        #expect(!insecure.stderr.contains("secret"))
        let source = try Cambio.run(["--save", "source", "ecb"], environment: environment())
        #expect(source.stdout.contains("rate provider: ECB"))
        #expect(home.read("config/cambio/config")?.contains("source = ecb") == true)
        let unknown = try Cambio.run(["source", "nope"], environment: environment())
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no rate provider is called “nope”"))
    }
}
