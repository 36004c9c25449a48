/// Splits a command line into tokens, each with its position.
public enum Tokenizer {
    /// One pass, one grammar of tokens: a line of ASCII is read as bytes (most lines are, and
    /// a byte needs no Unicode look-up), a line whose every character is one scalar as scalars
    /// (`€12,50`, `türk lirası`: no grapheme segmentation), any other line as Characters; the
    /// same code reads each through `TokenCharacter`, and positions are characters in all three.
    public static func tokenize(_ line: String) -> Result<[Token], CommandError> {
        let bytes = Array(line.utf8)
        // ASCII is a character a byte, but for CR before LF, which is one character: the
        // parser cuts the line's characters at the tokens' ranges (`$\r\n` cut as bytes ran
        // past the end and stopped the program).
        if bytes.allSatisfy({ $0 < 0x80 }), !Self.hasCarriageReturnBeforeLineFeed(bytes) { return tokenize(elements: bytes) }
        let scalars = Array(line.unicodeScalars)
        if everyScalarIsACharacter(scalars) || scalars.count == line.count { return tokenize(elements: scalars) }
        return tokenize(elements: Array(line))
    }

    static func hasCarriageReturnBeforeLineFeed(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 1 else { return false }
        for index in 1..<bytes.count where bytes[index] == 0x0A && bytes[index - 1] == 0x0D { return true }
        return false
    }

    /// Whether each scalar is a character of its own, known without segmenting the line (slow,
    /// for every character): scalars below the combining marks (U+0300) and
    /// the currency signs (U+20A0 … U+20CF) never join a neighbour, except CR before LF.
    static func everyScalarIsACharacter(_ scalars: [Unicode.Scalar]) -> Bool {
        var previous: UInt32 = 0
        for scalar in scalars {
            let value = scalar.value
            guard value < 0x300 || (0x20A0...0x20CF).contains(value) else { return false }
            if value == 0x0A, previous == 0x0D { return false }
            previous = value
        }
        return true
    }

