import CambioCore

/// Fits text to the terminal's width, so that a long message, help line or table row continues
/// under itself instead of being cut mid-word by the terminal. Prose breaks at spaces and
/// continues under its own indentation or after its label (`error: `); a table of a label and
/// a value continues its value under the value, or puts it under the label when there is too
/// little room beside it, one layout for every row of the table.
enum TextWrap {
    /// `text` (one or more lines, no escape sequences) fitted to `width` columns. A word wider
    /// than the room left stays whole; the terminal breaks it.
    static func wrap(_ text: String, width: Int, hangAfter label: String = "") -> String {
        guard width >= 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrapLine(String($0), width: width, hang: hangFor(String($0), label: label, width: width)) }
            .joined(separator: "\n")
    }

    /// A table's lines fitted to `width`. A table of more than two columns (`list`, `rates`) is
    /// left whole: its columns would no longer line up with the rows that fit. Of two columns,
    /// the second continues under itself; it goes under the first, indented, in every row, when
    /// it has less than 20 columns of room or a word in it (a path) could not fit beside the
    /// first.
    static func table(_ table: ReplyTable, width: Int?) -> [String] {
        guard let width, width >= 20, let columns = table.rows.map(\.count).max(), columns == 2 else { return table.lines }
        let widths = table.columnWidths
        let start = table.indent + widths[0] + table.gap
        let margin = String(repeating: " ", count: table.indent)
        let tooNarrow = start > width - 20 && table.lines.contains { DisplayWidth.of($0) > width }
        let wordTooWide = table.rows.contains { row in
            row.count == 2 && row[1].text.split(whereSeparator: { $0 == " " || $0 == "\n" }).contains { start + DisplayWidth.of(String($0)) > width }
        }
        if tooNarrow || wordTooWide {
            return table.rows.flatMap { row -> [String] in
                guard row.count == 2 else { return ReplyTable([row], gap: table.gap, indent: table.indent).lines }
                let hang = String(repeating: " ", count: table.indent + 4)
                let value = row[1].text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
                    wrapLine(hang + $0, width: width, hang: table.indent + 4).split(separator: "\n").map(String.init)
                }
                return [margin + row[0].text] + (row[1].text.isEmpty ? [] : value)
            }
        }
        return table.rows.flatMap { row -> [String] in
            guard row.count == 2 else { return ReplyTable([row], gap: table.gap, indent: table.indent).lines }
            let first = margin + DisplayWidth.padRight(row[0].text, to: widths[0]) + String(repeating: " ", count: table.gap)
            let hang = String(repeating: " ", count: start)
            let parts = row[1].text.split(separator: "\n", omittingEmptySubsequences: false)
            return parts.enumerated().flatMap { index, part in
                wrapLine((index == 0 ? first : hang) + part, width: width, hang: start).split(separator: "\n").map { line in
                    var line = String(line)
                    while line.last == " " { line.removeLast() }
                    return line
                }
            }
        }
    }

    /// Where the continuations of a line start: after its label, else under its indentation,
    /// leaving at least 20 columns.
    private static func hangFor(_ line: String, label: String, width: Int) -> Int {
        var hang = !label.isEmpty && line.hasPrefix(label) ? DisplayWidth.of(label) : line.prefix { $0 == " " }.count
        // An indented example and its description (`  12,50 eur in usd  the rate of a day`): the
        // description goes on under itself.
        if label.isEmpty, hang > 0, let gap = line.dropFirst(hang).range(of: "  ") {
            let spaces = line[gap.lowerBound...].prefix { $0 == " " }.count
            hang = DisplayWidth.of(String(line[..<gap.lowerBound])) + spaces
        }
        return min(hang, max(0, width - 20))
    }

    private static func wrapLine(_ line: String, width: Int, hang: Int) -> String {
        guard DisplayWidth.of(line) > width else { return line }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        // Whether the line being filled has a word yet: the first word of a line never breaks.
        var hasWord = false
        // Words with the spaces before them, so indentation and gaps are kept.
        for (spaces, word) in pieces(line) {
            let spaceWidth = spaces.count
            let wordWidth = DisplayWidth.of(word)
            if hasWord, currentWidth + spaceWidth + wordWidth > width {
                lines.append(current)
                current = String(repeating: " ", count: hang) + word
                currentWidth = hang + wordWidth
            } else {
                current += spaces + word
                currentWidth += spaceWidth + wordWidth
                hasWord = true
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// The line as (spaces before, word) pairs.
    private static func pieces(_ line: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var spaces = ""
        var word = ""
        for character in line {
            if character == " " {
                if !word.isEmpty {
                    result.append((spaces, word))
                    spaces = ""
                    word = ""
                }
                spaces.append(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty || !spaces.isEmpty { result.append((spaces, word)) }
        return result
    }
}
