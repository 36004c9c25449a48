import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

@Suite struct RateRangeTests {
    /// A decimal near a bound of the believable range, or anywhere: a significand of up to 19
    /// digits at a power of ten that puts it below, at or above 10⁻¹² and 10¹².
    static func rate(_ random: inout SplitMix64) -> Decimal {
        let digits = Int.random(in: 1...19, using: &random)
        var significand: UInt64 = UInt64.random(in: 1...9, using: &random)
        for _ in 1..<digits { significand = significand &* 10 &+ UInt64.random(in: 0...9, using: &random) }
        if Bool.random(using: &random) {
            // A power of ten exactly, or one more or less in the last digit.
            significand = BigUInt.powerOfTen(digits - 1)
            significand = [significand, significand + 1, max(1, significand - 1)][Int.random(in: 0..<3, using: &random)]
        }
        let bound = Bool.random(using: &random) ? -12 : 12
        let exponent = bound - digits + Int.random(in: -1...2, using: &random)
        return Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// A table takes a rate exactly when it lies in 10⁻¹² … 10¹², both included, as the
    /// decimals compare; the others are refused as out of range, naming the currency.
    @Test func aRateIsTakenExactlyWhenItIsInTheBelievableRange() throws {
        var random = SplitMix64(seed: 1212)
        var refused = 0
        for _ in 0..<3_000 {
            let rate = Self.rate(&random)
            let inRange = rate >= RateTable.smallestRate && rate <= RateTable.largestRate
            do {
                let table = try RateTable(base: .eur, date: "2026-11-30", source: .ecbFetched, rates: [.eur: 1, .usd: rate])
                #expect(inRange, "\(rate) was taken")
                #expect(table.exactRate(.usd) == Rational(rate))
            } catch {
                refused += 1
                #expect(!inRange && error == .rateOutOfRange(.usd), "\(rate): \(error)")
            }
        }
        #expect(refused > 500 && refused < 2_500, "\(refused) refused")
        // Zero, negative and NaN rates are refused as not positive.
        for rate in [Decimal(0), Decimal(-1), Decimal(sign: .minus, exponent: -20, significand: 1), Decimal.nan] {
            #expect(throws: RateTable.Invalid.rateNotPositive(.usd)) {
                try RateTable(base: .eur, date: "2026-11-30", source: .ecbFetched, rates: [.eur: 1, .usd: rate])
            }
        }
    }
}
