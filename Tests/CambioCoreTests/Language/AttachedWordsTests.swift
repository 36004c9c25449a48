import Testing

@testable import CambioCore

/// Lines typed in Hebrew and Arabic script, with their connectors and date words as people
/// write them, read as the same line with `in` and `on`.
@Suite struct AttachedWordsTests {
    let table: RateTable
    init() throws { table = try SeedTableDecoder.bundled() }

    func results(_ line: String, _ locale: String) -> [String]? {
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        let outcome = Engine(locale: settings, table: table).evaluate(line, in: SessionState(base: .eur, recent: [], locale: settings))
        return outcome.reply.failed ? nil : outcome.reply.results
    }

    /// Every source, every target and every way of joining them gives what `in` gives, with
    /// and without a date; a target in Latin letters or a sign takes the hyphen or the maqaf.
    @Test func hebrewConnectorsReadAsIn() throws {
        let sources = ["100 ש\"ח", "100 ש״ח", "100 שקלים", "100 אירו", "100 יורו", "100 ₪"]
        // The target as written joined (Hebrew words) and its code.
        let hebrewTargets = [("דולר", "usd"), ("אירו", "eur"), ("ליש\"ט", "gbp"), ("שקל", "ils")]
        for source in sources {
            for date in ["", " ב-2024-01-15", " ב־15.1.2024", " בתאריך 2024-01-15"] {
                let english = date.isEmpty ? "" : " on 2024-01-15"
                for (word, code) in hebrewTargets {
                    let expected = try #require(results("\(source) in \(code)\(english)", "he_IL"), "\(source) in \(code)")
                    for joined in ["ל\(word)", "ב\(word)", "אל \(word)", "ל-\(code)", "ל־\(code)", "ב-\(code)", "אל \(code)"] {
                        #expect(results("\(source) \(joined)\(date)", "he_IL") == expected, "\(source) \(joined)\(date)")
                    }
                }
            }
        }
        // Several targets joined by `ו` (and), joined or before a hyphen.
        let both = try #require(results("100 ש\"ח in usd, eur", "he_IL"))
        #expect(results("100 ש\"ח לדולר ואירו", "he_IL") == both)
        #expect(results("100 ש\"ח ל-usd ו-eur", "he_IL") == both)
        #expect(results("100 ש\"ח ל-usd, eur", "he_IL") == both)
    }

    @Test func arabicConnectorsReadAsIn() throws {
        for source in ["١٢٫٥٠ يورو", "١٢٫٥٠ €", "12.50 eur"] {
            for date in ["", " في 2024-01-15", " بتاريخ 2024-01-15"] {
                let english = date.isEmpty ? "" : " on 2024-01-15"
                // The ECB's currencies for a day; the Egyptian pound, the region's, today.
                for (word, code) in [("دولار", "usd"), ("ين", "jpy"), ("جنيه", "egp")] where date.isEmpty || code != "egp" {
                    let expected = try #require(results("\(source) in \(code)\(english)", "ar_EG"), "\(source) in \(code)")
                    for joined in ["إلى \(word)", "الى \(word)", "بال\(word)", "ب\(word)", "لل\(word)", "ل\(word)", "لـ \(code)", "بـ \(code)"] {
                        #expect(results("\(source) \(joined)\(date)", "ar_EG") == expected, "\(source) \(joined)\(date)")
                    }
                }
            }
        }
        let both = try #require(results("١٢٫٥٠ يورو in usd, egp", "ar_EG"))
        #expect(results("١٢٫٥٠ يورو إلى دولار وجنيه", "ar_EG") == both)
        #expect(results("١٢٫٥٠ يورو بالدولار والجنيه", "ar_EG") == both)
        // The Arabic comma between targets is a comma; between digits it is a group mark only
        // where the locale groups with it (N'Ko), and an error here.
        #expect(results("١٢٫٥٠ يورو إلى دولار، جنيه", "ar_EG") == both)
        #expect(results("١٠٠،٥ يورو إلى دولار", "ar_EG") == nil)
        // The same for Chinese and Japanese list commas.
        let japanese = try #require(results("1500 jpy in usd, eur", "ja_JP"))
        #expect(results("1500 jpy in usd、eur", "ja_JP") == japanese)
        #expect(results("1500 jpy in usd，eur", "ja_JP") == japanese)
    }

