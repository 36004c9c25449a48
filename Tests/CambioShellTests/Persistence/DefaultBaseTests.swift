import CambioTestSupport
import Foundation
import Testing

/// Without a saved base, a bare amount is in the currency of the user's region: `cambio 100`
/// in en_US is dollars, `10 lakh` in en_IN rupees; the euro where the locale names no region.
@Suite struct DefaultBaseTests {
    @Test(arguments: [
        ("en_US.UTF-8", "USD"), ("en_IN.UTF-8", "INR"), ("tr_TR.UTF-8", "TRY"), ("de_DE.UTF-8", "EUR"), ("he_IL.UTF-8", "ILS"),
        ("ar_EG.UTF-8", "EGP"), ("ja_JP.UTF-8", "JPY"), ("en_001.UTF-8", "EUR"), ("C", "EUR"), ("", "EUR"),
    ])
    func aBareAmountIsInTheRegionsCurrency(_ lang: String, _ code: String) throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(["--format", "json", "100"], environment: home.environment(["LANG": lang, "CAMBIO_BASE": "", "CAMBIO_OFFLINE": "1"]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").first?.contains("\"from\": \"\(code)\"") == true, "\(lang): \(run.stdout)")
    }

    @Test func lakhsInIndiaAreRupees() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(["--format", "json", "10", "lakh", "in", "usd"], environment: home.environment(["LANG": "en_IN.UTF-8", "CAMBIO_BASE": ""]))
        #expect(run.stdout.contains("\"from\": \"INR\"") && run.stdout.contains("\"amount\": \"1000000\""), "\(run.stdout) \(run.stderr)")
    }

    /// A saved base wins over the region, CAMBIO_BASE over the region too; a bad CAMBIO_BASE
    /// is warned about and the region's currency is used.
    @Test func aSavedOrChosenBaseWins() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment(["LANG": "en_US.UTF-8", "CAMBIO_BASE": ""])
        _ = try Cambio.run(["--save", "base", "jpy"], environment: environment)
        #expect(try Cambio.run(["--format", "json", "100"], environment: environment).stdout.contains("\"from\": \"JPY\""))
        let fresh = try TemporaryDirectory()
        let chosen = try Cambio.run(["--format", "json", "100"], environment: fresh.environment(["LANG": "en_US.UTF-8", "CAMBIO_BASE": "chf"]))
        #expect(chosen.stdout.contains("\"from\": \"CHF\""), "\(chosen.stdout)")
        let bad = try Cambio.run(["--format", "json", "100"], environment: fresh.environment(["LANG": "en_US.UTF-8", "CAMBIO_BASE": "xyz\u{1B}"]))
        #expect(bad.stdout.contains("\"from\": \"USD\"") && bad.stderr.contains("CAMBIO_BASE") && !bad.stderr.contains("\u{1B}"), "\(bad.stderr)")
    }

    /// The shell's banner says the base is the region's, and the prompt shows it.
    @Test func theBannerSaysTheBaseIsTheRegions() throws {
        let home = try TemporaryDirectory()
        let shell = try PseudoTerminal(environment: home.environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_BASE": "", "CAMBIO_OFFLINE": "1"]))
        #expect(shell.waitFor("USD › "), "\(shell.plainOutput)")
        #expect(shell.plainOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("base USD, the currency of your region (US)"), "\(shell.plainOutput)")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
    }
}
