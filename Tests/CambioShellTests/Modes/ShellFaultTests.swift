import CambioShell
import CambioTestSupport
import Foundation
import Testing

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
