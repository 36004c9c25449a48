import CambioTestSupport
import Foundation
import Testing

/// The fourth hostile round's findings about fetches, held by loopback servers that stall,
/// refuse, or answer with a table from the future.
@Suite(.serialized) struct HostileRoundFourTests {
    /// A dated line's history fetch waited out its time limit through Ctrl-C, SIGTERM and SIGHUP
    /// (14 s of 15, 300 s with a long time limit): a signal cancels it, and a pipe ends by it.
    @Test(.tags(.hostile), arguments: [SIGINT, SIGTERM, SIGHUP])
    func aStalledHistoryFetchEndsOnASignal(_ signal: Int32) throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/stats/eurofxref/eurofxref-hist-90d.xml", .init(contentType: "text/xml", text: "", stall: 120))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Cambio.executable)
        process.environment = home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_TIMEOUT": "300"])
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("10 eur in usd on 2026-11-20\n".utf8))
        #expect(server.waitForRequest(), "the request never came")
        let started = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(Date().timeIntervalSince(started) < 5, "\(Date().timeIntervalSince(started)) s")
    }

    /// Ctrl-C in the shell cancels a dated line's stalled fetch and the prompt comes back.
    @Test(.tags(.hostile)) func ctrlCCancelsAStalledHistoryFetchInTheShell() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/stats/eurofxref/eurofxref-hist-90d.xml", .init(contentType: "text/xml", text: "", stall: 120))
        let shell = try PseudoTerminal(
            environment: home.environment([
                "TERM": "xterm", "NO_COLOR": "1", "CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_TIMEOUT": "300",
                "CAMBIO_REFRESH_MINUTES": "525600",
            ]))
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        shell.type("10 eur in usd on 2026-11-20\r")
        #expect(server.waitForRequest(), "the request never came")
        let started = Date()
        kill(shell.pid, SIGINT)
        shell.type("1 eur in usd\r")
        #expect(shell.waitFor("$1.117"), "\(shell.plainOutput)")
        #expect(Date().timeIntervalSince(started) < 10)
        kill(shell.pid, SIGTERM)
        _ = shell.waitForExit(timeout: 20)
    }

    /// A table dated two days ahead became "now" and made genuine refreshes "older" for two
    /// days. No time zone is that far ahead of UTC: it is refused, and nothing of it is kept.
    @Test(.tags(.hostile)) func aTableFromTheFutureIsRefused() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        defer { server.stop() }
        let today = Date()
        func day(_ offset: Int) -> String {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            return formatter.string(from: today.addingTimeInterval(TimeInterval(offset) * 86_400))
        }
        var rates = ""
        for code in ["usd", "gbp", "jpy", "chf", "cny", "aud", "cad", "sek", "nok", "pln"] { rates += ", \"\(code)\": 2" }
        server.route("/v1/currencies/eur.json", .init(text: #"{"date": "\#(day(2))", "eur": {"eur": 1\#(rates)}}"#))
        let environment = home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"])
        let future = try Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment)
        #expect(future.status == 3 && future.stderr.contains("after tomorrow"), "\(future.stderr)")
        #expect(home.read("cache/cambio/rates-currency-api.json") == nil)
        // Tomorrow is allowed (a time zone ahead of UTC has it already).
        server.route("/v1/currencies/eur.json", .init(text: #"{"date": "\#(day(1))", "eur": {"eur": 1\#(rates)}}"#))
        let tomorrow = try Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment)
        #expect(tomorrow.status == 0 && tomorrow.stdout == "€1.000 = $2.000\n", "\(tomorrow.stderr)")
        // A future table held from before is no present one, and never makes today's "older".
        let held = #"{"format": 1, "provider": "currency-api", "base": "EUR", "date": "\#(day(5))", "fetched": "2026-11-29T06:00:00Z", "rates": {"EUR": 1, "USD": 9}}"#
        try home.write("cache/cambio/rates-currency-api.json", held)
        server.route("/v1/currencies/eur.json", .init(text: #"{"date": "\#(day(0))", "eur": {"eur": 1\#(rates.replacingOccurrences(of: "2", with: "3"))}}"#))
        let present = try Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment)
        #expect(present.status == 0 && present.stdout == "€1.000 = $3.000\n", "\(present.stdout) \(present.stderr)")
    }

    /// A refused 90-day file was asked for again for each new day a pipe asked (4 requests for
    /// 2 days): one refusal holds for the file.
    @Test(.tags(.hostile)) func aRefusedNinetyDayFileIsNotAskedForAgain() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/stats/eurofxref/eurofxref-hist-90d.xml", .init(status: 500, contentType: "text/html", text: "<html>down</html>"))
        let run = try Cambio.run(
            [], stdin: "10 eur in usd on 2026-11-20\n10 eur in usd on 2026-11-23\n10 eur in usd on 2026-11-24\n",
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL]))
        #expect(run.status == 1)
        #expect(server.requestedPaths.filter { $0.contains("hist-90d") }.count == 1, "\(server.requestedPaths)")
    }
}
