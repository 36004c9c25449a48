/// Rows of cells that a reply shows as a table (`status`, `rates`, `list`, `help`): the
/// renderer pads the columns to their widest cell, in display columns, and fits the last one
/// to the terminal, wrapping it under itself or putting it under the row when there is too
/// little room. Core never pads: it says what each cell is.
public struct ReplyTable: Sendable, Equatable {
    /// What a cell holds, which decides how it is aligned and styled.
    public enum Role: Sendable, Equatable {
        /// A label before a value (`status`), a synopsis before its description (`help`).
        case label
        /// What a label says; prose that may wrap.
        case value
        /// A currency code, a mark (`*`).
        case code
        case symbol
        /// A currency's name, a provider's attribution.
        case name
        /// A figure (a rate, minor units).
        case figure
    }

    public struct Cell: Sendable, Equatable {
        public let text: String
        public let role: Role

        public init(_ text: String, _ role: Role) {
            self.text = text
            self.role = role
        }
    }

    public var rows: [[Cell]]
    /// Spaces between columns.
    public var gap: Int
    /// Spaces before the first column.
    public var indent: Int

    public init(_ rows: [[Cell]], gap: Int = 2, indent: Int = 0) {
        self.rows = rows
        self.gap = gap
        self.indent = indent
    }

    /// The rows as plain lines, each column padded to its widest cell (the last one is not):
    /// what a pipe shows and what a text record holds. A last cell of several lines continues
    /// under its own first line.
    public var lines: [String] {
        let widths = columnWidths
        let margin = String(repeating: " ", count: indent)
        let spacing = String(repeating: " ", count: gap)
        return rows.flatMap { row -> [String] in
            var line = margin
            var continuations: [String] = []
            for (index, cell) in row.enumerated() {
                if index == row.count - 1 {
                    let parts = cell.text.split(separator: "\n", omittingEmptySubsequences: false)
                    let hang = String(repeating: " ", count: DisplayWidth.of(line))
                    line += parts.first.map(String.init) ?? ""
                    continuations = parts.dropFirst().map { hang + $0 }
                } else {
                    line += DisplayWidth.padRight(cell.text, to: widths[index]) + spacing
                }
            }
            return ([line] + continuations).map { text in
                var text = text
                while text.last == " " { text.removeLast() }
                return text
            }
        }
    }

    /// The display width of each column's widest cell (a cell of several lines: its widest).
    public var columnWidths: [Int] {
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                let width = cell.text.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
                if index < widths.count { widths[index] = max(widths[index], width) } else { widths.append(width) }
            }
        }
        return widths
    }
}
