import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// Every example the manual and `--help` show under their topics, and every `$ ` line of the
/// README's console blocks, run as shown by bash in a directory holding the files they name,
/// in each interface language: each works (exit 0); a README line's output is what the README
/// shows beneath it.
@Suite struct ManualExampleTests {
    static let statement = "Buchungstag;Verwendungszweck;Betrag;Währung\n02.01.2024;Café;-12,50;EUR\n06.01.2024;Hotel;-1.234,56;CHF\n"
    static let card = "Transaction Date,Description,Amount,Currency\n2024-07-04,Taqueria,1250.50,MXN\n2025-07-22,Cafe,68.20,AUD\n"

    func directory() throws -> TemporaryDirectory {
        let home = try TemporaryDirectory()
        try home.write("statement.csv", Self.statement)
        try home.write("card.csv", Self.card)
        return home
    }

    func run(_ line: String, in home: TemporaryDirectory, locale: String) throws -> Cambio.Run {
        let binaries = URL(fileURLWithPath: Cambio.executable).deletingLastPathComponent().path
        return try Cambio.shell(
            "cd '\(home.path)' && \(line)",
            environment: home.environment(["LANG": locale + ".UTF-8", "PATH": binaries + ":/usr/bin:/bin", "CAMBIO_OFFLINE": "1"]))
    }

    @Test(arguments: ["en_US", "de_DE", "tr_TR"]) func everyTopicsExampleRunsAsShown(_ locale: String) throws {
        let home = try directory()
        var count = 0
        for topic in Reference.topics {
            for example in topic.examples {
                let run = try run(example, in: home, locale: locale)
                #expect(run.status == 0, "\(locale): \(example): \(run.stderr)")
                #expect(!run.stdout.isEmpty || example.contains(">"), "\(locale): \(example)")
                count += 1
            }
        }
        #expect(count >= 18)
        #expect(home.read("prices.journal")?.contains("P 2024-01-02 EUR 1.0956 USD") == true)
    }

    /// The README's console blocks: `$ ` and a command, then what it prints.
    @Test func theREADMEsConsoleBlocksPrintWhatTheyShow() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../README.md").standardized
        let text = try String(contentsOf: readme, encoding: .utf8)
        var examples: [(line: String, output: [String])] = []
        var inConsole = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inConsole = line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                examples.append((String(line.dropFirst(2)), []))
            } else if !examples.isEmpty {
                examples[examples.count - 1].output.append(line)
            }
        }
        #expect(examples.count >= 5, "the README's console blocks")
        let home = try directory()
        for example in examples {
            // Both streams in the order they were written, as a terminal shows them.
            let run = try run("(\(example.line)) 2>&1", in: home, locale: "en_US")
            let shown = run.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }
            #expect(shown == example.output.filter { !$0.isEmpty }, "\(example.line)")
        }
    }
}
