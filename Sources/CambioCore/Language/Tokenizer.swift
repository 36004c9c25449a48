/// Splits a command line into tokens, each with its position.
public enum Tokenizer {
    public static func tokenize(_ line: String) -> Result<[Token], CommandError> {
        let characters = Array(line)
        var tokens: [Token] = []
        var index = 0
        // ASCII first: most lines are ASCII, and Character properties cost a Unicode look-up.
        func isDigit(_ c: Character) -> Bool {
            if let ascii = c.asciiValue { return ascii >= 48 && ascii <= 57 }
            return c.isWholeNumber && c.wholeNumberValue.map { (0...9).contains($0) } == true
        }
        func isNumberSeparator(_ c: Character) -> Bool { AmountParser.separators.contains(c) }
        func isCurrencySymbol(_ c: Character) -> Bool {
            if let ascii = c.asciiValue { return ascii == UInt8(ascii: "$") }
            return c.unicodeScalars.first?.properties.generalCategory == .currencySymbol
        }
        func isSkipped(_ c: Character) -> Bool {
            if let ascii = c.asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
            // A byte-order mark (a file saved by some editors starts with one) is no character.
            return c.isWhitespace || NumberConventions.bidiMarks.contains(c) || c == "\u{FEFF}"
        }
        func isBidiMark(_ c: Character) -> Bool { !c.isASCII && NumberConventions.bidiMarks.contains(c) }
        func startsNumber(at i: Int) -> Bool {
            guard i < characters.count else { return false }
            if isDigit(characters[i]) { return true }
            if [".", ","].contains(characters[i]), i + 1 < characters.count, isDigit(characters[i + 1]) { return true }
            return false
        }
        func isWordCharacter(_ c: Character) -> Bool {
            if let ascii = c.asciiValue {
                return (65...90).contains(ascii) || (97...122).contains(ascii) || ascii == UInt8(ascii: "'") || ascii == UInt8(ascii: "&")
            }
            return c.isLetter || c.unicodeScalars.first?.properties.generalCategory == .nonspacingMark
                || c.unicodeScalars.first?.properties.generalCategory == .spacingMark
                || ["'", "’", "ʻ", "&"].contains(c)
        }
        while index < characters.count {
            let c = characters[index]
            let start = index
            if isSkipped(c) {
                index += 1
                continue
            }
            // `#` at the start of a line or after a space begins a comment: a ledger's notes.
            if c == "#", index == 0 || isSkipped(characters[index - 1]) {
                break
            }
            // A sign may be followed by the bidi marks ICU writes (`-\u{200F}١٢` in ar_EG).
            var afterSign = index + 1
            while afterSign < characters.count, isBidiMark(characters[afterSign]) { afterSign += 1 }
            if startsNumber(at: index)
                || (["-", "+", "−"].contains(c) && startsNumber(at: afterSign))
            {
                index = startsNumber(at: index) ? index + 1 : afterSign
                while index < characters.count {
                    let d = characters[index]
                    if isDigit(d) || [".", ",", "'", "’", "٫", "٬"].contains(d) {
                        index += 1
                    } else if isNumberSeparator(d), index + 1 < characters.count, isDigit(characters[index + 1]) {
                        index += 1  // a no-break or thin space between digit groups
                    } else {
                        break
                    }
                }
                // `1e3`: an exponent is not part of an amount; say what to write instead.
                if index + 1 < characters.count, characters[index] == "e" || characters[index] == "E",
                    isDigit(characters[index + 1])
                        || (["-", "+"].contains(characters[index + 1]) && index + 2 < characters.count && isDigit(characters[index + 2]))
                {
                    var end = index + 2
                    while end < characters.count, isDigit(characters[end]) { end += 1 }
                    let typed = String(characters[start..<end])
                    let ascii = String(typed.map { $0.wholeNumberValue.map { Character(String($0)) } ?? ($0 == "," ? "." : $0) })
                    let expanded = Rational(decimalText: ascii).map { $0.decimalText(significantDigits: 30).text } ?? typed
                    return .failure(CommandError(.exponent(typed, expanded: expanded), at: start..<end))
                }
                tokens.append(Token(.number, String(characters[start..<index]), start..<index))
                continue
            }
            // `eur/usd`: a pair, read like `eur in usd`.
            if c == "/", let previous = tokens.last, previous.kind == .word || previous.kind == .symbol,
                let next = characters[(index + 1)...].first(where: { !$0.isWhitespace }), next.isLetter
                    || next.unicodeScalars.first?.properties.generalCategory == .currencySymbol
            {
                tokens.append(Token(.arrow, "/", start..<index + 1))
                index += 1
                continue
            }
            // A question mark at the end (`12 eur in usd?`) asks nothing more.
            if c == "?", characters[(index + 1)...].allSatisfy({ $0.isWhitespace }) {
                index += 1
                continue
            }
            // A sign before a currency: `-€12.50`, `−CHF 12.50`, `-$ 12,50`.
            if ["-", "+", "−"].contains(c),
                let next = characters[(index + 1)...].first(where: { !$0.isWhitespace && !NumberConventions.bidiMarks.contains($0) }),
                next.isLetter || isCurrencySymbol(next)
            {
                tokens.append(Token(.sign, String(c), start..<index + 1))
                index += 1
                continue
            }
            if c == "-", index + 1 < characters.count, characters[index + 1] == ">" {
                tokens.append(Token(.arrow, "->", start..<index + 2))
                index += 2
                continue
            }
            if c == "→" || c == "=" {
                tokens.append(Token(.arrow, String(c), start..<index + 1))
                index += 1
                continue
            }
            if c == "," {
                tokens.append(Token(.comma, ",", start..<index + 1))
                index += 1
                continue
            }
            if c.isLetter {
                while index < characters.count {
                    let d = characters[index]
                    // '.' and '-' stay inside a word only between letters (St.Helena, Bosnia-Herzegovina).
                    if d == "." || d == "-" {
                        guard index + 1 < characters.count, characters[index + 1].isLetter else { break }
                    } else if !isWordCharacter(d) {
                        break
                    }
                    index += 1
                }
                // An abbreviation ends with its dot: `Fr.`, `Rs.`, `ج.م.` (EGP in Arabic).
                if index < characters.count, characters[index] == ".",
                    index + 1 == characters.count || !characters[index + 1].isLetter && !isDigit(characters[index + 1]),
                    characters[start..<index].contains(".") || index - start <= 3
                {
                    index += 1
                }
                // Letters directly before a currency sign form one symbol: US$, R$, CA$, JP¥, UK£.
                if index < characters.count, isCurrencySymbol(characters[index]) {
                    index += 1
                    tokens.append(Token(.symbol, String(characters[start..<index]), start..<index))
                } else {
                    tokens.append(Token(.word, String(characters[start..<index]), start..<index))
                }
                continue
            }
            if isCurrencySymbol(c) {
                index += 1
                // Capitals directly after a sign belong to it: `$US`, `£E`.
                while index < characters.count, characters[index].isUppercase, characters[index].isLetter, index - start < 3 {
                    index += 1
                }
                if index < characters.count, characters[index].isLetter { index = start + 1 }
                tokens.append(Token(.symbol, String(characters[start..<index]), start..<index))
                continue
            }
            return .failure(CommandError(.unexpectedCharacter(c), at: start..<start + 1))
        }
        return .success(tokens)
    }
}
