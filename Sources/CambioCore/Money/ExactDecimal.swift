import Foundation

/// Turns checked decimal text into `Decimal`, never through `Double`.
public enum ExactDecimal {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Reads a plain JSON-style number (`-12.5`, `0.000274`, `2e-5`). Returns `nil` for text
    /// that is not entirely such a number, or that `Decimal` cannot hold (over 38 digits, or
    /// an exponent out of range) — instead of the silently truncated value
    /// `Decimal(string:)` would give.
    public static func parse(_ text: some StringProtocol) -> Decimal? {
        var copy = String(text)
        return copy.withUTF8 { parse(bytes: $0) }
    }

    /// The same, from UTF-8 bytes. Up to 19 significant digits (every rate and amount in
    /// practice) the value is built from its integer significand and exponent, without a
    /// locale; longer numbers go through `Decimal(string:)` after the same checks.
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Decimal? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var significand: UInt64 = 0
        var significant = 0
        var fractionDigits = 0
        var seenDigit = false
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                seenDigit = true
                if seenPoint { fractionDigits += 1 }
                if significant > 0 || byte != UInt8(ascii: "0") {
                    significant += 1
                    if significant <= 19 { significand = significand &* 10 &+ UInt64(byte &- UInt8(ascii: "0")) }
                }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                return nil
            }
            index += 1
        }
        guard seenDigit, significant <= 38 else { return nil }
        var exponent = 0
        if index < bytes.count {
            // An exponent: an optional sign and one to three digits, at most 100.
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let digitsStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                if index - digitsStart > 3 { return nil }
            }
            guard index == bytes.count, index > digitsStart, exponent <= 100 else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        let scale = exponent - fractionDigits
        guard significant <= 19, (-120...120).contains(scale) else {
            return Decimal(string: String(decoding: bytes, as: UTF8.self), locale: posix)
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: scale, significand: Decimal(significand))
    }
}
