/// One shell command, declared once in its own file under `Commands/`: its word, what its
/// argument is, the words that argument may be, and the keys of its help texts. The parser,
/// `help`, Tab completion, `cambio --help`, the man page and the command-line completion
/// scripts all read the declarations (`CommandTable`).
public struct CommandDeclaration: Sendable {
    /// What a command takes after its word, and so what Tab offers there.
    public enum Argument: Equatable, Sendable {
        case none
        /// One currency (`base jpy`).
        case currency
        /// Currencies, separated by spaces or commas (`rates usd gbp`).
        case currencies
        /// One of the command's keywords (`recent clear`, `preview on`).
        case keywords
        /// A rate provider's name, or a keyword (`auto`); the names come from the host.
        case provider
        /// A locale identifier, or a keyword (`default`).
        case locale
        /// A command word (`help base`).
        case command
        /// Free text (`list São`).
        case text
        /// A percentage, or a keyword (`off`: `fee 1,75 %`).
        case percentage
    }

    /// One way to use the command, for `help COMMAND` and the man page: the synopsis as typed
    /// (placeholders in capitals, the same in every language) and the key of its description.
    public struct Form: Sendable {
        public let synopsis: String
        public let key: String
    }

    /// The word that runs it (`base`).
    public let word: String
    /// Where `help` lists it: commands are listed by this number, lowest first.
    public let order: Int
    /// Other words for the same command (`exit` for `quit`).
    public let aliases: [String]
    /// How it is written in one line of the overview (`base [CUR]`).
    public let synopsis: String
    public let argument: Argument
    /// The words the argument may be, by what they mean (`clear`, `on`, `off`, `default`,
    /// `auto`): each is read in every interface language (`Keywords`).
    public let keywords: [String]
    /// Whether the command takes `on DATE` (`rates on 2020-03-13`).
    public let takesDate: Bool
    /// The ways to use it, each with a description.
    public let forms: [Form]
    /// A paragraph after the forms in `help COMMAND`, when there is more to say.
    public let moreKey: String?

    /// The key of the one-line summary in overviews (`summary.base`).
    public var summaryKey: String { "summary.\(word)" }

    /// Every word that runs this command.
    public var words: [String] { [word] + aliases }

    /// True when the argument is read as free text, not as tokens (`list São Tomé`).
    public var takesFreeText: Bool {
        switch argument {
        case .text, .provider, .locale, .command, .percentage: true
        case .none, .currency, .currencies, .keywords: false
        }
    }

    public init(
        _ word: String, order: Int, aliases: [String] = [], _ synopsis: String, _ argument: Argument, keywords: [String] = [],
        takesDate: Bool = false, forms: [(String, String)], more: Bool = false
    ) {
        self.word = word
        self.order = order
        self.aliases = aliases
        self.synopsis = synopsis
        self.argument = argument
        self.keywords = keywords
        self.takesDate = takesDate
        self.forms = forms.map { Form(synopsis: $0.0, key: "help.\(word).\($0.1)") }
        moreKey = more ? "help.\(word).more" : nil
    }
}
