import Foundation
import Testing

@testable import CambioCore

/// Every locale the program accepts (ICU's, about 800): what the formatter prints is what ICU
/// prints for the same amount and currency, and it reads back to the same value and currency.
/// The few that differ are listed with the reason, so that a new one fails.
@Suite struct EveryLocaleTests {
    static let locales = Locale.availableIdentifiers.sorted().filter(LocaleSettings.isKnown)

    /// Where Cambio prints otherwise than ICU, on purpose: CLDR gives these a currency format
    /// whose decimal or grouping mark is not the one their numbers use (en_150 and en_BG write
    /// money with a decimal comma, numbers with a point; pt_CV, kea_CV and en_CV put the
    /// escudo's `$` where the decimal mark stands in every currency). Cambio writes money with
    /// the marks the locale's numbers use, which is what it reads: printing ICU's `12,500 €` in
    /// en_150 would read back as twelve thousand five hundred. en_CH and en_FR differ in the
    /// kind of apostrophe and space only.
    static let differFromICU: Set<String> = ["en_150", "en_BG", "en_CH", "en_CV", "en_FR", "kea_CV", "pt_CV"]

    @Test func theFormatterPrintsWhatICUPrints() {
        #expect(Self.locales.count > 500)
        var differing: [String] = []
        for locale in Self.locales where !Self.differFromICU.contains(locale) {
            let formatter = MoneyFormatter(localeID: locale)
            for code in ["USD", "EUR", "JPY", "INR"] {
                guard let currency = CurrencyCode(code) else { continue }
                for text in ["12.5", "-1234567.891", "0.001"] {
                    let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
                    let icu = amount.formatted(
                        Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: locale)).precision(.fractionLength(3)))
                    if formatter.format(amount, currency) != icu {
                        differing.append("\(locale) \(code) \(text): \(formatter.format(amount, currency)) vs \(icu)")
                    }
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.count):\n\(differing.prefix(10).joined(separator: "\n"))")
    }

    /// The samples the locale facts are read from are written by ICU directly, with the skeletons
    /// Foundation's format styles build: in every locale, the number, its grouping and currencies
    /// (current ones, legacy ones, the escudo's invisible symbol) come out as the format style
    /// writes them, both signs; every currency in every seventeenth locale.
    @Test func theSamplesICUWritesDirectlyAreWhatTheFormatStylesWrite() {
        var differing: [String] = []
        let everyCode = CurrencyCatalog.bundled.all.map(\.code) + ["DEM", "ATS", "HRK", "XCG"].compactMap(CurrencyCode.init)
        let some = ["USD", "EUR", "JPY", "INR", "CVE", "XAF", "CHF", "DEM"].compactMap(CurrencyCode.init)
        #expect(some.count == 8)
        for (index, locale) in Self.locales.enumerated() {
            var samples: [ICUNumberText.Sample] = [.number, .grouping("1000"), .grouping("10000"), .grouping("100000")]
            for code in index % 17 == 0 ? everyCode : some {
                samples += [.money(code, negative: false), .money(code, negative: true)]
            }
            for sample in samples {
                let ours = ICUNumberText.format(sample.decimal, skeleton: sample.skeleton, localeID: locale)
                let theirs = sample.formattedByFoundation(locale)
                if ours != theirs { differing.append("\(locale) \(sample): \(ours ?? "nil") vs \(theirs)") }
            }
        }
        #expect(differing.isEmpty, "\(differing.count):\n\(differing.prefix(10).joined(separator: "\n"))")
    }

    /// What ICU refuses is no text: the facts then fall back to the format styles.
    @Test func aSkeletonOrNumberICURefusesGivesNoText() {
        #expect(ICUNumberText.format("12", skeleton: "no-such-stem", localeID: "de_DE") == nil)
        #expect(ICUNumberText.format("twelve", skeleton: ICUNumberText.Sample.number.skeleton, localeID: "de_DE") == nil)
        #expect(ICUNumberText.format("12", skeleton: ICUNumberText.Sample.number.skeleton, localeID: "de_DE") == "12,000")
    }

    @Test func whatIsPrintedReadsBackInEveryLocale() throws {
        let table = try SeedTableDecoder.bundled()
        var failing: [String] = []
        for locale in Self.locales {
            let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
            let engine = Engine.configured(settings, table, showsDetails: false)
            let state = SessionState(base: .eur, recent: [], locale: settings)
            let region = Locale(identifier: locale).region.flatMap { Locale(identifier: "und_\($0.identifier)").currency?.identifier }
            for code in ["USD", "EUR", "CVE"] + (region.map { [$0] } ?? []) {
                guard let currency = CurrencyCode(code), table.contains(currency) else { continue }
                for text in ["12.5", "-1234567.891"] {
                    let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
                    let written = engine.formatter.format(amount, currency)
                    let outcome = engine.evaluate("\(written) in \(currency == .usd ? "eur" : "usd")", in: state)
                    guard let conversion = outcome.reply.conversions.first, conversion.from == currency, conversion.amount == Rational(amount)
                    else {
                        failing.append("\(locale): \(written.debugDescription) [\(code)]")
                        continue
                    }
                }
            }
        }
        #expect(failing.isEmpty, "\(failing.count):\n\(failing.prefix(12).joined(separator: "\n"))")
    }
}
