/// An ISO 4217 alphabetic code: three ASCII letters, stored upper-case.
public struct CurrencyCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The three upper-case letters.
    public let rawValue: String

    /// Accepts exactly three letters in any case; anything else is `nil`. Turkish keyboards
    /// give `İ` for a capital i and `ı` for a small dotless one: both are the letter I here
    /// (`İNR` and `ınr` are INR).
    public init?(_ text: some StringProtocol) {
        var letters = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z": letters.unicodeScalars.append(scalar)
            case "\u{130}", "\u{131}": letters.append("I")
            default: return nil
            }
            if letters.unicodeScalars.count > 3 { return nil }
        }
        guard letters.unicodeScalars.count == 3 else { return nil }
        rawValue = letters.uppercased()
    }

    public var description: String { rawValue }

    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension CurrencyCode {
    // Literals for codes the program itself names; each is checked by the test suite.
    public static let eur = CurrencyCode("EUR")!
    public static let usd = CurrencyCode("USD")!
}