    /// A word that names a currency whole is never split: `לירה` and `ليرة` are the lira's
    /// names, not a connector and `ירה`; a connector with nothing that names a currency after
    /// it stays a word, and the line an error.
    @Test func aWholeNameIsReadWhole() {
        let tokens = [Token(.word, "לירה", 0..<4), Token(.word, "ליבה", 5..<9), Token(.word, "بالدولار", 10..<18)]
        let split = AttachedWords.split(tokens) { ["לירה", "ירה", "دولار"].contains($0) }
        #expect(split.map(\.text) == ["לירה", "ליבה", "ب", "دولار"])
        #expect(split.map(\.range) == [0..<4, 5..<9, 10..<13, 13..<18])
        // Words of other scripts are not looked at.
        #expect(AttachedWords.split([Token(.word, "lusd", 0..<4)]) { _ in true }.map(\.text) == ["lusd"])
        #expect(results("100 ש\"ח לבלה", "he_IL") == nil)
    }

    /// `ב` before digits is the date's word, before a currency `in`; the hyphen after a lone
    /// connector is no minus sign.
    @Test func theHyphenAfterAConnectorIsNoSign() throws {
        let tokens = try Tokenizer.tokenize("100 ₪ ל-$ ב-2024-01-15").get()
        #expect(tokens.map(\.kind).prefix(4) == [.number, .symbol, .word, .symbol])
        #expect(tokens[2].text == "ל")
        #expect(!tokens.contains { $0.kind == .sign })
        // Inside a word the hyphen stays (a name written with one).
        #expect(try Tokenizer.tokenize("בוסניה-הרצגובינה").get().count == 1)
    }

    /// Every language's everyday connectors read as `in`, for a user of any locale, with and
    /// without a date; Turkish's `kaç` and its dative (`tl'ye`, `dolara`) too.
    @Test func everydayConnectorsOfEveryLanguageReadAsIn() throws {
        let words = ["in", "to", "into", "nach", "zu", "kaç", "ne kadar", "a", "en", "vers", "em", "para", "na", "w", "do", "naar", "в", "->"]
        for locale in ["en_US", "tr_TR", "es_ES", "pl_PL", "ru_RU"] {
            for (source, target) in [("100 eur", "usd"), ("12 usd", "try"), ("7 gbp", "pln")] {
                for date in ["", " on 2024-01-15"] {
                    let expected = try #require(results("\(source) in \(target)\(date)", locale), "\(source) in \(target)")
                    for word in words {
                        #expect(results("\(source) \(word) \(target)\(date)", locale) == expected, "\(locale): \(source) \(word) \(target)")
                    }
                }
            }
        }
        // The dative: after an apostrophe on a code, joined to a name; the currency whole first.
        let lira = try #require(results("100 usd in try", "tr_TR"))
        for line in ["100 usd tl'ye", "100 usd TL’ye", "100 usd try'ye", "100 dolar kaç tl", "100 usd liraya", "100 dolar kaç tl eder", "100 dolar ne kadar tl"] {
            #expect(results(line, "tr_TR") == lira, "\(line)")
        }
        let dollars = try #require(results("100 eur in usd", "tr_TR"))
        #expect(results("100 eur dolara", "tr_TR") == dollars)
        #expect(results("100 eur usd'ye", "tr_TR") == dollars)
        // A code takes no joined ending, and a lone amount has no source to join: both fail.
        #expect(results("100 eur usda", "tr_TR") == nil)
        #expect(results("100 dolara", "tr_TR") != dollars)
    }

