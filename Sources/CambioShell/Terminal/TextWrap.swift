import CambioCore

/// Breaks lines wider than the terminal at spaces, so a long message or help line continues
/// under itself instead of being cut mid-word by the terminal. A continuation starts where
/// the line's text does: under a two-column row's second column (`  base [CUR]   shows…`),
/// else under the line's own indentation or after its label (`error: `).
enum TextWrap {
    /// `text` (one or more lines, no escape sequences) fitted to `width` columns. A word wider
    /// than the room left stays whole; the terminal breaks it.
    static func wrap(_ text: String, width: Int, hangAfter label: String = "") -> String {
        guard width >= 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrapLine(String($0), width: width, hangAfter: label) }
            .joined(separator: "\n")
    }

    /// The lines of one reply. Rows of a two-column block (one after another, the second
    /// column at the same place: `status`, a section of `help`) keep one layout: when one row
    /// must put its second column under the first, every row of the block does.
    static func wrap(lines: [String], width: Int) -> [String] {
        guard width >= 20 else { return lines }
        let columns = lines.map { line -> Int? in
            let characters = Array(line)
            guard let second = secondColumn(characters, from: characters.prefix { $0 == " " }.count),
                secondColumn(characters, from: second) == nil
            else { return nil }
            return DisplayWidth.of(String(characters[..<second]))
        }
        var stack = Array(repeating: false, count: lines.count)
        var start = 0
        while start < lines.count {
            guard let column = columns[start] else {
                start += 1
                continue
            }
            var end = start
            while end < lines.count, columns[end] == column { end += 1 }
            // Stacked when the second column has too little room, or when a word in it (a
            // path) could not fit beside the first and the terminal would cut it.
            let tooNarrow = column > width - 20 && lines[start..<end].contains { DisplayWidth.of($0) > width }
            let wordTooWide = lines[start..<end].contains { line in
                line.split(separator: " ").dropFirst().contains { column + DisplayWidth.of($0) > width }
            }
            if tooNarrow || wordTooWide {
                for index in start..<end { stack[index] = true }
            }
            start = end
        }
        return lines.indices.map { stack[$0] ? stacked(lines[$0], width: width) : wrap(lines[$0], width: width) }
    }

    /// A two-column row with its second column under the first, indented.
    private static func stacked(_ line: String, width: Int) -> String {
        let characters = Array(line)
        let indent = characters.prefix { $0 == " " }.count
        guard let second = secondColumn(characters, from: indent) else { return wrap(line, width: width) }
        var first = String(characters[..<second])
        while first.last == " " { first.removeLast() }
        let rest = String(repeating: " ", count: indent + 4) + String(characters[second...])
        return first + "\n" + wrapLine(rest, width: width, hangAfter: "")
    }

    private static func wrapLine(_ line: String, width: Int, hangAfter label: String) -> String {
        guard DisplayWidth.of(line) > width else { return line }
        let characters = Array(line)
        let indent = characters.prefix { $0 == " " }.count
        var hang = indent
        if !label.isEmpty, line.hasPrefix(label) {
            hang = DisplayWidth.of(label)
        } else if let second = secondColumn(characters, from: indent) {
            // A row of a table (more columns after the second) is not broken: its columns
            // would no longer line up with the rows that fit.
            if secondColumn(characters, from: second) != nil { return line }
            let column = DisplayWidth.of(String(characters[..<second]))
            // A second column with too little room goes under the first.
            if column > width - 20 { return stacked(line, width: width) }
            hang = column
        }
        hang = min(hang, max(0, width - 20))
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        // Words with the spaces before them, so indentation and column gaps are kept.
        for (spaces, word) in pieces(line) {
            let spaceWidth = spaces.count
            let wordWidth = DisplayWidth.of(word)
            if currentWidth > hang, currentWidth + spaceWidth + wordWidth > width {
                lines.append(current)
                current = String(repeating: " ", count: hang) + word
                currentWidth = hang + wordWidth
            } else {
                current += spaces + word
                currentWidth += spaceWidth + wordWidth
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// Where a second column starts (the index of its first character): after a gap of two
    /// or more spaces that follows some text.
    private static func secondColumn(_ characters: [Character], from start: Int) -> Int? {
        var index = start
        while index + 1 < characters.count {
            if characters[index] == " ", characters[index + 1] == " " {
                var end = index
                while end < characters.count, characters[end] == " " { end += 1 }
                return end < characters.count ? end : nil
            }
            index += 1
        }
        return nil
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

