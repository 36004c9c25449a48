import CambioCore

/// How results are written in one-shot and pipe mode.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// As on the screen, in the user's locale.
    case text
    /// One line a record: the input line's number, the record's type, then the table's fixed
    /// columns (`tableColumns`), separated by tabs, a record's own filled and the others
    /// empty; numbers as plain decimals with a point. One header line names the columns.
    case tsv
    /// The same as comma-separated values, quoted as RFC 4180 has it.
    case csv
    /// One JSON object a line and a record, with the input line's number and the record's
    /// type; decimals as strings, so that no digit is lost.
    case json

    /// The machine-readable lines for a reply (nothing for `text`). Every command gives
    /// records: conversions, rates, currencies, the base, status, errors (with their column),
    /// and the lines of any other command as `text`. Every record ends with the line's `label`
    /// (its `# comment`). `headed` says whether the table's header is written.
    func render(_ reply: Reply, line: Int, headed: inout Bool) -> String {
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
            guard self != .json else {
                out += write(labelled, line: line)
                continue
            }
            // One header for the whole table, whatever records follow.
            if !headed {
                out += (["line", "type"] + Self.tableColumns).joined(separator: separator) + "\n"
                headed = true
            }
            // `status`, whose facts vary with what is held, is a row a fact: its `field` and `value`.
            if record.type == "status" {
                for field in record.fields {
                    out += write(Record("status", [("field", .text(field.key)), ("value", field.value), ("label", label)]), line: line)
                }
                continue
            }
            out += write(labelled, line: line)
        }
        return out
    }

    /// The columns of a TSV or CSV table, after `line` and `type`: every record type's fields,
    /// each once, a conversion's first and in their order, so that a table of conversions reads
    /// as it always did up to its `label`.
    public static let tableColumns = [
        "amount", "from", "to", "rounded", "result", "rate", "date", "source", "date_asked", "substitution", "period", "period_days",
        "result_exact", "rate_exact", "part", "fee_percent", "rounded_with_fee", "result_with_fee", "mid_rate", "markup_percent", "label",
        // A rate's, an expression's, a price's, a chart's.
        "inverse", "typed", "expression", "currency", "rate_date", "first_day", "last_day", "days", "first", "last", "min", "max",
        "change_percent",
        // A currency's and the base's; a setting's; an error's; another command's line; a status fact.
        "code", "symbol", "name", "minor_units", "percent", "places", "rule", "rate_kind", "column", "message", "text", "field", "value",
    ]

    /// Where each column stands.
    private static let columnIndex = Dictionary(uniqueKeysWithValues: tableColumns.enumerated().map { ($1, $0) })

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

    /// A field's cell in TSV or CSV.
    private func cell(_ value: Record.Value) -> String {
        switch value {
        // Text may come from outside (a label, a typed line, a provider's name): never a
        // formula in a spreadsheet. A decimal is a number, its minus its sign.
        case .text(let text): self == .csv ? Self.csvField(DelimitedText.inert(text)) : Self.tsvField(DelimitedText.inert(text))
        case .decimal(let text): self == .csv ? Self.csvField(text) : Self.tsvField(text)
        case .integer(let value): String(value)
        case .flag(let value): String(value)
        case .absent: ""
        }
    }

    private func write(_ record: Record, line: Int) -> String {
        switch self {
        case .text:
            return ""
        case .tsv, .csv:
            var values = Array(repeating: "", count: Self.tableColumns.count)
            for field in record.fields {
                // Every record's field has its column (a test walks every command's records).
                guard let column = Self.columnIndex[field.key] else {
                    assertionFailure("no column for \(field.key)")
                    continue
                }
                values[column] = cell(field.value)
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
