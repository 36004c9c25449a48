import Foundation

/// Folds text for matching names: lower case, accents removed, Turkish dotless i and a few
/// letters that have no decomposition mapped to ASCII, punctuation turned into single spaces.
public enum TextFolding {
    /// Letters with no diacritic to strip, written as what they stand for. (Each is one
    /// scalar that no other scalar or sequence is canonically equal to, so a scalar is
    /// compared, not a `Character`.)
    static func spelled(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "ı": "i"
        case "ø": "o"
        case "æ": "ae"
        case "œ": "oe"
        case "ß": "ss"
        case "ł": "l"
        case "đ", "ð": "d"
        case "þ": "th"
        case "ħ": "h"
        default: nil
        }
    }

    public static func fold(_ text: some StringProtocol) -> String {
        // Plain ASCII letters (codes, keywords, most names typed) need no Unicode folding:
        // read from the text's bytes in one piece where it has them (nearly always).
        let utf8 = text.utf8
        if let letters = utf8.withContiguousStorageIfAvailable({ foldLetters($0, of: text) }) ?? foldLetters(utf8, of: text) {
            return letters
        }
        // Other ASCII text (names with spaces, digits, punctuation) folds the same way byte
        // by byte, without Foundation's Unicode folding.
        if utf8.allSatisfy({ $0 < 0x80 }) { return foldASCII(utf8) }
        return foldUnicode(text)
    }

    /// Text of ASCII letters alone in lower case (itself when it is lower case already);
    /// `nil` when it has any other byte.
    @inline(__always) private static func foldLetters(_ bytes: some Collection<UInt8>, of text: some StringProtocol) -> String? {
        var upper = false
        for byte in bytes {
            if byte &- 0x61 < 26 { continue }
            guard byte &- 0x41 < 26 else { return nil }
            upper = true
        }
        if !upper, let text = text as? String { return text }
        // Written straight into the string's storage: no array between.
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            var count = 0
            for byte in bytes {
                buffer[count] = byte | 0x20
                count += 1
            }
            return count
        }
    }

    private static func foldASCII(_ utf8: some Collection<UInt8>) -> String {
        // Written straight into the string's storage: the folded text is never longer.
        String(unsafeUninitializedCapacity: utf8.count) { out in
            var count = 0
            var pendingSpace = false
            for byte in utf8 {
                let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                if lower == UInt8(ascii: "'") {
                    continue
                } else if (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower) {
                    if pendingSpace, count > 0 {
                        out[count] = 0x20
                        count += 1
                    }
                    pendingSpace = false
                    out[count] = lower
                    count += 1
                } else {
                    pendingSpace = true
                }
            }
            return count
        }
    }

    /// The general folding, for text with letters outside ASCII.
    static func foldUnicode(_ text: some StringProtocol) -> String {
        let stripped = latinStripped(text) ?? stripped(String(text))
        var out = ""
        out.reserveCapacity(stripped.utf8.count)
        var pendingSpace = false
        for character in stripped {
            // One scalar alone, compared as a scalar: the apostrophes and the letters spelled
            // out have no canonical equivalents.
            let scalars = character.unicodeScalars
            let single = scalars.index(after: scalars.startIndex) == scalars.endIndex ? scalars.first : nil
            if let single, single == "ʻ" || single == "'" || single == "’" {
                continue  // Tongan paʻanga, O'zbek: an apostrophe joins a word.
            } else if character.isLetter || character.isNumber {
                if pendingSpace, !out.isEmpty { out.append(" ") }
                pendingSpace = false
                if let single, let spelled = spelled(single) { out += spelled } else { out.append(character) }
            } else {
                pendingSpace = true
            }
        }
        return out
    }

    /// Lower case, accents and widths folded away, by Foundation: slow, most of the work of a
    /// line that names a currency by a word with accents (`dänische krone`).
    private static func stripped(_ text: String) -> String {
        text.lowercased().folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
    }

    /// The last of the Latin blocks (Latin-1, Extended-A and -B end below it).
    private static let latinEnd: UInt32 = 0x250

    /// `stripped` of text whose every scalar is below U+0250, scalar by scalar from
    /// `latinFolded`: Foundation's folding of these is the same alone as in any context (a test
    /// checks it over random text). `nil` for text with any other scalar (combining marks,
    /// which change the letter before them, among them).
    static func latinStripped(_ text: some StringProtocol) -> String? {
        let scalars = text.unicodeScalars
        guard scalars.allSatisfy({ $0.value < latinEnd }) else { return nil }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in scalars {
            let value = scalar.value
            if value < 0x80 {
                out.unicodeScalars.append(value &- 0x41 < 26 ? Unicode.Scalar(UInt8(value) | 0x20) : scalar)
            } else {
                out += latinFolded[Int(value) - 0x80]
            }
        }
        return out
    }
}
