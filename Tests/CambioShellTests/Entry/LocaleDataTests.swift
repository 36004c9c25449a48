import CambioCore
import CambioTestSupport
import Foundation
import Testing

/// The program formats as ICU formats in every locale: run against the release build (whose
/// ICU data is the trimmed copy of Scripts/icu-data) it must write what this process, linked
/// with Foundation's ICU whole, writes. One locale in four of those ICU lists, from a cold
/// cache, so that the program reads the data itself.
@Suite struct LocaleDataTests {
    @Test func everyLocaleFormatsAsICUWhole() throws {
        let locales = Locale.availableIdentifiers.sorted().enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        #expect(locales.count > 200)
        let eur = CurrencyCode.eur
        let jpy = try #require(CurrencyCode("JPY"))
        var checked = 0
        for locale in locales {
            let home = try TemporaryDirectory()
            let run = try Cambio.run(
                [], stdin: "locale \(locale)\n12 eur in eur\n1234567 jpy in jpy\nlist jpy\n",
                environment: home.environment(["CAMBIO_OFFLINE": "1", "LANG": "C.UTF-8"]))
            // A locale the program refuses is refused in-process too; the rest write ICU's figures.
            guard !run.stdout.isEmpty, run.status == 0 else { continue }
            let formatter = MoneyFormatter(localeID: locale)
            let twelve = formatter.format(Rational(12), eur)
            let yen = formatter.format(Rational(1_234_567), jpy)
            #expect(run.stdout.contains("\(twelve) = \(twelve)"), "\(locale): \(run.stdout)")
            #expect(run.stdout.contains("\(yen) = \(yen)"), "\(locale): \(run.stdout)")
            let name = Locale(identifier: locale).localizedString(forCurrencyCode: "JPY") ?? "JPY"
            #expect(run.stdout.contains(name), "\(locale): \(name) in \(run.stdout)")
            checked += 1
        }
        #expect(checked > 200)
    }
}
