import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// Rounding by every rule to every currency's minor units, against a reference that works in
/// plain integers by the definitions (ICU's and bookkeeping's): half to even, half away from
/// zero, away from zero, towards zero.
@Suite struct RoundingTests: HistoryChecks {
    /// The value n/d (d > 0, any sign of n) rounded to `places` decimals by `mode`, as the text
    /// Cambio writes (`-12.35`, `0`): floor division, then the rule on the remainder.
    static func reference(_ n: Int, _ d: Int, places: Int, _ mode: Rounding.Mode) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let magnitude = abs(n) * scale
        var quotient = magnitude / d
        let remainder = magnitude % d
        let twice = 2 * remainder
        switch mode {
        case .down: break
        case .up: if remainder > 0 { quotient += 1 }
        case .halfUp: if twice >= d, remainder > 0 { quotient += 1 }
        case .halfEven: if twice > d || (twice == d && quotient % 2 == 1) { quotient += 1 }
        }
        var digits = String(quotient)
        if places > 0 {
            while digits.count <= places { digits = "0" + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        }
        return (n < 0 && quotient != 0 ? "-" : "") + digits
    }

    static let codes: [CurrencyCode] = Seed.table.codes

    @Test func everyRuleAndEveryCurrencysMinorUnitsMatchTheReference() {
        var random = SplitMix64(seed: 2026_12_01)
        var checked = 0
        for code in Self.codes {
            let places = Rounding.minor.fractionDigits(code)
            for mode in Rounding.Mode.allCases {
                let rounding = Rounding(places: .minor, mode: mode)
                for _ in 0..<40 {
                    let n = Int.random(in: -9_999_999...9_999_999, using: &random)
                    let d = [1, 2, 3, 4, 8, 16, 25, 125, 7, 9_999, 1_000, 10_000, 100_000][Int.random(in: 0..<13, using: &random)]
                    let value = Rational(negative: n < 0, numerator: BigUInt(UInt64(abs(n))), denominator: BigUInt(UInt64(d)))
                    #expect(value.roundedText(rounding, code) == Self.reference(n, d, places: places, mode), "\(n)/\(d) \(code) \(mode)")
                    checked += 1
                }
            }
        }
        #expect(checked > 20_000)
    }

    /// Exact ties (…5 at the digit after the last kept one), where the rules differ.
    /// `round minor` gives the currencies the euro replaced their own minor units, which ISO's
    /// list of withdrawn currencies leaves blank (they were rounded to three places).
    @Test func legacyCurrenciesHaveTheirMinorUnits() {
        let expected = [
            "DEM": 2, "FRF": 2, "NLG": 2, "ATS": 2, "FIM": 2, "IEP": 2, "ITL": 0, "ESP": 0, "GRD": 0, "BEF": 0, "LUF": 0, "PTE": 0,
        ]
        for (code, places) in expected {
            #expect(CurrencyCode(code).map { Rounding.minor.fractionDigits($0) } == places, "\(code)")
        }
        let engine = engine()
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        state.rounding = .minor
        let mark = engine.evaluate("100 usd in dem on 2001-03-15", state: &state, now: now).reply.results.first ?? ""
        let lira = engine.evaluate("100 usd in itl on 2001-03-15", state: &state, now: now).reply.results.first ?? ""
        #expect(mark.hasSuffix("215.78") && mark.contains("DEM"), "\(mark)")
        #expect(lira.hasSuffix("213,622") && lira.contains("ITL"), "\(lira)")
    }

    @Test func tiesFollowEachRule() {
        for places in 0...4 {
            for k in [-25, -15, -5, -1, 0, 1, 2, 3, 5, 15, 25, 125] {
                let n = 2 * k + 1
                var d = 2
                for _ in 0..<places { d *= 10 }
                for mode in Rounding.Mode.allCases {
                    let value = Rational(negative: n < 0, numerator: BigUInt(UInt64(abs(n))), denominator: BigUInt(UInt64(d)))
                    let text = value.roundedText(Rounding(places: .fixed(places), mode: mode), .eur)
                    #expect(text == Self.reference(n, d, places: places, mode), "\(n)/\(d) to \(places) \(mode)")
                }
            }
        }
        // The examples the books know: 2.5 → 2 (even), 3 (half up); −2.5 → −2, −3.
        let half = Rational(negative: false, numerator: BigUInt(5), denominator: BigUInt(2))
        #expect(half.roundedText(Rounding(places: .fixed(0)), .eur) == "2")
        #expect(half.roundedText(Rounding(places: .fixed(0), mode: .halfUp), .eur) == "3")
        #expect((-half).roundedText(Rounding(places: .fixed(0), mode: .halfUp), .eur) == "-3")
        #expect((-half).roundedText(Rounding(places: .fixed(0), mode: .down), .eur) == "-2")
    }

    /// Values past 128 bits take the other path; it rounds the same way.
    @Test func largeValuesRoundAsSmallOnesDo() {
        var random = SplitMix64(seed: 7)
        let big = BigUInt.tenToThe(45)
        for _ in 0..<300 {
            let n = Int.random(in: 1...9_999_999, using: &random)
            let d = [2, 3, 7, 8, 9_999][Int.random(in: 0..<5, using: &random)]
            for mode in Rounding.Mode.allCases {
                // n/d + 10^45: the same fraction digits as n/d.
                let small = Rational(negative: false, numerator: BigUInt(UInt64(n)), denominator: BigUInt(UInt64(d)))
                let large = small + Rational(negative: false, numerator: big, denominator: .one)
                let rounding = Rounding(places: .fixed(2), mode: mode)
                let smallText = small.roundedText(rounding, .eur)
                let largeText = large.roundedText(rounding, .eur)
                #expect(largeText.hasSuffix(String(smallText.split(separator: ".").last ?? "")), "\(n)/\(d) \(mode)")
            }
        }
    }

