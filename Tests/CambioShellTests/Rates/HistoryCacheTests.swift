import CambioTestSupport
import Foundation
import Testing

/// What `status` and the warnings say of the history cache.
@Suite struct HistoryCacheTests {
    @Test func statusCountsTheCachedSnapshotsAndABadOneIsTheHistoryCache() throws {
        let home = try TemporaryDirectory()
        try home.write(
            "cache/cambio/history/currency-api-2025-01-01.json",
            #"{"format": 1, "provider": "currency-api", "base": "EUR", "date": "2025-01-01", "fetched": "2025-01-02T06:00:00Z", "rates": {"EUR": 1, "USD": 1.04, "AED": 3.8}}"#)
        let environment = home.environment(["CAMBIO_OFFLINE": "1"])
        let status = try Cambio.run(["status"], environment: environment)
        #expect(status.stdout.contains("1 day cached (currency-api"), "\(status.stdout)")
        let held = try Cambio.run(["1", "aed", "in", "usd", "on", "2025-01-01"], environment: environment)
        #expect(held.stdout.hasSuffix("1.000 = $0.274\n"), "\(held.stdout) \(held.stderr)")
        try home.write("cache/cambio/history/currency-api-2025-01-02.json", "{ not json")
        let bad = try Cambio.run(["1", "aed", "in", "usd", "on", "2025-01-02"], environment: environment)
        #expect(bad.stderr.contains("ignoring the history cache") && !bad.stderr.contains("rate cache"), "\(bad.stderr)")
        #expect(try Cambio.run(["status"], environment: environment).stdout.contains("2 days cached"))
    }
}
