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

    /// A tie made of many values of different denominators (a statement's rows at many days'
    /// cross rates that sum to exactly half a cent) is decided exactly in time linear in the
    /// rows: the values that the cut left inexact are kept per denominator, not summed as one
    /// growing fraction (which took minutes for a few thousand rows).
    @Test(.timeLimit(.minutes(1))) func aTieOfManyDenominatorsIsDecidedInLinearTime() {
        var sum = ExactSum()
        let count = 20_000
        // +1/d for every d, then −1/d for every d, then 0.005: exactly a tie.
        for sign in [false, true] {
            for index in 0..<count {
                sum.add(Rational(negative: sign, numerator: .one, denominator: BigUInt(UInt64(1_000_003 + index))))
            }
        }
        sum.add(Rational(negative: false, numerator: BigUInt(5), denominator: BigUInt(1000)))
        #expect(sum.roundedText(Rounding(places: .fixed(2), mode: .halfEven), .usd) == "0.00")
        #expect(sum.roundedText(Rounding(places: .fixed(2), mode: .halfUp), .usd) == "0.01")
        // 1/(k(k+1)) for k = 1…n sums to 1 − 1/(n+1): n different denominators that cancel in
        // no group, and with 1/(n+1) and 0.005 exactly a tie.
        var telescoping = ExactSum()
        let n: UInt64 = 5_000
        for k in 1...n { telescoping.add(Rational(negative: false, numerator: .one, denominator: BigUInt(k * (k + 1)))) }
        telescoping.add(Rational(negative: false, numerator: .one, denominator: BigUInt(n + 1)))
        telescoping.add(Rational(negative: false, numerator: BigUInt(5), denominator: BigUInt(1000)))
        #expect(telescoping.roundedText(Rounding(places: .fixed(2), mode: .halfEven), .usd) == "1.00")
        #expect(telescoping.roundedText(Rounding(places: .fixed(2), mode: .halfUp), .usd) == "1.01")
        // Numerators whose sums outgrow 128 bits move to big integers and stay exact.
        var large = ExactSum()
        let big = BigUInt(wide: UInt128(1) << 126 + 1)
        var reference = Rational.zero
        for index in 0..<6 {
            let value = Rational(negative: index == 5, numerator: big, denominator: BigUInt(7))
            large.add(value)
            large.add(Rational(negative: false, numerator: .one, denominator: BigUInt(7)))
            reference = reference + value + Rational(negative: false, numerator: .one, denominator: BigUInt(7))
        }
        #expect(large.exact.roundedText(fractionDigits: 20) == reference.roundedText(fractionDigits: 20))
        // Thirds of different scales that sum to a tie across denominators.
        var thirds = ExactSum()
        for _ in 0..<3_000 { thirds.add(Rational(negative: false, numerator: BigUInt(5), denominator: BigUInt(3_000_000))) }
        for _ in 0..<1_500 { thirds.add(Rational(negative: false, numerator: BigUInt(5), denominator: BigUInt(1_500_000))) }
        // 3,000 × 5/3,000,000 + 1,500 × 5/1,500,000 = 0.005 + 0.005 = 0.01: no tie, and exact.
        #expect(thirds.roundedText(Rounding(places: .fixed(2), mode: .halfEven), .usd) == "0.01")
    }
}