    /// A random fraction: small, past 64 bits, past 128 bits; either sign.
    static func randomValue(_ random: inout SplitMix64) -> Rational {
        let scale = [BigUInt.one, BigUInt.tenToThe(12), BigUInt.tenToThe(21), BigUInt.tenToThe(40)][Int.random(in: 0..<4, using: &random)]
        let n = BigUInt(UInt64.random(in: 0...UInt64.max >> Int.random(in: 0..<60, using: &random), using: &random)) * scale
        let d = BigUInt(UInt64.random(in: 1...[9, 10_000, 7_456_000, UInt64.max][Int.random(in: 0..<4, using: &random)], using: &random))
        return Rational(negative: Bool.random(using: &random), numerator: n, denominator: d)
    }

    /// Documents write figures straight into their bytes: the same digits as the text, with the
    /// file's decimal separator.
    @Test func appendedFiguresAreTheRoundedText() {
        var random = SplitMix64(seed: 2026_12_02)
        for _ in 0..<20_000 {
            let value = Self.randomValue(&random)
            let places = Int.random(in: 0...12, using: &random)
            let mode = Rounding.Mode.allCases[Int.random(in: 0..<Rounding.Mode.allCases.count, using: &random)]
            let point = Bool.random(using: &random) ? UInt8(ascii: ",") : UInt8(ascii: ".")
            var bytes: [UInt8] = []
            value.appendRounded(fractionDigits: places, mode: mode, point: point, to: &bytes)
            let text = value.roundedText(fractionDigits: places, mode: mode)
            #expect(bytes == text.utf8.map { $0 == UInt8(ascii: ".") ? point : $0 }, "\(value) to \(places) \(mode)")
        }
    }

    /// A rate's text by its definition: every digit of an exact decimal of at most 12 places,
    /// else 10 significant digits, half to even, without zeros after the last digit.
    static func rateReference(_ rate: Rational) -> String {
        let places =
            rate.exactFractionDigits(minimum: 0, maximum: 12) ?? rate.fractionDigits(significant: 10, minimum: 0, maximum: 30)
        var text = rate.roundedDigits(fractionDigits: places).digits
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    @Test func rateTextsFollowTheirDefinition() {
        var random = SplitMix64(seed: 2026_12_03)
        var rates: [Rational] = []
        // Cross rates of ECB-style decimals (`1.0956 / 7.4560`), published ones, and any fraction.
        for _ in 0..<20_000 {
            let a = Rational(
                negative: false, significand: BigUInt(UInt64.random(in: 1...99_999_999, using: &random)),
                exponent: -Int.random(in: 0...6, using: &random))
            let b = Rational(
                negative: false, significand: BigUInt(UInt64.random(in: 1...99_999_999, using: &random)),
                exponent: -Int.random(in: 0...6, using: &random))
            rates.append(a)
            if let cross = a / b { rates.append(cross) }
            rates.append(Self.randomValue(&random).magnitude)
        }
        for rate in rates where !rate.isZero {
            #expect(DocumentConverter.rateText(rate) == Self.rateReference(rate), "\(rate)")
        }
    }

    @Test func settingsReadBackWhatTheyWrite() {
        for places in [Rounding.Places.minor, .fixed(0), .fixed(2), .fixed(3), .fixed(12)] {
            for mode in Rounding.Mode.allCases {
                let rounding = Rounding(places: places, mode: mode)
                #expect(Rounding(setting: rounding.description) == rounding)
            }
        }
        #expect(Rounding(setting: "half-up") == Rounding(places: .fixed(3), mode: .halfUp))
        #expect(Rounding(setting: "HALF_UP minor") == Rounding(places: .minor, mode: .halfUp))
        #expect(Rounding(setting: "up", keeping: .minor) == Rounding(places: .minor, mode: .up))
        for bad in ["", "13", "-1", "2 3", "minor minor", "nearest", "up down", "２"] {
            #expect(Rounding(setting: bad) == nil, "\(bad)")
        }
    }

    /// What the shell shows follows the setting, and the record's `rounded` with it; `result`
    /// stays exact (`1250.50 mxn in usd on 2024-07-04` is 68.97513…).
    @Test func resultsAndRecordsFollowTheSetting() throws {
        let engine = engine()
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        func results(_ line: String) -> (texts: [String], conversions: [Conversion]) {
            let reply = engine.evaluate(line, state: &state, now: now).reply
            let texts = reply.lines.compactMap { line -> String? in if case .result(let text, _) = line { text.string } else { nil } }
            return (texts, reply.conversions)
        }
        #expect(results("1250.50 mxn in usd on 2024-07-04").texts.first?.hasSuffix("$68.975") == true)
        _ = results("round minor")
        let (texts, conversions) = results("1250.50 mxn in usd on 2024-07-04")
        #expect(texts.first?.hasSuffix("$68.98") == true)
        #expect(conversions.first?.roundedResult == "68.98")
        #expect(conversions.first?.resultText.text.hasPrefix("68.9751") == true)
        _ = results("round 0 up")
        #expect(results("1 eur in jpy on 2024-01-02").texts.first?.hasSuffix("¥156") == true)
        _ = results("round default")
        #expect(results("1 eur in jpy on 2024-01-02").texts.first?.hasSuffix("¥155.680") == true)
    }
}
