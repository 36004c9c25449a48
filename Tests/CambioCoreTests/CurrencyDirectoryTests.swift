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

    @Test(arguments: [
        ("usd", "USD"), ("USD", "USD"), ("€", "EUR"), ("£", "GBP"), ("¥", "JPY"), ("₺", "TRY"), ("₹", "INR"), ("₩", "KRW"),
        ("japanese yen", "JPY"), ("Japanese Yen", "JPY"), ("jap", "JPY"), ("yen", "JPY"), ("swiss franc", "CHF"),
        ("euros", "EUR"), ("R$", "BRL"), ("US$", "USD"), ("bitcoin", nil),
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

    @Test func ambiguousNamesListTheCandidatesMostTradedFirst() {
        guard case .ambiguous(let codes) = directory().resolve("dollar") else { return #expect(Bool(false)) }
        #expect(codes.first == CurrencyCode("USD"))
        #expect(codes.contains(CurrencyCode("CAD")!))
        guard case .ambiguous(let krona) = directory().resolve("kr") else { return #expect(Bool(false)) }
        #expect(Set(krona.map(\.rawValue)) == ["SEK", "NOK", "DKK", "ISK"])
        #expect(found("kr", directory(region: "SEK")) == "SEK")
    }

    @Test func unknownNamesGetTheClosestSuggestions() {
        guard case .unknown(let suggestions) = directory().resolve("japanse yen") else { return #expect(Bool(false)) }
        #expect(suggestions.first == CurrencyCode("JPY"))
        guard case .unknown(let codes) = directory().resolve("usdd") else { return #expect(Bool(false)) }
        #expect(codes.contains(CurrencyCode("USD")!))
        #expect(directory().resolve("XTS") == .notInTable(CurrencyCode("XTS")!))
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
}
