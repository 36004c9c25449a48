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
        var out = ""
        for scalar in String(text).unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .control || category == .format && !bidiMarks.contains(Character(scalar)) {
                out += "U+" + String(scalar.value, radix: 16, uppercase: true).zeroPadded(to: 4)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Quotes what the user typed, shortened to 40 characters and made visible. The marks are
    /// placeholders that the sentence it goes into replaces with its language's quotation
    /// marks (“…” in English and Turkish, „…“ in German), so one message never mixes two kinds.
    public static func quoted(_ text: some StringProtocol) -> String {
        let shown = text.count > 40 ? String(text.prefix(39)) + "…" : String(text)
        return String(openQuote) + visible(shown) + String(closeQuote)
    }

    /// Private-use characters that stand for the quotation marks until a sentence is made.
    static let openQuote: Character = "\u{E000}"
    static let closeQuote: Character = "\u{E001}"
}
