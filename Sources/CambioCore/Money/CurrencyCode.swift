/// An ISO 4217 alphabetic code: three ASCII letters, stored upper-case.
public struct CurrencyCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The three upper-case letters.
    public let rawValue: String

    /// Accepts exactly three ASCII letters in any case; anything else is `nil`.
    public init?(_ text: some StringProtocol) {
        let scalars = text.unicodeScalars
        guard scalars.count == 3,
            scalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return nil }
        rawValue = text.uppercased()
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
