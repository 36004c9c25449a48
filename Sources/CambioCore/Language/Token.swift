/// One token of a command line, with the columns it came from.
public struct Token: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Digits with separators and an optional sign, as typed.
        case number
        /// Letters (a code, a name, a keyword or a command).
        case word
        /// A currency symbol (`€`, `$`, `R$`).
        case symbol
        case comma
        /// `->`, `→` or `=`.
        case arrow
        /// A minus or plus before a currency (`-€12.50`, `-CHF 12.50`); before digits the sign
        /// is part of the number.
        case sign
        /// An arithmetic operator after a value: `+ - − * × · / ÷`.
        case `operator`
        case open
        case close
        /// `%` (or the Arabic `٪`).
        case percent
    }

    public let kind: Kind
    public let text: String
    /// Character offsets into the line.
    public let range: Range<Int>

    public init(_ kind: Kind, _ text: String, _ range: Range<Int>) {
        self.kind = kind
        self.text = text
        self.range = range
        // Folded once: the parser compares a word with keywords several times.
        folded = TextFolding.fold(text)
    }

    /// The word folded for keyword comparison (lower case, accents removed).
    public let folded: String
}
