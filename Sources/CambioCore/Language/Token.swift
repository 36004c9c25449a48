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
        // Folded once: the parser compares a word with keywords several times. A number or a
        // symbol is never compared with a word, so it is not folded (Foundation's folding is
        // slow even for `€`).
        guard kind == .word else {
            folded = text
            keywords = []
            return
        }
        let folded = TextFolding.fold(text)
        self.folded = folded
        keywords = Keywords.of(folded)
    }

    /// A connector the line writes otherwise than as a word of the connectors: a Turkish
    /// dative ending (`'ye` of `tl'ye`), put before the currency it joins, and `ne kadar`
    /// (`AttachedWords`).
    init(connectorFrom text: String, _ range: Range<Int>) {
        kind = .word
        self.text = text
        self.range = range
        folded = text
        keywords = .connector
    }

    /// A word folded for keyword comparison (lower case, accents removed); any other token's
    /// text as it is.
    public let folded: String
    /// The parser's keyword lists the word is in, looked up once (a list is asked about every
    /// word of a line, some several times).
    public let keywords: Keywords

    /// The parser's lists of words, each one of its sets (`Parser`, `Command`).
    public struct Keywords: OptionSet, Sendable, Equatable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        public static let connector = Keywords(rawValue: 1)
        public static let of = Keywords(rawValue: 2)
        public static let answer = Keywords(rawValue: 4)
        public static let joiner = Keywords(rawValue: 8)
        public static let opening = Keywords(rawValue: 16)
        public static let date = Keywords(rawValue: 32)
        public static let average = Keywords(rawValue: 64)
        public static let at = Keywords(rawValue: 128)
        /// A number's suffix (`k`, `Mio.`, `crore`), with or without its dot.
        public static let suffix = Keywords(rawValue: 256)

        /// The lists a folded word is in: one look-up for all of them, none for a word whose
        /// length and first byte no keyword has (most codes and names).
        static func of(_ folded: String) -> Keywords {
            let utf8 = folded.utf8
            guard let first = utf8.first, utf8.count < 32, starts[utf8.count << 8 | Int(first)] else { return [] }
            // A word of up to seven bytes by its bytes; a longer one through the table.
            if let key = CurrencyMap<Keywords>.key(folded) { return short[packed: key] ?? [] }
            return table[folded] ?? []
        }

        /// The keywords of up to seven bytes, by `CurrencyMap.key`.
        private static let short: CurrencyMap<Keywords> = {
            var short = CurrencyMap<Keywords>()
            for (word, keywords) in table {
                if let key = CurrencyMap<Keywords>.key(word) { short[packed: key] = keywords }
            }
            return short
        }()

        /// Whether a keyword of this length in bytes (below 32) begins with this byte, at
        /// `length << 8 | byte`.
        private static let starts: [Bool] = {
            var starts = [Bool](repeating: false, count: 32 << 8)
            for word in table.keys {
                let utf8 = word.utf8
                guard let first = utf8.first else { continue }
                // `of` answers none for 32 bytes or more: no keyword may be that long.
                precondition(utf8.count < 32, "keyword too long for the filter")
                starts[utf8.count << 8 | Int(first)] = true
            }
            return starts
        }()

        private static let table: [String: Keywords] = {
            var table: [String: Keywords] = [:]
            let lists: [(Set<String>, Keywords)] = [
                (Command.connectors, .connector), (Parser.ofWords, .of), (Parser.answerWords, .answer), (Parser.joiners, .joiner),
                (Parser.openingWords, .opening), (Parser.dateWords, .date), (Parser.averageWords, .average), (Parser.atWords, .at),
                (Set(Parser.suffixes.keys.flatMap { [$0, $0 + "."] }), .suffix),
            ]
            for (words, keyword) in lists {
                for word in words { table[word, default: []].insert(keyword) }
            }
            return table
        }()
    }
}
