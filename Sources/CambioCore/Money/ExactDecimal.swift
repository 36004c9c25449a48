import Foundation

/// Turns checked decimal text into `Decimal`, never through `Double`.
public enum ExactDecimal {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Reads a plain JSON-style number (`-12.5`, `0.000274`, `2e-5`). Returns `nil` for text
    /// that is not entirely such a number, or that `Decimal` cannot hold (over 38 digits, or
    /// an exponent out of range) — instead of the silently truncated value
    /// `Decimal(string:)` would give.
    public static func parse(_ text: some StringProtocol) -> Decimal? {
        var significant = 0
        var seenDigit = false
        var seenPoint = false
        var leadingZeros = true
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        var exponentPart: Substring.UnicodeScalarView.SubSequence?
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "0"..."9":
                seenDigit = true
                if scalar != "0" { leadingZeros = false }
                if !leadingZeros { significant += 1 }
            case "." where !seenPoint:
                seenPoint = true
            case "e", "E":
                exponentPart = scalars
                scalars = scalars[scalars.endIndex...]
            default:
                return nil
            }
        }
        guard seenDigit, significant <= 38 else { return nil }
        if var exponent = exponentPart {
            if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
            guard !exponent.isEmpty, exponent.count <= 3,
                exponent.allSatisfy({ ("0"..."9").contains($0) }),
                let value = Int(String(String.UnicodeScalarView(exponent))), value <= 100
            else { return nil }
        }
        return Decimal(string: String(text), locale: posix)
    }
}
