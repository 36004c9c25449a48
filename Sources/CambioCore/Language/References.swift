/// A currency as written in a command, not yet looked up.
public struct CurrencyReference: Equatable, Sendable {
    public let text: String
    public let range: Range<Int>
}

/// An amount as written, with the symbol that stood beside it (`€12,50`).
public struct AmountReference: Equatable, Sendable {
    public let text: String
    public let range: Range<Int>
    public let symbol: CurrencyReference?
}

/// The date after `on`, as written.
public struct DateReference: Equatable, Sendable {
    public let text: String
    public let range: Range<Int>
    /// The word `on`.
    public let word: Range<Int>
}
