/// What one command line produced, line by line.
public struct Reply: Sendable, Equatable {
    public enum Line: Sendable, Equatable {
        /// A result: goes to standard output in every mode. `detail` (the rate used) is
        /// shown beside it on terminals and left out of pipes.
        case result(ResultText, detail: String? = nil)
        /// A heading or label around results (shown on terminals).
        case heading(String)
        /// Context around a result: shown on terminals, left out of pipes.
        case note(String)
        /// What was taken in reading the line where it could be read otherwise (“peso” taken
        /// as MXN, “12,50” read as 12.500): shown on terminals and, in pipes and one-shot
        /// commands, on standard error — never left unsaid.
        case assumption(String)
        /// The table a result came from (date, age, source): the shell shows it when it
        /// changes, not under every result.
        case source(String)
        /// The command failed; goes to standard error. (Boxed: an error is large, and every
        /// line's reply is copied and scanned.)
        indirect case error(CommandError, message: String)
        /// A row of a chart: standard output in every mode, coloured on a colour terminal.
        case chart(String)
        /// Rows of cells, laid out by the renderer (`status`, `rates`, `list`, `help`):
        /// standard output in every mode.
        case table(ReplyTable)
        /// A problem that is not the line's failure (a refresh that got no rates): on a
        /// terminal with the results, on standard error in a pipe.
        case warning(String)
    }

    public var lines: [Line] = []
    /// The line's one result as a value, when it has exactly one (a conversion into one
    /// currency, or a calculation): what the live preview shows.
    public var value: Money?
    /// The conversions behind the result lines, for machine-readable output.
    public var conversions: [Conversion] = []
    /// What other commands produced as data (rates, currencies, status), for machine-readable
    /// output; conversions are in `conversions`.
    public var records: [Record] = []
    /// The line's `# comment` (`45,80 eur in usd on 2024-01-15  # Hotel`), carried into each of
    /// its records as `label`; `nil` without one.
    public var label: String?

    public init(_ lines: [Line] = []) { self.lines = lines }

    /// Empties the reply, keeping its storage for the next line's.
    public mutating func clear() {
        lines.removeAll(keepingCapacity: true)
        conversions.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        if value != nil { value = nil }
        if label != nil { label = nil }
    }

    /// Puts `line` before the line at `index` (a note before the results it is about).
    public mutating func insert(_ line: Line, at index: Int) {
        lines.insert(line, at: index)
    }

    /// Appends the text of the result, chart and table lines to `bytes`, a line each: what a
    /// pipe writes for a reply without assumptions, warnings or errors.
    public func appendResults(to bytes: inout [UInt8]) {
        for index in lines.indices {
            switch lines[index] {
            case .result(let text, _): text.append(to: &bytes)
            case .chart(let text): bytes += text.utf8
            case .table(let table):
                for line in table.lines { bytes += line.utf8 + [0x0A] }
                continue
            default: continue
            }
            bytes.append(0x0A)
        }
    }

    public var failed: Bool {
        lines.contains { if case .error = $0 { true } else { false } }
    }

    /// The text of the results and tables: what standard output shows of the reply.
    public var results: [String] {
        lines.flatMap { line -> [String] in
            switch line {
            case .result(let text, _): [text.string]
            case .table(let table): table.lines
            default: []
            }
        }
    }
}

extension Reply.Line {
    /// A result line from a `String`.
    public static func result(_ text: String, detail: String? = nil) -> Reply.Line { .result(ResultText(text), detail: detail) }
}
