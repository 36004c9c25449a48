/// The text of `help` and `help COMMAND`, in the interface's language, laid out from the
/// command declarations.
public enum Help {
    /// The overview: how to convert, then every command with its one-line summary.
    public static func overview(_ localized: Localization) -> [String] {
        var lines = split(localized("help.convert"))
        lines += split(localized("help.calculate"))
        lines += split(localized("help.dates"))
        lines += split(localized("help.moreTopics"))
        lines.append(localized("help.commands"))
        lines += columns(CommandTable.declarations.map { (synopsis($0.synopsis, localized), localized($0.summaryKey)) }, indent: 2)
        lines += split(localized("help.footer"))
        return lines
    }

    /// One command: each way to use it with its description, then what more there is to say.
    public static func topic(_ declaration: CommandDeclaration, _ localized: Localization) -> [String] {
        var lines = columns(declaration.forms.map { (synopsis($0.synopsis, localized), localized($0.key)) }, indent: 0)
        if let more = declaration.moreKey { lines += split(localized(more)) }
        return lines
    }

    static func lines(topic: String?, _ localized: Localization, dateLocale: String = LocaleSettings.neutral) throws(CommandError) -> [String] {
        Reply(try reply(topic: topic, localized, dateLocale: dateLocale)).results
    }

    /// `help` as the shell shows it: prose, and the columns as tables the renderer fits to the
    /// terminal.
    static func reply(topic: String?, _ localized: Localization, dateLocale: String = LocaleSettings.neutral) throws(CommandError) -> [Reply.Line] {
        func prose(_ key: String) -> [Reply.Line] { split(localized(key)).map { .result($0) } }
        guard let topic else {
            let commands = CommandTable.declarations.map { (synopsis($0.synopsis, localized), localized($0.summaryKey)) }
            return prose("help.convert") + prose("help.calculate") + prose("help.dates") + prose("help.moreTopics") + [
                .result(localized("help.commands")), .table(table(commands, indent: 2)),
            ]
                + prose("help.footer")
        }
        if dateTopics.contains(topic) { return split(dates(localized, localeID: dateLocale)).map { .result($0) } }
        if averageTopics.contains(topic) { return prose("help.average") }
        if documentTopics.contains(topic) { return prose("help.documents") }
        guard let declaration = CommandTable.grammar.named(topic) else { throw CommandError(.unknownTopic(topic), at: nil) }
        let forms = declaration.forms.map { (synopsis($0.synopsis, localized), localized($0.key)) }
        return [.table(table(forms, indent: 0))] + (declaration.moreKey.map { prose($0) } ?? [])
    }

    /// Rows of a synopsis and its description, as a table.
    static func table(_ rows: [(String, String)], indent: Int) -> ReplyTable {
        ReplyTable(rows.map { [.init($0.0, .label), .init($0.1, .value)] }, indent: indent)
    }

    /// Words that ask for the help on dates.
    public static let dateTopics: Set<String> = ["on", "date", "dates", "datum", "tarih"]
    /// Words that ask for the help on averages, and on documents (folded).
    public static let averageTopics: Set<String> = ["average", "averages", "mean", "durchschnitt", "mittel", "ortalama", "srednia"]
    public static let documentTopics: Set<String> = [
        "documents", "document", "csv", "tsv", "input", "table", "tables", "statement", "dokumente", "tabelle", "tablo", "belge",
    ]

    /// `help on`: the date forms, with the locale's own, and what the history covers.
    static func dates(_ localized: Localization, localeID: String) -> String {
        let reader = DateReader(localeID: localeID)
        let example = reader.example
        let history = BundledHistory.shared
        // Dates with a separator other than the locale's own: one that only one reading makes
        // a day, both ways round, and one that both readings do.
        let other = reader.separator == "/" ? "." : "/"
        let forms = "25\(other)12\(other)2020, 12\(other)25\(other)2020"
        return localized(
            "help.on", example.padding(toLength: max(example.count, 10), withPad: " ", startingAt: 0), reader.pattern,
            history.firstDay.iso, history.lastDay.iso, RateStore.snapshotsSince.iso, forms.padding(toLength: 22, withPad: " ", startingAt: 0),
            "03\(other)04\(other)2020")
    }

    /// Left column padded to the widest entry plus two spaces, so that no column collides;
    /// a description of several lines keeps its indentation, and with `width` a long one is
    /// wrapped at spaces to fit.
    public static func columns(_ rows: [(String, String)], indent: Int, width: Int? = nil) -> [String] {
        let left = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        let margin = String(repeating: " ", count: indent)
        let hanging = String(repeating: " ", count: indent + left + 2)
        return rows.flatMap { row -> [String] in
            var descriptions = split(row.1)
            if let width {
                descriptions = descriptions.flatMap { wrap($0, width: max(20, width - indent - left - 2)) }
            }
            let first = margin + DisplayWidth.padRight(row.0, to: left) + "  " + (descriptions.first ?? "")
            return [first] + descriptions.dropFirst().map { hanging + $0 }
        }
    }

    /// Words of `text` in lines of at most `width` columns (a longer word stands alone).
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(String(word)) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Placeholders that have a word in the interface's language.
    public static let placeholders = ["CUR", "TEXT", "NAME", "ID", "COMMAND", "FORMAT", "SHELL", "OPTIONS", "PERCENT", "PERIOD", "PLACES", "RULE"]

    /// A synopsis with its placeholders in the interface's language (`help [COMMAND]` →
    /// `help [BEFEHL]`); keywords and command words stay as they are typed.
    public static func synopsis(_ synopsis: String, _ localized: Localization) -> String {
        var out = ""
        var word = ""
        func flush() {
            out += placeholders.contains(word) ? localized("placeholder.\(word)") : word
            word = ""
        }
        for character in synopsis {
            if character.isUppercase, character.isASCII {
                word.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }

    static func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
