import Foundation
import Testing

@testable import CambioCore

@Suite struct CurrencyCatalogTests {
    let catalog = CurrencyCatalog.bundled
    let table: RateTable

    init() throws { table = try SeedTableDecoder.bundled() }

    @Test func seedTableHas161CurrenciesDatedAndSourced() {
        #expect(table.rates.count == 161)
        #expect(table.base == CurrencyCode("EUR"))
        #expect(table.date == "2026-07-06")
        #expect(table.source.id == "currency-api")
        #expect(table.source.isBundledSeed)
    }

    @Test func everySeedCurrencyHasCodeEnglishNameAndMinorUnits() {
        let directory = CurrencyDirectory(catalog: catalog, codes: table.codes, languageID: "en", regionCurrency: nil)
        for code in table.rates.keys.sorted() {
            let currency = catalog[code]
            #expect(currency != nil, "\(code) is not in the ISO list")
            #expect(currency?.isoName.isEmpty == false)
            #expect(directory.entry(code)?.englishName.isEmpty == false)
            // ISO gives a number of minor units, or N.A. for gold, silver, platinum, palladium and the SDR.
            if ["XAU", "XAG", "XPT", "XPD", "XDR"].contains(code.rawValue) {
                #expect(currency?.minorUnits == nil)
            } else {
                #expect(currency?.minorUnits != nil, "\(code) has no minor units")
            }
        }
    }

    @Test func minorUnitsComeFromISO() {
        #expect(catalog[CurrencyCode("JPY")!]?.minorUnits == 0)
        #expect(catalog[CurrencyCode("KWD")!]?.minorUnits == 3)
        #expect(catalog[CurrencyCode("BHD")!]?.minorUnits == 3)
        #expect(catalog[CurrencyCode("EUR")!]?.minorUnits == 2)
        #expect(catalog[CurrencyCode("CLF")!]?.minorUnits == 4)
    }

    @Test func withdrawnCodesAreNotCurrent() {
        #expect(catalog[CurrencyCode("BGN")!] == nil)
        #expect(catalog[CurrencyCode("HRK")!] == nil)
        #expect(catalog[CurrencyCode("XCG")!] != nil)
    }

    @Test func csvFieldsHandleQuotesAndCommas() {
        #expect(CSV.fields(of: #"a,"b, c","d ""q"" e",,f"#) == ["a", "b, c", #"d "q" e"#, "", "f"])
    }

    @Test func currencyCodeAcceptsOnlyThreeLetters() {
        #expect(CurrencyCode("usd")?.rawValue == "USD")
        #expect(CurrencyCode("US") == nil)
        #expect(CurrencyCode("US1") == nil)
        #expect(CurrencyCode("ÜSD") == nil)
        #expect(CurrencyCode("USDX") == nil)
    }
}
