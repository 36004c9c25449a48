extension StringProtocol {
    /// The text without the spaces and tabs at its ends: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` gives (its set: the tab, the space separators
    /// and U+200B), without bridging to `NSString`, whose first use is a noticeable part
    /// of a one-shot conversion.
    public func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, Self.isSpace(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let last = scalars.index(before: end)
            guard Self.isSpace(scalars[last]) else { break }
            end = last
        }
        return String(self[start..<end])
    }

    @inline(__always) private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
