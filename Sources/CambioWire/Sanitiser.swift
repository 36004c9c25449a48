/// The one sanitiser: what comes from outside (typed, read from a file, a provider's answer,
/// the environment) reaches the terminal only through it. Control and format characters —
/// escapes, OSC 52, the C1 CSI, bidi overrides — are shown as `U+XXXX`; the marks ICU puts
/// around numbers for bidirectional text are kept.
public enum Sanitiser {
    /// Marks that ICU puts around numbers for bidirectional text; they are not part of the number.
    public static let bidiMarks: Set<Character> = ["\u{200E}", "\u{200F}", "\u{061C}"]

    /// Text with control characters shown as `U+XXXX`, so nothing typed or read can move the cursor.
    public static func visible(_ text: some StringProtocol) -> String {
        // Printable ASCII (most of what is said) has nothing to show otherwise.
        let printable = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(printable) }) ?? text.utf8.allSatisfy(printable) { return String(text) }
        var string = String(text)
        guard string.withUTF8(Self.hidesAny) else { return string }
        var out = ""
        for scalar in string.unicodeScalars {
            if hidden(scalar.value) {
                out += "U+" + String(scalar.value, radix: 16, uppercase: true).zeroPadded(to: 4)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether well-formed UTF-8 holds a scalar that is shown as `U+XXXX`, decoded from its
    /// bytes.
    public static func hidesAny(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead < 0x20 || lead == 0x7F { return true }
                index += 1
                continue
            }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + length <= bytes.count else { return true }
            var value = UInt32(lead) & (0x7F >> length)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            if hidden(value) { return true }
            index += length
        }
        return false
    }

    /// Whether a scalar is shown as `U+XXXX`: a control or format character, other than the
    /// bidi marks. The blocks that hold neither (Latin, Greek, Cyrillic, Armenian and Hebrew
    /// after the soft hyphen; the Indic scripts; from the superscripts to the private-use area,
    /// which holds the quotation placeholders, and the CJK blocks) pass without looking their
    /// category up.
    static func hidden(_ value: UInt32) -> Bool {
        switch value {
        case 0x20..<0x7F, 0xA0..<0xAD, 0xAE..<0x600, 0x900..<0x180E, 0x2070..<0xFEFF: return false
        default:
            guard let scalar = Unicode.Scalar(value) else { return true }
            let category = scalar.properties.generalCategory
            return category == .control || category == .format && !bidiMarks.contains(Character(scalar))
        }
    }

    /// Quotes what the user typed, shortened to 40 characters and made visible. The marks are
    /// placeholders that the sentence it goes into replaces with its language's quotation
    /// marks (“…” in English and Turkish, „…“ in German), so one message never mixes two kinds.
    public static func quoted(_ text: some StringProtocol) -> String {
        // Only the first 41 characters are counted: a cell may be a whole file.
        let long = text.utf8.count > 40 && text.index(text.startIndex, offsetBy: 40, limitedBy: text.endIndex).map { $0 != text.endIndex } ?? false
        let shown = long ? String(text.prefix(39)) + "…" : String(text)
        return String(openQuote) + visible(shown) + String(closeQuote)
    }

    /// Private-use characters that stand for the quotation marks until a sentence is made.
    public static let openQuote: Character = "\u{E000}"
    public static let closeQuote: Character = "\u{E001}"
}
