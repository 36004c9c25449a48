/// One shell command, declared once: its word, what its argument is, and the keys of its
/// help texts. The parser, `help`, Tab completion, `cambio --help`, the man page and the
/// command-line completion scripts are all derived from `CommandDeclaration.all`.
public struct CommandDeclaration: Sendable {
    /// What a command takes after its word, and so what Tab offers there.
    public enum Argument: Equatable, Sendable {
        case none
        /// One currency (`base jpy`).
        case currency
        /// Currencies, separated by spaces or commas (`rates usd gbp`).
        case currencies
        /// One of these words (`recent clear`, `preview on`).
        case keywords([String])
        /// A rate provider's name, or `auto`; the names come from the rates layer.
        case provider
        /// A locale identifier, or `default`.
        case locale
        /// A command word (`help base`).
        case command
        /// Free text (`list São`).
        case text
        /// A percentage, or `off` (`fee 1,75 %`).
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
    /// Other words for the same command (`exit` for `quit`).
    public let aliases: [String]
    /// How it is written in one line of the overview (`base [CUR]`).
    public let synopsis: String
    public let argument: Argument
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
        default: false
        }
    }

    init(_ word: String, aliases: [String] = [], _ synopsis: String, _ argument: Argument, forms: [(String, String)], more: Bool = false) {
        self.word = word
        self.aliases = aliases
        self.synopsis = synopsis
        self.argument = argument
        self.forms = forms.map { Form(synopsis: $0.0, key: "help.\(word).\($0.1)") }
        moreKey = more ? "help.\(word).more" : nil
    }

    /// Every command, in the order help lists them.
    public static let all: [CommandDeclaration] = [
        CommandDeclaration("base", "base [CUR]", .currency, forms: [("base", "show"), ("base CUR", "set")]),
        CommandDeclaration("swap", "swap", .none, forms: [("swap", "run")]),
        CommandDeclaration(
            "recent", "recent [clear]", .keywords(["clear"]), forms: [("recent", "show"), ("recent clear", "clear")], more: true),
        CommandDeclaration("list", "list [TEXT]", .text, forms: [("list [TEXT]", "run")]),
        CommandDeclaration("rates", "rates [CUR …]", .currencies, forms: [("rates [CUR …]", "run")]),
        CommandDeclaration(
            "chart", "chart CUR CUR [PERIOD]", .text,
            forms: [("chart CUR CUR", "run"), ("chart CUR CUR PERIOD", "period")], more: true),
        CommandDeclaration("refresh", "refresh", .none, forms: [("refresh", "run")], more: true),
        CommandDeclaration(
            "source", "source [NAME|auto]", .provider,
            forms: [("source", "show"), ("source NAME", "set"), ("source auto", "auto")]),
        CommandDeclaration(
            "locale", "locale [ID|default]", .locale,
            forms: [("locale", "show"), ("locale ID", "set"), ("locale default", "default")]),
        CommandDeclaration("preview", "preview [on|off]", .keywords(["on", "off"]), forms: [("preview", "show"), ("preview on|off", "set")]),
        CommandDeclaration(
            "fee", "fee [PERCENT|off]", .percentage, forms: [("fee", "show"), ("fee PERCENT", "set"), ("fee off", "off")], more: true),
        CommandDeclaration("status", "status", .none, forms: [("status", "run")]),
        CommandDeclaration("help", "help [COMMAND]", .command, forms: [("help", "overview"), ("help COMMAND", "topic")]),
        CommandDeclaration("quit", aliases: ["exit"], "quit, exit", .none, forms: [("quit, exit", "run")]),
    ]

    /// Every command word and alias.
    public static let words: [String] = all.flatMap(\.words)

    /// The declaration a word runs, if any, folded as names are (`LİST` in Turkish caps is
    /// `list`).
    public static func named(_ word: some StringProtocol) -> CommandDeclaration? {
        let folded = TextFolding.fold(word)
        return all.first { $0.words.contains(folded) }
    }
}
