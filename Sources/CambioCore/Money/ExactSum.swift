/// The sum of many exact values (a document's converted rows), rounded once, in time linear in
/// their number and in memory that does not grow with it. Adding fractions exactly multiplies
/// their denominators, and a hundred thousand rows of different rates would grow them without
/// bound; instead each value is cut to `scale` decimals, the cut parts are summed exactly as
/// integers, and how many values lost something is counted: the exact sum lies between the cut
/// sum less the negative values' losses and the cut sum plus the positive ones', under
/// 10^-`scale` each. Rounding is monotone, so when both ends round alike the exact sum rounds the
/// same. In the rare case they do not (a sum within 10^-13 of a tie), the exact sum is made from
/// the values that lost something, kept as one numerator per denominator (a statement's rows
/// share a few: one a day and pair of currencies), added in a balanced tree.
public struct ExactSum: Sendable {
    /// Decimals each value is cut to: 10^19 fits in 64 bits, so a value whose numerator and
    /// denominator fit in 64 bits is cut with 128-bit arithmetic.
    static let scale = 19
    static let unit: UInt128 = 10_000_000_000_000_000_000

    /// Whole parts and fractions (in units of 10^-scale) of the positive and the negative values
    /// that the cut left exact, and of those it did not.
    private var exactPositive = Part()
    private var exactNegative = Part()
    private var cutPositive = Part()
    private var cutNegative = Part()
    /// The values the cut did not leave exact: per denominator, the sum of the positive and of
    /// the negative numerators; in 128 bits while they fit (a fixed few bytes a sum, where a big
    /// integer is an object of its own), else as big integers.
    private var kept: [UInt128: (positive: UInt128, negative: UInt128)] = [:]
    private var keptWide: [BigUInt: (positive: BigUInt, negative: BigUInt)] = [:]

    private struct Part: Sendable {
        var whole = BigUInt.zero
        var fraction: UInt128 = 0
        var inexact = 0

        /// The part at `scale` decimals, its losses added `extra` times.
        func scaled(plus extra: Int) -> BigUInt {
            whole * BigUInt(wide: ExactSum.unit) + BigUInt(wide: fraction) + BigUInt(UInt64(extra))
        }

        static func + (a: Part, b: Part) -> Part {
            Part(whole: a.whole + b.whole, fraction: a.fraction + b.fraction, inexact: a.inexact + b.inexact)
        }
    }

    public init() {}

    public mutating func add(_ value: Rational) {
        guard !value.isZero else { return }
        var whole: BigUInt
        var fraction: UInt128
        var lost: Bool
        if let n = value.numerator.wide, let d = value.denominator.wide, n >> 64 == 0, d >> 64 == 0 {
            let (quotient, rest) = n.quotientAndRemainder(dividingBy: d)
            let (cut, remainder) = (rest * Self.unit).quotientAndRemainder(dividingBy: d)
            (whole, fraction, lost) = (BigUInt(wide: quotient), cut, remainder != 0)
        } else {
            let (quotient, rest) = value.numerator.quotientAndRemainder(dividingBy: value.denominator)
            let (cut, remainder) = (rest * BigUInt(wide: Self.unit)).quotientAndRemainder(dividingBy: value.denominator)
            (whole, fraction, lost) = (quotient, cut.wide ?? 0, !remainder.isZero)
        }
        func add(to part: inout Part) {
            part.whole = part.whole + whole
            part.fraction += fraction
            if lost { part.inexact += 1 }
            // Fractions carry into the whole part long before 128 bits would overflow.
            if part.fraction >= Self.unit << 32 {
                part.whole = part.whole + BigUInt(wide: part.fraction / Self.unit)
                part.fraction %= Self.unit
            }
        }
        switch (value.isNegative, lost) {
        case (false, false): add(to: &exactPositive)
        case (true, false): add(to: &exactNegative)
        case (false, true): add(to: &cutPositive)
        case (true, true): add(to: &cutNegative)
        }
        if lost { keep(value) }
    }

    /// A value the cut did not leave exact, added to its denominator's sums.
    private mutating func keep(_ value: Rational) {
        if let denominator = value.denominator.wide, let numerator = value.numerator.wide, keptWide.isEmpty || keptWide[value.denominator] == nil {
            var sums = kept[denominator] ?? (0, 0)
            let (sum, overflow) = (value.isNegative ? sums.negative : sums.positive).addingReportingOverflow(numerator)
            if !overflow {
                if value.isNegative { sums.negative = sum } else { sums.positive = sum }
                kept[denominator] = sums
                return
            }
            // The sums outgrow 128 bits: this denominator's are kept as big integers from now on.
            kept[denominator] = nil
            keptWide[value.denominator] = (BigUInt(wide: sums.positive), BigUInt(wide: sums.negative))
        }
        var sums = keptWide[value.denominator] ?? (.zero, .zero)
        if value.isNegative { sums.negative = sums.negative + value.numerator } else { sums.positive = sums.positive + value.numerator }
        keptWide[value.denominator] = sums
    }

    /// The sum rounded by `rounding` for `code`, as plain digits (`-1460.33`).
    public func roundedText(_ rounding: Rounding, _ code: CurrencyCode) -> String {
        let positive = exactPositive + cutPositive
        let negative = exactNegative + cutNegative
        let low = Self.value(positive.scaled(plus: 0), negative.scaled(plus: negative.inexact))
        let high = Self.value(positive.scaled(plus: positive.inexact), negative.scaled(plus: 0))
        let lowText = low.roundedText(rounding, code)
        if lowText == high.roundedText(rounding, code) { return lowText }
        return exact.roundedText(rounding, code)
    }

    /// The sum as a fraction: the exact values' cut sum and the kept ones, in a balanced tree.
    var exact: Rational {
        var terms = [Self.value(exactPositive.scaled(plus: 0), exactNegative.scaled(plus: 0))]
        var groups = keptWide
        for (denominator, sums) in kept { groups[BigUInt(wide: denominator)] = (BigUInt(wide: sums.positive), BigUInt(wide: sums.negative)) }
        for denominator in groups.keys.sorted() {
            // Values that cancel (a refund beside its charge) add nothing.
            guard let sums = groups[denominator], sums.positive != sums.negative else { continue }
            terms.append(
                sums.positive >= sums.negative
                    ? Rational(negative: false, numerator: sums.positive - sums.negative, denominator: denominator)
                    : Rational(negative: true, numerator: sums.negative - sums.positive, denominator: denominator))
        }
        while terms.count > 1 {
            var next: [Rational] = []
            next.reserveCapacity((terms.count + 1) / 2)
            for index in stride(from: 0, to: terms.count, by: 2) {
                next.append(index + 1 < terms.count ? terms[index] + terms[index + 1] : terms[index])
            }
            terms = next
        }
        return terms[0]
    }

    /// `positive − negative`, both at `scale` decimals.
    private static func value(_ positive: BigUInt, _ negative: BigUInt) -> Rational {
        let denominator = BigUInt.tenToThe(scale)
        return positive >= negative
            ? Rational(negative: false, numerator: positive - negative, denominator: denominator)
            : Rational(negative: true, numerator: negative - positive, denominator: denominator)
    }
}
