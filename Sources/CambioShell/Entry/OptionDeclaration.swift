import CambioCore

/// One command-line option, declared once: `Options.parse`, `--help`, the man page and the
/// completion scripts are derived from `OptionDeclaration.all`.
public struct OptionDeclaration: Sendable {
    /// What the option does to `Options`.
    enum Effect: Sendable {
        case plain, offline, refresh, lineBuffered, save, help, version, manual
        case format, locale, completion
        case round, input, to, from, column, encoding, total, average, maxAge, rule, source
    }

    /// What may follow the option, for parsing and completion.
    public enum Value: Equatable, Sendable {
        case none
        /// One of these words.
        case choice(placeholder: String, [String])
        /// A locale identifier.
        case locale
        /// Free text (`--round "minor half-up"`), checked where it is used.
        case text(placeholder: String)
        /// A currency code.
        case currency
    }

    /// `--plain`.
    public let long: String
    /// `-h`, where there is one.
    public let short: String?
    public let value: Value
    /// The key of its description (`option.plain`).
    public let key: String
    let effect: Effect

    /// The placeholder of its value (`FORMAT`), or `nil`.
    public var placeholder: String? {
        switch value {
        case .none: nil
        case .choice(let placeholder, _): placeholder
        case .locale: "ID"
        case .text(let placeholder): placeholder
        case .currency: "CUR"
        }
    }

    /// `-h, --help`, `--format FORMAT`.
    public var synopsis: String {
        let names = (short.map { [$0] } ?? []) + [long]
        return names.joined(separator: ", ") + (placeholder.map { " " + $0 } ?? "")
    }

    /// Every option, in the order `--help` lists them.
    public static let all: [OptionDeclaration] = [
        OptionDeclaration(long: "--plain", short: nil, value: .none, key: "option.plain", effect: .plain),
        OptionDeclaration(long: "--offline", short: nil, value: .none, key: "option.offline", effect: .offline),
        OptionDeclaration(long: "--refresh", short: nil, value: .none, key: "option.refresh", effect: .refresh),
        OptionDeclaration(
            long: "--format", short: nil,
            value: .choice(
                placeholder: "FORMAT", OutputFormat.allCases.map(\.rawValue) + PriceSyntax.names.filter { OutputFormat(rawValue: $0) == nil }),
            key: "option.format", effect: .format),
        OptionDeclaration(long: "--round", short: nil, value: .text(placeholder: "RULE"), key: "option.round", effect: .round),
        OptionDeclaration(long: "--rule", short: nil, value: .text(placeholder: "ID"), key: "option.rule", effect: .rule),
        OptionDeclaration(long: "--source", short: nil, value: .text(placeholder: "NAME"), key: "option.source", effect: .source),
        OptionDeclaration(
            long: "--input", short: nil, value: .choice(placeholder: "TABLE", ["csv", "tsv"]), key: "option.input", effect: .input),
        OptionDeclaration(long: "--to", short: nil, value: .currency, key: "option.to", effect: .to),
        OptionDeclaration(long: "--from", short: nil, value: .currency, key: "option.from", effect: .from),
        OptionDeclaration(long: "--column", short: nil, value: .text(placeholder: "ROLE=NAME"), key: "option.column", effect: .column),
        OptionDeclaration(
            long: "--encoding", short: nil, value: .choice(placeholder: "ENCODING", ["utf-8", "windows-1252"]), key: "option.encoding",
            effect: .encoding),
        OptionDeclaration(
            long: "--total", short: nil, value: .choice(placeholder: "SUM", ["exact", "rounded"]), key: "option.total", effect: .total),
        OptionDeclaration(
            long: "--average", short: nil, value: .choice(placeholder: "PERIOD", ["monthly", "yearly"]), key: "option.average", effect: .average),
        OptionDeclaration(long: "--max-age", short: nil, value: .text(placeholder: "DAYS"), key: "option.maxAge", effect: .maxAge),
        OptionDeclaration(long: "--line-buffered", short: nil, value: .none, key: "option.lineBuffered", effect: .lineBuffered),
        OptionDeclaration(long: "--save", short: nil, value: .none, key: "option.save", effect: .save),
        OptionDeclaration(long: "--locale", short: nil, value: .locale, key: "option.locale", effect: .locale),
        OptionDeclaration(
            long: "--completion", short: nil, value: .choice(placeholder: "SHELL", CompletionScript.Shell.allCases.map(\.rawValue)),
            key: "option.completion", effect: .completion),
        OptionDeclaration(long: "--man", short: nil, value: .none, key: "option.man", effect: .manual),
        OptionDeclaration(long: "--help", short: "-h", value: .none, key: "option.help", effect: .help),
        OptionDeclaration(long: "--version", short: "-V", value: .none, key: "option.version", effect: .version),
    ]

    /// The option an argument names (`--format`, `-h`), if any.
    static func named(_ name: some StringProtocol) -> OptionDeclaration? {
        all.first { $0.long == name || ($0.short.map { $0 == name } ?? false) }
    }
}
