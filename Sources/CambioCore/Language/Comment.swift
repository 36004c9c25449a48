import Foundation

/// The one rule of a line's comment (`45,80 eur in usd  # Hotel`, a ledger's note): a `#` at
/// the line's start or after a character the tokenizer skips (a space of any kind, a tab, a
/// form feed, a direction mark, a byte-order mark) begins it; `12#eur` has none. The
/// tokenizer stops there, and the engine takes what follows as the line's label.
enum Comment {
    /// Whether a `#` after `previous` (`nil` at the line's start) begins a comment.
    static func begins<C: TokenCharacter>(after previous: C?) -> Bool { previous?.isSkipped ?? true }

    /// Where a line's comment begins, in its UTF-8 bytes; `nil` for none.
    static func start(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = line.baseAddress, !line.isEmpty else { return nil }
        var from = 0
        while from < line.count, let found = memchr(base + from, 0x23, line.count - from) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if index == 0 || begins(after: character(before: index, in: line)) { return index }
            from = index + 1
        }
        return nil
    }

    /// The character whose last byte stands before `index` (an ASCII one without decoding).
    private static func character(before index: Int, in line: UnsafeBufferPointer<UInt8>) -> Character {
        let last = line[index - 1]
        if last < 0x80 { return Character(Unicode.Scalar(last)) }
        var start = index - 1
        while start > 0, line[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: line[start..<index]), as: UTF8.self).last ?? " "
    }
}
