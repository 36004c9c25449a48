import Testing

@testable import CambioCore

/// Help, the parser and completion all come from `CommandDeclaration.all`.
@Suite struct HelpTests {
    static let tables = Localization.sources.mapValues(Localization.parse)

    @Test(arguments: ["en", "de", "tr"])
    func everyDeclaredCommandHasItsTextsInEveryLanguage(_ language: String) throws {
        let table = try #require(Self.tables[language])
        for command in CommandDeclaration.all {
            let keys = [command.summaryKey] + command.forms.map(\.key) + (command.moreKey.map { [$0] } ?? [])
            for key in keys { #expect(table[key] != nil, "\(language): \(key)") }
        }
        for placeholder in Help.placeholders { #expect(table["placeholder.\(placeholder)"] != nil) }
    }

    @Test(arguments: ["en_US", "de_DE", "tr_TR"])
    func theOverviewListsEveryCommandInAlignedColumns(_ locale: String) {
        let text = Localization(localeID: locale)
        let lines = Help.overview(text)
        for command in CommandDeclaration.all {
            let line = lines.first { $0.hasPrefix("  " + command.word) }
            #expect(line?.contains(text(command.summaryKey)) == true, "\(command.word)")
        }
        let columns = Set(CommandDeclaration.all.compactMap { command in
            lines.first { $0.hasPrefix("  " + command.word) }.map { DisplayWidth.of($0) - DisplayWidth.of(text(command.summaryKey)) }
        })
        #expect(columns.count == 1, "descriptions start in one column")
    }

    @Test(arguments: CommandDeclaration.all.map(\.word))
    func helpForACommandNeverRunsItsColumnsTogether(_ word: String) throws {
        let declaration = try #require(CommandDeclaration.named(word))
        let lines = Help.topic(declaration, Localization(localeID: "en"))
        for (form, line) in zip(declaration.forms, lines) {
            // The longest synopsis still has two spaces before its description.
            #expect(line.hasPrefix(form.synopsis))
            #expect(line.dropFirst(form.synopsis.count).hasPrefix("  "), "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("locale default  go back") } || word != "locale")
    }

    @Test func theParserKnowsEveryDeclaredWordAndHelpEveryTopic() {
        for word in CommandDeclaration.words {
            if case .failure(let error) = Parser.parse(word) { Issue.record("\(word): \(error)") }
            #expect((try? Help.lines(topic: word, Localization(localeID: "en")))?.isEmpty == false)
        }
        #expect(Command.words == CommandDeclaration.words)
        #expect(throws: CommandError.self) { try Help.lines(topic: "nope", Localization(localeID: "en")) }
    }

    @Test func placeholdersAreTranslatedAndKeywordsAreNot() {
        #expect(Help.synopsis("help [COMMAND]", Localization(localeID: "de_DE")) == "help [BEFEHL]")
        #expect(Help.synopsis("source [NAME|auto]", Localization(localeID: "tr_TR")) == "source [AD|auto]")
        #expect(Help.synopsis("rates [CUR …]", Localization(localeID: "tr_TR")) == "rates [PARA …]")
        #expect(Help.synopsis("base [CUR]", Localization(localeID: "de_DE")) == "base [WÄHRUNG]")
    }
}
