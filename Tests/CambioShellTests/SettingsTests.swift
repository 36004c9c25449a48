import CambioCore
import Foundation
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

    @Test func atomicWriteReplacesTheFileAndLeavesNoTemporaries() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/a/b/file"
        try AtomicFile.write("one\n", to: path)
        try AtomicFile.write("two\n", to: path)
        #expect(try AtomicFile.read(path) == "two\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/a/b") == ["file"])
    }

    @Test func atomicWriteReplacesAPlantedSymlinkInsteadOfFollowingIt() throws {
        let directory = try TemporaryDirectory()
        try "secret\n".write(toFile: directory.path + "/target", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/state", withDestinationPath: directory.path + "/target")
        try AtomicFile.write("new\n", to: directory.path + "/state")
        #expect(try String(contentsOfFile: directory.path + "/target", encoding: .utf8) == "secret\n")
        #expect(try AtomicFile.read(directory.path + "/state") == "new\n")
    }

    @Test func readingRefusesBinaryAndHugeFiles() throws {
        let directory = try TemporaryDirectory()
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: directory.path + "/binary"))
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.read(directory.path + "/binary") }
        try Data(count: 2 << 20).write(to: URL(fileURLWithPath: directory.path + "/huge"))
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.read(directory.path + "/huge") }
        #expect(try AtomicFile.read(directory.path + "/missing") == nil)
    }

    @Test func optionsSeparateFlagsFromTheCommandAndKeepNegativeAmounts() throws {
        #expect(try Options.parse(["--plain", "12", "eur"]).words == ["12", "eur"])
        #expect(try Options.parse(["-12,5", "eur"]).words == ["-12,5", "eur"])
        #expect(try Options.parse(["--locale", "de_DE"]).locale == "de_DE")
        #expect(try Options.parse(["--", "--help"]).words == ["--help"])
        #expect(throws: Options.UsageError.self) { try Options.parse(["--locale"]) }
        #expect(throws: Options.UsageError.self) { try Options.parse(["-x"]) }
    }
}
