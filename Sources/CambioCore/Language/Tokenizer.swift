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
        var scanner = Scanner(characters)
        do throws(CommandError) {
            while scanner.index < characters.count, try scanner.scan() {}
        } catch {
            return .failure(error)
        }
        return .success(scanner.tokens)
    }

    /// A line being cut into tokens: the characters, where the next token begins, and the
    /// tokens so far.
    private struct Scanner<C: TokenCharacter> {
        let characters: [C]
        var tokens: [Token] = []
        var index = 0
        /// A sign that stood after a currency sign and before a space (`Ksh- 12`), for the number.
        var pendingSign: Int?

        init(_ characters: [C]) {
            self.characters = characters
            // Room for a line's tokens at once (at most one a character; a long line grows on):
            // fifteen of 64 bytes stay under the size that glibc's malloc serves from its
            // per-thread cache (1,032 bytes), which a larger first allocation would miss.
            tokens.reserveCapacity(min(characters.count, 15))
        }

        func text(_ range: Range<Int>) -> String { C.text(characters[range]) }

        func startsNumber(at i: Int) -> Bool {
            guard i < characters.count else { return false }
            if characters[i].isDecimalDigit { return true }
            if characters[i].is(".") || characters[i].is(","), i + 1 < characters.count, characters[i + 1].isDecimalDigit { return true }
            return false
        }

        /// The first character after `index` that is not skipped.
        func next(after index: Int) -> C? { characters[(index + 1)...].first { !$0.isSkipped } }

        /// A token of the characters in `range`; reading goes on after it.
        mutating func append(_ kind: Token.Kind, _ range: Range<Int>) {
            tokens.append(Token(kind, text(range), range))
            index = range.upperBound
        }

        /// Reads the token at `index`; false at a comment, where the line ends.
        mutating func scan() throws(CommandError) -> Bool {
            let c = characters[index]
            let start = index
            if c.isSkipped {
                index += 1
                return true
            }
            // A comment begins (`Comment`): a ledger's notes.
            if c.is("#"), Comment.begins(after: index == 0 ? nil : characters[index - 1]) { return false }
            let afterValue = c.isSign && followsValue()
            // A sign may be followed by the bidi marks ICU writes (`-\u{200F}١٢` in ar_EG).
            var afterSign = index + 1
            while afterSign < characters.count, characters[afterSign].isBidiMark { afterSign += 1 }
            if startsNumber(at: index) || (c.isSign && !afterValue && startsNumber(at: afterSign)) {
                try number(from: start, digitsFrom: startsNumber(at: index) ? index + 1 : afterSign)
                return true
            }
            if arrow(c) || single(c, afterValue: afterValue) || mark(c) { return true }
            if c.isLetter {
                word()
            } else if c.isCurrencySymbol {
                symbol()
            } else {
                throw CommandError(.unexpectedCharacter(c.character), at: start..<start + 1)
            }
            return true
        }

        /// Whether the token before the sign at `index` is a value (`12`, `eur`, `)`, `%`): the sign
        /// is then an operator (`12 - 5`, `12 eur -5 usd`). A currency before any number (`€
        /// -12,50`, `EUR-12.50`, as locales write negative money) is no value yet: its sign
        /// belongs to the digits. Looked back over the few words a currency's name has: a line of
        /// many words is read in linear time.
        func followsValue() -> Bool {
            var back = tokens.count - 1
            let lowest = max(0, tokens.count - 8)
            while back >= lowest {
                let kind = tokens[back].kind
                if kind == .number || kind == .close || kind == .percent { return true }
                guard kind == .word || kind == .symbol else { return false }
                if tokens[back].text == "_" || Parser.answerWords.contains(tokens[back].text.lowercased()) { return true }
                back -= 1
            }
            return false
        }

        /// A number from `start` (its sign, when it has one), its digits from `digitsFrom` on.
        mutating func number(from start: Int, digitsFrom: Int) throws(CommandError) {
            index = digitsFrom
            while index < characters.count {
                let d = characters[index]
                if d.isDecimalDigit || d.isNumberMark {
                    index += 1
                } else if d.isGroupSpace, index + 1 < characters.count, characters[index + 1].isDecimalDigit {
                    index += 1  // a no-break or thin space between digit groups
                } else {
                    break
                }
            }
            // `1e3`: an exponent is not part of an amount; say what to write instead.
            if index + 1 < characters.count, characters[index].is("e") || characters[index].is("E"),
                characters[index + 1].isDecimalDigit
                    || ((characters[index + 1].is("-") || characters[index + 1].is("+")) && index + 2 < characters.count
                        && characters[index + 2].isDecimalDigit)
            {
                var end = index + 2
                while end < characters.count, characters[end].isDecimalDigit { end += 1 }
                let typed = text(start..<end)
                let ascii = String(typed.map { $0.wholeNumberValue.map { Character(String($0)) } ?? ($0 == "," ? "." : $0) })
                let expanded = Rational(decimalText: ascii).map { $0.decimalText(significantDigits: 30).text } ?? typed
                throw CommandError(.exponent(typed, expanded: expanded), at: start..<end)
            }
            if let sign = pendingSign {
                tokens.append(Token(.number, "-" + text(start..<index), sign..<index))
                pendingSign = nil
            } else {
                append(.number, start..<index)
            }
        }

        /// `eur/usd` (a pair, read like `eur in usd`) and `->`.
        mutating func arrow(_ c: C) -> Bool {
            if c.is("/"), let previous = tokens.last, previous.kind == .word || previous.kind == .symbol,
                let next = next(after: index), next.isLetter || next.isCurrencySymbol
            {
                append(.arrow, index..<index + 1)
                return true
            }
            if c.is("-"), index + 1 < characters.count, characters[index + 1].is(">") {
                append(.arrow, index..<index + 2)
                return true
            }
            return false
        }

        /// One character that is a token of its own: arithmetic (`12 eur * 3`, `(50 + 60) / 2`,
        /// `80 eur + 15 %`), a sign, an arrow, a comma; or a sign that belongs to a number.
        mutating func single(_ c: C, afterValue: Bool) -> Bool {
            var single: Token.Kind?
            if c.isSign {
                // After a value an operator (`12 - 5`); before a currency the money's sign
                // (`-€12.50`, `−CHF 12.50`, `-$ 12,50`); before anything else (`-(12 eur)`,
                // `-ans`) an operator too.
                let next = next(after: index)
                single = !afterValue && next.map { $0.isLetter || $0.isCurrencySymbol } == true ? .sign : .operator
                // Right after a number, and nothing to subtract after it (the end, a currency, a
                // target): the number's sign, as fy_NL and bank exports write it (`€ 12,50-`).
                if c.is("-") || c.is("−"), let previous = tokens.last, previous.kind == .number, previous.range.upperBound == index,
                    !previous.text.hasPrefix("-"), !previous.text.hasPrefix("−"), next.map({ $0.isLetter || $0.isCurrencySymbol }) ?? true
                {
                    tokens[tokens.count - 1] = Token(.number, "-" + previous.text, previous.range.lowerBound..<index + 1)
                    index += 1
                    return true
                }
                // Right after the currency that begins the line, a space before the digits (`Ksh-
                // 1,234.5` in luy_KE): the sign of the number that follows.
                if c.is("-") || c.is("−"), tokens.count <= 3, tokens.allSatisfy({ $0.kind == .word || $0.kind == .symbol }),
                    let previous = tokens.last, previous.kind == .symbol || previous.kind == .word,
                    previous.range.upperBound == index, let digit = next, digit.isDecimalDigit
                {
                    pendingSign = index
                    index += 1
                    return true
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
            guard let single else { return false }
            append(single, index..<index + 1)
            return true
        }

        /// `_` (the last result), a question mark at the end, an ASCII x for ×, a Hebrew
        /// connector before a hyphen.
        mutating func mark(_ c: C) -> Bool {
            // `_`, the last result.
            if c.is("_"), index + 1 == characters.count || !characters[index + 1].isWordCharacter,
                index == 0 || !characters[index - 1].isWordCharacter
            {
                append(.word, index..<index + 1)
                return true
            }
            // A question mark at the end (`12 eur in usd?`) asks nothing more.
            if c.is("?"), characters[(index + 1)...].allSatisfy({ $0.isSkipped }) {
                index += 1
                return true
            }
            // `3 x 12 eur`, `3x12`, `12 eur x 3`: an ASCII x on its own between a value and a number
            // is ×, for a keyboard without the sign (and a shell where `*` expands to file names).
            if c.is("x") || c.is("X"), let previous = tokens.last,
                previous.kind == .number || previous.kind == .close || previous.kind == .percent || previous.kind == .word
                    || previous.kind == .symbol,
                index + 1 < characters.count, !characters[index + 1].isLetter,
                let next = next(after: index), next.isDecimalDigit || next.is("(")
            {
                tokens.append(Token(.operator, "x", index..<index + 1))
                index += 1
                return true
            }
            // A Hebrew connector before a hyphen or a maqaf (`ל-usd`, `ב-15.1.2024`): the word
            // alone, the hyphen no sign.
            if index + 1 < characters.count, characters[index + 1].is("-") || characters[index + 1].is("\u{05BE}"),
                AttachedWords.hyphenated.contains(c.character), index == 0 || !characters[index - 1].isWordCharacter
            {
                tokens.append(Token(.word, text(index..<index + 1), index..<index + 1))
                index += 2
                return true
            }
            return false
        }

        /// A word, or letters that make a currency symbol (`US$`, `S/`, `US $`).
        mutating func word() {
            let start = index
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
                } else if !d.isWordCharacter {
                    break
                }
                index += 1
            }
            // An abbreviation ends with its dot: `Fr.`, `Rs.`, `ج.م.` (EGP in Arabic).
            if index < characters.count, characters[index].is("."),
                index + 1 == characters.count || !characters[index + 1].isLetter && !characters[index + 1].isDecimalDigit,
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
                append(.symbol, start..<index)
                return
            }
            // `US $` (USD in ceb_PH): two capitals, a space and a currency sign.
            if capitals, index - start == 2, index + 1 < characters.count, characters[index].is(" "),
                characters[index + 1].isCurrencySymbol, index + 2 == characters.count || !characters[index + 2].isLetter
            {
                index += 2
                append(.symbol, start..<index)
                return
            }
            // Letters directly before a currency sign form one symbol: US$, R$, CA$, JP¥, UK£.
            if index < characters.count, characters[index].isCurrencySymbol {
                index += 1
                append(.symbol, start..<index)
            } else {
                append(.word, start..<index)
            }
        }

        /// A currency sign, with the capitals directly after it that belong to it: `$US`, `£E`.
        mutating func symbol() {
            let start = index
            index += 1
            while index < characters.count, characters[index].isUppercase, characters[index].isLetter, index - start < 3 {
                index += 1
            }
            if index < characters.count, characters[index].isLetter { index = start + 1 }
            append(.symbol, start..<index)
        }
    }
}
