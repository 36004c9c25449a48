import CambioCore
import CambioFiles
import CambioRates
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// The line editor on a real pseudo-terminal: what libedit reads is what was typed.
@Suite(.serialized) struct LineEditorTests {

    /// A UTF-8 lead byte cut short right before Enter swallowed the Enter.
    @Test(.tags(.hostile)) func anEnterAfterACutCharacterStillEndsTheLine() throws {
        let home = try TemporaryDirectory()
        let shell = try PseudoTerminal(environment: home.environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"]))
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        var mark = shell.mark
        shell.type(bytes: Array("12 eur".utf8) + [0xC3, 0x0D])
        #expect(shell.waitFor("not UTF-8", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        mark = shell.mark
        shell.type(bytes: [0xE2, 0x82] + Array("1 eur in usd\r".utf8))
        #expect(shell.waitFor("EUR › ", after: mark), "\(shell.plainOutput)")
        mark = shell.mark
        shell.type("2 eur in usd\r")
        #expect(shell.waitFor("€2.000 = $2.234", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
    }

    /// Found by a hostile tester: the window's size set libedit's memory (10000 × 10000 took
    /// 593 MB, random resizes 6.9 GB), and under a limit on address space a resize crashed
    /// the shell. Whatever the window says, libedit is told at most 1024 × 1024.
    @Test(.tags(.hostile)) func aHugeWindowCostsNoMemoryAndNoCrash() throws {
        let home = try TemporaryDirectory()
        let shell = try PseudoTerminal(
            environment: home.environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"]), addressSpaceLimit: 1 << 30)
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        // Several sizes over the limit, each answered at a prompt after it.
        for (index, (columns, rows)) in [(20000, 20000), (65535, 3), (40, 65535), (60000, 60000), (120, 40)].enumerated() {
            shell.resize(columns: UInt16(columns), rows: UInt16(rows))
            let mark = shell.mark
            shell.type("\(index + 1) eur in usd\r")
            #expect(shell.waitFor("€\(index + 1).000 = $", then: "EUR › ", after: mark), "\(columns)×\(rows): \(shell.plainOutput.suffix(400))")
        }
        // 1024 × 1024 cells twice, four bytes each, is 8 MiB.
        let peak = try #require(shell.peakResident)
        #expect(peak < 120 << 20, "\(peak) bytes")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
    }
}
