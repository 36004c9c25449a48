import CambioTestSupport
import Foundation
import Testing

/// "Now" is the newest day the program holds, said in the records and on a terminal: tried
/// as a new user would, offline with a fresh HOME, then with a fresher table in the cache.
@Suite struct NewestHeldTests {
    func records(_ run: Cambio.Run) -> [[String: Any]] {
        run.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func offlineEachPairTakesTheNewestDayThatQuotesIt() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment(["CAMBIO_OFFLINE": "1"])
        let run = try Cambio.run(["--format", "json"], stdin: "12 eur in usd\n12 aed in usd\n", environment: environment)
        let found = records(run)
        #expect(found.count == 2, "\(run.stdout) \(run.stderr)")
        #expect(found.first?["rate"] as? String == "1.1172" && found.first?["date"] as? String == "2026-10-30")
        #expect(found.first?["source"] as? String == "ecb")
        #expect(found.last?["date"] as? String == "2026-07-06" && found.last?["source"] as? String == "currency-api")
    }

    /// A table in the cache newer than the bundled days answers the currencies it quotes.
    @Test func aFresherCachedTableWins() throws {
        let home = try TemporaryDirectory()
        let table = """
            {"format": 1, "provider": "currency-api", "base": "EUR", "date": "2026-11-29", "fetched": "2026-11-29T06:00:00Z", "rates": {"EUR": 1, "USD": 1.2, "JPY": 180}}
            """
        try home.write("cache/cambio/rates-currency-api.json", table)
        let environment = home.environment(["CAMBIO_OFFLINE": "1"])
        let run = try Cambio.run(["--format", "tsv"], stdin: "12 eur in usd\n12 eur in dkk\n", environment: environment)
        // After the header line.
        let rows = run.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 2, "\(run.stdout) \(run.stderr)")
        #expect(rows.first.map { [$0[5], $0[8], $0[9]] } == ["14.400", "2026-11-29", "currency-api"], "\(run.stdout)")
        #expect(rows.last.map { [$0[8], $0[9]] } == ["2026-10-30", "ecb"], "\(run.stdout)")
        // `source ecb` then uses the ECB's newest day held.
        let pinned = try Cambio.run(["--format", "json"], stdin: "source ecb\n12 eur in usd\n", environment: environment)
        #expect(records(pinned).last?["date"] as? String == "2026-10-30", "\(pinned.stdout)")
    }

    /// A weekend, a holiday and an average in TSV: the day used, the day asked, why, the period
    /// and its days, in their fixed columns.
    @Test func datedRecordsInTSV() throws {
        let home = try TemporaryDirectory()
        let input = "89.99 gbp in usd on 2024-03-30\n89.99 gbp in usd on 2024-03-29\n100 usd in eur average 2024-03\n"
        let run = try Cambio.run(["--format", "tsv"], stdin: input, environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.map { Array($0[8...13]) } == [
            ["2024-03-28", "ecb", "2024-03-30", "weekend", "", ""],
            ["2024-03-28", "ecb", "2024-03-29", "holiday", "", ""],
            ["2024-03-01/2024-03-28", "ecb", "", "", "2024-03", "20"],
        ], "\(run.stdout)")
        #expect(rows.last?[7] == "0.9197939661515820456217807211184694628403", "\(run.stdout)")
    }
}
