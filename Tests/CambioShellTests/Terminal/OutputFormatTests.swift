import CambioCore
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// A TSV field never forges a record or a column, and no control character reaches the output.
@Suite struct OutputFormatTests {
    @Test(arguments: ["a\r\nb", "a\tb", "a\nb", "a\rb", "a\u{85}b", "a\u{2028}b", "a\u{2029}b", "a\u{0B}b", "a\u{0C}b"])
    func lineEndsAndTabsOfEveryKindAreSpaces(_ text: String) {
        // Each scalar of a line end is a space (CR LF, two).
        #expect(OutputFormat.tsvField(text) == "a" + String(repeating: " ", count: text.unicodeScalars.count - 2) + "b", "\(text.unicodeScalars.map(\.value))")
    }

    @Test func escapesAreMadeVisible() {
        #expect(OutputFormat.tsvField("x\u{1B}[2Jy\u{9B}z") == "xU+001B[2JyU+009Bz")
        #expect(OutputFormat.tsvField("Türk lirası") == "Türk lirası")
    }

    /// The case: a config directory with CR LF, tabs and an ESC in its name.
    @Test func aHostilePathStaysInItsField() throws {
        let home = try TemporaryDirectory()
        let hostile = home.path + "/con\r\nfig\t1\tx\u{1B}[31m"
        try FileManager.default.createDirectory(atPath: hostile, withIntermediateDirectories: true)
        let run = try Cambio.run(["--format", "tsv", "status"], environment: home.environment(["XDG_CONFIG_HOME": hostile, "CAMBIO_OFFLINE": "1"]))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1, "\(run.stdout.debugDescription)")
        #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\r"))
        let clean = try Cambio.run(["--format", "tsv", "status"], environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        #expect(lines.first?.split(separator: "\t", omittingEmptySubsequences: false).count
            == clean.stdout.split(separator: "\n").first?.split(separator: "\t", omittingEmptySubsequences: false).count)
    }
}
