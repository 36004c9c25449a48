import CambioCore

/// The command line: options anywhere before `--`, and the words of a one-shot command.
public struct Options: Equatable, Sendable {
    public var plain = false
    /// Never touch the network.
    public var offline = false
    /// Fetch rates before a one-shot command or a pipe.
    public var refresh = false
    /// How one-shot and pipe results are written.
    public var format: OutputFormat = .text
    /// Write each result as soon as its line is done, even into a pipe.
    public var lineBuffered = false
    /// Keep the setting changes and recent currencies of a one-shot command or a pipe.
    public var save = false
    public var showHelp = false
    public var showVersion = false
    /// Print the manual page (roff).
    public var showManual = false
    /// Print a completion script for this shell.
    public var completion: CompletionScript.Shell?
    public var locale: String?
    /// `--format ledger` (hledger, beancount, gnucash, csv): the syntax of `prices`.
    public var priceSyntax: String?
    /// `--round`: how results are rounded, as typed (read by `Rounding(setting:)`).
    public var rounding: String?
    /// `--rule pl`: a jurisdiction's rule for every line; `--source nbp`: a source for every line.
    public var rule: String?
    public var source: String?
    /// `--input csv|tsv`: the words name a table to convert (`-` for standard input).
    public var input: String?
    /// `--to` (repeatable, or codes separated by commas): the currencies a table is converted into.
    public var targets: [String] = []
    /// `--from`: the currency of a table's amounts when it has no currency column.
    public var from: String?
    /// `--column ROLE=NAME` (repeatable): a table's column for a role, by its header.
    public var columns: [String] = []
    /// `--encoding`: a table's encoding, when it is not to be detected.
    public var encoding: String?
    /// A table's totals as the sum of its rounded rows (the default), or of its exact values
    /// rounded once (`--total exact`).
    public var totalOfRounded = true
    /// `--average monthly` (or `yearly`): a table's rows each at the mean of its month's (year's)
    /// published days.
    public var average: String?
    /// `--max-age DAYS`: a result at rates older than that fails (exit status 4).
    public var maxAge: Int?

    /// The most days `--max-age` and the `max-age` setting take (a century).
    static let maxAgeRange = 0...36_500
    /// The words of a one-shot command (`12,50 eur in usd`), empty for the shell or a pipe.
    public var words: [String] = []

    /// A usage error, reported with exit status 2.
    public struct UsageError: Error, Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// An option no declaration names.
            case unknownOption(String)
            /// An option that needs a value came last.
            case missingValue(option: String, placeholder: String)
            /// A value the option does not take.
            case invalidValue(option: String, value: String, allowed: [String])
        }

        public let kind: Kind
    }

    /// Reads options wherever they stand (`cambio 12 eur in usd --plain`); after `--` every
    /// argument is a word. A negative amount (`-12,5`) is a word, not an option.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                options.words += arguments[index...]
                break
            }
            if !Self.looksLikeOption(argument) {
                options.words.append(argument)
                continue
            }
            var name = Substring(argument)
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                attached = String(argument[argument.index(after: equals)...])
            }
            guard let option = OptionDeclaration.named(name) else {
                throw UsageError(kind: .unknownOption(argument))
            }
            var value: String?
            if let placeholder = option.placeholder {
                if let attached {
                    value = attached
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(kind: .missingValue(option: option.long, placeholder: placeholder))
                }
                if case .choice(_, let allowed) = option.value, let given = value, !allowed.contains(given) {
                    throw UsageError(kind: .invalidValue(option: option.long, value: given, allowed: allowed))
                }
                if option.effect == .maxAge, let given = value, !(Int(given).map(Self.maxAgeRange.contains) ?? false) {
                    throw UsageError(kind: .invalidValue(option: option.long, value: given, allowed: ["0", "…", "36500"]))
                }
            } else if attached != nil {
                throw UsageError(kind: .unknownOption(argument))
            }
            options.apply(option.effect, value ?? "")
        }
        return options
    }

    private mutating func apply(_ effect: OptionDeclaration.Effect, _ value: String) {
        switch effect {
        case .plain: plain = true
        case .offline: offline = true
        case .refresh: refresh = true
        case .lineBuffered: lineBuffered = true
        case .save: save = true
        case .help: showHelp = true
        case .version: showVersion = true
        case .manual: showManual = true
        case .format:
            format = OutputFormat(rawValue: value) ?? .text
            priceSyntax = PriceSyntax.names.contains(value) ? value : nil
        case .locale: locale = value
        case .completion: completion = CompletionScript.Shell(rawValue: value)
        case .round: rounding = value
        case .rule: rule = value
        case .source: source = value
        case .input: input = value
        case .to: targets += value.split { $0 == "," || $0 == " " }.map(String.init)
        case .from: from = value
        case .column: columns.append(value)
        case .encoding: encoding = value
        case .total: totalOfRounded = value == "rounded"
        case .average: average = value
        case .maxAge: maxAge = Int(value)
        }
    }

    /// `-h`, `--plain`, `--format=json`: a dash (or two) and a letter. `-12,5` is a negative
    /// amount and `->` an arrow: words of the command.
    private static func looksLikeOption(_ argument: String) -> Bool {
        let rest = argument.hasPrefix("--") ? argument.dropFirst(2) : argument.hasPrefix("-") ? argument.dropFirst() : ""
        return rest.first.map { $0.isASCII && $0.isLetter } ?? false
    }
}
