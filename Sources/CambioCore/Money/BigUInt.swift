/// An unsigned integer of any size: the exact arithmetic under every amount, rate and result.
///
/// A conversion multiplies a 30-digit amount by a 20-digit rate and scales by powers of ten,
/// which can outgrow 128 bits, so the limbs grow as needed. Most values (every amount and
/// rate in practice, and their products) fit in 128 bits: those are kept inline as a `UInt128`
/// and computed with the machine's wide arithmetic, without allocating; only a value that
/// outgrows 128 bits takes an array of limbs. Values are small (a few limbs), so schoolbook
/// multiplication and Knuth's long division (TAOCP 4.3.1, algorithm D) are the fastest
/// choices; `BigUIntTests` checks every operation against Python's integers, on both sides of
/// the 128-bit line.
public struct BigUInt: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The limbs of a value of 2^128 or more: little-endian, with no zero limb at the top.
    private final class Limbs: Sendable {
        let values: [UInt64]
        init(_ values: [UInt64]) { self.values = values }
    }

    /// The value when it is below 2^128 (`large` is then `nil`): copied, compared and
    /// computed without touching memory.
    private let small: UInt128
    private let large: Limbs?

    @inline(__always) private var isSmall: Bool { large == nil }

    public static func == (a: BigUInt, b: BigUInt) -> Bool {
        if a.isSmall, b.isSmall { return a.small == b.small }
        return a.limbs == b.limbs
    }

    public func hash(into hasher: inout Hasher) {
        if isSmall { hasher.combine(small) } else { hasher.combine(limbs) }
    }

    public static let zero = BigUInt(small: 0)
    public static let one = BigUInt(small: 1)

    private init(small: UInt128) {
        self.small = small
        large = nil
    }

    init(limbs: [UInt64]) {
        var count = limbs.count
        while count > 0, limbs[count - 1] == 0 { count -= 1 }
        if count <= 2 {
            small = UInt128(count > 0 ? limbs[0] : 0) | (count > 1 ? UInt128(limbs[1]) << 64 : 0)
            large = nil
        } else {
            small = 0
            large = Limbs(count == limbs.count ? limbs : Array(limbs[..<count]))
        }
    }

    public init(_ value: UInt64) { self.init(small: UInt128(value)) }

    public init(wide value: UInt128) { self.init(small: value) }

    /// Little-endian limbs with no zero limb at the top (zero has none).
    var limbs: [UInt64] {
        if let large { return large.values }
        if small == 0 { return [] }
        let high = UInt64(truncatingIfNeeded: small >> 64)
        return high == 0 ? [UInt64(truncatingIfNeeded: small)] : [UInt64(truncatingIfNeeded: small), high]
    }

    /// The value when it fits in 128 bits.
    public var wide: UInt128? { isSmall ? small : nil }

    /// Reads decimal digits (`"12345"`); `nil` for anything else or an empty string.
    public init?(decimal text: some StringProtocol) {
        guard !text.isEmpty else { return nil }
        var value = BigUInt.zero
        var chunk: UInt64 = 0
        var chunkDigits = 0
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            chunk = chunk * 10 + UInt64(byte - 0x30)
            chunkDigits += 1
            if chunkDigits == 19 {
                value = value.multiplied(by: Self.powerOfTen(19)).adding(chunk)
                chunk = 0
                chunkDigits = 0
            }
        }
        if chunkDigits > 0 { value = value.multiplied(by: Self.powerOfTen(chunkDigits)).adding(chunk) }
        self = value
    }

    public var isZero: Bool { isSmall && small == 0 }

    public var isOdd: Bool { (large?.values[0] ?? UInt64(truncatingIfNeeded: small)) & 1 == 1 }

    /// The number of significant bits.
    public var bitWidth: Int {
        if let limbs = large?.values, let last = limbs.last { return limbs.count * 64 - last.leadingZeroBitCount }
        return 128 - small.leadingZeroBitCount
    }

    /// The value when it fits in 64 bits.
    public var uint64: UInt64? { isSmall && small >> 64 == 0 ? UInt64(truncatingIfNeeded: small) : nil }

    // MARK: Powers of ten

    /// 10^`exponent`, for 0 … 19 (the powers below 2^64). A switch of constants, which the
    /// compiler lays out as a table in the binary: a static table is asked whether it is made
    /// yet on every use, and an amount's or a rate's digits ask several times a line.
    @inline(__always) public static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        case 19: 10_000_000_000_000_000_000
        default: preconditionFailure("10^\(exponent) is past 64 bits")
        }
    }

    /// 10^0 … 10^`cachedPowers - 1`, made once.
    private static let cachedPowers = 160
    private static let powers: [BigUInt] = {
        var list = [BigUInt.one]
        for _ in 1..<cachedPowers { list.append(list[list.count - 1].multiplied(by: 10)) }
        return list
    }()

    /// 10^`exponent`.
    public static func tenToThe(_ exponent: Int) -> BigUInt {
        precondition(exponent >= 0)
        // Below 2^64 (an amount's decimals, nearly every use): from the constants, without
        // the table, which is asked whether it is made yet on every use.
        if exponent <= 19 { return BigUInt(powerOfTen(exponent)) }
        if exponent < cachedPowers { return powers[exponent] }
        var value = powers[cachedPowers - 1]
        var remaining = exponent - (cachedPowers - 1)
        while remaining > 0 {
            let step = min(remaining, cachedPowers - 1)
            value = value * powers[step]
            remaining -= step
        }
        return value
    }

    // MARK: Arithmetic

    public func adding(_ addend: UInt64) -> BigUInt {
        if isSmall {
            let (sum, overflow) = small.addingReportingOverflow(UInt128(addend))
            if !overflow { return BigUInt(small: sum) }
        }
        var result = limbs
        var carry = addend
        var index = 0
        while carry != 0 {
            if index == result.count {
                result.append(carry)
                break
            }
            let (sum, overflow) = result[index].addingReportingOverflow(carry)
            result[index] = sum
            carry = overflow ? 1 : 0
            index += 1
        }
        return BigUInt(limbs: result)
    }

    public func multiplied(by factor: UInt64) -> BigUInt {
        guard factor != 0, !isZero else { return .zero }
        if isSmall {
            let (product, overflow) = small.multipliedReportingOverflow(by: UInt128(factor))
            if !overflow { return BigUInt(small: product) }
        }
        var result = [UInt64]()
        result.reserveCapacity(limbs.count + 1)
        var carry: UInt64 = 0
        for limb in limbs {
            let (high, low) = limb.multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            result.append(sum)
            carry = high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { result.append(carry) }
        return BigUInt(limbs: result)
    }

    public static func + (a: BigUInt, b: BigUInt) -> BigUInt {
        if a.isSmall, b.isSmall {
            let (sum, overflow) = a.small.addingReportingOverflow(b.small)
            if !overflow { return BigUInt(small: sum) }
        }
        let (long, short) = a.limbs.count >= b.limbs.count ? (a.limbs, b.limbs) : (b.limbs, a.limbs)
        var result = long
        var carry: UInt64 = 0
        for index in 0..<long.count {
            let addend = index < short.count ? short[index] : 0
            if addend == 0, carry == 0, index >= short.count { break }
            let (partial, overflowA) = result[index].addingReportingOverflow(addend)
            let (sum, overflowB) = partial.addingReportingOverflow(carry)
            result[index] = sum
            carry = (overflowA ? 1 : 0) + (overflowB ? 1 : 0)
        }
        if carry != 0 { result.append(carry) }
        return BigUInt(limbs: result)
    }

    /// `a - b`; `a` must not be less than `b`.
    public static func - (a: BigUInt, b: BigUInt) -> BigUInt {
        precondition(a >= b, "BigUInt subtraction below zero")
        if a.isSmall { return BigUInt(small: a.small - b.small) }
        var result = a.limbs
        var borrow: UInt64 = 0
        for index in 0..<result.count {
            let subtrahend = index < b.limbs.count ? b.limbs[index] : 0
            if subtrahend == 0, borrow == 0, index >= b.limbs.count { break }
            let (partial, overflowA) = result[index].subtractingReportingOverflow(subtrahend)
            let (difference, overflowB) = partial.subtractingReportingOverflow(borrow)
            result[index] = difference
            borrow = (overflowA ? 1 : 0) + (overflowB ? 1 : 0)
        }
        return BigUInt(limbs: result)
    }

    public static func * (a: BigUInt, b: BigUInt) -> BigUInt {
        if a.isZero || b.isZero { return .zero }
        if a.isSmall, b.isSmall {
            let (high, low) = a.small.multipliedFullWidth(by: b.small)
            if high == 0 { return BigUInt(small: low) }
            return BigUInt(limbs: [
                UInt64(truncatingIfNeeded: low), UInt64(truncatingIfNeeded: low >> 64),
                UInt64(truncatingIfNeeded: high), UInt64(truncatingIfNeeded: high >> 64),
            ])
        }
        if b.limbs.count == 1 { return a.multiplied(by: b.limbs[0]) }
        if a.limbs.count == 1 { return b.multiplied(by: a.limbs[0]) }
        var result = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count)
        for (i, x) in a.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, y) in b.limbs.enumerated() {
                let (high, low) = x.multipliedFullWidth(by: y)
                let (sumA, overflowA) = result[i + j].addingReportingOverflow(low)
                let (sumB, overflowB) = sumA.addingReportingOverflow(carry)
                result[i + j] = sumB
                carry = high &+ (overflowA ? 1 : 0) &+ (overflowB ? 1 : 0)
            }
            result[i + b.limbs.count] = carry
        }
        return BigUInt(limbs: result)
    }

    /// Quotient and remainder of division by a small divisor (not zero).
    public func quotientAndRemainder(dividingBy divisor: UInt64) -> (quotient: BigUInt, remainder: UInt64) {
        precondition(divisor != 0, "division by zero")
        if isSmall {
            let (quotient, remainder) = small.quotientAndRemainder(dividingBy: UInt128(divisor))
            return (BigUInt(small: quotient), UInt64(truncatingIfNeeded: remainder))
        }
        var quotient = [UInt64](repeating: 0, count: limbs.count)
        var remainder: UInt64 = 0
        for index in stride(from: limbs.count - 1, through: 0, by: -1) {
            let (q, r) = divisor.dividingFullWidth((remainder, limbs[index]))
            quotient[index] = q
            remainder = r
        }
        return (BigUInt(limbs: quotient), remainder)
    }

    /// Quotient and remainder (Knuth's algorithm D); the divisor must not be zero.
    public func quotientAndRemainder(dividingBy divisor: BigUInt) -> (quotient: BigUInt, remainder: BigUInt) {
        precondition(!divisor.isZero, "division by zero")
        if self < divisor { return (.zero, self) }
        if isSmall, divisor.isSmall {
            let (quotient, remainder) = small.quotientAndRemainder(dividingBy: divisor.small)
            return (BigUInt(small: quotient), BigUInt(small: remainder))
        }
        if divisor.limbs.count == 1 {
            let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor.limbs[0])
            return (quotient, BigUInt(remainder))
        }
        // Normalise so that the divisor's top limb has its high bit set.
        let shift = divisor.limbs[divisor.limbs.count - 1].leadingZeroBitCount
        let v = divisor.shiftedLeft(shift).limbs
        var u = shiftedLeft(shift).limbs
        if u.count == limbs.count { u.append(0) }
        if u.count == limbs.count + 1, shift == 0 { /* already has room */  }
        let n = v.count
        let m = u.count - n
        var quotient = [UInt64](repeating: 0, count: m)
        let top = v[n - 1]
        let second = v[n - 2]
        for j in stride(from: m - 1, through: 0, by: -1) {
            // Estimate the quotient digit from the top two limbs of the remainder.
            let numerator = (UInt128(u[j + n]) << 64) | UInt128(u[j + n - 1])
            var qhat = numerator / UInt128(top)
            var rhat = numerator % UInt128(top)
            while qhat > UInt128(UInt64.max) || qhat * UInt128(second) > ((rhat << 64) | UInt128(u[j + n - 2])) {
                qhat -= 1
                rhat += UInt128(top)
                if rhat > UInt128(UInt64.max) { break }
            }
            // Multiply and subtract.
            var borrow: UInt128 = 0
            var carry: UInt128 = 0
            for i in 0..<n {
                let product = qhat * UInt128(v[i]) + carry
                carry = product >> 64
                let low = UInt128(UInt64(truncatingIfNeeded: product))
                let current = UInt128(u[i + j])
                let difference = current &- low &- borrow
                u[i + j] = UInt64(truncatingIfNeeded: difference)
                borrow = current < low + borrow ? 1 : 0
            }
            let current = UInt128(u[j + n])
            let difference = current &- carry &- borrow
            u[j + n] = UInt64(truncatingIfNeeded: difference)
            if current < carry + borrow {
                // The estimate was one too large: add the divisor back.
                qhat -= 1
                var addCarry: UInt64 = 0
                for i in 0..<n {
                    let (partial, overflowA) = u[i + j].addingReportingOverflow(v[i])
                    let (sum, overflowB) = partial.addingReportingOverflow(addCarry)
                    u[i + j] = sum
                    addCarry = (overflowA ? 1 : 0) + (overflowB ? 1 : 0)
                }
                u[j + n] = u[j + n] &+ addCarry
            }
            quotient[j] = UInt64(truncatingIfNeeded: qhat)
        }
        let remainder = BigUInt(limbs: Array(u[0..<n])).shiftedRight(shift)
        return (BigUInt(limbs: quotient), remainder)
    }

    func shiftedLeft(_ bits: Int) -> BigUInt {
        guard bits > 0, !isZero else { return self }
        precondition(bits < 64)
        var result = [UInt64]()
        result.reserveCapacity(limbs.count + 1)
        var carry: UInt64 = 0
        for limb in limbs {
            result.append((limb << UInt64(bits)) | carry)
            carry = limb >> UInt64(64 - bits)
        }
        if carry != 0 { result.append(carry) }
        return BigUInt(limbs: result)
    }

    func shiftedRight(_ bits: Int) -> BigUInt {
        guard bits > 0, !isZero else { return self }
        precondition(bits < 64)
        var result = limbs
        for index in 0..<result.count {
            let next = index + 1 < limbs.count ? limbs[index + 1] : 0
            result[index] = (limbs[index] >> UInt64(bits)) | (next << UInt64(64 - bits))
        }
        return BigUInt(limbs: result)
    }

    /// The greatest common divisor (Euclid).
    public static func gcd(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        var (x, y) = (a, b)
        while !y.isZero { (x, y) = (y, x.quotientAndRemainder(dividingBy: y).remainder) }
        return x
    }

    public static func < (a: BigUInt, b: BigUInt) -> Bool {
        if a.isSmall, b.isSmall { return a.small < b.small }
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        for index in stride(from: a.limbs.count - 1, through: 0, by: -1) where a.limbs[index] != b.limbs[index] {
            return a.limbs[index] < b.limbs[index]
        }
        return false
    }

    /// Calls `body` with the decimal digits (ASCII, most significant first, `0` for zero),
    /// written without a `String` when the value fits in 128 bits (every amount shown but
    /// the huge ones).
    public func withDecimalDigits(_ body: (UnsafeRawBufferPointer) -> Void) {
        guard isSmall else {
            var text = description
            text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
            return
        }
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            // Least significant first; UInt128 has at most 39 digits.
            var rest = small
            var count = 0
            // Two digits of `pair` (below 100) before `count`: its tens by a multiplication
            // (⌊103 r / 1024⌋ is ⌊r / 10⌋ below 100), not a second division.
            @inline(__always) func writePair(_ pair: UInt64) {
                let tens = (pair &* 103) >> 10
                buffer[38 - count] = UInt8(truncatingIfNeeded: tens) &+ 48
                buffer[39 - count] = UInt8(truncatingIfNeeded: pair &- tens &* 10) &+ 48
                count += 2
            }
            // Eighteen digits at a time by one wide division, then in 64 bits, two at a time.
            while rest > UInt128(UInt64.max) {
                let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 1_000_000_000_000_000_000)
                var low = UInt64(truncatingIfNeeded: remainder)
                for _ in 0..<9 {
                    let (next, pair) = low.quotientAndRemainder(dividingBy: 100)
                    writePair(pair)
                    low = next
                }
                rest = quotient
            }
            var low = UInt64(truncatingIfNeeded: rest)
            while low >= 100 {
                let (next, pair) = low.quotientAndRemainder(dividingBy: 100)
                writePair(pair)
                low = next
            }
            if low >= 10 {
                writePair(low)
            } else {
                buffer[39 - count] = UInt8(truncatingIfNeeded: low) &+ 48
                count += 1
            }
            body(UnsafeRawBufferPointer(rebasing: buffer[(40 - count)..<40]))
        }
    }

    /// Decimal digits, without leading zeros (`"0"` for zero).
    public var description: String {
        if isZero { return "0" }
        if isSmall { return String(small) }
        var chunks: [UInt64] = []
        var rest = self
        while !rest.isZero {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: Self.powerOfTen(19))
            chunks.append(remainder)
            rest = quotient
        }
        var text = String(chunks[chunks.count - 1])
        for chunk in chunks.dropLast().reversed() {
            let digits = String(chunk)
            text += String(repeating: "0", count: 19 - digits.count) + digits
        }
        return text
    }
}
