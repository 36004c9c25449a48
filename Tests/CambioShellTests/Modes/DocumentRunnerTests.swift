import CambioCore
import CambioTestSupport
import Foundation
import Testing

/// `cambio --input csv FILE`: a real file in a temporary directory, the built binary, its
/// streams and exit status as a script sees them.
@Suite struct DocumentRunnerTests {
    static let bank: [UInt8] =
        Array("Buchungstag;Verwendungszweck;Betrag;W".utf8) + [0xE4] + Array("hrung\n02.01.2024;Caf".utf8) + [0xE9]
        + Array(";-12,50;EUR\n16.01.2024;Krypto;5,00;XBT\n".utf8)

    @Test func aBankExportIsConvertedAndItsFailedRowsNamed() throws {
        let home = try TemporaryDirectory()
        let path = home.path + "/Umsätze.csv"
        try Data(Self.bank).write(to: URL(fileURLWithPath: path))
        let run = try Cambio.run(["--input", "csv", path, "--to", "usd"], environment: home.environment(["LANG": "de_DE.UTF-8"]))
        #expect(run.status == 1)
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(lines[0] == "\u{FEFF}Buchungstag;Verwendungszweck;Betrag;Währung;USD;USD Kurs;USD Notierung;USD Kursdatum;USD Quelle;Hinweis")
        #expect(lines[1] == "02.01.2024;Café;-12,50;EUR;-13,70;1,0956;EUR/USD;2024-01-02;ecb;")
        #expect(lines[2].hasPrefix("16.01.2024;Krypto;5,00;XBT;;;;;;„XBT“ ist keine Währung"))
        #expect(
            lines[3].hasPrefix(
                ";;;;-13,70;;;;;\"Summe von 1 Zeile in USD: die Zeile, wie gedruckt; 1 nicht umgerechnete Zeile ist nicht darin"))
        #expect(run.stderr.contains("cambio: als Windows-1252 gelesen"))
        #expect(run.stderr.contains("cambio: Zeile 3: „XBT“ ist keine Währung"))
        #expect(run.stderr.contains("1 von 2 Zeilen konnten nicht umgerechnet werden"))
    }

    /// A currency beside the amount is read, and one that is not a currency or not the row's
    /// fails the row: `12,5x` is not 12,50 of the column's currency.
    @Test func aCurrencyBesideTheAmountIsTheRowsOrTheRowFails() throws {
        let home = try TemporaryDirectory()
        let table = "Datum;Betrag;Währung\n02.01.2024;12,50 €;EUR\n02.01.2024;12,5x;USD\n02.01.2024;12,50 €;USD\n02.01.2024;12,50 €;\n"
        let run = try Cambio.run(["--input", "csv", "-", "--to", "usd"], stdin: table, environment: home.environment(["LANG": "de_DE.UTF-8"]))
        #expect(run.status == 1)
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(lines[1] == "02.01.2024;12,50 €;EUR;13,70;1,0956;EUR/USD;2024-01-02;ecb;")
        #expect(lines[2] == "02.01.2024;12,5x;USD;;;;;;„x“ ist keine Währung, die Cambio kennt — ein ISO-Code (USD), ein Symbol oder ein Name")
        #expect(lines[3] == "02.01.2024;12,50 €;USD;;;;;;„12,50 €“ ist in EUR, die Währung der Zeile aber USD — nur eine Währung angeben oder keine beim Betrag")
        #expect(lines[4] == "02.01.2024;12,50 €;;13,70;1,0956;EUR/USD;2024-01-02;ecb;")
        let from = try Cambio.run(["--input", "csv", "-", "--to", "usd", "--from", "gbp"], stdin: "date,amount\n2024-01-02,$12.50\n", environment: home.environment())
        #expect(from.status == 1 && from.stdout.contains("this row is in USD, but --from says the amounts are in GBP"), "\(from.stdout)")
    }

    /// On a terminal, a table with CR LF line ends is shown a line to a row, not one line
    /// with `U+000DU+000A` between them.
    @Test func aCRLFTableIsShownARowToALine() throws {
        let home = try TemporaryDirectory()
        let path = home.path + "/card.csv"
        try Data("date,amount,currency\r\n2024-01-02,10,EUR\r\n".utf8).write(to: URL(fileURLWithPath: path))
        let terminal = try PseudoTerminal(arguments: ["--input", "csv", path, "--to", "usd"], environment: home.environment(["NO_COLOR": "1"]), columns: 200)
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.output.contains("U+000D"), "\(terminal.output)")
        #expect(terminal.output.contains("2024-01-02,10,EUR,10.96,1.0956,EUR/USD,2024-01-02,ecb,"), "\(terminal.output)")
    }

    @Test func standardInputAndTheOptionsWork() throws {
        let home = try TemporaryDirectory()
        let table = "when\tvalue\n2024-01-02\t100\n"
        let run = try Cambio.run(
            ["--input", "tsv", "-", "--to", "usd,gbp", "--from", "eur", "--column", "date=when", "--column", "amount=value", "--round", "0"],
            stdin: table, environment: home.environment())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "\n")[1] == "2024-01-02\t100\t110\t1.0956\tEUR/USD\t2024-01-02\tecb\t87\t0.86645\tEUR/GBP\t2024-01-02\tecb\t")
        let missing = try Cambio.run(["--input", "csv", home.path + "/none.csv"], environment: home.environment())
        #expect(missing.status == 1 && missing.stderr.contains("cannot read"))
        let noFile = try Cambio.run(["--input", "csv"], environment: home.environment())
        #expect(noFile.status == 2 && noFile.stderr.contains("--input needs a file"))
        let badTarget = try Cambio.run(["--input", "csv", "-", "--to", "zzz"], stdin: table, environment: home.environment())
        #expect(badTarget.status == 2)
        // A record format was ignored (the table came out as CSV, exit 0): it is refused.
        for format in ["json", "tsv", "csv"] {
            let records = try Cambio.run(["--input", "tsv", "-", "--to", "usd", "--format", format], stdin: table, environment: home.environment())
            #expect(records.status == 2 && records.stdout.isEmpty, "\(format): \(records.stdout)")
            #expect(records.stderr.contains("--format \(format) does not apply to --input"), "\(records.stderr)")
        }
    }
}
