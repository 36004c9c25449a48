import CambioTestSupport
import Foundation
import Testing

import CambioShell

/// The real shell on a pseudo-terminal: keystrokes in, screen output checked.
@Suite(.serialized) struct ShellTests {
    func start(_ home: TemporaryDirectory, _ extra: [String: String] = [:]) throws -> PseudoTerminal {
        try PseudoTerminal(environment: home.environment(["TERM": "xterm", "NO_COLOR": "1"].merging(extra) { _, new in new }))
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
        #expect(shell.waitFor("€12.000 = ¥2,220.448", then: "EUR › ", after: mark), "\(shell.plainOutput)")
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
        #expect(again.waitFor("€12.000 = ¥2,220.448", then: "EUR › ", after: mark), "\(again.plainOutput)")
        again.type("quit\r")
        #expect(again.waitForExit() == 0)
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
        #expect(shell.waitFor("12,500\u{00A0}€ = 14,291\u{00A0}$", after: mark), "\(shell.plainOutput)")
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

    @Test func typingMultiByteCharactersAndBackspaceKeepsTheLineIntact() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home)
        #expect(shell.waitFor("EUR › "))
        let mark = shell.mark
        // € then Backspace, ü then Backspace: the line must read "€5 in usd".
        shell.type("€\u{7F}€5 in ü\u{7F}usd\r")
        #expect(shell.waitFor("€5.000 = $5.716", then: "EUR › ", after: mark), "\(shell.plainOutput)")
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

/// Faults a shell meets in daily use.
@Suite(.serialized) struct ShellFaultTests {
    func start(_ home: TemporaryDirectory) throws -> PseudoTerminal {
        try PseudoTerminal(environment: home.environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"]))
    }

    @Test func twoShellsAtOnceLoseNoHistory() throws {
        let home = try TemporaryDirectory()
        let first = try start(home)
        let second = try start(home)
        #expect(first.waitFor("EUR › ") && second.waitFor("EUR › "))
        for (index, shell) in [first, second, first, second].enumerated() {
            let mark = shell.mark
            shell.type("\(index + 1) usd in gbp\r")
            #expect(shell.waitFor("£", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        }
        first.type("quit\r")
        second.type("quit\r")
        #expect(first.waitForExit() == 0)
        #expect(second.waitForExit() == 0)
        let history = home.read("state/cambio/history") ?? ""
        for index in 1...4 {
            #expect(history.contains("\n\(index) usd in gbp\n"), "\(history)")
        }
    }

    // Found by fuzzing: libedit's loader reads past the end of lines like these (an unending
    // line; an escape it cannot decode).
    @Test(arguments: ["regression-libedit-overflow", "regression-undecodable-escape"])
    func aDamagedHistoryFileIsMovedAsideAndTheShellStarts(_ input: String) throws {
        let home = try TemporaryDirectory()
        let damaged = FuzzCorpusTests.corpus.appendingPathComponent("history/\(input)")
        try home.write("state/cambio/history", "")
        let path = home.path + "/state/cambio/history"
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: damaged.path, toPath: path)
        let shell = try start(home)
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        #expect(shell.plainOutput.contains("history file"), "\(shell.plainOutput)")
        #expect(FileManager.default.fileExists(atPath: path + ".damaged"))
        let mark = shell.mark
        shell.type("1 usd in gbp\r")
        #expect(shell.waitFor("£", then: "EUR › ", after: mark))
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
        #expect(home.read("state/cambio/history")?.hasPrefix(HistoryFile.header + "\n") == true)
    }

    @Test func onlyTheEscapesLibeditWritesAreHandedToItsLoader() throws {
        let cases: [(String, Bool)] = [
            ("12\\040eur\\040in\\040usd", true), ("a\\134b", true), ("über\\040€", true), ("x\\377", true),
            ("a\\M-C\\M^B", true), ("a\\^A", true),
            ("12\\eur", false), ("a\\", false), ("a\\04", false), ("a\\400", false), ("a\\08x", false), ("a\\Mx", false), ("a\\M-", false),
        ]
        for (line, valid) in cases {
            #expect(LibeditHistory.libeditLineIsLoadable(Array(line.utf8)) == valid, "\(line)")
        }
    }

    /// A history file an earlier version wrote (libedit's format) is read, and written in
    /// Cambio's own at the next save.
    @Test func anEarlierVersionsHistoryIsReadAndRewrittenInOurFormat() throws {
        let home = try TemporaryDirectory()
        try home.write("state/cambio/history", "")
        let path = home.path + "/state/cambio/history"
        #expect(LibeditHistory.writeLegacy(["12 über \\ € in usd", "tab\there", "\\\\", "1 usd in gbp"], toPath: path))
        #expect(home.read("state/cambio/history")?.hasPrefix("_HiStOrY_V2_\n") == true)
        #expect(HistoryFile.entries(atPath: path) == ["12 über \\ € in usd", "tab\there", "\\\\", "1 usd in gbp"])
        let shell = try start(home)
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        var mark = shell.mark
        shell.type("\u{1B}[A")
        #expect(shell.waitFor("1 usd in gbp", after: mark), "\(shell.plainOutput)")
        shell.type("\u{3}")
        mark = shell.mark
        shell.type("2 usd in gbp\r")
        #expect(shell.waitFor("£", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("\u{4}")
        #expect(shell.waitForExit() == 0)
        #expect(home.read("state/cambio/history")?.hasPrefix(HistoryFile.header + "\n") == true)
        #expect(HistoryFile.entries(atPath: path) == ["12 über \\ € in usd", "tab\there", "\\\\", "1 usd in gbp", "2 usd in gbp"])
    }

    @Test func twoShellsAtOnceLoseNoRecentCurrency() throws {
        let home = try TemporaryDirectory()
        let first = try start(home)
        let second = try start(home)
        #expect(first.waitFor("EUR › ") && second.waitFor("EUR › "))
        for (shell, line) in [(first, "1 usd in gbp\r"), (second, "1 chf in jpy\r")] {
            let mark = shell.mark
            shell.type(line)
            #expect(shell.waitFor(" = ", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        }
        first.type("quit\r")
        second.type("quit\r")
        #expect(first.waitForExit() == 0 && second.waitForExit() == 0)
        let recent = Set((home.read("state/cambio/recent") ?? "").split(separator: "\n").map(String.init))
        #expect(recent == ["USD", "GBP", "CHF", "JPY"], "\(recent)")
    }
}

/// Faults a script meets.
@Suite struct PipeFaultTests {
    @Test func outputClosedEarlyEndsQuietly() throws {
        let home = try TemporaryDirectory()
        let input = home.path + "/input"
        try String(repeating: "1 eur in usd\n", count: 200_000).write(toFile: input, atomically: true, encoding: .utf8)
        let script = "\(TmuxScreen.quote(Cambio.executable)) < \(TmuxScreen.quote(input)) | head -1; echo status=${PIPESTATUS[0]}"
        let run = try Cambio.shell(script, environment: home.environment())
        #expect(run.stdout == "€1.000 = $1.143\nstatus=0\n")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    /// A full disk or a closed standard output loses results: said, and the run fails (a closed
    /// pipe, above, is a reader that has what it wanted).
    @Test(arguments: ["> /dev/full", ">&-"])
    func outputThatCannotBeWrittenIsAFailure(_ redirection: String) throws {
        let home = try TemporaryDirectory()
        let exe = TmuxScreen.quote(Cambio.executable)
        let oneShot = try Cambio.shell("\(exe) 1 eur in usd \(redirection); echo status=$? >&2", environment: home.environment())
        #expect(oneShot.stderr.contains("cannot write standard output") && oneShot.stderr.hasSuffix("status=1\n"), "\(oneShot.stderr)")
        let pipe = try Cambio.shell("yes '1 eur in usd' | head -100000 | \(exe) \(redirection); echo status=${PIPESTATUS[2]} >&2", environment: home.environment())
        #expect(pipe.stderr.contains("cannot write standard output") && pipe.stderr.hasSuffix("status=1\n"), "\(pipe.stderr)")
        // Said once, not once a line.
        #expect(pipe.stderr.components(separatedBy: "cannot write").count == 2, "\(pipe.stderr)")
        for option in ["--version", "--help", "--man"] {
            let about = try Cambio.shell("\(exe) \(option) \(redirection); echo status=$? >&2", environment: home.environment())
            #expect(about.stderr.contains("cannot write standard output") && about.stderr.hasSuffix("status=1\n"), "\(option): \(about.stderr)")
        }
    }

    @Test func anUnwritableStateDirectoryWarnsAndConvertingGoesOn() throws {
        let home = try TemporaryDirectory()
        // A file where the state directory should be: nothing can be saved there, even by root.
        try home.write("state/cambio", "in the way")
        let run = try Cambio.run([], stdin: "1 eur in usd\n2 eur in usd\n", environment: home.environment())
        #expect(run.status == 0)
        #expect(run.stdout == "€1.000 = $1.143\n€2.000 = $2.287\n")
        // One line for reading the recent file (a pipe saves none); none per converted line.
        let warnings = run.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.allSatisfy { $0.hasPrefix("cambio: warning: ") })
    }
}

extension ShellTests {
    @Test func theTableNoteIsShownWhenItChangesNotUnderEveryResult() throws {
        let home = try TemporaryDirectory()
        let shell = try start(home, ["CAMBIO_OFFLINE": "1"])
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        for line in ["1 eur in usd", "2 eur in usd", "3 eur in usd"] {
            let mark = shell.mark
            shell.type(line + "\r")
            #expect(shell.waitFor("$", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        }
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
        // Once, in the banner; none of the three results repeats it.
        #expect(shell.plainOutput.components(separatedBy: "rates of 2026-07-06").count == 2, "\(shell.plainOutput)")
    }

    @Test func plainLeavesOutRateDetailsAndNotesInTheShell() throws {
        let home = try TemporaryDirectory()
        let shell = try PseudoTerminal(
            arguments: ["--plain"], environment: home.environment(["TERM": "xterm", "CAMBIO_OFFLINE": "1"]))
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        let mark = shell.mark
        shell.type("1 eur in usd\r")
        #expect(shell.waitFor("€1.000 = $1.143", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
        let after = String(shell.plainOutput[mark...])
        #expect(!after.contains("€1 = $1.143"), "\(after)")
        let raw = String(shell.output[mark...])
        #expect(!raw.contains("\u{1B}[1m") && !raw.contains("\u{1B}[2m"), "no bold or dim with --plain")
    }
}
