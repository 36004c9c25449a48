import Foundation

/// An exact rational number: every amount, rate, quotient and result. Amounts and rates are
/// finite decimals, so every value Cambio computes is a fraction of integers; it is kept
/// exactly and rounded once, half to even, when it is shown. Fractions are not reduced after
/// each step (reduction costs a gcd and changes no digit); `reduced()` does it where the size
/// matters.
public struct Rational: Sendable, CustomStringConvertible {
    public let isNegative: Bool
    public let numerator: BigUInt
    /// Never zero.
    public let denominator: BigUInt

    public static let zero = Rational(negative: false, numerator: .zero, denominator: .one)
    public static let one = Rational(negative: false, numerator: .one, denominator: .one)

    public init(negative: Bool, numerator: BigUInt, denominator: BigUInt) {
        precondition(!denominator.isZero, "a fraction with denominator zero")
        isNegative = negative && !numerator.isZero
        self.numerator = numerator
        self.denominator = denominator
    }

    /// `significand × 10^exponent`.
    public init(negative: Bool = false, significand: BigUInt, exponent: Int) {
        if exponent >= 0 {
            self.init(negative: negative, numerator: significand * BigUInt.tenToThe(exponent), denominator: .one)
        } else {
            self.init(negative: negative, numerator: significand, denominator: BigUInt.tenToThe(-exponent))
        }
    }

    public init(_ integer: Int) {
        self.init(negative: integer < 0, numerator: BigUInt(integer.magnitude.toUInt64), denominator: .one)
    }

    /// The exact value of a `Decimal` (which holds a finite decimal); `nil` for NaN.
    public init?(_ decimal: Decimal) {
        guard !decimal.isNaN else { return nil }
        let significand = decimal.significand
        // A significand below 2^64 (every rate and amount in practice) is taken as an integer,
        // kept only when it turns back into the same `Decimal`; its digits' text, the general
        // way, is far slower, and every table read at start passes here.
        let integer = NSDecimalNumber(decimal: significand).uint64Value
        let digits: BigUInt
        if Decimal(integer) == significand {
            digits = BigUInt(integer)
        } else if let parsed = BigUInt(decimal: significand.description) {
            digits = parsed
        } else {
            return nil
        }
        self.init(negative: decimal.sign == .minus, significand: digits, exponent: decimal.exponent)
    }

