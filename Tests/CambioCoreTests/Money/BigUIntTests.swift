import CambioTestSupport
import Testing

@testable import CambioCore

/// `BigUInt` against Python's integers over random operands of 1 to 600 bits.
@Suite struct BigUIntTests {
    static func randomNumber(_ generator: inout SplitMix64) -> BigUInt {
        let limbs = Int.random(in: 1...10, using: &generator)
        var values = (0..<limbs).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
        // Shapes that stress division: small top limbs, all-ones limbs, powers of two.
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: values[values.count - 1] = UInt64.random(in: 1...255, using: &generator)
        case 1: values = values.map { _ in UInt64.max }
        case 2: values = values.enumerated().map { $0.offset == values.count - 1 ? 1 : 0 }
        default: break
        }
        return BigUInt(limbs: values)
    }

    @Test func arithmeticMatchesPythonIntegers() throws {
        var generator = SplitMix64(seed: 20_261_130)
        var cases: [(BigUInt, BigUInt)] = []
        for _ in 0..<3000 {
            var a = Self.randomNumber(&generator)
            var b = Self.randomNumber(&generator)
            if b.isZero { b = .one }
            if Bool.random(using: &generator), a < b { swap(&a, &b) }
            if b.isZero { b = .one }
            cases.append((a, b))
        }
        let script = """
            import sys, math
            for line in sys.stdin:
                a, b = map(int, line.split())
                print(a * b, a + b, a - b if a >= b else "-", a // b, a % b, math.gcd(a, b))
            """
        let expected = try PythonReference.run(script: script, input: cases.map { "\($0.0) \($0.1)" })
        try #require(expected.count == cases.count)
        for ((a, b), line) in zip(cases, expected) {
            let (quotient, remainder) = a.quotientAndRemainder(dividingBy: b)
            let got = ["\(a * b)", "\(a + b)", a >= b ? "\(a - b)" : "-", "\(quotient)", "\(remainder)", "\(BigUInt.gcd(a, b))"]
            #expect(got.joined(separator: " ") == line, "a=\(a) b=\(b)")
        }
    }

    @Test func decimalTextRoundTrips() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let digits = String((0..<Int.random(in: 1...120, using: &generator)).map { _ in "0123456789".randomElement(using: &generator) ?? "0" })
            let trimmed = String(digits.drop { $0 == "0" })
            #expect(BigUInt(decimal: digits)?.description == (trimmed.isEmpty ? "0" : trimmed))
        }
        #expect(BigUInt(decimal: "12a") == nil && BigUInt(decimal: "") == nil)
        #expect(BigUInt.tenToThe(200).description == "1" + String(repeating: "0", count: 200))
    }
}
