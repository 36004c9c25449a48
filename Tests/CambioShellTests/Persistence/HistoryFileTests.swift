import CambioCore
import CambioFiles
import CambioRates
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// The shell's history: every line kept byte for byte, within one limit, whatever the disk does.
@Suite(.serialized) struct HistoryFileTests {

    // 2. A full disk never empties the history.
    @Test(.tags(.hostile)) func aFullDiskKeepsTheHistoryWhole() throws {
        let home = try TemporaryDirectory()
        let path = home.path + "/state/cambio/history"
        try home.write("state/cambio/history", "")
        let old = (0..<900).map { "\($0) eur in usd" }
        try HistoryFile.write(old, toPath: path)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        #expect(before.utf8.count > 8192)
        // Files may grow to 8 KiB: rewriting the 13 KiB history fails as on a full disk.
        let shell = try PseudoTerminal(environment: home.environment(["TERM": "xterm", "NO_COLOR": "1"]), fileSizeLimit: 8192)
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        let mark = shell.mark
        shell.type("1 eur in gbp\r")
        #expect(shell.waitFor("£", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
        #expect(shell.plainOutput.contains("cannot save history"), "\(shell.plainOutput)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        #expect(HistoryFile.entries(atPath: path).count == 900)
    }

    /// Found by a hostile tester: one line with an ideographic space (what a Japanese input
    /// method types) stopped every later save; other spaces came back changed.
    @Test(.tags(.hostile)) func everyLineTypedIsSavedAndRecalledByteForByte() throws {
        let home = try TemporaryDirectory()
        let typed = [
            "１５００　円", "1 eur\u{2028}in usd", "2 eur\u{2029}in usd", "3\u{205F}eur", "4\u{2003}eur", "5\u{2009}eur",
            "6\u{200A}eur", "back\\slash \\040", "7 usd in gbp", "100 रुपया in usd", "8 usd in gbp",
        ]
        let shell = try PseudoTerminal(environment: home.environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"]))
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        for line in typed {
            let mark = shell.mark
            shell.type(line + "\r")
            #expect(shell.waitFor("\n", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        }
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
        #expect(!shell.plainOutput.contains("cannot save history"), "\(shell.plainOutput)")
        let path = home.path + "/state/cambio/history"
        #expect(HistoryFile.entries(atPath: path) == typed)
        let again = try PseudoTerminal(environment: home.environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"]))
        #expect(again.waitFor("EUR › "))
        let mark = again.mark
        again.type(String(repeating: "\u{1B}[A", count: typed.count))
        #expect(again.waitFor("１５００　円", after: mark), "\(again.plainOutput)")
        // Ctrl-C, then `quit` at the prompt it gives: the terminal driver drops what is typed
        // ahead of an interrupt it is still handling (typed in one write, `quit` was lost once).
        let cancelled = again.mark
        again.type("\u{3}")
        #expect(again.waitFor("EUR › ", after: cancelled), "\(again.plainOutput)")
        again.type("quit\r")
        #expect(again.waitForExit() == 0)
    }

    /// A line longer than the history keeps (4,096 bytes) is evaluated and said not kept, never
    /// dropped unsaid; the lines after it are kept as before.
    @Test(.tags(.hostile)) func aLineTooLongForTheHistoryIsSaidNotKept() throws {
        let home = try TemporaryDirectory()
        let shell = try PseudoTerminal(environment: home.environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"]))
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        let long = shell.mark
        shell.type("12 eur in usd # " + String(repeating: "x", count: 4200) + "\r")
        #expect(shell.waitFor("not kept in the history: it is longer than 4096 bytes", then: "EUR › ", after: long), "\(shell.plainOutput.suffix(600))")
        let next = shell.mark
        shell.type("7 usd in gbp\r")
        #expect(shell.waitFor("\n", then: "EUR › ", after: next), "\(shell.plainOutput.suffix(600))")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
        #expect(HistoryFile.entries(atPath: home.path + "/state/cambio/history") == ["7 usd in gbp"])
    }

    /// The writer allowed 1,000 lines of 4 KiB and the reader refused a file over 1 MiB, the one
    /// just written included: no line was saved again. One limit for both, the oldest dropped.
    @Test(.tags(.hostile)) func aHistoryNearItsLimitKeepsTheNewestLines() throws {
        let home = try TemporaryDirectory()
        let path = home.path + "/history"
        let long = (0..<1000).map { "\($0) " + String(repeating: "x", count: 4000) }
        try HistoryFile.write(long, toPath: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.utf8.count <= HistoryFile.byteLimit)
        let read = HistoryFile.entries(atPath: path)
        #expect(read.count > 200 && read.last == long.last, "\(read.count)")
        try HistoryFile.write(read + ["new line"], toPath: path)
        #expect(HistoryFile.entries(atPath: path).last == "new line")
    }

    @Test(.tags(.hostile)) func aHistoryFileCutShortKeepsItsWholeLines() throws {
        let home = try TemporaryDirectory()
        let path = home.path + "/history"
        try HistoryFile.write(["1 eur in usd", "2 eur in usd"], toPath: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try String(text.dropLast(8)).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(HistoryFile.read(path) == .entries(["1 eur in usd", "2 eur"], skipped: 0))
        try "".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(HistoryFile.read(path) == .damaged("not a history file"))
    }

    @Test(.tags(.hostile)) func historyThatIsAFIFOIsNotReadEither() throws {
        let home = try TemporaryDirectory()
        let path = home.path + "/history"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(HistoryFile.read(path) == .damaged("not a regular file"))
    }

    // 8. One overlong line costs that line, never the file; nothing overwrites an earlier .damaged.
    @Test(.tags(.hostile)) func anOverlongHistoryLineIsLeftOutNotTheFile() throws {
        let home = try TemporaryDirectory()
        let path = home.path + "/history"
        #expect(LibeditHistory.writeLegacy(["1 eur in usd", String(repeating: "9", count: 20_000), "2 eur in usd"], toPath: path))
        #expect(HistoryFile.entries(atPath: path) == ["1 eur in usd", "2 eur in usd"])
        let long = String(repeating: "9", count: 5000)
        try "\(HistoryFile.header)\n1 eur in usd\n\(long)\n2 eur in usd\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(HistoryFile.read(path) == .entries(["1 eur in usd", "2 eur in usd"], skipped: 1))
        try "first".write(toFile: path + ".damaged", atomically: false, encoding: .utf8)
        #expect(HistoryFile.asideName(for: path) == path + ".damaged.2")
    }
}
