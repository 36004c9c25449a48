import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

@Suite struct RateTableTests {
    let table: RateTable
    init() throws { table = try SeedTableDecoder.bundled() }

    func code(_ text: String) -> CurrencyCode { CurrencyCode(text)! }
    func decimal(_ text: String) -> Decimal { ExactDecimal.parse(text)! }

    @Test func seedRatesAreKeptDigitForDigit() {
        // As published in the snapshot: 8+ significant digits, not rounded through Double.
        #expect(table.rates[code("USD")] == decimal("1.14326597"))
        #expect(table.rates[code("XAU")] == decimal("0.00027462266"))
        #expect(table.rates[code("JPY")] == decimal("185.03730294"))
        #expect(table.rates[code("EUR")] == 1)
    }

    func exact(_ text: String) -> Rational { Rational(decimalText: text)! }

    @Test func crossRatesComeFromTheOneBaseTable() {
        let rate = table.rate(from: code("USD"), to: code("JPY"))
        #expect(rate == Rational(decimal("185.03730294")).flatMap { $0 / Rational(decimal("1.14326597"))! })
        #expect(rate?.reduced().description == "161.8497425756493040722623800304315888979")
        #expect(table.convert(exact("12.5"), from: code("EUR"), to: code("USD")) == exact("14.290824625"))
    }

    @Test func crossRatesCancelTheDenominatorsTheyShare() throws {
        // Every pair of the seed (8 significant digits, 10^7 … 10^11 below): the rate is the
        // quotient exactly, in integers no larger than the quotient's and, where the two
        // denominators share a power of ten, smaller.
        let codes = table.codes
        var smaller = 0
        for from in codes.prefix(40) {
            for to in codes.suffix(40) where from != to {
                let (a, b) = (try #require(table.rate(from: .eur, to: to)), try #require(table.rate(from: .eur, to: from)))
                let rate = try #require(table.rate(from: from, to: to))
                let divided = a / b
                let quotient = try #require(divided)
                #expect(rate == quotient)
                #expect(rate.numerator.bitWidth <= quotient.numerator.bitWidth && rate.denominator.bitWidth <= quotient.denominator.bitWidth)
                if rate.denominator.bitWidth < quotient.denominator.bitWidth || rate.numerator.bitWidth < quotient.numerator.bitWidth { smaller += 1 }
            }
        }
        #expect(smaller > 1_000)
        // Two rates whose denominators do not divide one another are divided as they are.
        let (sevenThirds, fiveSevenths) = (exact("7") / exact("3"), exact("5") / exact("7"))
        let (seven, five) = (try #require(sevenThirds), try #require(fiveSevenths))
        let odd = try #require(Rational.ratio(seven, five))
        #expect(odd == exact("49") / exact("15"))
        #expect(odd.numerator == BigUInt(49) && odd.denominator == BigUInt(15))
        #expect(Rational.ratio(exact("1.5"), .zero) == nil)
    }

    @Test func roundTripReturnsTheAmountWithinDisplayRounding() {
        let formatter = MoneyFormatter(localeID: "en_US")
        for (amount, from, to) in [("12.5", "EUR", "USD"), ("1500", "JPY", "KWD"), ("0.01", "BHD", "IDR"), ("999999.999", "CHF", "XAU")] {
            let there = table.convert(exact(amount), from: code(from), to: code(to))!
            let back = table.convert(there, from: code(to), to: code(from))!
            // Exact arithmetic: there and back is the amount itself, not merely close to it.
            #expect(back == exact(amount))
            #expect(formatter.format(back, code(from)) == formatter.format(decimal(amount), code(from)))
        }
    }

    @Test func decimalArithmeticHasNoBinaryFloatError() {
        #expect(decimal("0.1") + decimal("0.2") == decimal("0.3"))
        #expect(decimal("1.1") * decimal("1.1") == decimal("1.21"))
        let formatter = MoneyFormatter(localeID: "en_US")
        #expect(formatter.format(decimal("0.1") + decimal("0.2"), code("USD")) == "$0.300")
    }

    @Test func aRateWithTwentySignificantDigitsArrivesIntact() throws {
        let text = #"{"format": 1, "source": "t", "base": "EUR", "date": "2026-01-02", "rates": {"EUR": 1, "USD": 1.1432659712345678901}}"#
        let table = try SeedTableDecoder.decode(text, isBundledSeed: false)
        #expect(table.rates[code("USD")]?.description == "1.1432659712345678901")
    }

    @Test func invalidTablesAreRefused() {
        #expect(throws: RateTable.Invalid.rateNotPositive(code("USD"))) {
            try RateTable(
                base: code("EUR"), date: "2026-01-01", source: .init(id: "t", attribution: "t", isBundledSeed: false),
                rates: [code("EUR"): 1, code("USD"): 0])
        }
        #expect(throws: RateTable.Invalid.baseMissing(code("EUR"))) {
            try RateTable(
                base: code("EUR"), date: "2026-01-01", source: .init(id: "t", attribution: "t", isBundledSeed: false), rates: [code("USD"): 1])
        }
    }

