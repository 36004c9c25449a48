/// Every sentence Cambio says about an error, written in one place.
public enum Messages {
    /// Quotes what the user typed, shortened to 40 characters.
    static func quoted(_ text: some StringProtocol) -> String {
        let shown = text.count > 40 ? String(text.prefix(39)) + "…" : String(text)
        return "“" + visible(shown) + "”"
    }

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

    /// The sentence for an error; `name` gives a currency's name in the user's language.
    public static func describe(_ error: CommandError, name: (CurrencyCode) -> String) -> String {
        func named(_ code: CurrencyCode) -> String { "\(code) (\(name(code)))" }
        func alternatives(_ items: [String], _ conjunction: String) -> String {
            guard let last = items.last else { return "" }
            return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
        }
        switch error.kind {
        case .unexpectedCharacter(let character):
            return "unexpected character \(quoted(String(character)))"
        case .badAmount(let kind, let localeID, let example):
            let format = "amounts in \(localeID) are written like \(example)"
            switch kind {
            case .misplacedGrouping(let mark):
                return "\(quoted(String(mark))) cannot separate digit groups here — \(format)"
            case .separatorInFraction(let mark):
                return "unexpected \(quoted(String(mark))) after the decimal separator — \(format)"
            case .nothingAfterSeparator(let mark):
                return "no digits after \(quoted(String(mark))) — \(format)"
            case .unexpectedSeparator(let mark):
                return "\(quoted(String(mark))) is not a separator here — \(format)"
            case .unexpectedCharacter(let character):
                return "\(quoted(String(character))) cannot be part of an amount — \(format)"
            case .tooManyDigits(let limit):
                return "too many digits: an amount has at most \(limit) significant digits"
            case .noDigits:
                return "an amount needs digits — \(format)"
            }
        case .unknownCurrency(let text, let suggestions):
            if suggestions.isEmpty {
                return "unknown currency \(quoted(text)) — type “list” to see every currency"
            }
            return "unknown currency \(quoted(text)) — did you mean \(alternatives(suggestions.map(named), "or"))?"
        case .ambiguousCurrency(let text, let candidates):
            var shown = candidates.prefix(4).map(named)
            if candidates.count > 4 { shown.append("\(candidates.count - 4) more") }
            return "\(quoted(text)) could be \(alternatives(shown, "or")) — type the code"
        case .currencyNotInTable(let code):
            return "\(code) (\(name(code))) has no rate in the table in use"
        case .expected(let expectation, let found):
            let at = found.map { " before \(quoted($0))" } ?? ""
            switch expectation {
            case .currency:
                return "expected a currency\(found.map { ", not \(quoted($0))" } ?? " here")"
            case .connectorOrEnd:
                return "expected “in”, “to” or the end of the line\(at)"
            case .amountOrCurrency:
                return "expected an amount, a currency or a command\(found.map { ", not \(quoted($0))" } ?? "") — type “help”"
            case .endOfLine:
                return "unexpected \(quoted(found ?? "")) — the command ends before it"
            }
        case .unknownTopic(let word):
            return "no help for \(quoted(word)) — commands: \(Command.words.joined(separator: ", "))"
        case .unknownLocale(let id):
            return "unknown locale \(quoted(id)) — use an identifier such as de_DE, en_US, tr_TR or hi_IN, or “default”"
        case .nothingToSwap:
            return "nothing to swap yet — convert something first, e.g. 12,50 eur in usd"
        case .unknownProvider(let name, let known):
            return "no rate provider is called \(quoted(name)) — use \(alternatives(known, "or")), or “auto”"
        case .unexpectedArgument(let text):
            return "“recent” takes only “clear”, not \(quoted(text))"
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