    /// An error lists English's connectors and the user's language's, never every language's.
    @Test func anErrorListsTheUsersConnectors() {
        func error(_ locale: String) -> String {
            let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
            let outcome = Engine(locale: settings, table: table).evaluate("100 eur x usd", in: SessionState(base: .eur, recent: [], locale: settings))
            return outcome.reply.lines.map { "\($0)" }.joined()
        }
        let turkish = error("tr_TR")
        #expect(turkish.contains("kaç") && turkish.contains("“in”") && !turkish.contains("إلى") && !turkish.contains("אל"), "\(turkish)")
        let spanish = error("es_ES")
        #expect(spanish.contains("“en”") && !spanish.contains("kaç") && !spanish.contains("إلى"), "\(spanish)")
        #expect(error("ar_EG").contains("إلى") && !error("ar_EG").contains("אל"))
        #expect(error("he_IL").contains("אל") && !error("he_IL").contains("إلى"))
    }

    /// No currency's name, in any of the languages whose connectors are read, has a connector
    /// as a word: it could not be typed whole. Two do, known: Dutch `en` (and) in the Trinidad
    /// and Tobago dollar, which its code or `tobago dollar` names, and Portuguese `do` (of the)
    /// in the East Caribbean dollar (`dólar do Caribe Oriental`), which `caribe oriental` names.
    @Test func noCurrencyNameHoldsAConnector() {
        for language in Command.connectorWords.map(\.language) {
            let directory = CurrencyDirectory(catalog: .bundled, codes: table.codes, languageID: language, regionCurrency: nil)
            for entry in directory.entries {
                for name in entry.foldedNames + entry.foreignNames {
                    let clash = name.split(separator: " ").first { Command.connectors.contains(String($0)) }
                    if language == "nl", entry.code.rawValue == "TTD" { continue }
                    if language == "pt", entry.code.rawValue == "XCD" { continue }
                    #expect(clash == nil, "\(language): \(entry.code) “\(name)” has “\(clash ?? "")”")
                }
            }
        }
    }

    /// Polish words a pl_PL user types read as English's: today, yesterday, the mean,
    /// thousands, millions and billions after a number, and currencies in their cases.
    @Test func polishWordsReadAsEnglish() throws {
        for (polish, english) in [
            ("100 eur na usd średnia 2024-03", "100 eur in usd average 2024-03"), ("5 tys. pln na eur", "5000 pln in eur"),
            ("2 mln pln na eur", "2000000 pln in eur"), ("1 mld pln na eur", "1000000000 pln in eur"),
            ("100 dolarów na złote", "100 usd in pln"), ("100 eur na dolary", "100 eur in usd"), ("100 euro w dolarach", "100 eur in usd"),
            ("100 funtów na złote", "100 gbp in pln"), ("50 franków szwajcarskich na złote", "50 chf in pln"),
            ("100 euro na złotówki", "100 eur in pln"), ("1000 koron czeskich na złote", "1000 czk in pln"), ("1000 lir tureckich do eur", "1000 try in eur"),
        ] {
            let expected = try #require(results(english, "pl_PL"), "\(english)")
            #expect(results(polish, "pl_PL") == expected, "\(polish)")
        }
        let reader = DateReader(localeID: "pl_PL")
        let today = Day(number: 20_000)
        for word in ["dziś", "dzis", "dzisiaj", "Dziś"] { #expect(try reader.read(word, today: today).get() == today, "\(word)") }
        #expect(try reader.read("wczoraj", today: today).get() == today.adding(days: -1))
    }

    /// Spanish and French plurals of a name with its adjective read as the currency.
    @Test func romancePluralsOfNamesRead() throws {
        for (locale, typed, code) in [
            ("es_ES", "100 euros en liras turcas", "try"), ("es_ES", "100 euros en francos suizos", "chf"),
            ("fr_FR", "100 euros en francs suisses", "chf"), ("fr_FR", "100 euros en livres turques", "try"),
        ] {
            let expected = try #require(results("100 eur in \(code)", locale))
            #expect(results(typed, locale) == expected, "\(typed)")
        }
        // A code with a letter more is still no currency, and no word stems into one.
        #expect(results("100 eur in usda", "en_US") == nil && results("100 eur in foo", "en_US") == nil)
    }
}
