import Foundation

/// Formats money in a locale's currency style with exactly three fraction digits, rounding
/// half to even. The locale's pattern (symbol, its place, separators, grouping, digits) is
/// read from ICU once per currency; the digits themselves are written from the `Decimal`,
/// so no value passes through `Double`.
public final class MoneyFormatter {
    public let localeID: String
    public let conventions: NumberConventions
    /// Fraction digits shown for every currency, JPY and KWD included.
    public static let fractionDigits = 3

    private let facts: LocaleFacts
    private var patterns: [CurrencyCode: Pattern] = [:]

    private struct Pattern {
        var positivePrefix: String
        var positiveSuffix: String
        var negativePrefix: String
        var negativeSuffix: String
        var symbol: String
    }

    public init(localeID: String, facts: LocaleFacts = .shared) {
        self.localeID = localeID
        self.facts = facts
        conventions = NumberConventions(localeID: localeID, facts: facts)
    }

    /// `12.5` EUR in de_DE → `12,500 €`.
    public func format(_ amount: Decimal, _ code: CurrencyCode) -> String {
        let pattern = pattern(for: code)
        let (negative, digits) = Self.roundedDigits(amount)
        let number = groupedNumber(digits)
        return negative
            ? pattern.negativePrefix + number + pattern.negativeSuffix
            : pattern.positivePrefix + number + pattern.positiveSuffix
    }

    /// An exact value in the currency's style, rounded once, half to even, to
    /// `fractionDigits` places (three for amounts).
    public func format(_ value: Rational, _ code: CurrencyCode, fractionDigits: Int = fractionDigits) -> String {
        let pattern = pattern(for: code)
        let (negative, digits) = value.roundedDigits(fractionDigits: fractionDigits)
        let number = groupedNumber(digits)
        return negative
            ? pattern.negativePrefix + number + pattern.negativeSuffix
            : pattern.positivePrefix + number + pattern.positiveSuffix
    }

    /// An amount as the user gave it: three decimals, or every decimal it has beyond three
    /// (`€0.0001`, not `€0.000`), so that what is echoed reads back to the same value.
    public func formatGiven(_ value: Rational, _ code: CurrencyCode) -> String {
        format(value, code, fractionDigits: Self.givenFractionDigits(value))
    }

    /// Three, or every decimal a given amount has beyond three (at most 40).
    private static func givenFractionDigits(_ value: Rational) -> Int {
        value.exactFractionDigits(minimum: fractionDigits, maximum: 40) ?? fractionDigits
    }

    /// Significant digits a rate keeps when three decimals would hide them (`1 ₫ = $0.00003794`).
    public static let rateSignificantDigits = 4

    /// A rate: three decimals, or as many more as show `rateSignificantDigits` significant
    /// digits of a small rate (at most 15).
    public func formatRate(_ rate: Rational, _ code: CurrencyCode) -> String {
        format(rate, code, fractionDigits: rate.fractionDigits(significant: Self.rateSignificantDigits, minimum: Self.fractionDigits, maximum: 15))
    }

    /// One whole unit with its symbol, for rates: `1 €`, `$1`.
    public func unit(_ code: CurrencyCode) -> String {
        let pattern = pattern(for: code)
        return pattern.positivePrefix + String(conventions.digits[1]) + pattern.positiveSuffix
    }

    /// The number alone as the user gave it: three fraction digits, or every one it has
    /// beyond three (`0,0001`).
    public func formatNumberGiven(_ value: Rational) -> String {
        let (negative, digits) = value.roundedDigits(fractionDigits: Self.givenFractionDigits(value))
        return (negative ? "-" : "") + groupedNumber(digits)
    }

    /// The number alone, in the locale's digits and separators, three fraction digits.
    public func formatNumber(_ amount: Decimal) -> String {
        let (negative, digits) = Self.roundedDigits(amount)
        return (negative ? "-" : "") + groupedNumber(digits)
    }

    /// What stands before and after a positive amount of the currency (`""`, `" €"`).
    public func affixes(for code: CurrencyCode) -> (prefix: String, suffix: String) {
        let pattern = pattern(for: code)
        return (pattern.positivePrefix, pattern.positiveSuffix)
    }

