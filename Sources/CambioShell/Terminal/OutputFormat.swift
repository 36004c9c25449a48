import CambioCore

/// How results are written in one-shot and pipe mode.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// As on the screen, in the user's locale.
    case text
    /// One line a record: the input line's number, the record's type, then its fields in a
    /// fixed order, separated by tabs; numbers as plain decimals with a point. Before the first
    /// record of a type, a header line names its columns.
    case tsv
    /// The same as comma-separated values, quoted as RFC 4180 has it.
    case csv
    /// One JSON object a line and a record, with the input line's number and the record's
    /// type; decimals as strings, so that no digit is lost.
    case json

    /// The machine-readable lines for a reply (nothing for `text`). Every command gives
    /// records: conversions, rates, currencies, the base, status, errors (with their column),
    /// and the lines of any other command as `text`. Every record ends with the line's `label`
    /// (its `# comment`). `headed` holds the types whose header a table has written.
    func render(_ reply: Reply, line: Int, headed: inout Set<String>) -> String {
        guard self != .text else { return "" }
        var records = reply.conversions.map(Record.init) + reply.records
        for case .error(let error, let message) in reply.lines {
            records.append(
                Record("error", [("column", error.range.map { .integer($0.lowerBound + 1) } ?? .absent), ("message", .text(message))]))
        }
        if records.isEmpty {
            // Any other command: its lines as text (a setting changed says so in a note).
            records = reply.lines.flatMap { line -> [Record] in
                switch line {
                case .result(let text, _): [Record("text", [("text", .text(text.string))])]
                case .heading(let text), .note(let text): [Record("text", [("text", .text(text))])]
                case .table(let table): table.lines.map { Record("text", [("text", .text($0))]) }
                default: []
                }
            }
        }
        let label = reply.label.map(Record.Value.text) ?? .absent
        var out = ""
        for record in records {
            let labelled = Record(record.type, record.fields + [("label", label)])
            if self != .json, headed.insert(record.type).inserted { out += header(labelled) }
            out += write(labelled, line: line)
        }
        return out
    }

    /// A field never breaks the line or the columns, and no control character reaches the
    /// output: tabs and line ends of any kind (CR LF, which Swift reads as one character, NEL,
    /// U+2028, U+2029) become spaces, by scalar; other controls (ESC) are made visible by the one
    /// sanitiser.
    static func tsvField(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var spaced = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: spaced.append(" ")
            default: spaced.append(scalar)
            }
        }
        return Sanitiser.visible(String(spaced))
    }

    /// A CSV field: the TSV field (one line, visible), quoted where it holds a comma or a quote.
    static func csvField(_ text: String) -> String {
        DelimitedText.field(tsvField(text), delimiter: UInt8(ascii: ","))
    }

    private var separator: String { self == .csv ? "," : "\t" }

    /// `line`, `type`, then the names of the record's fields.
    private func header(_ record: Record) -> String {
        (["line", "type"] + record.fields.map(\.key)).joined(separator: separator) + "\n"
    }

    private func write(_ record: Record, line: Int) -> String {
        switch self {
        case .text:
            return ""
        case .tsv, .csv:
            let values = record.fields.map { field -> String in
                switch field.value {
                // Text may come from outside (a label, a typed line, a provider's name): never a
                // formula in a spreadsheet. A decimal is a number, its minus its sign.
                case .text(let text):
                    return self == .csv ? Self.csvField(DelimitedText.inert(text)) : Self.tsvField(DelimitedText.inert(text))
                case .decimal(let text):
                    return self == .csv ? Self.csvField(text) : Self.tsvField(text)
                case .integer(let value): return String(value)
                case .flag(let value): return String(value)
                case .absent: return ""
                }
            }
            return ([String(line), record.type] + values).joined(separator: separator) + "\n"
        case .json:
            let members =
                [("line", String(line)), ("type", JSONText.string(record.type))]
                + record.fields.map { field -> (String, String) in
                    switch field.value {
                    case .text(let text), .decimal(let text): (field.key, JSONText.string(text))
                    case .integer(let value): (field.key, String(value))
                    case .flag(let value): (field.key, String(value))
                    case .absent: (field.key, "null")
                    }
                }
            return "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}\n"
        }
    }
}
