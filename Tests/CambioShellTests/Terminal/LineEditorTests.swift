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
}