    /// Reads a plain decimal (`-12.5`, `0.000274`, `2e-5`); `nil` for anything else.
    public init?(decimalText text: some StringProtocol) {
        var digits = ""
        var negative = false
        var fraction = 0
        var seenPoint = false
        var rest = Substring(text)
        if let first = rest.first, first == "-" || first == "+" {
            negative = first == "-"
            rest = rest.dropFirst()
        }
        var exponent = 0
        if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(rest[rest.index(after: e)...]), abs(value) <= 400 else { return nil }
            exponent = value
            rest = rest[..<e]
        }
        for character in rest {
            if character == ".", !seenPoint {
                seenPoint = true
            } else if character.isASCII, character.isNumber {
                digits.append(character)
                if seenPoint { fraction += 1 }
            } else {
                return nil
            }
        }
        guard let significand = BigUInt(decimal: digits) else { return nil }
        self.init(negative: negative, significand: significand, exponent: exponent - fraction)
    }

    public var isZero: Bool { numerator.isZero }

    public static func * (a: Rational, b: Rational) -> Rational {
        Rational(negative: a.isNegative != b.isNegative, numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator)
    }

    /// `a / b`; `nil` when `b` is zero.
    public static func / (a: Rational, b: Rational) -> Rational? {
        guard !b.isZero else { return nil }
        return Rational(negative: a.isNegative != b.isNegative, numerator: a.numerator * b.denominator, denominator: a.denominator * b.numerator)
    }

    /// `a / b` of two positive rates per the same base (`rate[to] / rate[from]`), with the
    /// part of the denominators they share cancelled when one divides the other (published
    /// rates are decimals: 10^8 and 10^7 leave 10 of the two): the same value in integers small
    /// enough for the arithmetic after it to stay in 128 bits.
    public static func ratio(_ a: Rational, _ b: Rational) -> Rational? {
        guard !b.isZero else { return nil }
        if let x = a.denominator.wide, let y = b.denominator.wide, x >> 64 == 0, y >> 64 == 0 {
            let (ad, bd) = (UInt64(truncatingIfNeeded: x), UInt64(truncatingIfNeeded: y))
            if ad % bd == 0 {
                return Rational(
                    negative: a.isNegative != b.isNegative, numerator: a.numerator, denominator: b.numerator.multiplied(by: ad / bd))
            }
            if bd % ad == 0 {
                return Rational(
                    negative: a.isNegative != b.isNegative, numerator: a.numerator.multiplied(by: bd / ad), denominator: b.numerator)
            }
        }
        return a / b
    }

    public static func + (a: Rational, b: Rational) -> Rational {
        let left = a.numerator * b.denominator
        let right = b.numerator * a.denominator
        let denominator = a.denominator * b.denominator
        if a.isNegative == b.isNegative { return Rational(negative: a.isNegative, numerator: left + right, denominator: denominator) }
        return left >= right
            ? Rational(negative: a.isNegative, numerator: left - right, denominator: denominator)
            : Rational(negative: b.isNegative, numerator: right - left, denominator: denominator)
    }

    public static prefix func - (a: Rational) -> Rational {
        Rational(negative: !a.isNegative, numerator: a.numerator, denominator: a.denominator)
    }

    public static func - (a: Rational, b: Rational) -> Rational { a + (-b) }

    /// The same value with numerator and denominator divided by their greatest common divisor.
    public func reduced() -> Rational {
        let divisor = BigUInt.gcd(numerator, denominator)
        guard divisor != .one, !divisor.isZero else { return self }
        return Rational(
            negative: isNegative, numerator: numerator.quotientAndRemainder(dividingBy: divisor).quotient,
            denominator: denominator.quotientAndRemainder(dividingBy: divisor).quotient)
    }

    /// |value| × 10^`fractionDigits` rounded by `mode` (half to even unless asked), in 128 bits
    /// when it and the arithmetic fit (the common case: a few digits of amount and rate); `nil`
    /// otherwise.
    @inline(__always) public func scaledMagnitudeFast(fractionDigits: Int, mode: Rounding.Mode = .halfEven) -> UInt128? {
        guard let n = numerator.wide, let d = denominator.wide, fractionDigits >= 0, fractionDigits <= 38, d != 0 else { return nil }
        let (scaled, overflow) = n.multipliedReportingOverflow(by: Self.tenToThe(fractionDigits))
        guard !overflow else { return nil }
        // Most amounts and results fit in 64 bits, where division is a machine instruction.
        if scaled >> 64 == 0, d >> 64 == 0 {
            let (small, divisor) = (UInt64(truncatingIfNeeded: scaled), UInt64(truncatingIfNeeded: d))
            let (quotient, remainder) = small.quotientAndRemainder(dividingBy: divisor)
            return UInt128(quotient) + (Self.roundsUp(mode, quotient: quotient, remainder: remainder, divisor: divisor) ? 1 : 0)
        }
        let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: d)
        // 2r against d without overflow: r < d < 2^128.
        return quotient + (Self.roundsUp(mode, quotient: quotient, remainder: remainder, divisor: d) ? 1 : 0)
    }

    /// Whether a magnitude's `quotient` goes one up, by `mode`, given the `remainder` of its
    /// division by `divisor` (compared as `divisor - remainder`, which cannot overflow).
    @inline(__always) static func roundsUp<T: BinaryInteger>(_ mode: Rounding.Mode, quotient: T, remainder: T, divisor: T) -> Bool {
        guard remainder != 0 else { return false }
        switch mode {
        case .down: return false
        case .up: return true
        case .halfUp: return remainder >= divisor - remainder
        case .halfEven:
            let half = divisor - remainder
            return remainder > half || (remainder == half && quotient & 1 == 1)
        }
    }

    /// The fewest fraction digits, at least `minimum` and at most `maximum`, that write the
    /// value exactly; `nil` when none do (`1/3`, or more places than `maximum`).
    public func exactFractionDigits(minimum: Int, maximum: Int) -> Int? {
        guard minimum <= maximum else { return nil }
        // Past what a quick search covers: the decimal ends iff the reduced denominator is
        // 2^a × 5^b, after max(a, b) places.
        if maximum > 40 {
            if let places = exactFractionDigits(minimum: minimum, maximum: 40) { return places }
            var denominator = denominator.quotientAndRemainder(dividingBy: BigUInt.gcd(numerator, denominator)).quotient
            var twos = 0
            var fives = 0
            while true {
                let (half, rest) = denominator.quotientAndRemainder(dividingBy: 2)
                guard rest == 0, twos <= maximum else { break }
                denominator = half
                twos += 1
            }
            while true {
                let (fifth, rest) = denominator.quotientAndRemainder(dividingBy: 5)
                guard rest == 0, fives <= maximum else { break }
                denominator = fifth
                fives += 1
            }
            let places = max(twos, fives, minimum)
            return denominator == .one && places <= maximum ? places : nil
        }
        for places in stride(from: minimum, through: maximum, by: 1) {
            if let n = numerator.wide, let d = denominator.wide, places <= 38 {
                let (scaled, overflow) = n.multipliedReportingOverflow(by: Self.tenToThe(places))
                if !overflow {
                    if scaled >> 64 == 0, d >> 64 == 0 {
                        if UInt64(truncatingIfNeeded: scaled) % UInt64(truncatingIfNeeded: d) == 0 { return places }
                    } else if scaled % d == 0 {
                        return places
                    }
                    continue
                }
            }
            if (numerator * BigUInt.tenToThe(places)).quotientAndRemainder(dividingBy: denominator).remainder.isZero { return places }
        }
        return nil
    }

    /// 10^`exponent` for 0 … 38, the powers below 2^128.
    @inline(__always) static func tenToThe(_ exponent: Int) -> UInt128 {
        exponent <= 19 ? UInt128(BigUInt.powerOfTen(exponent)) : UInt128(BigUInt.powerOfTen(19)) * UInt128(BigUInt.powerOfTen(exponent - 19))
    }

    /// |value| × 10^`fractionDigits`, rounded by `mode` (half to even unless asked) to an integer.
    public func scaledMagnitude(fractionDigits: Int, mode: Rounding.Mode = .halfEven) -> BigUInt {
        if let fast = scaledMagnitudeFast(fractionDigits: fractionDigits, mode: mode) { return BigUInt(wide: fast) }
        let (quotient, remainder) = (numerator * BigUInt.tenToThe(fractionDigits)).quotientAndRemainder(dividingBy: denominator)
        guard !remainder.isZero else { return quotient }
        let twice = remainder + remainder
        let up: Bool
        switch mode {
        case .down: up = false
        case .up: up = true
        case .halfUp: up = twice >= denominator
        case .halfEven: up = twice > denominator || (twice == denominator && quotient.isOdd)
        }
        return up ? quotient.adding(1) : quotient
    }

    /// Rounded by `mode` (half to even unless asked) to `fractionDigits` places, as plain digits
    /// with a point (`1234.500`); the sign separately, false when the rounded value is zero.
    public func roundedDigits(fractionDigits: Int, mode: Rounding.Mode = .halfEven) -> (negative: Bool, digits: String) {
        if let fast = scaledMagnitudeFast(fractionDigits: fractionDigits, mode: mode) {
            return (isNegative && fast != 0, Self.pointed(fast, fractionDigits: fractionDigits))
        }
        let scaled = scaledMagnitude(fractionDigits: fractionDigits, mode: mode)
        return (isNegative && !scaled.isZero, Self.pointed(scaled.description, fractionDigits: fractionDigits))
    }

    /// The value rounded by `rounding` for `code`, as plain digits with a point and a leading
    /// `-` (`"68.98"`): the `rounded` field of records and the cells of documents.
    public func roundedText(_ rounding: Rounding, _ code: CurrencyCode) -> String {
        roundedText(fractionDigits: rounding.fractionDigits(code), mode: rounding.mode)
    }

    /// The same to `fractionDigits` places by `mode` (a plain number's, a percentage's).
    public func roundedText(fractionDigits: Int, mode: Rounding.Mode = .halfEven) -> String {
        let (negative, digits) = roundedDigits(fractionDigits: fractionDigits, mode: mode)
        return negative ? "-" + digits : digits
    }

    /// The value rounded by `rounding` for `code`, exactly.
    public func rounded(_ rounding: Rounding, _ code: CurrencyCode) -> Rational {
        let places = rounding.fractionDigits(code)
        let magnitude = scaledMagnitude(fractionDigits: places, mode: rounding.mode)
        return Rational(negative: isNegative && !magnitude.isZero, significand: magnitude, exponent: -places)
    }

    /// 1234500, 3 → `"1234.500"`; 5, 3 → `"0.005"`: written from the integer's digits at once
    /// (documents write two such figures a row).
    static func pointed(_ value: UInt128, fractionDigits: Int) -> String {
        String(unsafeUninitializedCapacity: pointedCapacity(fractionDigits)) { buffer in
            let start = writePointed(value, fractionDigits: fractionDigits, point: UInt8(ascii: "."), at: buffer)
            let length = buffer.count - start
            for index in 0..<length { buffer[index] = buffer[start + index] }
            return length
        }
    }

    /// Rounded as `roundedText(fractionDigits:mode:)` writes it, appended to `out` with `point`
    /// for the point (a German document's `68,98`), with no string made between.
    public func appendRounded(fractionDigits: Int, mode: Rounding.Mode = .halfEven, point: UInt8 = UInt8(ascii: "."), to out: inout [UInt8]) {
        guard let fast = scaledMagnitudeFast(fractionDigits: fractionDigits, mode: mode) else {
            for byte in roundedText(fractionDigits: fractionDigits, mode: mode).utf8 { out.append(byte == UInt8(ascii: ".") ? point : byte) }
            return
        }
        if isNegative, fast != 0 { out.append(UInt8(ascii: "-")) }
        Self.appendPointed(fast, fractionDigits: fractionDigits, point: point, to: &out)
    }

    /// `pointed(_:fractionDigits:)` appended to `out`, with `point` for the point.
    static func appendPointed(_ value: UInt128, fractionDigits: Int, point: UInt8, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: pointedCapacity(fractionDigits)) { buffer in
            let start = writePointed(value, fractionDigits: fractionDigits, point: point, at: buffer)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// 39 digits at most, the zeros that pad a small value, and the point.
    private static func pointedCapacity(_ fractionDigits: Int) -> Int { max(40, fractionDigits + 2) + 1 }

    /// Writes the digits of `value` with `point` before its last `fractionDigits` at the end of
    /// `buffer` (`pointedCapacity` long); returns where they begin.
    private static func writePointed(_ value: UInt128, fractionDigits: Int, point: UInt8, at buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var end = buffer.count
        var count = 0
        func digit(_ value: UInt8) {
            if fractionDigits > 0, count == fractionDigits {
                end -= 1
                buffer[end] = point
            }
            end -= 1
            buffer[end] = value &+ 48
            count += 1
        }
        // 128-bit division is a call; the digits below 2^64 are divided in a register.
        var rest = value
        while rest >> 64 != 0 {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
            digit(UInt8(truncatingIfNeeded: remainder))
            rest = quotient
        }
        var small = UInt64(truncatingIfNeeded: rest)
        repeat {
            let (quotient, remainder) = small.quotientAndRemainder(dividingBy: 10)
            digit(UInt8(truncatingIfNeeded: remainder))
            small = quotient
        } while small != 0 || count <= fractionDigits
        return end
    }

    /// `"1234500"`, 3 → `"1234.500"`; `"5"`, 3 → `"0.005"`.
    static func pointed(_ digits: String, fractionDigits: Int) -> String {
        guard fractionDigits > 0 else { return digits }
        let padded = digits.zeroPadded(to: fractionDigits + 1)
        let point = padded.index(padded.endIndex, offsetBy: -fractionDigits)
        return String(padded[..<point]) + "." + String(padded[point...])
    }

    /// The position of the first significant digit: 0 for values in [1, 10), -3 for 0.00123;
    /// `nil` for zero.
    public var decimalMagnitude: Int? {
        guard !isZero else { return nil }
        // Estimate from the digit counts, then correct by one comparison.
        func digits(_ value: BigUInt) -> Int {
            guard var wide = value.wide else { return value.description.count }
            var count = 1
            while wide >= 10 {
                wide /= 10
                count += 1
            }
            return count
        }
        var estimate = digits(numerator) - digits(denominator)
        let scaledNumerator = estimate >= 0 ? numerator : numerator * BigUInt.tenToThe(-estimate)
        let scaledDenominator = estimate >= 0 ? denominator * BigUInt.tenToThe(estimate) : denominator
        if scaledNumerator < scaledDenominator { estimate -= 1 }
        return estimate
    }

    /// Fraction digits that show at least `significant` significant digits, at least
    /// `minimum`, at most `maximum`.
    public func fractionDigits(significant: Int, minimum: Int, maximum: Int) -> Int {
        guard let magnitude = decimalMagnitude else { return minimum }
        return min(maximum, max(minimum, significant - 1 - magnitude))
    }

    /// The exact decimal when the value has one (its reduced denominator has no prime factor
    /// but 2 and 5), however many digits that takes; otherwise the value rounded half to even to
    /// `significantDigits` significant digits. Plain digits with a point and a leading `-`
    /// (`"14.290824625"`), and whether the text is exact.
    public func decimalText(significantDigits: Int = 40) -> (text: String, exact: Bool) {
        guard let magnitude = decimalMagnitude else { return ("0", true) }
        let value = reduced()
        var rest = value.denominator
        var twos = 0
        var fives = 0
        while !rest.isZero, rest != .one {
            let (half, odd) = rest.quotientAndRemainder(dividingBy: 2)
            if odd == 0 {
                twos += 1
                rest = half
                continue
            }
            let (fifth, other) = rest.quotientAndRemainder(dividingBy: 5)
            guard other == 0 else { break }
            fives += 1
            rest = fifth
        }
        let exact = rest == .one
        // An inexact value with more whole digits than that is rounded in its whole digits too:
        // its first `significantDigits` digits, then zeros.
        let excess = exact ? 0 : magnitude - (significantDigits - 1)
        if excess > 0, let shifted = value / Rational(significand: .one, exponent: excess) {
            let digits = shifted.scaledMagnitude(fractionDigits: 0).description + String(repeating: "0", count: excess)
            return ((isNegative ? "-" : "") + digits, false)
        }
        let fraction = exact ? max(twos, fives) : max(0, significantDigits - 1 - magnitude)
        var digits = value.scaledMagnitude(fractionDigits: fraction).description
        var places = fraction
        // Trailing zeros of the fraction say nothing.
        while places > 0, digits.hasSuffix("0"), digits.count > 1 {
            digits.removeLast()
            places -= 1
        }
        return ((isNegative ? "-" : "") + Self.pointed(digits, fractionDigits: places), exact)
    }

    public var description: String { decimalText().text }

    /// The nearest `Decimal` (exact up to 38 significant digits), for the records and the
    /// `swap` state that still carry one.
    public var decimal: Decimal {
        Decimal(string: decimalText(significantDigits: 38).text, locale: Self.posix) ?? 0
    }

    private static let posix = Locale(identifier: "en_US_POSIX")
}

