import CambioShell
import CambioTestSupport
import Foundation
import Testing

/// The real shell on a pseudo-terminal: keystrokes in, screen output checked.
@Suite(.serialized) struct InteractiveShellTests {
    func start(_ home: TemporaryDirectory, _ extra: [String: String] = [:]) throws -> PseudoTerminal {
        // Offline: a background refresh from the real providers would change the results.
        try PseudoTerminal(environment: home.environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"].merging(extra) { _, new in new }))
    }

    @Test func completesConvertsQuitsAndRecallsHistoryAfterARestart() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home)
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        var mark = shell.mark
        shell.type("12 eur in jap\t")
        #expect(shell.waitFor("JPY", after: mark), "\(shell.plainOutput)")
        mark = shell.mark
        shell.type("\r")
        #expect(shell.waitFor("€12.000 = ¥2,108.160", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("\u{4}")
        #expect(shell.waitForExit() == 0, "\(shell.plainOutput)")
        #expect(home.read("state/cambio/history")?.contains("\n12 eur in JPY") == true)

        let again = try start(home)
        #expect(again.waitFor("EUR › "))
        mark = again.mark
        again.type("\u{1B}[A")
        #expect(again.waitFor("12 eur in JPY", after: mark), "\(again.plainOutput)")
        mark = again.mark
        again.type("\r")
        #expect(again.waitFor("€12.000 = ¥2,108.160", then: "EUR › ", after: mark), "\(again.plainOutput)")
        again.type("quit\r")
        #expect(again.waitForExit() == 0)
    }

    /// What the README promises of a day without rates: the shell says the substitution the
    /// first time the day is asked, and the day and source of the rates whenever they differ
    /// from the last result's; the day of a result is always the one said last above it.
    @Test func theDayUsedIsSaidOnceAndItsRatesWheneverTheyChange() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home)
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        let note = "Sat 2024-03-30 has no ECB reference rates (a weekend): rates of Thu 2024-03-28"
        let thursday = "rates of Thu 2024-03-28"
        // (line, note shown, Thursday's rates shown)
        let steps = [
            ("10 eur in usd on 2024-03-30", true, true), ("10 eur in usd on 2024-03-30", false, false), ("10 eur in usd", false, false),
            ("11 eur in usd on 2024-03-30", false, true),
        ]
        for (line, noted, dayShown) in steps {
            let mark = shell.mark
            shell.type(line + "\r")
            #expect(shell.waitFor(" = $", then: "EUR › ", after: mark), "\(shell.plainOutput)")
            let reply = String(shell.output[mark...])
            #expect(reply.contains(note) == noted, "\(line): \(reply)")
            #expect(reply.contains(thursday + " (") == dayShown, "\(line): \(reply)")
        }
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
    }

    /// `cambio 12 eur in usd`, as the manual writes its examples, was read as a currency in the
    /// shell: the rest of the line runs, and that is said once.
    @Test func aLineThatStartsWithTheProgramsNameRunsTheRest() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home)
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        var mark = shell.mark
        shell.type("cambio 12 eur in usd\r")
        #expect(shell.waitFor("€12.000 = $13.406", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        #expect(String(shell.output[mark...]).contains("left out"))
        mark = shell.mark
        shell.type("cambio 13 eur in usd\r")
        #expect(shell.waitFor("€13.000 = $14.524", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        #expect(!String(shell.output[mark...]).contains("left out"))
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
    }

    @Test func aSecondTabListsMatchesWithTheirNamesInGerman() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home, ["LANG": "de_DE.UTF-8"])
        #expect(shell.waitFor("EUR › "))
        let mark = shell.mark
        shell.type("schw\t\t")
        #expect(shell.waitFor("Schweizer Franken", after: mark), "\(shell.plainOutput)")
        #expect(shell.waitFor("Schwedische Krone", then: "EUR › schw", after: mark), "\(shell.plainOutput)")
        shell.type("\u{3}")
        // Typed text survives the terminal's switch between modes; a lone Ctrl-D might not.
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0, "\(shell.plainOutput)")
    }

    @Test func ctrlCCancelsTheLineAndTheShellGoesOn() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home)
        #expect(shell.waitFor("EUR › "))
        shell.type("12 eur in")
        shell.type("\u{3}")
        var mark = shell.mark
        #expect(shell.waitFor("EUR › ", after: mark), "\(shell.plainOutput)")
        mark = shell.mark
        shell.type("base\r")
        #expect(shell.waitFor("EUR (Euro)", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0, "\(shell.plainOutput)")
    }

    @Test func theBaseCurrencyAndItsPromptSurviveARestart() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home, ["LANG": "de_DE.UTF-8"])
        #expect(shell.waitFor("EUR › "))
        shell.type("base jpy\r")
        #expect(shell.waitFor("JPY › "))
        var mark = shell.mark
        shell.type("12,50 eur in usd\r")
        #expect(shell.waitFor("12,500\u{00A0}€ = 13,965\u{00A0}$", after: mark), "\(shell.plainOutput)")
        mark = shell.mark
        shell.type("12,5,3 usd\r")
        #expect(shell.waitFor("^", after: mark))
        #expect(shell.waitFor("1.234,5", then: "JPY › ", after: mark), "\(shell.plainOutput)")
        shell.type("exit\r")
        #expect(shell.waitForExit() == 0, "\(shell.plainOutput)")

        let again = try start(home, ["LANG": "de_DE.UTF-8"])
        #expect(again.waitFor("JPY › "), "\(again.plainOutput)")
        mark = again.mark
        again.type("1500\r")
        #expect(again.waitFor("1.500,000\u{00A0}¥ = ", then: "JPY › ", after: mark), "\(again.plainOutput)")
        again.type("\u{4}")
        #expect(again.waitForExit() == 0)
    }

    /// A pinned pair survives a restart: the banner says it, a bare amount goes along it.
    @Test func aPinnedPairSurvivesARestart() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home, ["LANG": "de_DE.UTF-8"])
        #expect(shell.waitFor("EUR › "))
        shell.type("100 eur in usd, gbp, chf, jpy, try, pln, czk, sek\r")
        #expect(shell.waitFor("SEK", then: "EUR › ", after: shell.mark))
        shell.type("pin try eur\r")
        #expect(shell.waitFor("fest: TRY → EUR"), "\(shell.plainOutput)")
        shell.type("exit\r")
        #expect(shell.waitForExit() == 0, "\(shell.plainOutput)")
        let config = try String(contentsOfFile: home.path + "/config/cambio/config", encoding: .utf8)
        #expect(config.contains("pins = TRY EUR"), "\(config)")

        let again = try start(home, ["LANG": "de_DE.UTF-8"])
        #expect(again.waitFor("fest TRY → EUR"), "\(again.plainOutput)")
        #expect(again.waitFor("EUR › "))
        let mark = again.mark
        again.type("450\r")
        #expect(again.waitFor("450,000\u{00A0}TRY = ", then: "EUR › ", after: mark), "\(again.plainOutput)")
        // One line: the pin, not the eight recent currencies.
        #expect(!again.output[mark...].contains("$"), "\(again.plainOutput)")
        again.type("\u{4}")
        #expect(again.waitForExit() == 0)
    }

    @Test func typingMultiByteCharactersAndBackspaceKeepsTheLineIntact() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home)
        #expect(shell.waitFor("EUR › "))
        let mark = shell.mark
        // € then Backspace, ü then Backspace: the line must read "€5 in usd".
        shell.type("€\u{7F}€5 in ü\u{7F}usd\r")
        #expect(shell.waitFor("€5.000 = $5.586", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("\u{4}")
        #expect(shell.waitForExit() == 0, "\(shell.plainOutput)")
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func terminationAndHangUpSaveTheHistory(_ signal: Int32) throws {
        let home = try TemporaryDirectory()
        let shell = try start(home)
        #expect(shell.waitFor("EUR › "))
        let mark = shell.mark
        shell.type("1 usd in gbp\r")
        #expect(shell.waitFor("£", then: "EUR › ", after: mark))
        kill(shell.pid, signal)
        #expect(shell.waitForExit() == 128 + signal)
        #expect(home.read("state/cambio/history")?.contains("\n1 usd in gbp\n") == true)
    }
}

