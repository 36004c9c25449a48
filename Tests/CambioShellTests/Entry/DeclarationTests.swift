import CambioCore
import Testing

@testable import CambioShell

/// `--help`, the man page and the completion scripts come from the same declarations.
@Suite struct DeclarationTests {
    static let languages = ["en_US", "de_DE", "tr_TR"]

    @Test(arguments: languages)
    func everyOptionAndReferenceHasItsTextInEveryLanguage(_ locale: String) {
        let text = Localization(localeID: locale)
        let keys =
            OptionDeclaration.all.map(\.key) + Reference.environment.map(\.key) + Reference.files.map(\.key)
            + Reference.exitStatuses.map(\.key) + Reference.examples.map(\.key)
        for key in keys { #expect(text(key) != key, "\(locale): \(key)") }
    }

    @Test(arguments: languages)
    func helpListsEveryOptionAndCommandInTheUsersLanguage(_ locale: String) {
        let text = Localization(localeID: locale)
        let usage = Usage.text(text, seedDate: "2026-07-06")
        // Descriptions are wrapped to 80 columns: their first words stand beside the option.
        func opening(_ key: String) -> String { text(key).split(separator: " ").prefix(2).joined(separator: " ") }
        for option in OptionDeclaration.all { #expect(usage.contains(option.long) && usage.contains(opening(option.key))) }
        for command in CommandTable.declarations { #expect(usage.contains("  " + command.word) && usage.contains(opening(command.summaryKey))) }
        #expect(usage.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= Usage.width }, "lines fit 80 columns")
        #expect(usage.hasPrefix(text("usage.synopsis")))
    }

    @Test func theManPageHasEveryOptionCommandAndEnvironmentVariable() {
        let page = ManPage.roff(Localization(localeID: "en"), version: "0.1.0", date: "2026-11-30", seedDate: "2026-07-06")
        #expect(page.hasPrefix(".TH CAMBIO 1 2026-11-30"))
        for option in OptionDeclaration.all { #expect(page.contains(ManPage.code(option.long))) }
        for command in CommandTable.declarations { #expect(page.contains("\\fB" + ManPage.code(command.word))) }
        for variable in Reference.environment { #expect(page.contains(ManPage.code(variable.name))) }
        // Nothing outside ASCII, and no line a formatter would read as a request by accident.
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
        let requests = Set(page.split(separator: "\n").filter { $0.hasPrefix(".") || $0.hasPrefix("'") }.map { $0.prefix { $0 != " " } })
        #expect(requests == [".TH", ".nh", ".ad", ".SH", ".TP", ".PP", ".br", ".nf", ".fi"], "\(requests)")
    }

    @Test func optionsMayStandAnywhereBeforeTwoDashes() throws {
        let options = try Options.parse(["12", "eur", "->", "usd", "--plain", "--format=json"])
        #expect(options.words == ["12", "eur", "->", "usd"] && options.plain && options.format == .json)
        #expect(try Options.parse(["--", "--plain"]).words == ["--plain"])
        #expect(try Options.parse(["-12,5", "eur"]).words == ["-12,5", "eur"])
        #expect(try Options.parse(["--completion", "fish"]).completion == .fish)
        #expect(throws: Options.UsageError(kind: .invalidValue(option: "--format", value: "xml", allowed: ["text", "tsv", "csv", "json", "ledger", "hledger", "beancount", "gnucash"]))) {
            try Options.parse(["--format", "xml"])
        }
        #expect(throws: Options.UsageError(kind: .missingValue(option: "--locale", placeholder: "ID"))) { try Options.parse(["--locale"]) }
        #expect(throws: Options.UsageError(kind: .unknownOption("--plain=yes"))) { try Options.parse(["--plain=yes"]) }
    }

    @Test(arguments: CompletionScript.Shell.allCases)
    func everyCompletionScriptOffersEveryOptionAndCommand(_ shell: CompletionScript.Shell) {
        let script = CompletionScript.script(for: shell, Localization(localeID: "en"))
        for option in OptionDeclaration.all {
            #expect(script.contains(shell == .fish ? "-l \(option.long.dropFirst(2))" : option.long), "\(option.long)")
        }
        for word in CommandTable.grammar.words { #expect(script.contains(word)) }
        #expect(script.contains("usd") && script.contains("de_DE"))
    }
}
