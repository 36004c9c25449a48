/// The sum of many exact values (a document's converted rows), rounded once, in time linear in
/// their number. Adding fractions exactly multiplies their denominators, and a hundred thousand
/// rows of different rates would grow them without bound; instead each value is cut to `scale`
/// decimals, the cut parts are summed exactly as integers, and how many values lost something is
/// counted: the exact sum lies between the cut sum less the negative values' losses and the cut
/// sum plus the positive ones', under 10^-`scale` each. Rounding is monotone, so when both ends
/// round alike the exact sum rounds the same; in the rare case they do not (a sum within 10^-13
/// of a tie), the values are summed as fractions after all.
public struct ExactSum: Sendable {
    /// Decimals each value is cut to: 10^19 fits in 64 bits, so a value whose numerator and
    /// denominator fit in 64 bits is cut with 128-bit arithmetic.
    static let scale = 19
    static let unit: UInt128 = 10_000_000_000_000_000_000

    /// Whole parts and fractions (in units of 10^-scale) of the positive and the negative values.
    private var positive = Part()
    private var negative = Part()
    /// The values, for the rare sum that must be exact.
    private var terms: [Rational] = []

    private struct Part: Sendable {
        var whole = BigUInt.zero
        var fraction: UInt128 = 0
        var inexact = 0

        /// The part at `scale` decimals, its losses added `extra` times.
        func scaled(plus extra: Int) -> BigUInt {
            whole * BigUInt(wide: ExactSum.unit) + BigUInt(wide: fraction) + BigUInt(UInt64(extra))
        }
    }

    public init() {}

    public mutating func add(_ value: Rational) {
        terms.append(value)
        guard !value.isZero else { return }
        var part = value.isNegative ? negative : positive
        if let n = value.numerator.wide, let d = value.denominator.wide, n >> 64 == 0, d >> 64 == 0 {
            let (whole, rest) = n.quotientAndRemainder(dividingBy: d)
            let (fraction, lost) = (rest * Self.unit).quotientAndRemainder(dividingBy: d)
            part.whole = part.whole + BigUInt(wide: whole)
            part.fraction += fraction
            if lost != 0 { part.inexact += 1 }
        } else {
            let (whole, rest) = value.numerator.quotientAndRemainder(dividingBy: value.denominator)
            let (fraction, lost) = (rest * BigUInt(wide: Self.unit)).quotientAndRemainder(dividingBy: value.denominator)
            part.whole = part.whole + whole
            part.fraction += fraction.wide ?? 0
            if !lost.isZero { part.inexact += 1 }
        }
        // Fractions carry into the whole part long before 128 bits would overflow.
        if part.fraction >= Self.unit << 32 {
            part.whole = part.whole + BigUInt(wide: part.fraction / Self.unit)
            part.fraction %= Self.unit
        }
        if value.isNegative { negative = part } else { positive = part }
    }

    /// The sum rounded by `rounding` for `code`, as plain digits (`-1460.33`).
    public func roundedText(_ rounding: Rounding, _ code: CurrencyCode) -> String {
        let low = Self.value(positive.scaled(plus: 0), negative.scaled(plus: negative.inexact))
        let high = Self.value(positive.scaled(plus: positive.inexact), negative.scaled(plus: 0))
        let lowText = low.roundedText(rounding, code)
        if lowText == high.roundedText(rounding, code) { return lowText }
        return exact.roundedText(rounding, code)
    }

    /// The sum as a fraction, reduced as it goes (slow for many values of different rates).
    var exact: Rational {
        var sum = Rational.zero
        for term in terms { sum = (sum + term).reduced() }
        return sum
    }

    /// `positive − negative`, both at `scale` decimals.
    private static func value(_ positive: BigUInt, _ negative: BigUInt) -> Rational {
        let denominator = BigUInt.tenToThe(scale)
        return positive >= negative
            ? Rational(negative: false, numerator: positive - negative, denominator: denominator)
            : Rational(negative: true, numerator: negative - positive, denominator: denominator)
    }
}