extension InteractiveShellTests {
    @Test func theTableNoteIsShownWhenItChangesNotUnderEveryResult() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home, ["CAMBIO_OFFLINE": "1"])
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        for line in ["1 eur in usd", "2 eur in usd", "3 eur in usd", "4 aed in usd"] {
            let mark = shell.mark
            shell.type(line + "\r")
            #expect(shell.waitFor("$", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        }
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
        // Once, under the first result (the banner names the newest day of each source held);
        // neither of the next two repeats it.
        #expect(shell.plainOutput.components(separatedBy: "rates of 2026-10-30 (").count == 2, "\(shell.plainOutput)")
        #expect(shell.plainOutput.contains("rates held: ecb 2026-10-30"), "\(shell.plainOutput)")
        // A currency the ECB has no rate for takes the seed's day, and that is said under it.
        #expect(shell.plainOutput.components(separatedBy: "rates of 2026-07-06 (").count == 2, "\(shell.plainOutput)")
    }

    @Test func plainLeavesOutRateDetailsAndNotesInTheShell() throws {
        let home = try TemporaryDirectory()
        let shell = try PseudoTerminal(
            arguments: ["--plain"], environment: home.environment(["TERM": "xterm", "CAMBIO_OFFLINE": "1"]))
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        let mark = shell.mark
        shell.type("1 eur in usd\r")
        #expect(shell.waitFor("€1.000 = $1.117", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
        let after = String(shell.plainOutput[mark...])
        #expect(!after.contains("€1 = $1.117"), "\(after)")
        let raw = String(shell.output[mark...])
        #expect(!raw.contains("\u{1B}[1m") && !raw.contains("\u{1B}[2m"), "no bold or dim with --plain")
    }
}
