/// What a line means when it is not written as the grammar reads it, mended before it is
/// parsed (every character keeps its column), or a better error for it.
struct InputRepair {
    let amountParser: AmountParser
    let formatter: MoneyFormatter
    let localized: Localization
    /// The locale's grouping separator when it is a space (asked once, not every line).
    private let spaceGrouping: Character?

    init(amountParser: AmountParser, formatter: MoneyFormatter, localized: Localization) {
        self.amountParser = amountParser
        self.formatter = formatter
        self.localized = localized
        spaceGrouping = amountParser.conventions.groupingSeparator.flatMap { $0.isWhitespace ? $0 : nil }
    }

    /// In a locale that groups digits with a space (fr_FR: a narrow no-break space), an
    /// ordinary space typed between groups is read as that grouping space where it can only
    /// be one: digits, one space, exactly three digits, and no digit after (`1 234,5`). Two
    /// numbers in a row mean nothing else, and every character keeps its column.
    func spaceGroupsJoined(_ line: String) -> String {
        Self.spaceGroupsJoined(line, spaceGrouping, primary: amountParser.conventions.primaryGroupSize)
    }

    /// The same for any text (a document's amount cell), with the locale's grouping space (none:
    /// the text as it is) and its group size.
    static func spaceGroupsJoined(_ line: String, _ spaceGrouping: Character?, primary: Int) -> String {
        guard let grouping = spaceGrouping, line.utf8.contains(0x20) else { return line }
        var characters = Array(line)
        var changed = false
        for index in characters.indices where characters[index] == " " {
            guard index > 0, characters[index - 1].isASCII, characters[index - 1].isNumber else { continue }
            // The digits before: a whole group of 1…3 digits (or a group after another).
            var start = index - 1
            while start > 0, characters[start - 1].isASCII, characters[start - 1].isNumber { start -= 1 }
            guard index - start <= primary, start == 0 || !characters[start - 1].isLetter else { continue }
            var end = index + 1
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            guard end - index - 1 == primary else { continue }
            characters[index] = grouping
            changed = true
        }
        return changed ? String(characters) : line
    }

    /// Persian writes the decimal point as a slash (`۱۲/۵` is 12.5), and a slash is division
    /// everywhere else: in a Persian locale a slash between two digits with no space around it
    /// is read as the decimal separator, and the reply says so (division is `۱۲ ÷ ۵`, or the
    /// slash with spaces). Every character keeps its column.
    func decimalSlashesRead(_ line: String) -> (String, [String]) {
        guard amountParser.conventions.localeID.hasPrefix("fa"), line.contains("/") else { return (line, []) }
        var characters = Array(line)
        var notes: [String] = []
        for index in characters.indices.dropFirst().dropLast() where characters[index] == "/" {
            guard characters[index - 1].isNumber, characters[index + 1].isNumber else { continue }
            // Digits with two slashes or more are a date (`۲۰۲۰/۰۳/۱۵`, `2020/3/15`), never a
            // number: an amount has one decimal separator.
            var first = index
            while first > 0, characters[first - 1].isNumber || characters[first - 1] == "/" { first -= 1 }
            var last = index
            while last + 1 < characters.count, characters[last + 1].isNumber || characters[last + 1] == "/" { last += 1 }
            guard characters[first...last].filter({ $0 == "/" }).count == 1 else { continue }
            characters[index] = "\u{066B}"
            var start = index - 1
            while start > 0, characters[start - 1].isNumber { start -= 1 }
            var end = index + 1
            while end + 1 < characters.count, characters[end + 1].isNumber { end += 1 }
            let typed = String(characters[start...end]).replacingOccurrences(of: "\u{066B}", with: "/")
            let value = amountParser.parse(String(characters[start...end]))
            if case .success(let amount) = value {
                notes.append(localized("note.decimalSlash", Sanitiser.quoted(typed), formatter.formatNumberGiven(amount.exact)))
            }
        }
        return (notes.isEmpty ? line : String(characters), notes)
    }

    /// A result line typed back whole (`€12.500 = $14.291`, copied from the screen): the
    /// error names the line that converts again, rather than a currency missing after `=`.
    func pastedResult(_ line: String, _ grammar: CommandGrammar) -> CommandError? {
        let parts = line.components(separatedBy: " = ")
        guard parts.count == 2,
            case .success(.convert(_?, _, let fromTargets)) = Parser.parse(spaceGroupsJoined(parts[0]), commands: grammar), fromTargets.isEmpty,
            case .success(.convert(let amount?, let to, let toTargets)) = Parser.parse(spaceGroupsJoined(parts[1]), commands: grammar),
            toTargets.isEmpty,
            let currency = amount.symbol ?? to
        else { return nil }
        let conversion = parts[0].trimmingSpaces() + " in " + currency.text
        return CommandError(.pastedResult(conversion: conversion), at: parts[0].count + 1..<line.count)
    }
}
