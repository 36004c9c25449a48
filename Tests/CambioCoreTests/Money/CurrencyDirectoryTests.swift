import CambioTestSupport
import Testing

@testable import CambioCore

@Suite struct CurrencyDirectoryTests {
    let table: RateTable
    init() throws { table = try SeedTableDecoder.bundled() }

    func directory(_ language: String = "en", region: String? = nil) -> CurrencyDirectory {
        CurrencyDirectory(catalog: .bundled, codes: table.codes, languageID: language, regionCurrency: region.flatMap(CurrencyCode.init))
    }

    func found(_ phrase: String, _ directory: CurrencyDirectory) -> String? {
        if case .found(let code, _) = directory.resolve(phrase) { return code.rawValue }
        return nil
    }

    /// Names asked of ICU once are remembered with the locale facts: a directory built from
    /// facts read back has the same names, folded forms and foreign names, and asks nothing.
    @Test(arguments: ["de_DE", "tr_TR", "fr_FR", "en_US"])
    func namesAreRememberedAsLocaleFacts(_ language: String) {
        let learned = LocaleFacts()
        let fresh = CurrencyDirectory(catalog: .bundled, codes: table.codes, languageID: language, regionCurrency: nil, facts: learned)
        let names = fresh.entries
        #expect(learned.hasChanges)
        #expect(learned.count >= 2 * table.codes.count, "\(learned.count)")
        let read = LocaleFacts()
        #expect(read.load(learned.serialized(stamp: "test"), stamp: "test"))
        let remembered = CurrencyDirectory(catalog: .bundled, codes: table.codes, languageID: language, regionCurrency: nil, facts: read)
        let again = remembered.entries
        #expect(!read.hasChanges, "a name was asked of ICU again")
        #expect(again.map(\.code) == names.map(\.code))
        #expect(again.map(\.localName) == names.map(\.localName))
        #expect(again.map(\.englishName) == names.map(\.englishName))
        #expect(again.map(\.foldedNames) == names.map(\.foldedNames))
        #expect(again.map(\.foreignNames) == names.map(\.foreignNames))
        #expect(found("japanese yen", remembered) == "JPY")
    }

    @Test(arguments: [
        ("usd", "USD"), ("USD", "USD"), ("€", "EUR"), ("£", "GBP"), ("¥", "JPY"), ("₺", "TRY"), ("₹", "INR"), ("₩", "KRW"),
        ("japanese yen", "JPY"), ("Japanese Yen", "JPY"), ("jap", "JPY"), ("yen", "JPY"), ("swiss franc", "CHF"),
        ("euros", "EUR"), ("R$", "BRL"), ("US$", "USD"), ("bitcoin", nil), ("reais", "BRL"), ("RMB", "CNY"), ("Fr.", "CHF"),
        ("RM", "MYR"), ("￥", "JPY"), ("yuan", "CNY"),
    ])
    func findsCurrenciesByCodeSymbolOrEnglishName(_ phrase: String, _ expected: String?) {
        #expect(found(phrase, directory()) == expected, "\(phrase)")
    }

    @Test func findsNamesInTheUsersLanguageWithoutAccentsOrCase() {
        let turkish = directory("tr")
        #expect(found("türk lirası", turkish) == "TRY")
        #expect(found("turk lirasi", turkish) == "TRY")
        #expect(found("TÜRK LİRASI", turkish) == "TRY")
        let german = directory("de")
        #expect(found("schweizer franken", german) == "CHF")
        #expect(found("Japanischer Yen", german) == "JPY")
        // German plurals, as a German counts them (`100 dänische Kronen`).
        for (plural, code) in [("dänische Kronen", "DKK"), ("schwedische kronen", "SEK"), ("Tschechische Kronen", "CZK"), ("indische Rupien", "INR")]
        {
            #expect(found(plural, german) == code, "\(plural)")
        }
        // English names work for every user.
        #expect(found("swiss franc", german) == "CHF")
    }

    @Test func wholeNamesInTheInterfacesOtherLanguagesWorkForEveryone() {
        #expect(found("türk lirası", directory("en")) == "TRY")
        #expect(found("Schweizer Franken", directory("en")) == "CHF")
        #expect(found("japon yeni", directory("de")) == "JPY")
        // …as whole names only: “yeni” (Turkish “new”) is no prefix for an English user.
        #expect(directory("en").matches("yeni", recent: []).isEmpty)
    }

