import CambioCore
import CambioTestSupport
import Foundation
import Glibc
import Testing

@testable import CambioShell

@Suite struct SettingsTests {
    @Test func settingsRoundTrip() {
        let settings = Settings(base: CurrencyCode("JPY"), locale: "de_DE")
        let (read, warnings) = Settings.parse(settings.text)
        #expect(read == settings)
        #expect(warnings.isEmpty)
    }

    @Test func badLinesAreWarnedAboutAndSkipped() {
        let (read, warnings) = Settings.parse("base = JPYX\nlocale = de_DE\nnonsense\ncolour = red\n")
        #expect(read == Settings(base: nil, locale: "de_DE"))
        #expect(warnings.count == 3)
    }

    @Test func aFeeIsAPlainPercentageOverZeroAndUnderAHundred() {
        var settings = Settings(base: CurrencyCode("EUR"))
        settings.fee = Rational(decimalText: "1.75")
        let (read, warnings) = Settings.parse(settings.text)
        #expect(read == settings && warnings.isEmpty, "\(settings.text)")
        for bad in ["0", "100", "150", "-1", "1e-400", "1,75", "abc", "1.75 %", String(repeating: "1", count: 30)] {
            let (read, warnings) = Settings.parse("fee = \(bad)\n")
            #expect(read.fee == nil && warnings.count == 1, "\(bad)")
        }
    }

    /// Every fee the settings read is read back from what they write, with no warning: over
    /// random plain decimals (leading zeros, a leading point, up to 70 decimals, on both sides
    /// of the limit), a fee is kept exactly when it is over 0, under 100 and written in at most
    /// `SessionState.feeTextLimit` characters. (A fee of `.` and 19 digits was written with a
    /// leading zero, one character over the old limit of 20, and lost on the next start.)
    @Test func everyFeeReadIsReadBackFromWhatIsWritten() {
        var random = SplitMix64(seed: 25)
        for _ in 0..<3_000 {
            var text = String(repeating: "0", count: Int.random(in: 0...3, using: &random))
            text += String((0..<Int.random(in: 0...3, using: &random)).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let decimals = Int.random(in: 0...70, using: &random)
            if decimals > 0 || Bool.random(using: &random) { text += "." }
            text += String((0..<decimals).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let (read, warnings) = Settings.parse("fee = \(text)\n")
            let value = Rational(decimalText: text)
            let keeps =
                value.map { !$0.isNegative && !$0.isZero && $0 < Rational(100) && $0.decimalText().text.utf8.count <= SessionState.feeTextLimit }
                ?? false
            #expect((read.fee != nil) == keeps && warnings.isEmpty == keeps, "\(text)")
            // The length is judged on the text as it will be written, without making the number.
            if let value, !value.isZero { #expect(Settings.plainDecimal(text) == value.decimalText().text, "\(text)") }
            guard let fee = read.fee else { continue }
            #expect(fee == value, "\(text)")
            let (again, warningsAgain) = Settings.parse(read.text)
            #expect(again == read && warningsAgain.isEmpty, "\(text) → \(read.text)")
        }
    }

    @Test func recentFileKeepsAtMostEightCodesInOrder() {
        let text = "usd\nEUR\nUSD\nxx\nGBP\nCHF\nJPY\nAUD\nCAD\nNZD\nSEK\n"
        #expect(RecentFile.parse(text).map(\.rawValue) == ["USD", "EUR", "GBP", "CHF", "JPY", "AUD", "CAD", "NZD"])
    }

    @Test func pathsFollowXDGAndIgnoreRelativeValues() {
        let paths = Paths(environment: ["XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "relative"], home: "/home/u")
        #expect(paths.configFile == "/c/cambio/config")
        #expect(paths.historyFile == "/home/u/.local/state/cambio/history")
        #expect(paths.cacheDirectory == "/home/u/.cache/cambio")
    }

    @Test func optionsSeparateFlagsFromTheCommandAndKeepNegativeAmounts() throws {
        #expect(try Options.parse(["--plain", "12", "eur"]).words == ["12", "eur"])
        #expect(try Options.parse(["-12,5", "eur"]).words == ["-12,5", "eur"])
        #expect(try Options.parse(["--locale", "de_DE"]).locale == "de_DE")
        #expect(try Options.parse(["--", "--help"]).words == ["--help"])
        #expect(throws: Options.UsageError.self) { try Options.parse(["--locale"]) }
        #expect(throws: Options.UsageError.self) { try Options.parse(["-x"]) }
    }

    /// Rewriting the config deleted comments and unknown keys from a file headed "safe to edit".
    @Test func savingASettingChangesOnlyItsOwnLine() {
        let text = "# my settings\nbase = EUR\n\n# the fee of my card\nfee = 1.5\ncolour = red   # a future key\nbase = USD\n"
        let edited = Settings.edit(text, [("base", "JPY"), ("locale", "de_DE")])
        #expect(edited == "# my settings\n\n# the fee of my card\nfee = 1.5\ncolour = red   # a future key\nbase = JPY\nlocale = de_DE\n")
        #expect(
            Settings.edit(edited, [("fee", nil)])
                == "# my settings\n\n# the fee of my card\ncolour = red   # a future key\nbase = JPY\nlocale = de_DE\n")
        #expect(Settings.edit(nil, [("preview", "off")]) == Settings.header + "\npreview = off\n")
        let (read, _) = Settings.parse(edited)
        #expect(read.base == CurrencyCode("JPY") && read.locale == "de_DE" && read.fee == Rational(decimalText: "1.5"))
    }
}
