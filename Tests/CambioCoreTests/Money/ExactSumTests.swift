import CambioTestSupport
import Testing

@testable import CambioCore

/// A document's total: the sum of the exact values, rounded once, against the sum of the same
/// fractions added exactly, for random rows of cross-rate results and for sums that sit on a tie
/// or within a hair of one (where the cut sum cannot decide and the exact one is taken).
@Suite struct ExactSumTests {
    @Test func theTotalIsTheExactSumRoundedOnce() {
        var random = SplitMix64(seed: 31)
        for _ in 0..<60 {
            var sum = ExactSum()
            var exact = Rational.zero
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                let amount = Rational(
                    negative: Bool.random(using: &random), numerator: BigUInt(UInt64.random(in: 1...99_999_999, using: &random)),
                    denominator: BigUInt(100))
                let rate = Rational(
                    negative: false, numerator: BigUInt(UInt64.random(in: 1...999_999, using: &random)),
                    denominator: BigUInt(UInt64.random(in: 1...999_999, using: &random)))
                let value = amount * rate
                sum.add(value)
                exact = (exact + value).reduced()
            }
            for mode in Rounding.Mode.allCases {
                let rounding = Rounding(places: .minor, mode: mode)
                #expect(sum.roundedText(rounding, .usd) == exact.roundedText(rounding, .usd), "\(mode)")
            }
        }
    }

    @Test func tiesAndNearTiesAreDecidedExactly() {
        let third = Rational(negative: false, numerator: .one, denominator: BigUInt(3))
        // 0.005 exactly, as three thirds of 0.005; and a hair (10^-30) either side of it.
        let hair = Rational(negative: false, numerator: .one, denominator: BigUInt.tenToThe(30))
        let half = Rational(negative: false, numerator: BigUInt(5), denominator: BigUInt(1000))
        for (values, expected) in [
            ([third * half, third * half, third * half], ["0.00", "0.01", "0.01", "0.00"]),
            ([half, hair], ["0.01", "0.01", "0.01", "0.00"]),
            ([half, -hair], ["0.00", "0.00", "0.01", "0.00"]),
        ] {
            var sum = ExactSum()
            for value in values { sum.add(value) }
            #expect(Rounding.Mode.allCases.map { sum.roundedText(Rounding(places: .fixed(2), mode: $0), .usd) } == expected, "\(values)")
        }
    }
}
