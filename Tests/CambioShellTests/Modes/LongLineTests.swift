import CambioCore
import CambioFiles
import CambioRates
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// A line longer than the engine reads is one error; memory does not grow with it.
@Suite struct LongLineTests {

    // 13. A huge line is one error; the next line is converted; memory does not grow with it.
    /// However the length is made up (digits, or a plain conversion padded with spaces that
    /// the shortcut would have answered from what was kept), and where the line ends.
    @Test(
        .tags(.hostile),
        arguments: [
            String(repeating: "1", count: 3_000_000) + " eur in usd\n", "12 eur in usd" + String(repeating: " ", count: 3_000_000) + "\n",
            "12 eur in usd" + String(repeating: " ", count: Engine.lineLimit) + "\n",
        ])
    func aHugeLineIsAnErrorAndTheNextOneWorks(_ huge: String) throws {
        let home = try TemporaryDirectory()
        let input = huge + "1 eur in usd\n"
        let run = try Cambio.run([], stdin: input, environment: home.environment())
        #expect(run.stdout == "€1.000 = $1.117\n")
        #expect(run.stderr.hasPrefix("line 1: the line is longer than 65536 bytes"), "\(run.stderr.prefix(200))")
        #expect(run.status == 1)
    }
}
