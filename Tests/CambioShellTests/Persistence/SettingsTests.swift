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
