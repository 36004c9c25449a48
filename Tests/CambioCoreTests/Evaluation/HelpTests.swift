import Foundation
import Testing

@testable import CambioCore

/// Help, the parser and completion all come from `CommandTable.declarations`.
@Suite struct HelpTests {
    static let tables = Localization.sources.mapValues(Localization.parse)

    @Test(arguments: ["en", "de", "pl", "tr"])
    func everyDeclaredCommandHasItsTextsInEveryLanguage(_ language: String) throws {
        let table = try #require(Self.tables[language])
        for command in CommandTable.declarations {
            let keys = [command.summaryKey] + command.forms.map(\.key) + (command.moreKey.map { [$0] } ?? [])
            for key in keys { #expect(table[key] != nil, "\(language): \(key)") }
        }
        for placeholder in Help.placeholders { #expect(table["placeholder.\(placeholder)"] != nil) }
    }

    /// Every example `help` quotes (“fee 1,75 %”, „round minor half-up“) runs as shown in the
    /// locale of its language, as written there (the examples' decimal mark is the locale's).
    @Test(arguments: [("en", "en_US"), ("de", "de_DE"), ("tr", "tr_TR")])
    func everyExampleHelpQuotesRunsAsShown(_ language: String, _ locale: String) throws {
        let table = try #require(Self.tables[language])
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        let engine = Engine(locale: settings, table: try SeedTableDecoder.bundled())
        // The engine's texts: their examples carry the locale's decimal mark.
        let text = engine.localized
        var checked = 0
        for key in table.keys.sorted() where key.hasPrefix("help.") || key.hasPrefix("summary.") {
            let sentence = text(key)
            // Quoted by the language's marks: “…” in English and Turkish, „…“ in German.
            let parts = sentence.split(omittingEmptySubsequences: false) { $0 == "“" || $0 == "”" || $0 == "„" }
            for (index, part) in parts.enumerated() where index % 2 == 1 {
                let example = String(part)
                // A quoted word that is no line (“in” in a sentence about the keyword) is skipped:
                // an example starts with a command word or a number.
                guard let first = example.first,
                    first.isNumber || CommandTable.grammar.declaration(TextFolding.fold(example.prefix { $0 != " " })) != nil
                else { continue }
                var state = SessionState(base: .eur, recent: [], locale: settings)
                let reply = engine.evaluate(example, state: &state).reply
                #expect(!reply.failed, "\(language) \(key): \(example): \(reply.lines)")
                checked += 1
            }
        }
        #expect(checked >= 8, "\(language): \(checked) examples")
    }

    /// `help average` and `help documents` (an error pointed at `help average`, which did not
    /// exist), in every language by its words, and the overview names both.
    @Test(arguments: [("en_US", "average", "documents"), ("de_DE", "mittel", "tabelle"), ("tr_TR", "ortalama", "tablo")])
    func averagesAndDocumentsHaveTheirHelp(_ locale: String, _ average: String, _ documents: String) throws {
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        let engine = Engine(locale: settings, table: try SeedTableDecoder.bundled())
        var state = SessionState(base: .eur, recent: [], locale: settings)
        let averages = engine.evaluate("help \(average)", state: &state).reply
        let tables = engine.evaluate("help \(documents)", state: &state).reply
        #expect(!averages.failed && averages.results.contains { $0.contains("average 2024-03") }, "\(averages.lines)")
        #expect(!tables.failed && tables.results.contains { $0.contains("--average monthly") }, "\(tables.lines)")
        let overview = engine.evaluate("help", state: &state).reply.results.joined(separator: "\n")
        #expect(overview.contains("help average") && overview.contains("help documents"))
    }

    @Test(arguments: ["en_US", "de_DE", "tr_TR"])
    func theOverviewListsEveryCommandInAlignedColumns(_ locale: String) {
        let text = Localization(localeID: locale)
        let lines = Help.overview(text)
        for command in CommandTable.declarations {
            let line = lines.first { $0.hasPrefix("  " + command.word) }
            #expect(line?.contains(text(command.summaryKey)) == true, "\(command.word)")
        }
        let columns = Set(
            CommandTable.declarations.compactMap { command in
                lines.first { $0.hasPrefix("  " + command.word) }.map { DisplayWidth.of($0) - DisplayWidth.of(text(command.summaryKey)) }
            })
        #expect(columns.count == 1, "descriptions start in one column")
    }

    @Test(arguments: CommandTable.declarations.map(\.word))
    func helpForACommandNeverRunsItsColumnsTogether(_ word: String) throws {
        let declaration = try #require(CommandTable.grammar.named(word))
        let lines = Help.topic(declaration, Localization(localeID: "en"))
        for (form, line) in zip(declaration.forms, lines) {
            // The longest synopsis still has two spaces before its description.
            #expect(line.hasPrefix(form.synopsis))
            #expect(line.dropFirst(form.synopsis.count).hasPrefix("  "), "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("locale default  go back") } || word != "locale")
    }

    @Test func theParserKnowsEveryDeclaredWordAndHelpEveryTopic() {
        for word in CommandTable.grammar.words {
            if case .failure(let error) = parseLine(word) { Issue.record("\(word): \(error)") }
            #expect((try? Help.lines(topic: word, Localization(localeID: "en")))?.isEmpty == false)
        }
        #expect(CommandTable.grammar.words == CommandTable.grammar.words)
        #expect(throws: CommandError.self) { try Help.lines(topic: "nope", Localization(localeID: "en")) }
    }

    @Test func placeholdersAreTranslatedAndKeywordsAreNot() {
        #expect(Help.synopsis("help [COMMAND]", Localization(localeID: "de_DE")) == "help [BEFEHL]")
        #expect(Help.synopsis("source [NAME|auto]", Localization(localeID: "tr_TR")) == "source [AD|auto]")
        #expect(Help.synopsis("rates [CUR …]", Localization(localeID: "tr_TR")) == "rates [PARA …]")
        #expect(Help.synopsis("base [CUR]", Localization(localeID: "de_DE")) == "base [WÄHRUNG]")
    }

    /// Every example conversion `help` shows can be typed as shown in the user's locale: it
    /// converts, with no error and nothing read another way.
    @Test(arguments: ["en_US", "de_DE", "tr_TR", "fr_FR", "ar_EG", "he_IL", "en_IN", "de_CH"])
    func everyExampleInHelpCanBeTypedAsShown(_ locale: String) throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        let engine = Engine(locale: settings, table: table)
        let state = SessionState(base: .eur, recent: [.usd], locale: settings)
        let help = engine.evaluate("help", in: state).reply.results
        let examples = help.compactMap { line -> String? in
            guard line.hasPrefix("  "), let example = line.dropFirst(2).components(separatedBy: "  ").first,
                let first = example.first, first.isNumber || first == "€"
            else { return nil }
            return example
        }
        #expect(examples.count >= 4, "\(locale): \(help)")
        for example in examples {
            // A calculation (its own section): each one given evaluates, with no error.
            if ["×", "+", "%", "k"].contains(where: { example.contains($0) }) {
                for piece in example.components(separatedBy: ", ") {
                    let reply = engine.evaluate(piece, in: state).reply
                    #expect(!reply.failed && !reply.results.isEmpty, "\(locale) \(piece): \(reply.lines)")
                }
                continue
            }
            let outcome = engine.evaluate(example, in: state)
            #expect(!outcome.reply.conversions.isEmpty, "\(locale) \(example): \(outcome.reply.lines)")
            // The amount is the one shown: twelve and a half (or 1500), not 1250.
            #expect([Rational(decimalText: "12.5"), Rational(1500)].contains(outcome.reply.conversions.first?.amount), "\(locale) \(example)")
        }
        // What the user typed is quoted as typed: only the sentences' own examples change.
        let quoted = engine.evaluate("locale 12,50", in: state).reply.lines.compactMap { if case .error(_, let text) = $0 { text } else { nil } }
        #expect(quoted.first?.contains("12,50") == true, "\(locale): \(quoted)")
        let swap = engine.evaluate("swap", in: state).reply.lines.compactMap { if case .error(_, let text) = $0 { text } else { nil } }.first ?? ""
        let suggested = swap.components(separatedBy: " ").suffix(4).joined(separator: " ")
        #expect(!engine.evaluate(suggested, in: state).reply.conversions.isEmpty, "\(locale): \(swap)")
    }
}

extension HelpTests: LineChecks {

    @Test(.tags(.misread), arguments: [("help swapp", "help swap"), ("help stauts", "help status"), ("help rats", "help rates")])
    func aHelpTopicTypoSuggestsTheTopic(_ line: String, _ suggestion: String) {
        let outcome = run(line)
        var message = ""
        for case .error(_, let text) in outcome.reply.lines { message = text }
        #expect(message.contains("“\(suggestion)”"), "\(line): \(message)")
    }
}
