import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

@Suite struct MoneyFormatterTests {
    func code(_ text: String) -> CurrencyCode { CurrencyCode(text)! }
    func decimal(_ text: String) -> Decimal { ExactDecimal.parse(text)! }

    @Test(arguments: [
        ("en_US", "EUR", "1234567.8915", "€1,234,567.892"),
        ("de_DE", "EUR", "1234567.8915", "1.234.567,892\u{00A0}€"),
        ("fr_FR", "EUR", "1234567.8915", "1\u{202F}234\u{202F}567,892\u{00A0}€"),
        ("tr_TR", "EUR", "1234567.8915", "€1.234.567,892"),
        ("ar_EG", "EUR", "1234567.8915", "\u{200F}١٬٢٣٤٬٥٦٧٫٨٩٢\u{00A0}€"),
        ("hi_IN", "EUR", "1234567.8915", "€12,34,567.892"),
        ("de_CH", "EUR", "1234567.8915", "EUR\u{00A0}1’234’567.892"),
        ("en_US", "JPY", "1500", "¥1,500.000"),
        ("ja_JP", "JPY", "1500", "¥1,500.000"),
        ("de_DE", "JPY", "1500", "1.500,000\u{00A0}¥"),
        ("en_US", "KWD", "3.1415", "KWD\u{00A0}3.142"),
        ("de_DE", "KWD", "3.1415", "3,142\u{00A0}KWD"),
        ("en_US", "BHD", "0.0005", "BHD\u{00A0}0.000"),
        ("en_US", "USD", "-12.5", "-$12.500"),
        ("de_DE", "USD", "14.290824625", "14,291\u{00A0}$"),
        ("en_US", "USD", "0.0015", "$0.002"),
        ("en_US", "USD", "0.0025", "$0.002"),
        ("en_US", "USD", "12345678901234567890.5", "$12,345,678,901,234,567,890.500"),
        // Spanish, Italian and Polish group only from five integer digits.
        ("es_ES", "EUR", "1234.5", "1234,500\u{00A0}€"),
        ("es_ES", "EUR", "12345.5", "12.345,500\u{00A0}€"),
        ("it_IT", "USD", "7872.7035", "7872,704\u{00A0}USD"),
        ("pl_PL", "PLN", "1234.5", "1234,500\u{00A0}zł"),
        ("pl_PL", "PLN", "1234567.5", "1\u{00A0}234\u{00A0}567,500\u{00A0}zł"),
    ])
    func formatsWithThreeDecimalsInTheLocaleCurrencyStyle(_ locale: String, _ currency: String, _ amount: String, _ expected: String) {
        #expect(MoneyFormatter(localeID: locale).format(decimal(amount), code(currency)) == expected)
    }

    @Test func roundsHalfToEven() {
        let formatter = MoneyFormatter(localeID: "en_US")
        #expect(formatter.formatNumber(decimal("0.0005")) == "0.000")
        #expect(formatter.formatNumber(decimal("0.0015")) == "0.002")
        #expect(formatter.formatNumber(decimal("2.0125")) == "2.012")
        #expect(formatter.formatNumber(decimal("2.01251")) == "2.013")
        #expect(formatter.formatNumber(decimal("-0.0004")) == "0.000")
    }

    /// The fast path writes digits itself; ICU's own Decimal formatting is the reference.
    @Test func matchesICUFormattingForRandomAmountsCurrenciesAndLocales() {
        var random = SplitMix64(seed: 20261130)
        let locales = [
            "en_US", "de_DE", "fr_FR", "ja_JP", "ar", "ar_EG", "tr_TR", "hi_IN", "de_CH", "en_CA", "es_MX", "pt_BR", "es_ES", "it_IT", "pl_PL",
        ]
        let currencies = ["EUR", "USD", "JPY", "KWD", "BHD", "GBP", "CHF", "INR", "TRY", "CAD", "XAU", "IDR"]
        for locale in locales {
            let formatter = MoneyFormatter(localeID: locale)
            for _ in 0..<150 {
                let currency = currencies[Int(random.next() % UInt64(currencies.count))]
                let mantissa = Int64(bitPattern: random.next() % 10_000_000_000_000) * (random.next() % 5 == 0 ? -1 : 1)
                let amount = Decimal(sign: mantissa < 0 ? .minus : .plus, exponent: -Int(random.next() % 7), significand: Decimal(mantissa.magnitude))
                let reference = amount.formatted(
                    .currency(code: currency).locale(Locale(identifier: locale)).precision(.fractionLength(3)).rounded(rule: .toNearestOrEven))
                #expect(formatter.format(amount, code(currency)) == reference, "\(amount) \(currency) in \(locale)")
            }
        }
    }

    /// Amounts of 17 to 35 digits (their scaled magnitudes past 64 bits, where the digits are
    /// written eighteen at a time): as ICU writes them.
    @Test func matchesICUFormattingForWideAmounts() throws {
        var random = SplitMix64(seed: 20261205)
        for locale in ["en_US", "de_DE", "hi_IN", "ar_EG", "de_CH", "fr_FR"] {
            let formatter = MoneyFormatter(localeID: locale)
            for _ in 0..<200 {
                let length = 17 + Int(random.next() % 19)
                var digits = String(1 + random.next() % 9)
                for _ in 1..<length { digits += String(random.next() % 10) }
                // Runs of nines and zeros, where a carry or a chunk of zeros goes wrong.
                if random.next() % 4 == 0 { digits = String(digits.prefix(2)) + String(repeating: random.next() % 2 == 0 ? "9" : "0", count: length - 2) }
                let places = Int(random.next() % 4)
                let amount = try #require(Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX")))
                let scaled = amount * Decimal(sign: .plus, exponent: -places, significand: 1)
                let reference = scaled.formatted(
                    .currency(code: "EUR").locale(Locale(identifier: locale)).precision(.fractionLength(3)).rounded(rule: .toNearestOrEven))
                #expect(formatter.format(scaled, code("EUR")) == reference, "\(scaled) in \(locale)")
            }
        }
    }

    /// Plain numbers (a calculation's factors, chart labels, rates alone): random fractions of
    /// up to 30 digits, both signs, rounded to 0 … 8 places, as ICU writes the rounded decimal
    /// (with `-` for a negative one, as amounts are typed back).
    @Test func numbersMatchICUFormatting() throws {
        var random = SplitMix64(seed: 20261206)
        func digits(_ count: Int) -> String { (0..<count).map { _ in String(random.next() % 10) }.joined() }
        for locale in ["en_US", "de_DE", "hi_IN", "ar_EG", "fa_IR", "de_CH"] {
            let formatter = MoneyFormatter(localeID: locale)
            for _ in 0..<200 {
                let numerator = try #require(BigUInt(decimal: "1" + digits(Int(random.next() % 30))))
                let denominator = try #require(BigUInt(decimal: "1" + digits(Int(random.next() % 12))))
                let value = Rational(negative: random.next() % 3 == 0, numerator: numerator, denominator: denominator)
                let places = Int(random.next() % 9)
                // The digits and separators ICU's; the sign an ASCII `-` in every locale.
                let text = value.roundedText(fractionDigits: places)
                let rounded = try #require(Decimal(string: text.hasPrefix("-") ? String(text.dropFirst()) : text, locale: Locale(identifier: "en_US_POSIX")))
                let reference = (text.hasPrefix("-") ? "-" : "") + rounded.formatted(.number.locale(Locale(identifier: locale)).precision(.fractionLength(places)))
                #expect(formatter.formatNumber(value, fractionDigits: places) == reference, "\(value) to \(places) in \(locale)")
            }
        }
    }
}