    /// The symbol this locale writes for the currency (`$`, `CA$`, `€`, `JP¥`).
    public func symbol(for code: CurrencyCode) -> String { pattern(for: code).symbol }

    /// Rounds half to even at three places; returns the sign and the plain digits (`1234.500`).
    public static func roundedDigits(_ amount: Decimal) -> (negative: Bool, digits: String) {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, fractionDigits, .bankers)
        let negative = rounded < 0
        var text = (negative ? -rounded : rounded).description
        var fraction = 0
        if let point = text.firstIndex(of: ".") {
            fraction = text.distance(from: point, to: text.endIndex) - 1
        } else {
            text += "."
        }
        text += String(repeating: "0", count: max(0, fractionDigits - fraction))
        return (negative, text)
    }

    /// The locale's digits, separators, grouping sizes as UTF-8, for writing numbers.
    private lazy var writing: NumberWriting = NumberWriting(conventions)

    private struct NumberWriting {
        let digits: [[UInt8]]
        let asciiDigits: Bool
        let decimal: [UInt8]
        let grouping: [UInt8]?
        let primary: Int
        let secondary: Int

        init(_ conventions: NumberConventions) {
            digits = conventions.digits.map { Array(String($0).utf8) }
            asciiDigits = conventions.digits == Array("0123456789")
            decimal = Array(String(conventions.decimalSeparator).utf8)
            grouping = conventions.groupingSeparator.map { Array(String($0).utf8) }
            primary = conventions.primaryGroupSize
            secondary = conventions.secondaryGroupSize
        }
    }

    /// Plain digits with a point (`1234.500`) in the locale's digits, separators and groups,
    /// written as bytes.
    private func groupedNumber(_ plain: String) -> String {
        var plain = plain
        return plain.withUTF8 { bytes in
            let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
            let writing = self.writing
            let grouped = conventions.groups(point)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count * (writing.asciiDigits ? 1 : 3) + 8)
            func digit(_ byte: UInt8) {
                if writing.asciiDigits { out.append(byte) } else { out += writing.digits[Int(byte &- 48)] }
            }
            for index in 0..<point {
                let remaining = point - index
                if index > 0, grouped, let grouping = writing.grouping,
                    remaining == writing.primary || (remaining > writing.primary && (remaining - writing.primary) % writing.secondary == 0)
                {
                    out += grouping
                }
                digit(bytes[index])
            }
            if point < bytes.count {
                out += writing.decimal
                for index in (point + 1)..<bytes.count { digit(bytes[index]) }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private func pattern(for code: CurrencyCode) -> Pattern {
        if let cached = patterns[code] { return cached }
        // ICU's own rendering of a sample, both signs (or what it said last time).
        let formatted = { (sample: Decimal) in
            sample.formatted(
                Decimal.FormatStyle.Currency(code: code.rawValue, locale: Locale(identifier: self.localeID))
                    .precision(.fractionLength(Self.fractionDigits)))
        }
        let positive = Self.split(facts.value("money \(localeID) \(code.rawValue) +") { formatted(NumberConventions.sample) })
        let negative = Self.split(facts.value("money \(localeID) \(code.rawValue) -") { formatted(-NumberConventions.sample) })
        var symbol = Substring((positive.prefix + positive.suffix).filter { !NumberConventions.bidiMarks.contains($0) })
        while let first = symbol.first, first.isWhitespace { symbol = symbol.dropFirst() }
        while let last = symbol.last, last.isWhitespace { symbol = symbol.dropLast() }
        let pattern = Pattern(
            positivePrefix: positive.prefix, positiveSuffix: positive.suffix,
            negativePrefix: negative.prefix, negativeSuffix: negative.suffix,
            symbol: symbol.isEmpty ? code.rawValue : String(symbol))
        patterns[code] = pattern
        return pattern
    }

    /// Splits a formatted sample into what stands before its first digit and after its last.
    private static func split(_ text: String) -> (prefix: String, suffix: String) {
        let characters = Array(text)
        guard let first = characters.firstIndex(where: { $0.wholeNumberValue != nil }),
            let last = characters.lastIndex(where: { $0.wholeNumberValue != nil })
        else { return ("", "") }
        return (String(characters[..<first]), String(characters[(last + 1)...]))
    }
}
