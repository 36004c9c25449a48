/// Every sentence Cambio says about an error, written in one place.
public enum Messages {
    /// Quotes what the user typed, shortened to 40 characters. The marks are placeholders
    /// that the sentence it goes into replaces with its language's quotation marks (“…” in
    /// English and Turkish, „…“ in German), so one message never mixes two kinds.
    public static func quoted(_ text: some StringProtocol) -> String {
        let shown = text.count > 40 ? String(text.prefix(39)) + "…" : String(text)
        return String(openQuote) + visible(shown) + String(closeQuote)
    }

    /// Private-use characters that stand for the quotation marks until a sentence is made.
    static let openQuote: Character = "\u{E000}"
    static let closeQuote: Character = "\u{E001}"

    /// Text with control characters shown as `U+XXXX`, so nothing typed or read can move the cursor.
    public static func visible(_ text: some StringProtocol) -> String {
        var out = ""
        for scalar in String(text).unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .control || category == .format && !NumberConventions.bidiMarks.contains(Character(scalar)) {
                out += "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `a, b or c` in the interface's language.
    public static func alternatives(_ items: [String], _ localized: Localization) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " \(localized("list.or")) " + last
    }

    /// The sentence for an error; `name` gives a currency's name in the user's language.
    public static func describe(_ error: CommandError, localized: Localization, name: (CurrencyCode) -> String) -> String {
        func named(_ code: CurrencyCode) -> String { "\(code) (\(name(code)))" }
        switch error.kind {
        case .unexpectedCharacter(let character):
            // Bytes that were not UTF-8 arrive as U+FFFD.
            if character == "\u{FFFD}" { return localized("error.notUTF8") }
            return localized("error.unexpectedCharacter", quoted(String(character)))
        case .badAmount(let kind, let localeID, let example):
            let format = localized("amount.format", localeID, example)
            switch kind {
            case .misplacedGrouping(let mark): return localized("error.amount.misplacedGrouping", quoted(String(mark)), format)
            case .separatorInFraction(let mark): return localized("error.amount.separatorInFraction", quoted(String(mark)), format)
            case .nothingAfterSeparator(let mark): return localized("error.amount.nothingAfterSeparator", quoted(String(mark)), format)
            case .unexpectedSeparator(let mark): return localized("error.amount.unexpectedSeparator", quoted(String(mark)), format)
            case .unclearSeparator(let mark, let decimal, let whole):
                return localized("error.amount.unclearSeparator", quoted(String(mark)), decimal, whole)
            case .ambiguousSeparator(let mark, let decimal, let whole):
                return localized("error.amount.ambiguousSeparator", quoted(String(mark)), localeID, decimal, whole)
            case .unexpectedCharacter(let character):
                return localized("error.amount.unexpectedCharacter", quoted(String(character)), format)
            case .tooManyDigits(let limit): return localized("error.amount.tooManyDigits", String(limit))
            case .noDigits: return localized("error.amount.noDigits", format)
            }
        case .unknownCurrency(let typed, let suggestions):
            if suggestions.isEmpty { return localized("error.unknownCurrency", quoted(typed)) }
            return localized("error.unknownCurrency.suggest", quoted(typed), alternatives(suggestions.map(named), localized))
        case .ambiguousCurrency(let typed, let candidates):
            // Every choice by name, so that the code to type is there (`dinar` has nine); only a
            // longer list is cut short.
            let limit = candidates.count > 10 ? 8 : candidates.count
            var shown = candidates.prefix(limit).map(named)
            if candidates.count > limit { shown.append(localized("list.more", String(candidates.count - limit))) }
            return localized("error.ambiguousCurrency", quoted(typed), alternatives(shown, localized))
        case .withdrawnCurrency(let code, let name, let last):
            return localized("error.withdrawn", code.rawValue, name, last.iso)
        case .currencyNotInTable(let code, let table):
            let what = localized("error.notInTable", code.rawValue, name(code), table.source, table.date, String(table.count))
            return what + (table.bundledDate.map { localized("error.notInTable.bundled", $0) } ?? "") + localized("error.notInTable.fetch")
        case .expected(let expectation, let found):
            switch (expectation, found) {
            case (.currency, nil): return localized("error.expected.currency")
            case (.currency, let found?): return localized("error.expected.currency.found", quoted(found))
            case (.connectorOrEnd, nil): return localized("error.expected.connector")
            case (.connectorOrEnd, let found?): return localized("error.expected.connector.found", quoted(found))
            case (.amountOrCurrency, nil): return localized("error.expected.amountOrCurrency")
            case (.amountOrCurrency, let found?): return localized("error.expected.amountOrCurrency.found", quoted(found))
            case (.endOfLine, let found): return localized("error.expected.end", quoted(found ?? ""))
            case (.percentage, _): return localized("error.expected.percentage")
            case (.closingParenthesis, nil): return localized("error.expected.parenthesis")
            case (.closingParenthesis, let found?): return localized("error.expected.parenthesis.found", quoted(found))
            }
        case .unknownTopic(let word):
            let commands = CommandTable.grammar.words.joined(separator: ", ")
            // A typo of a command (`help swapp`) names the help meant, as one of the line does.
            let closest = CommandTable.grammar.words.map { ($0, Levenshtein.distance(word, $0, transpositions: true)) }.min { $0.1 < $1.1 }
            if let (topic, distance) = closest, word.count >= 3, distance <= (word.count >= 5 ? 2 : 1) {
                return localized("error.unknownTopic.suggest", quoted(word), quoted("help " + topic), commands)
            }
            return localized("error.unknownTopic", quoted(word), commands)
        case .unknownLocale(let id):
            return localized("error.unknownLocale", quoted(id))
        case .lineTooLong(let limit):
            return localized("error.lineTooLong", String(limit))
        case .exponent(let typed, let expanded):
            return localized("error.exponent", quoted(typed), expanded)
        case .pastedResult(let conversion):
            return localized("error.pastedResult", quoted(conversion))
        case .unknownCommand(let word, let suggestion):
            return localized("error.unknownCommand", quoted(word), suggestion)
        case .nothingToSwap:
            return localized("error.nothingToSwap")
        case .unknownProvider(let providerName, let known):
            return localized("error.unknownProvider", quoted(providerName), alternatives(known, localized))
        case .unexpectedArgument(let command, let allowed, let found):
            return localized("error.unexpectedArgument", command, alternatives(allowed.map { quoted($0) }, localized), quoted(found))
        case .arithmetic(let problem):
            switch problem {
            case .moneyTimesMoney: return localized("error.arithmetic.moneyTimesMoney")
            case .numberAndMoney: return localized("error.arithmetic.numberAndMoney")
            case .numberByMoney: return localized("error.arithmetic.numberByMoney")
            case .divisionByZero: return localized("error.arithmetic.divisionByZero")
            case .percentAlone: return localized("error.arithmetic.percentAlone")
            case .percentFirst: return localized("error.arithmetic.percentFirst")
            case .noAnswer: return localized("error.arithmetic.noAnswer")
            case .tooLarge: return localized("error.arithmetic.tooLarge")
            case .tooLong(let limit): return localized("error.arithmetic.tooLong", String(limit))
            case .tooComplex(let operators, let nesting): return localized("error.arithmetic.tooComplex", String(operators), String(nesting))
            }
        case .badFee(let typed):
            return localized("error.badFee", quoted(typed))
        case .badChart(let typed):
            return typed.isEmpty ? localized("error.chart.usage") : localized("error.chart", quoted(typed))
        case .date(let problem):
            switch problem {
            case .reading(let reading, let pattern, let example):
                switch reading {
                case .missing: return localized("error.date.missing", pattern, example)
                case .unreadable(let typed): return localized("error.date.unreadable", quoted(typed), pattern, example)
                case .noSuchDay(let typed): return localized("error.date.noSuchDay", quoted(typed), pattern)
                case .otherOrder(let typed, let other): return localized("error.date.otherOrder", quoted(typed), pattern, other.iso)
                case .shortYear(let typed): return localized("error.date.shortYear", quoted(typed), example)
                case .ambiguous(let typed, let dayFirst, let monthFirst):
                    return localized("error.date.ambiguous", quoted(typed), dayFirst.iso, monthFirst.iso, pattern)
                }
            case .future(let day, let today): return localized("error.date.future", day.iso, today.iso)
            case .beforeData(let day, let first): return localized("error.date.beforeData", day.iso, first.iso)
            case .notFetched(let day, let last, let reason):
                return localized("error.date.notFetched", day.iso, last.iso) + (reason.map { " " + $0 } ?? "")
            case .currencyMissing(let code, let day, let since, let fetched, let reason):
                if day < since { return localized("error.date.currencyBeforeSnapshots", named(code), day.iso, since.iso) }
                return localized(fetched ? "error.date.currencyNotInSnapshot" : "error.date.currencyNotCached", named(code), day.iso)
                    + (reason.map { " " + $0 } ?? "")
            case .notAllowed: return localized("error.date.notAllowed")
            }
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
