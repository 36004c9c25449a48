/// Terminal columns a string occupies: bidi marks and other format characters take none,
/// East Asian wide characters take two.
public enum DisplayWidth {
    /// The columns a terminal gives `text`: each scalar as `wcwidth` counts it (none for
    /// marks that do not space, format and control characters, and Hangul's medial and final
    /// jamo; two for wide ones; one for the rest, a spacing vowel sign like Devanagari's `ा`
    /// too), which is also how libedit lays out the line it edits.
    public static func of(_ text: some StringProtocol) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            if scalar.value < 0x7F {
                if scalar.value >= 0x20 { width += 1 }
                continue
            }
            switch scalar.properties.generalCategory {
            case .format:
                // The soft hyphen and the signs that begin an Arabic number take a column.
                if scalar.value == 0xAD || (0x600...0x605).contains(scalar.value) || scalar.value == 0x6DD || scalar.value == 0x70F
                    || scalar.value == 0x8E2
                {
                    width += 1
                }
            case .control, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator:
                continue
            default:
                if (0x1160...0x11FF).contains(scalar.value) { continue }
                width += isWide(scalar) ? 2 : 1
            }
        }
        return width
    }

    /// The column after libedit draws `text` from `column`, as it draws the line being edited:
    /// a control character as two cells (`^A`, `^?`, and a C1 one as `^` and a letter), a tab
    /// to the next multiple of eight, every other scalar as `of` counts it.
    public static func asEdited(_ text: some StringProtocol, from column: Int) -> Int {
        var column = column
        for scalar in text.unicodeScalars { column = asEdited(scalar: scalar, from: column) }
        return column
    }

    /// The column after libedit draws one scalar of the line being edited from `column`.
    public static func asEdited(scalar: Unicode.Scalar, from column: Int) -> Int {
        switch scalar.value {
        case 0x09: (column / 8 + 1) * 8
        case 0x0A: column
        case 0x00..<0x20, 0x7F...0x9F: column + 2
        case 0x20..<0x7F: column + 1
        default: column + of(String(scalar))
        }
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Pads with spaces on the right to `columns`.
    public static func padRight(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - of(text)))
    }

    /// Pads with spaces on the left to `columns`.
    public static func padLeft(_ text: String, to columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - of(text))) + text
    }
}
