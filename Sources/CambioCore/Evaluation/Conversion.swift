import Foundation

/// One conversion as data: exact values, for `--format json` and `--format tsv`.
public struct Conversion: Sendable, Equatable {
    /// The amount converted, exactly (a calculated one may have no finite decimal).
    public let amount: Rational
    public let from: CurrencyCode
    public let to: CurrencyCode
    /// Units of `to` per one `from`, exact.
    public let rate: Rational
    /// `amount × rate`, exact.
    public let result: Rational
    /// Which rates it used: the day and source, and for a dated or averaged line what was asked.
    public let origin: RateOrigin
    /// The rates' day and source.
    public var date: String { origin.date }
    public var source: String { origin.source }
    /// The card fee in use (a fraction), when it applies to this conversion.
    public private(set) var fee: Rational? = nil
    /// The result with the fee, as the line shows it: for a calculation, every amount charged
    /// once into the target (README, "A card fee"), which is not `result × (1 + fee)`.
    public private(set) var resultWithFee: Rational? = nil
    /// How the line rounded the figures it showed (`rounded`, `rounded_with_fee`).
    public var rounding = Rounding.shown
    /// The mid-market rate of the day, when the conversion used a bank's own rate (`at 1,0720`).
    public var midRate: Rational?
    /// True for a conversion inside a calculation (its result is part of another one's amount).
    public var isPart = false

    public init(amount: Rational, from: CurrencyCode, to: CurrencyCode, rate: Rational, result: Rational, origin: RateOrigin) {
        self.amount = amount
        self.from = from
        self.to = to
        self.rate = rate
        self.result = result
        self.origin = origin
    }

    /// Records the fee and the figure with it.
    public mutating func charge(_ fee: Rational, giving charged: Rational) {
        self.fee = fee
        resultWithFee = charged
    }

    /// The fields that state a fee and the figure with it, for a conversion's or a
    /// calculation's record: the percentage, the figure rounded as shown, and exactly.
    public static func feeFields(_ fee: Rational, _ charged: Rational, _ rounding: Rounding, _ code: CurrencyCode) -> [(
        key: String, value: Record.Value
    )] {
        [
            ("fee_percent", .decimal(fee.percent.decimalText(significantDigits: significantDigits).text)),
            ("rounded_with_fee", .decimal(charged.roundedText(rounding, code))),
            ("result_with_fee", .decimal(charged.decimalText(significantDigits: significantDigits).text)),
        ]
    }

    /// The same fields without a fee: empty.
    public static let noFeeFields: [(key: String, value: Record.Value)] = [
        ("fee_percent", .absent), ("rounded_with_fee", .absent), ("result_with_fee", .absent),
    ]

    /// Significant digits of `result` and `rate` in machine output when they have no finite
    /// decimal (when they have one, it is written whole).
    public static let significantDigits = 40

    /// The result rounded as shown (three decimals, half to even, unless the user chose).
    public var roundedResult: String { result.roundedText(rounding, to) }

    /// The result as a plain decimal: exact when it terminates, else 40 significant digits.
    public var resultText: (text: String, exact: Bool) { result.decimalText(significantDigits: Self.significantDigits) }

    /// The rate as its source quotes it, `base/quoted` with units of `quoted` per one `base`
    /// (the ECB's `EUR/GBP 0.85698`), when the source's base is one of the two currencies;
    /// `nil` for a cross rate and for a currency into itself.
    public var publishedQuote: (base: CurrencyCode, quoted: CurrencyCode, rate: Rational)? {
        guard from != to, let base = origin.base else { return nil }
        // A source that writes home currency per foreign unit (the NBP's `USD/PLN 3.6056`).
        if origin.homePerForeign {
            if base == to { return (from, to, rate) }
            if base == from, let inverse = Rational.one / rate { return (to, from, inverse) }
            return nil
        }
        if base == from { return (from, to, rate) }
        if base == to, let inverse = Rational.one / rate { return (to, from, inverse) }
        return nil
    }

    /// The rate as a plain decimal: exact when it terminates, else 40 significant digits.
    public var rateText: (text: String, exact: Bool) { rate.decimalText(significantDigits: Self.significantDigits) }
}
