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
        // The header and a row a fact, as many as without the hostile path, each as wide.
        #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\r"))
        let clean = try Cambio.run(["--format", "tsv", "status"], environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        #expect(lines.count == clean.stdout.split(separator: "\n").count, "\(run.stdout.debugDescription)")
        #expect(Set(lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).count }) == [OutputFormat.tableColumns.count + 2])
    }

    /// A label is outside text: one that a spreadsheet would read as a formula gets an
    /// apostrophe before it in CSV and TSV records; a decimal's minus is its sign.
    @Test func aLabelIsNeverAFormula() throws {
        let home = try TemporaryDirectory()
        let input = "12 eur in usd # =HYPERLINK(\"http://x\",\"y\")\n-12 eur in usd # @SUM(A1)\n12 eur in usd # -2+3\n"
        for format in ["csv", "tsv"] {
            let run = try Cambio.run(["--format", format], stdin: input, environment: home.environment())
            let lines = run.stdout.split(separator: "\n").map(String.init)
            let separator = format == "csv" ? "," : "\t"
            #expect(lines.contains { $0.contains(format == "csv" ? ",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"," : "\t'=HYPERLINK(\"http://x\",\"y\")\t") }, "\(run.stdout)")
            #expect(lines.contains { $0.contains(separator + "'@SUM(A1)" + separator) } && lines.contains { $0.contains(separator + "'-2+3" + separator) }, "\(run.stdout)")
            #expect(!lines.contains { $0.contains("\t=") || $0.contains(",=") || $0.contains(",@") || $0.contains("\t@") }, "\(run.stdout)")
            // A negative amount is still a number.
            #expect(lines.contains { $0.contains(format == "csv" ? ",-12," : "\t-12\t") }, "\(run.stdout)")
        }
    }

    /// A header before each record type's first record, one list of columns per type, the
    /// `# comment` as the last field, CSV quoted as RFC 4180 has it: Python's csv module reads
    /// every row with as many fields as its type's header.
    @Test func aTableHasOneHeaderAndCarriesTheLabel() throws {
        let home = try TemporaryDirectory()
        let input =
            "45,80 eur in usd on 2024-01-15  # Hotel \"Adler\", Bern\n# a line that is only a comment\n12 eur in gbp\nrates usd\n3 x 12 eur in usd # three\n"
        for format in ["csv", "tsv"] {
            let run = try Cambio.run(["--format", format], stdin: input, environment: home.environment(["LANG": "de_DE.UTF-8"]))
            #expect(run.status == 0, "\(run.stderr)")
            let script = """
                import csv, sys
                rows = list(csv.reader(sys.stdin, delimiter="\(format == "csv" ? "," : "\\t")"))
                # One header, first; every row as wide.
                header = rows[0]
                assert header[:2] == ["line", "type"] and all(row[0] != "line" for row in rows[1:]), rows
                for row in rows[1:]:
                    assert len(row) == len(header), (row, header)
                    print(row[0], row[1], dict(zip(header, row)).get("label", "?"))
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

    /// Every record any command gives has a column in the one table, and a table of mixed
    /// records (a conversion, a rate, a dated line, a calculation, commands) is one header and
    /// rows as wide, each field under its name.
    @Test func everyRecordOfEveryCommandHasItsColumn() throws {
        let home = try TemporaryDirectory()
        let input = [
            "12 eur in usd", "eur in gbp", "100 usd in eur on 2024-03-15", "3 * 12 eur in usd", "12 eur in usd average 2024-03",
            "100 eur in usd on 2024-01-02 at 1,1", "base", "status", "fee 2", "fee", "round", "pin try eur", "pin", "unpin",
            "chart eur usd 2024-01-01..2024-01-05", "xyz", "help", "list eur", "rates usd", "recent", "swap", "source", "locale",
            "preview", "prices eur usd 2024-01-02..2024-01-03",
        ].joined(separator: "\n") + "\n"
        let json = try Cambio.run(["--format", "json"], stdin: input, environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        var keys: [String: Set<String>] = [:]
        for line in json.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let type = try #require(object["type"] as? String)
            keys[type, default: []].formUnion(object.keys.filter { $0 != "line" && $0 != "type" })
        }
        #expect(keys.count >= 14, "\(keys.keys.sorted())")
        for (type, fields) in keys where type != "status" {
            #expect(fields.isSubset(of: OutputFormat.tableColumns), "\(type): \(fields.subtracting(OutputFormat.tableColumns))")
        }
        let tsv = try Cambio.run(["--format", "tsv"], stdin: input, environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        let rows = tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.first == ["line", "type"] + OutputFormat.tableColumns)
        #expect(rows.dropFirst().allSatisfy { $0.count == OutputFormat.tableColumns.count + 2 && $0[0] != "line" })
        // The rate's inverse under `inverse`, the expression's text under `typed`.
        let header = rows[0]
        let rate = try #require(rows.first { $0[1] == "rate" })
        #expect(rate[header.firstIndex(of: "from")!] == "EUR" && !rate[header.firstIndex(of: "inverse")!].isEmpty)
        let expression = try #require(rows.first { $0[1] == "expression" })
        #expect(expression[header.firstIndex(of: "typed")!] == "3 * 12 eur in usd")
    }
}