extension Rational: Equatable, Comparable {
    public static func == (a: Rational, b: Rational) -> Bool {
        if a.isZero || b.isZero { return a.isZero && b.isZero }
        return a.isNegative == b.isNegative && a.numerator * b.denominator == b.numerator * a.denominator
    }

    public static func < (a: Rational, b: Rational) -> Bool {
        if a.isNegative != b.isNegative { return a.isNegative }
        let left = a.numerator * b.denominator
        let right = b.numerator * a.denominator
        return a.isNegative ? right < left : left < right
    }
}

extension UInt {
    fileprivate var toUInt64: UInt64 { UInt64(self) }
}

extension Rational {
    /// The fraction as a percentage (0.0175 → 1.75).
    public var percent: Rational { self * Rational(100) }

    /// The value without its sign.
    public var magnitude: Rational { isNegative ? -self : self }

    /// How far the value lies above `reference`, in percent of it (negative below): a bank's
    /// rate against the mid-market one, a chart's last rate against its first; `nil` for a zero
    /// reference.
    public func percentAbove(_ reference: Rational) -> Rational? {
        (self / reference).map { ($0 - .one).percent }
    }

    /// A percentage as the fraction it stands for (1.75 → 0.0175).
    public var ofPercent: Rational { self * Rational(negative: false, significand: .one, exponent: -2) }
}

extension Rational {
    /// The value as the nearest `Double`, for drawing only (17 significant digits).
    public var approximateDouble: Double {
        let text = decimalText(significantDigits: 17).text
        return (isNegative ? -1 : 1) * (Double(text.hasPrefix("-") ? String(text.dropFirst()) : text) ?? 0)
    }
}
