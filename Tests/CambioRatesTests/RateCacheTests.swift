import CambioCore
import CambioTestSupport
import Foundation
import Testing

@testable import CambioRates

@Suite struct RateCacheTests {
    let home: TemporaryDirectory
    let cache: RateCache
    let table: RateTable

    init() throws {
        home = try TemporaryDirectory()
        cache = RateCache(directory: home.path + "/cache/cambio")
        table = try Provider.ecb.decode(Fixtures.ecb, fetchedAt: Date(timeIntervalSince1970: 1_764_460_000))
    }

    @Test func roundTripKeepsEveryRateDateAndFetchTime() throws {
        try cache.store(table, provider: .ecb)
        let loaded = try #require(try cache.load(.ecb).get())
        #expect(loaded.rates == table.rates)
        #expect(loaded.date == table.date)
        #expect(loaded.fetchedAt == table.fetchedAt)
        #expect(loaded.source == table.source)
        let mode = try FileManager.default.attributesOfItem(atPath: cache.path(for: .ecb))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test(arguments: [
        ("", "corrupt"), ("{\"format\": 1, \"provider\": \"ecb\", \"rates\": {", "corrupt or truncated"),
        ("{\"format\": 2, \"provider\": \"ecb\"}", "newer version"), ("\u{0}\u{1}\u{2}", "corrupt"),
        (
            "{\"format\": 1, \"provider\": \"ecb\", \"base\": \"EUR\", \"date\": \"2026-11-27\", \"fetched\": \"2026-11-30T06:00:00Z\", \"rates\": {\"EUR\": 1, \"USD\": -1}}",
            "invalid rate"
        ),
        // Every rate that is not above zero, however written.
        (
            "{\"format\": 1, \"provider\": \"ecb\", \"base\": \"EUR\", \"date\": \"2026-11-27\", \"fetched\": \"2026-11-30T06:00:00Z\", \"rates\": {\"EUR\": 1, \"USD\": 0}}",
            "invalid rate"
        ),
        (
            "{\"format\": 1, \"provider\": \"ecb\", \"base\": \"EUR\", \"date\": \"2026-11-27\", \"fetched\": \"2026-11-30T06:00:00Z\", \"rates\": {\"EUR\": 1, \"USD\": -0.0}}",
            "invalid rate"
        ),
        (
            "{\"format\": 1, \"provider\": \"ecb\", \"base\": \"EUR\", \"date\": \"2026-11-27\", \"fetched\": \"2026-11-30T06:00:00Z\", \"rates\": {\"EUR\": 1, \"USD\": -1e-30}}",
            "invalid rate"
        ),
        (
            "{\"format\": 1, \"provider\": \"ecb\", \"base\": \"EUR\", \"date\": \"2026-11-27\", \"fetched\": \"2026-11-30T06:00:00Z\", \"rates\": {\"EUR\": 1, \"USD\": 0e5}}",
            "invalid rate"
        ),
    ])
    func aBadCacheFileIsIgnoredWithAReason(_ text: String, _ reason: String) throws {
        try home.write("cache/cambio/rates-ecb.json", text)
        guard case .failure(let problem) = cache.load(.ecb) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(problem.reason.contains(reason), "\(problem.reason)")
        #expect(problem.path.hasSuffix("rates-ecb.json"))
    }

    @Test func theNextGoodFetchReplacesACorruptFile() throws {
        try home.write("cache/cambio/rates-ecb.json", "{garbage")
        try cache.store(table, provider: .ecb)
        #expect(try cache.load(.ecb).get() != nil)
    }

    @Test func anOlderFetchNeverReplacesANewerOne() throws {
        try cache.store(table, provider: .ecb)
        let older = try Provider.ecb.decode(Fixtures.ecb, fetchedAt: Date(timeIntervalSince1970: 1_700_000_000))
        try cache.store(older, provider: .ecb)
        #expect(try cache.load(.ecb).get()?.fetchedAt == table.fetchedAt)
    }

    @Test func theNewestTableOfSeveralProvidersWins() throws {
        try cache.store(table, provider: .ecb)
        let older = try Provider.exchangeRateAPI.decode(Fixtures.exchangeRateAPI, fetchedAt: Date())
        try cache.store(older, provider: .exchangeRateAPI)
        let (newest, problems) = cache.newest(of: Provider.allCases)
        #expect(newest?.source.id == "ecb")
        #expect(problems.isEmpty)
    }

    @Test func aReaderNeverSeesAPartialFile() throws {
        try cache.store(table, provider: .ecb)
        let stop = DispatchSemaphore(value: 0)
        let writes = 200
        let table = self.table
        let cache = self.cache
        Thread.detachNewThread {
            for index in 0..<writes {
                let next = try? Provider.ecb.decode(Fixtures.ecb, fetchedAt: Date(timeIntervalSince1970: 1_764_460_001 + Double(index)))
                if let next { try? cache.store(next, provider: .ecb) }
            }
            stop.signal()
        }
        var reads = 0
        while stop.wait(timeout: .now()) == .timedOut {
            let loaded = try cache.load(.ecb).get()
            #expect(loaded?.rates == table.rates)
            reads += 1
        }
        #expect(reads > 0)
    }

    @Test func timestampsAgreeWithISO8601AndReadBack() throws {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let date = Date(timeIntervalSince1970: TimeInterval(Int.random(in: -2_208_988_800...4_102_444_800, using: &generator)))
            let written = UTC.timestamp(date)
            #expect(written == formatter.string(from: date), "\(date)")
            #expect(UTC.parseTimestamp(written) == date, "\(written)")
            #expect(UTC.day(date) == String(written.prefix(10)))
            #expect(UTC.minute(date) == String(written.prefix(10)) + " " + String(written.dropFirst(11).prefix(5)) + " UTC")
        }
        #expect(UTC.parseTimestamp("2026-02-30T00:00:00Z") == nil)
        #expect(UTC.parseTimestamp("2026-11-30T24:00:00Z") == nil)
    }
}
