/// What follows a command's word, as the parser read it by the command's declaration.
public enum CommandArgument: Equatable, Sendable {
    /// Nothing (`base`, `recent`, `fee`).
    case none
    /// Currencies as written (`base jpy`, `rates usd gbp`).
    case currencies([CurrencyReference])
    /// One of the command's keywords, by meaning (`clear`, `on`, `off`, `default`, `auto`).
    case keyword(String)
    /// Free text (`list São`, `fee 1,75 %`, `chart eur usd 1y`), trimmed, with its columns.
    case text(String, range: Range<Int>)

    /// The free text, if that is what it is.
    public var text: String? {
        if case .text(let text, _) = self { return text }
        return nil
    }

    /// The columns of the free text.
    public var range: Range<Int>? {
        if case .text(_, let range) = self { return range }
        return nil
    }
}