    @Test(arguments: [
        #"{"format": 2, "source": "t", "base": "EUR", "date": "2026-01-02", "rates": {"EUR": 1}}"#,
        #"{"format": 1, "source": "t", "base": "EUR", "date": "2026-02-30", "rates": {"EUR": 1}}"#,
        #"{"format": 1, "source": "t", "base": "EUR", "date": "2026-01-02", "rates": {"EUR": 1, "USD": -1}}"#,
        #"{"format": 1, "source": "t", "base": "EUR", "date": "2026-01-02", "rates": {"EUR": 1, "USD": "1.1"}}"#,
        #"{"format": 1, "source": "t", "base": "EUR", "date": "2026-01-02", "rates": {"USD": 1.1}}"#,
        #"{"format": 1, "source": "t", "base": "EUR", "date": "2026-01-02", "rates": {"EUR": 1, "US": 1.1}}"#,
        #"{"format": 1, "source": "t", "base": "EUR", "date": "2026-01-02", "rates": {"EUR": 1, "USD": 1e999}}"#,
        #"{"format": 1, "source": "t", "base": "EUR""#,
    ])
    func malformedSeedFilesAreRefused(_ text: String) {
        #expect(throws: SeedTableDecoder.Failure.self) { try SeedTableDecoder.decode(text, isBundledSeed: false) }
    }

    @Test func exactDecimalRefusesWhatDecimalStringWouldTruncate() {
        #expect(ExactDecimal.parse("12.5.3") == nil)
        #expect(ExactDecimal.parse("12abc") == nil)
        #expect(ExactDecimal.parse("0x10") == nil)
        #expect(ExactDecimal.parse("") == nil)
        #expect(ExactDecimal.parse("1" + String(repeating: "0", count: 39)) == nil)
        #expect(ExactDecimal.parse("2e-5") == decimal("0.00002"))
    }

    @Test func dataDatesAreValidatedAndAged() {
        #expect(DataDate.isValid("2024-02-29"))
        #expect(!DataDate.isValid("2026-02-29"))
        #expect(!DataDate.isValid("2026-7-6"))
        let now = ISO8601DateFormatter().date(from: "2026-11-30T12:00:00Z")!
        #expect(DataDate.age(of: "2026-07-06", now: now) == 147)
    }

    @Test func dataDateAgesAgreeWithTheGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let year = Int.random(in: 1900...2100, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...28, using: &generator)
            let date = String(format: "%04d-%02d-%02d", year, month, day)
            let now = Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator)))
            let start = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day)))
            let expected = calendar.dateComponents([.day], from: start, to: now).day
            #expect(DataDate.age(of: date, now: now) == expected, "\(date) at \(now)")
        }
        #expect(DataDate.age(of: "2026-12-01", now: Date(timeIntervalSince1970: 1_796_040_000)) == 0)
    }

    @Test func exactDecimalsEqualFoundationsReadingOfTheSameText() throws {
        let posix = Locale(identifier: "en_US_POSIX")
        var generator = SystemRandomNumberGenerator()
        var samples = ["0", "-0", "0.000", "+1", "1.", ".5", "1e3", "2E-5", "-0.0e+2", "007.50", "1.14326597"]
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...24, using: &generator)
            var digits = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            if Bool.random(using: &generator) {
                digits.insert(".", at: digits.index(digits.startIndex, offsetBy: Int.random(in: 0...count, using: &generator)))
            }
            if Int.random(in: 0..<4, using: &generator) == 0 { digits += "e" + String(Int.random(in: -30...30, using: &generator)) }
            samples.append((Bool.random(using: &generator) ? "-" : "") + digits)
        }
        for text in samples {
            let expected = try #require(Decimal(string: text, locale: posix))
            let parsed = try #require(ExactDecimal.parse(text), "\(text)")
            #expect(parsed == expected, "\(text)")
            #expect(parsed.description == expected.description, "\(text)")
        }
    }

    /// A `Decimal`'s exact value is the number its digits say, whether its significand fits 64
    /// bits (taken as an integer) or not (read from its text): 20,000 random decimals of 1 to 38
    /// digits, both signs, exponents from -40 to 40, and the edges of 64 bits.
    @Test func decimalsConvertToTheirExactValue() {
        var random = SplitMix64(seed: 20_261_202)
        var texts = ["18446744073709551615", "18446744073709551616", "9007199254740993", "0", "1", "0.000274", "-12.5"]
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...38, using: &random)
            var digits = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<count { digits.append(Character(String(Int.random(in: 0...9, using: &random)))) }
            let sign = Bool.random(using: &random) ? "-" : ""
            texts.append(sign + digits + "e" + String(Int.random(in: -40...40, using: &random)))
        }
        for text in texts {
            guard let decimal = ExactDecimal.parse(text) else {
                Issue.record("\(text) did not read")
                continue
            }
            #expect(Rational(decimal) == Rational(decimalText: text), "\(text)")
        }
    }
}
