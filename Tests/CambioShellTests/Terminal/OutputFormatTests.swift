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
        #expect(
            OutputFormat.tsvField(text) == "a" + String(repeating: " ", count: text.unicodeScalars.count - 2) + "b",
            "\(text.unicodeScalars.map(\.value))")
    }

    @Test func escapesAreMadeVisible() {
        #expect(OutputFormat.tsvField("x\u{1B}[2Jy\u{9B}z") == "xU+001B[2JyU+009Bz")
        #expect(OutputFormat.tsvField("Türk lirası") == "Türk lirası")
    }

    /// The issue's case: a config directory with CR LF, tabs and an ESC in its name.
    @Test func aHostilePathStaysInItsField() throws {
        let home = try TemporaryDirectory()
        let hostile = home.path + "/con\r\nfig\t1\tx\u{1B}[31m"
        try FileManager.default.createDirectory(atPath: hostile, withIntermediateDirectories: true)
        let run = try Cambio.run(["--format", "tsv", "status"], environment: home.environment(["XDG_CONFIG_HOME": hostile, "CAMBIO_OFFLINE": "1"]))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // The header and the one record.
        #expect(lines.count == 2, "\(run.stdout.debugDescription)")
        #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\r"))
        let clean = try Cambio.run(["--format", "tsv", "status"], environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        #expect(
            lines.last?.split(separator: "\t", omittingEmptySubsequences: false).count
                == clean.stdout.split(separator: "\n").last?.split(separator: "\t", omittingEmptySubsequences: false).count)
    }

    /// A label is outside text: one that a spreadsheet would read as a formula gets an
    /// apostrophe before it in CSV and TSV records; a decimal's minus is its sign.
    @Test func aLabelIsNeverAFormula() throws {
        let home = try TemporaryDirectory()
        let input = "12 eur in usd # =HYPERLINK(\"http://x\",\"y\")\n-12 eur in usd # @SUM(A1)\n12 eur in usd # -2+3\n"
        for format in ["csv", "tsv"] {
            let run = try Cambio.run(["--format", format], stdin: input, environment: home.environment())
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasSuffix(format == "csv" ? "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"" : "\t'=HYPERLINK(\"http://x\",\"y\")") }, "\(run.stdout)")
            #expect(lines.contains { $0.hasSuffix("'@SUM(A1)") } && lines.contains { $0.hasSuffix("'-2+3") }, "\(run.stdout)")
            #expect(!lines.contains { $0.contains("\t=") || $0.contains(",=") || $0.contains(",@") || $0.contains("\t@") }, "\(run.stdout)")
            // A negative amount is still a number.
            #expect(lines.contains { $0.contains(format == "csv" ? ",-12," : "\t-12\t") }, "\(run.stdout)")
        }
    }

    /// A header before each record type's first record, one list of columns per type, the
    /// `# comment` as the last field, CSV quoted as RFC 4180 has it: Python's csv module reads
    /// every row with as many fields as its type's header.
    @Test func tablesHaveAHeaderPerTypeAndCarryTheLabel() throws {
        let home = try TemporaryDirectory()
        let input =
            "45,80 eur in usd on 2024-01-15  # Hotel \"Adler\", Bern\n# a line that is only a comment\n12 eur in gbp\nrates usd\n3 x 12 eur in usd # three\n"
        for format in ["csv", "tsv"] {
            let run = try Cambio.run(["--format", format], stdin: input, environment: home.environment(["LANG": "de_DE.UTF-8"]))
            #expect(run.status == 0, "\(run.stderr)")
            let script = """
                import csv, sys
                headers = {}
                pending = None
                for row in csv.reader(sys.stdin, delimiter="\(format == "csv" ? "," : "\\t")"):
                    # A header stands before the first record of its type.
                    if row[0] == "line": pending = row; continue
                    if pending: headers[row[1]] = pending; pending = None
                    assert len(row) == len(headers[row[1]]), (row, headers[row[1]])
                    print(row[0], row[1], dict(zip(headers[row[1]], row)).get("label", "?"))
                """
            try run.stdout.write(toFile: home.path + "/records", atomically: true, encoding: .utf8)
            try script.write(toFile: home.path + "/check.py", atomically: true, encoding: .utf8)
            let python = try Cambio.shell("python3 '\(home.path)/check.py' < '\(home.path)/records'", environment: home.environment())
            #expect(python.status == 0, "\(python.stderr)")
            let rows = python.stdout.split(separator: "\n").map(String.init)
            #expect(
                rows == [
                    "1 conversion Hotel \"Adler\", Bern", "3 conversion ", "4 rate ", "5 conversion three", "5 expression three",
                ], "\(format): \(run.stdout)")
        }
    }
}
