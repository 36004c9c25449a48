import CambioTestSupport
import Foundation
import Testing

/// `--max-age DAYS` (and the `max-age` setting): a script never uses rates older than it allows
/// without a word. Offline, the bundled rates are of 2026-10-30; the tests run later.
@Suite struct MaxAgeTests {
    /// The bundled rates' age today.
    static var age: Int {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let bundled = formatter.date(from: "2026-10-30") ?? Date()
        return Int(Date().timeIntervalSince(bundled) / 86_400)
    }

    @Test func aOneShotAtRatesTooOldFailsWithItsOwnStatus() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment(["CAMBIO_OFFLINE": "1"])
        let old = try Cambio.run(["--max-age", String(Self.age - 1), "12", "eur", "in", "usd"], environment: environment)
        #expect(old.status == 4 && old.stdout.isEmpty, "\(old.stdout)")
        #expect(old.stderr.contains("\(Self.age) days old (ecb, 2026-10-30)"), "\(old.stderr)")
        // Young enough, or a day asked for: the result as ever.
        let young = try Cambio.run(["--max-age", String(Self.age + 1), "12", "eur", "in", "usd"], environment: environment)
        #expect(young.status == 0 && young.stdout == "€12.000 = $13.406\n", "\(young.stderr)")
        let dated = try Cambio.run(["--max-age", "0", "12", "eur", "in", "usd", "on", "2024-01-02"], environment: environment)
        #expect(dated.status == 0 && dated.stdout == "€12.000 = $13.147\n", "\(dated.stderr)")
        // Not a number of days: a usage error.
        #expect(try Cambio.run(["--max-age", "soon", "12", "eur"], environment: environment).status == 2)
    }

    @Test func aPipeAndATableSayWhichLineAndEndWithTheStatus() throws {
        let home = try TemporaryDirectory()
        try home.write("config/cambio/config", "max-age = 1\n")
        let environment = home.environment(["CAMBIO_OFFLINE": "1"])
        let pipe = try Cambio.run([], stdin: "1 + 1\n12 eur in usd\n12 eur in usd on 2024-01-02\n", environment: environment)
        #expect(pipe.status == 4 && pipe.stdout == "1 + 1 = 2.000\n€12.000 = $13.147\n", "\(pipe.stdout)")
        #expect(pipe.stderr.contains("line 2: the rates are \(Self.age) days old"), "\(pipe.stderr)")
        let table = try Cambio.run(
            ["--input", "csv", "-", "--to", "eur"], stdin: "Amount,Currency\n10.00,USD\n", environment: environment)
        #expect(table.status == 4 && table.stdout.contains("days old (ecb, 2026-10-30)"), "\(table.stdout)")
        // A dated table is converted at its days' rates, whatever their age.
        let dated = try Cambio.run(
            ["--input", "csv", "-", "--to", "eur"], stdin: "Date,Amount,Currency\n2024-01-02,10.00,USD\n", environment: environment)
        #expect(dated.status == 0, "\(dated.stderr)")
    }
}
