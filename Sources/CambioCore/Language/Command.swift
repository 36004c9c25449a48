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

/// One parsed command line.
public enum Command: Equatable, Sendable {
    case empty
    /// `12 eur in usd, gbp`, `12 eur`, `12`, `eur in usd`, `eur`: with no amount it asks for the rate.
    case convert(amount: AmountReference?, from: CurrencyReference?, to: [CurrencyReference])
    /// `base` (show) or `base CUR`.
    case base(CurrencyReference?)
    case swap
    case recent(clear: Bool)
    case list(filter: String?)
    case rates([CurrencyReference])
    /// `locale` (show), `locale ID`, or `locale default`.
    case locale(String?, range: Range<Int>?)
    case status
    /// Fetch rates now.
    case refresh
    /// `preview` (show), `preview on`, `preview off`: live results while typing.
    case preview(Bool?)
    /// `source` (show), `source NAME` or `source auto`: the rate provider.
    case source(String?)
    case help(topic: String?)
    case quit

    /// The command words, for help and completion.
    public static var words: [String] { CommandDeclaration.words }
    /// Words that join the source currency to the targets.
    public static let connectors: Set<String> = ["in", "to", "into"]
}
