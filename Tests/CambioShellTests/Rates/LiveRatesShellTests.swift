import CambioTestSupport
import Foundation
import Testing

/// The shell refreshing in the background and on request, on a pseudo-terminal.
@Suite(.serialized) struct LiveRatesShellTests {
    @Test func theFirstPromptNeverWaitsAndAnUpdateIsAnnouncedBeforeALaterPrompt() throws {
        let server = try LoopbackServer()
        let home = try TemporaryDirectory()
        // The answer stalls longer than the first prompt and line can take on a loaded machine.
        server.route("/v1/currencies/eur.json", .init(text: LiveRatesTests.servedTable, stall: 6))
        let shell = try PseudoTerminal(
            environment: home.environment([
                "TERM": "xterm", "NO_COLOR": "1", "CAMBIO_PROVIDER_URL": server.baseURL,
            ]))
        #expect(shell.waitFor("EUR › ", timeout: 5), "the prompt waited for the network")
        var mark = shell.mark
        shell.type("10 eur in usd\r")
        #expect(shell.waitFor("€10.000 = $11.172", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        // The next line is typed once the refresh has stored its table (and a moment more, for
        // the shell to be handed it), not after a fixed time.
        let deadline = Date().addingTimeInterval(30)
        while home.read("cache/cambio/rates-currency-api.json") == nil, Date() < deadline { usleep(50_000) }
        usleep(300_000)
        mark = shell.mark
        shell.type("10 eur in usd\r")
        #expect(shell.waitFor("€10.000 = $20.000", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        #expect(shell.plainOutput.contains("rates updated: currency-api, 2026-11-29"))
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
    }

    @Test func ctrlCCancelsARefreshAndKeepsTheTable() throws {
        let server = try LoopbackServer()
        let home = try TemporaryDirectory()
        server.route("/v1/currencies/eur.json", .init(text: LiveRatesTests.servedTable, stall: 30))
        let shell = try PseudoTerminal(
            environment: home.environment([
                "TERM": "xterm", "NO_COLOR": "1", "CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api",
            ]))
        #expect(shell.waitFor("EUR › "))
        var mark = shell.mark
        shell.type("refresh\r")
        #expect(shell.waitFor("fetching rates", after: mark), "\(shell.plainOutput)")
        shell.type("\u{3}")
        #expect(shell.waitFor("refresh cancelled — still using the rates of 2026-07-06", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        mark = shell.mark
        shell.type("10 eur in usd\r")
        #expect(shell.waitFor("€10.000 = $11.433", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
    }
}