    @Test func dollarMeansTheRegionsDollarElseUSD() {
        #expect(directory().resolve("$") == .found(CurrencyCode("USD")!, .symbol("$", explained: true)))
        #expect(found("$", directory(region: "CAD")) == "CAD")
        #expect(found("$", directory(region: "AUD")) == "AUD")
        #expect(found("$", directory(region: "EUR")) == "USD")
    }

    func chosen(_ phrase: String, _ directory: CurrencyDirectory) -> String? {
        if case .found(let code, .chosen(let typed)) = directory.resolve(phrase), typed == phrase { return code.rawValue }
        return nil
    }

    func candidates(_ phrase: String, _ directory: CurrencyDirectory) -> Set<String>? {
        if case .ambiguous(let codes) = directory.resolve(phrase) { return Set(codes.map(\.rawValue)) }
        return nil
    }

    // Rule 1: the user's region's currency, when it is one of the candidates.
    @Test(arguments: [
        ("peso", "MXN", "MXN"), ("peso", "PHP", "PHP"), ("pesos", "COP", "COP"), ("dollar", "CAD", "CAD"),
        ("dollars", "AUD", "AUD"), ("kr", "SEK", "SEK"), ("kr", "NOK", "NOK"), ("krone", "DKK", "DKK"), ("rial", "IRR", "IRR"),
        ("franc", "XOF", "XOF"), ("rupee", "PKR", "PKR"), ("dinar", "KWD", "KWD"),
    ])
    func aSharedNameIsTheRegionsCurrencyWhenItIsOne(_ phrase: String, _ region: String, _ expected: String) {
        #expect(chosen(phrase, directory(region: region)) == expected, "\(phrase) in a \(region) region")
    }

    // Rule 2: otherwise the most traded, when it is one of the 20 most traded currencies.
    @Test(arguments: [
        ("dollar", "USD"), ("dollars", "USD"), ("dólares", "USD"), ("pound", "GBP"), ("peso", "MXN"), ("pesos", "MXN"),
        ("franc", "CHF"), ("kr", "SEK"), ("krone", "NOK"), ("rupee", "INR"), ("¥", "JPY"), ("Rs", "INR"),
    ])
    func otherwiseTheMostTradedOfThem(_ phrase: String, _ expected: String) {
        #expect(chosen(phrase, directory(region: "EUR")) == expected, "\(phrase)")
    }

    // Rule 3: where none of them is clearly the most traded, a list, and no guess.
    @Test(arguments: [
        ("rial", ["IRR", "OMR", "YER", "QAR"]), ("kwacha", ["MWK", "ZMW"]), ("caribbean", ["XCD", "XCG"]),
        ("dinar", ["BHD", "KWD", "DZD", "IQD", "JOD", "LYD", "RSD", "TND"]),
    ])
    func otherwiseAListAndNoGuess(_ phrase: String, _ expected: [String]) throws {
        let found = try #require(candidates(phrase, directory()), "\(phrase) was not ambiguous")
        #expect(Set(expected).isSubset(of: found), "\(phrase): \(found)")
    }

    @Test func aWholeNameThatIsAlsoAWordOfOthersIsAmbiguousToo() {
        #expect(candidates("som", directory())?.isSuperset(of: ["KGS", "UZS"]) == true)
    }

    @Test(arguments: ["de", "us", "in", "ab"])
    func twoLettersNeverResolveAsTheStartOfAName(_ phrase: String) {
        #expect(found(phrase, directory()) == nil)
    }

    @Test(arguments: [("turk lir", "TRY"), ("turkish l", "TRY"), ("east carib", "XCD"), ("hong kong", "HKD")])
    func everyWordOfANameMayBeAPrefix(_ phrase: String, _ expected: String) {
        #expect(found(phrase, directory()) == expected)
        #expect(directory().matches(phrase, recent: []).first?.code.rawValue == expected)
    }