    static func tokenize<C: TokenCharacter>(elements characters: [C]) -> Result<[Token], CommandError> {
        var tokens: [Token] = []
        // Room for a line's tokens at once (at most one a character; a long line grows on):
        // fifteen of 64 bytes stay under the size that glibc's malloc serves from its
        // per-thread cache (1,032 bytes), which a larger first allocation would miss.
        tokens.reserveCapacity(min(characters.count, 15))
        var index = 0
        func isDigit(_ c: C) -> Bool { c.isDecimalDigit }
        func isNumberSeparator(_ c: C) -> Bool { c.isGroupSpace }
        func isCurrencySymbol(_ c: C) -> Bool { c.isCurrencySymbol }
        func isSkipped(_ c: C) -> Bool { c.isSkipped }
        func isBidiMark(_ c: C) -> Bool { c.isBidiMark }
        func text(_ range: Range<Int>) -> String { C.text(characters[range]) }
        func startsNumber(at i: Int) -> Bool {
            guard i < characters.count else { return false }
            if isDigit(characters[i]) { return true }
            if characters[i].is(".") || characters[i].is(","), i + 1 < characters.count, isDigit(characters[i + 1]) { return true }
            return false
        }
        func isWordCharacter(_ c: C) -> Bool { c.isWordCharacter }
        // A sign that stood after a currency sign and before a space (`Ksh- 12`), for the number.
        var pendingSign: Int?
        while index < characters.count {
            let c = characters[index]
            let start = index
            if isSkipped(c) {
                index += 1
                continue
            }
            // A comment begins (`Comment`): a ledger's notes.
            if c.is("#"), Comment.begins(after: index == 0 ? nil : characters[index - 1]) {
                break
            }
            // After a value (`12`, `eur`, `)`, `%`) a sign is an operator: `12 - 5`, `12 eur -5 usd`.
            // A currency before any number (`€ -12,50`, `EUR-12.50`, as locales write negative
            // money) is no value yet: its sign belongs to the digits.
            // Looked at for a sign only, over the few words a currency's name has: a line of
            // many words is read in linear time.
            var afterValue = false
            var back = c.isSign ? tokens.count - 1 : -1
            let lowest = max(0, tokens.count - 8)
            while back >= lowest {
                let kind = tokens[back].kind
                if kind == .number || kind == .close || kind == .percent {
                    afterValue = true
                } else if kind == .word || kind == .symbol {
                    if tokens[back].text == "_" || Parser.answerWords.contains(tokens[back].text.lowercased()) {
                        afterValue = true
                    } else {
                        back -= 1
                        continue
                    }
                }
                break
            }
            // A sign may be followed by the bidi marks ICU writes (`-\u{200F}١٢` in ar_EG).
            var afterSign = index + 1
            while afterSign < characters.count, isBidiMark(characters[afterSign]) { afterSign += 1 }
            if startsNumber(at: index)
                || (c.isSign && !afterValue && startsNumber(at: afterSign))
            {
                index = startsNumber(at: index) ? index + 1 : afterSign
                while index < characters.count {
                    let d = characters[index]
                    if isDigit(d) || d.isNumberMark {
                        index += 1
                    } else if isNumberSeparator(d), index + 1 < characters.count, isDigit(characters[index + 1]) {
                        index += 1  // a no-break or thin space between digit groups
                    } else {
                        break
                    }
                }
                // `1e3`: an exponent is not part of an amount; say what to write instead.
                if index + 1 < characters.count, characters[index].is("e") || characters[index].is("E"),
                    isDigit(characters[index + 1])
                        || ((characters[index + 1].is("-") || characters[index + 1].is("+")) && index + 2 < characters.count
                            && isDigit(characters[index + 2]))
                {
                    var end = index + 2
                    while end < characters.count, isDigit(characters[end]) { end += 1 }
                    let typed = text(start..<end)
                    let ascii = String(typed.map { $0.wholeNumberValue.map { Character(String($0)) } ?? ($0 == "," ? "." : $0) })
                    let expanded = Rational(decimalText: ascii).map { $0.decimalText(significantDigits: 30).text } ?? typed
                    return .failure(CommandError(.exponent(typed, expanded: expanded), at: start..<end))
                }
                if let sign = pendingSign {
                    tokens.append(Token(.number, "-" + text(start..<index), sign..<index))
                    pendingSign = nil
                } else {
                    tokens.append(Token(.number, text(start..<index), start..<index))
                }
                continue
            }
            // `eur/usd`: a pair, read like `eur in usd`.
            if c.is("/"), let previous = tokens.last, previous.kind == .word || previous.kind == .symbol,
                let next = characters[(index + 1)...].first(where: { !$0.isSkipped }), next.isLetter || next.isCurrencySymbol
            {
                tokens.append(Token(.arrow, "/", start..<index + 1))
                index += 1
                continue
            }
            if c.is("-"), index + 1 < characters.count, characters[index + 1].is(">") {
                tokens.append(Token(.arrow, "->", start..<index + 2))
                index += 2
                continue
            }
            // One character that is a token of its own: arithmetic (`12 eur * 3`, `(50 + 60) / 2`,
            // `80 eur + 15 %`), a sign, an arrow, a comma.
            var single: Token.Kind?
            if c.isSign {
                // After a value an operator (`12 - 5`); before a currency the money's sign
                // (`-€12.50`, `−CHF 12.50`, `-$ 12,50`); before anything else (`-(12 eur)`,
                // `-ans`) an operator too.
                let next = characters[(index + 1)...].first { !$0.isSkipped }
                single = !afterValue && next.map { $0.isLetter || isCurrencySymbol($0) } == true ? .sign : .operator
                // Right after a number, and nothing to subtract after it (the end, a currency, a
                // target): the number's sign, as fy_NL and bank exports write it (`€ 12,50-`).
                if c.is("-") || c.is("−"), let previous = tokens.last, previous.kind == .number, previous.range.upperBound == index,
                    !previous.text.hasPrefix("-"), !previous.text.hasPrefix("−"), next.map({ $0.isLetter || isCurrencySymbol($0) }) ?? true
                {
                    tokens[tokens.count - 1] = Token(.number, "-" + previous.text, previous.range.lowerBound..<index + 1)
                    index += 1
                    continue
                }
                // Right after the currency that begins the line, a space before the digits (`Ksh-
                // 1,234.5` in luy_KE): the sign of the number that follows.
                if c.is("-") || c.is("−"), tokens.count <= 3, tokens.allSatisfy({ $0.kind == .word || $0.kind == .symbol }),
                    let previous = tokens.last, previous.kind == .symbol || previous.kind == .word,
                    previous.range.upperBound == index, let digit = next, isDigit(digit)
                {
                    pendingSign = start
                    index += 1
                    continue
                }
            } else if c.is("*") || c.is("×") || c.is("·") || c.is("/") || c.is("÷") {
                single = .operator
            } else if c.is("(") {
                single = .open
            } else if c.is(")") {
                single = .close
            } else if c.is("%") || c.is("٪") {
                single = .percent
            } else if c.is("→") || c.is("=") {
                single = .arrow
            } else if c.is(",") || c.is("\u{060C}") || c.is("\u{3001}") || c.is("\u{FF0C}") {
                // The list commas of Arabic script (`،`) and of Chinese and Japanese (`、`, `，`).
                single = .comma
            }
            if let single {
                tokens.append(Token(single, text(start..<index + 1), start..<index + 1))
                index += 1
                continue
            }
            // `_`, the last result.
            if c.is("_"), index + 1 == characters.count || !characters[index + 1].isWordCharacter,
                index == 0 || !characters[index - 1].isWordCharacter
            {
                tokens.append(Token(.word, "_", start..<index + 1))
                index += 1
                continue
            }
            // A question mark at the end (`12 eur in usd?`) asks nothing more.
            if c.is("?"), characters[(index + 1)...].allSatisfy({ $0.isSkipped }) {
                index += 1
                continue
            }
            // `3 x 12 eur`, `3x12`, `12 eur x 3`: an ASCII x on its own between a value and a number
            // is ×, for a keyboard without the sign (and a shell where `*` expands to file names).
            if c.is("x") || c.is("X"), let previous = tokens.last,
                previous.kind == .number || previous.kind == .close || previous.kind == .percent || previous.kind == .word
                    || previous.kind == .symbol,
                index + 1 < characters.count, !characters[index + 1].isLetter,
                let next = characters[(index + 1)...].first(where: { !$0.isSkipped }), isDigit(next) || next.is("(")
            {
                tokens.append(Token(.operator, "x", start..<index + 1))
                index += 1
                continue
            }
            // A Hebrew connector before a hyphen or a maqaf (`ל-usd`, `ב-15.1.2024`): the word
            // alone, the hyphen no sign.
            if index + 1 < characters.count, characters[index + 1].is("-") || characters[index + 1].is("\u{05BE}"),
                AttachedWords.hyphenated.contains(c.character), index == 0 || !characters[index - 1].isWordCharacter
            {
                tokens.append(Token(.word, text(start..<index + 1), start..<index + 1))
                index += 2
                continue
            }
            if c.isLetter {
                while index < characters.count {
                    let d = characters[index]
                    // '.' and '-' stay inside a word only between letters (St.Helena, Bosnia-Herzegovina).
                    if d.is(".") || d.is("-") {
                        guard index + 1 < characters.count, characters[index + 1].isLetter else { break }
                    } else if d.is("\"") || d.is("\u{05F4}") || d.is("\u{05F3}") {
                        // Hebrew abbreviations (ש״ח, ש"ח: the shekel) keep their gershayim or
                        // the quote typed for it, between Hebrew letters only.
                        guard index > start, index + 1 < characters.count, characters[index - 1].isHebrewLetter,
                            characters[index + 1].isHebrewLetter
                        else { break }
                    } else if !isWordCharacter(d) {
                        break
                    }
                    index += 1
                }
                // An abbreviation ends with its dot: `Fr.`, `Rs.`, `ج.م.` (EGP in Arabic).
                if index < characters.count, characters[index].is("."),
                    index + 1 == characters.count || !characters[index + 1].isLetter && !isDigit(characters[index + 1]),
                    characters[start..<index].contains(where: { $0.is(".") }) || index - start <= 3
                {
                    index += 1
                }
                let capitals = index - start <= 2 && characters[start..<index].allSatisfy { $0.isUppercase && $0.isLetter }
                // `S/` (PEN in Peru), `B/.` (PAB in Panama): capitals and a slash are one symbol.
                if capitals, index < characters.count, characters[index].is("/"),
                    index + 1 == characters.count || !characters[index + 1].isLetter
                {
                    index += 1
                    if index < characters.count, characters[index].is(".") { index += 1 }
                    tokens.append(Token(.symbol, text(start..<index), start..<index))
                    continue
                }
                // `US $` (USD in ceb_PH): two capitals, a space and a currency sign.
                if capitals, index - start == 2, index + 1 < characters.count, characters[index].is(" "),
                    isCurrencySymbol(characters[index + 1]), index + 2 == characters.count || !characters[index + 2].isLetter
                {
                    index += 2
                    tokens.append(Token(.symbol, text(start..<index), start..<index))
                    continue
                }
                // Letters directly before a currency sign form one symbol: US$, R$, CA$, JP¥, UK£.
                if index < characters.count, isCurrencySymbol(characters[index]) {
                    index += 1
                    tokens.append(Token(.symbol, text(start..<index), start..<index))
                } else {
                    tokens.append(Token(.word, text(start..<index), start..<index))
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
                tokens.append(Token(.symbol, text(start..<index), start..<index))
                continue
            }
            return .failure(CommandError(.unexpectedCharacter(c.character), at: start..<start + 1))
        }
        return .success(tokens)
    }
}