    @Test func unknownNamesGetTheClosestSuggestions() {
        guard case .unknown(let suggestions) = directory().resolve("japanse yen") else { return #expect(Bool(false)) }
        #expect(suggestions.first == CurrencyCode("JPY"))
        guard case .unknown(let codes) = directory().resolve("usdd") else { return #expect(Bool(false)) }
        #expect(codes.contains(CurrencyCode("USD")!))
        #expect(directory().resolve("XTS") == .notInTable(CurrencyCode("XTS")!))
    }

    /// A caller that does not show near names asks without them: the resolution is the same
    /// but for the suggestions, and a later caller that shows them still gets them.
    @Test func askingWithoutSuggestionsChangesOnlyTheSuggestions() {
        var random = SplitMix64(seed: 2026_12_05)
        var phrases = ["japanse yen", "usdd", "XTS", "ANG", "dollar", "euros", "jap", "cent", "", "  ", "türk", "€", "kr", "rial", "zzzz"]
        let letters = Array("abcdefghijklmnopqrstuvwxyz ")
        for _ in 0..<400 {
            let name = directory().entries[Int.random(in: 0..<directory().entries.count, using: &random)].foldedNames.first ?? "euro"
            var typed = Array(name)
            // A typo or two, or a random word.
            for _ in 0..<Int.random(in: 0...2, using: &random) where !typed.isEmpty {
                typed[Int.random(in: 0..<typed.count, using: &random)] = letters[Int.random(in: 0..<letters.count, using: &random)]
            }
            phrases.append(String(typed))
            phrases.append(String((0..<Int.random(in: 1...6, using: &random)).map { _ in letters[Int.random(in: 0..<26, using: &random)] }))
        }
        let (asked, reference) = (directory(), directory())
        var seen: Set<String> = []
        for phrase in phrases where seen.insert(phrase).inserted {
            let full = reference.resolve(phrase)
            var withoutSuggestions = full
            if case .unknown = full { withoutSuggestions = .unknown(suggestions: []) }
            #expect(asked.resolve(phrase, suggesting: false) == withoutSuggestions, "\(phrase.debugDescription)")
            #expect(asked.resolve(phrase) == full, "\(phrase.debugDescription) asked again with suggestions")
            #expect(asked.resolve(phrase, suggesting: false) == full, "\(phrase.debugDescription) kept with its suggestions")
        }
    }

    @Test func matchesRankRecentsFirstThenCodesThenNames() {
        let all = directory().matches("u", recent: [CurrencyCode("UAH")!])
        #expect(all.first?.code == CurrencyCode("UAH"))
        #expect(all.dropFirst().first?.code == CurrencyCode("USD"))
        let pesos = directory().matches("peso", recent: [])
        #expect(pesos.count >= 6)
        #expect(pesos.allSatisfy { directory().name(of: $0.code).lowercased().contains("peso") })
        let franc = directory().matches("franc", recent: [])
        #expect(franc.map(\.code.rawValue).contains("CHF"))
        #expect(franc.map(\.code.rawValue).contains("XOF"))
    }

    @Test func foldingRemovesCaseAccentsAndPunctuation() {
        #expect(TextFolding.fold("Türk Lirası") == "turk lirasi")
        #expect(TextFolding.fold("São Tomé & Príncipe Dobra") == "sao tome principe dobra")
        #expect(TextFolding.fold("Tongan Paʻanga") == "tongan paanga")
        #expect(TextFolding.fold("Bosnia-Herzegovina") == "bosnia herzegovina")
    }

    /// The last two letters of a traded code swapped (`uds`, `eru`, `gpb`) suggest that code
    /// first, for each of the 20 most traded, unless the swap is itself a currency. (A swap
    /// of the first two changes the first letter, which the other readings keep.)
    @Test func aSwappedCodeSuggestsTheCodeFirst() {
        let directory = directory()
        for code in CurrencyDirectory.popularity.prefix(20) {
            let letters = Array(code.lowercased())
            for position in 1..<2 {
                var swapped = letters
                swapped.swapAt(position, position + 1)
                let typed = String(swapped)
                guard typed != code.lowercased(), CurrencyCode(typed.uppercased()).map(directory.contains) != true else { continue }
                #expect(directory.suggestions(for: typed).first?.rawValue == code, "\(typed): \(directory.suggestions(for: typed))")
            }
        }
    }

    /// `rial` and `riyal` are one word spelt two ways: each finds every currency named with
    /// either, and a country's name picks one.
    @Test func rialAndRiyalMeanTheSameCurrencies() {
        let directory = directory()
        var sets: [Set<String>] = []
        for word in ["rial", "riyal", "Rial", "RIYAL"] {
            guard case .ambiguous(let codes) = directory.resolve(word) else {
                Issue.record("\(word): \(directory.resolve(word))")
                continue
            }
            sets.append(Set(codes.map(\.rawValue)))
        }
        #expect(sets.count == 4 && Set(sets).count == 1)
        #expect(sets.first?.isSuperset(of: ["SAR", "QAR", "IRR", "OMR", "YER"]) == true, "\(sets)")
        #expect(found("saudi rial", directory) == "SAR")
        #expect(found("omani riyal", directory) == "OMR")
        #expect(found("rial", self.directory("ar", region: "SAR")) == "SAR")
    }
}
