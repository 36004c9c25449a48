/// The words Hebrew and Arabic write as letters joined to the next word: `לדולר` (to dollars),
/// `בדולרים` (in dollars), `ודולר` (and dollars), `بالدولار` (in dollars), `للدولار` (to the
/// dollar). Before digits and Latin letters Hebrew joins them with a hyphen or a maqaf
/// (`ל-usd`, `ב-2024-01-15`), which the tokenizer reads as the word alone.
///
/// Turkish puts the target in the dative, a suffix after an apostrophe on a code or
/// abbreviation (`tl'ye`, `usd'ye`, `eur'a`) and joined to a name (`dolara`, `avroya`,
/// `sterline`): `100 dolar tl'ye` is 100 dollars into lira.
///
/// One rule: a word is read whole when it is a currency (`לירה` is the lira, `ليرة` too); only
/// otherwise, and only when the rest is a currency, its first letters (or a Turkish word's last
/// ones) are the word they stand for.
public enum AttachedWords {
    /// The joined letters and the word each stands for (a connector or a joiner), longest first.
    static let prefixes: [(letters: String, word: String)] = [
        ("بال", "ب"), ("لل", "ل"), ("وال", "و"), ("ب", "ب"), ("ل", "ل"), ("و", "و"), ("ב", "ב"), ("ל", "ל"), ("ו", "ו"),
    ]

    /// The Hebrew letters that stand alone before a hyphen or a maqaf (`ל-usd`, `ב-15.1.2024`).
    static let hyphenated: Set<Character> = ["ל", "ב", "ו"]

    /// The words of Hebrew and Arabic script in `tokens` split where their first letters are a
    /// connector or a joiner; `isCurrency` says whether a text names a currency.
    static func split(_ tokens: [Token], isCurrency: (String) -> Bool) -> [Token] {
        let tokens = splitDative(turkishQuestion(tokens), isCurrency: isCurrency)
        // Hebrew letters begin with the byte D7, Arabic ones with D8 … DB.
        guard tokens.contains(where: { $0.kind == .word && (0xD7...0xDB).contains($0.text.utf8.first ?? 0) }) else { return tokens }
        var split: [Token] = []
        split.reserveCapacity(tokens.count + 2)
        for token in tokens {
            guard token.kind == .word, (0xD7...0xDB).contains(token.text.utf8.first ?? 0), !isCurrency(token.text),
                let (letters, word) = prefixes.first(where: {
                    token.text.count > $0.letters.count && token.text.hasPrefix($0.letters)
                        && isCurrency(String(token.text.dropFirst($0.letters.count)))
                })
            else {
                split.append(token)
                continue
            }
            let middle = token.range.lowerBound + letters.count
            split.append(Token(.word, word, token.range.lowerBound..<middle))
            split.append(Token(.word, String(token.text.dropFirst(letters.count)), middle..<token.range.upperBound))
        }
        return split
    }

    /// Turkish dative endings, longest first: after a vowel `ya`, `ye`, else `a`, `e`.
    static let dativeEndings = ["ya", "ye", "a", "e"]

    /// A line without a connector whose last word after a currency is a currency in the
    /// Turkish dative: that word split into a connector (its ending) and the currency.
    private static func splitDative(_ tokens: [Token], isCurrency: (String) -> Bool) -> [Token] {
        guard tokens.count >= 3, let last = tokens.last, last.kind == .word, last.text.count > 2,
            tokens[tokens.count - 2].kind == .word || tokens[tokens.count - 2].kind == .symbol,
            !tokens.contains(where: { $0.kind == .arrow || $0.keywords.contains(.connector) }),
            !isCurrency(last.text)
        else { return tokens }
        let text = last.text
        var currency: Substring?
        // After an apostrophe (`tl'ye`, `eur’a`) the ending is plain; joined, it ends a name
        // (`dolara`).
        if let apostrophe = text.lastIndex(where: { $0 == "'" || $0 == "\u{2019}" }) {
            let ending = text[text.index(after: apostrophe)...].lowercased()
            if dativeEndings.contains(ending), isCurrency(String(text[..<apostrophe])) { currency = text[..<apostrophe] }
        } else if text.allSatisfy(\.isLetter) {
            for ending in dativeEndings where text.lowercased().hasSuffix(ending) {
                let rest = text.dropLast(ending.count)
                // A code takes its ending after an apostrophe: `usda` is no dative.
                if rest.count >= 2, CurrencyCode(String(rest)) == nil, isCurrency(String(rest)) {
                    currency = rest
                    break
                }
            }
        }
        guard let currency else { return tokens }
        // The connector goes before its currency, as a connector word would stand, taking
        // no column; the currency keeps the word's columns.
        let start = last.range.lowerBound
        return tokens.dropLast() + [
            Token(connectorFrom: String(text.dropFirst(currency.count)), start..<start), Token(.word, String(currency), last.range),
        ]
    }

    /// Turkish asks `100 dolar kaç tl eder` or `100 dolar ne kadar tl`: `ne kadar` (how much)
    /// is the connector `kaç` is, and a last `eder` or `yapar` (makes) after it says nothing more.
    private static func turkishQuestion(_ tokens: [Token]) -> [Token] {
        guard tokens.count >= 3, tokens.contains(where: { $0.kind == .word && ($0.folded == "kac" || $0.folded == "kadar") }) else { return tokens }
        var read: [Token] = []
        read.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .word, token.folded == "ne", index + 1 < tokens.count, tokens[index + 1].folded == "kadar" {
                read.append(Token(connectorFrom: "ne kadar", token.range.lowerBound..<tokens[index + 1].range.upperBound))
                index += 2
                continue
            }
            if index == tokens.count - 1, token.kind == .word, ["eder", "yapar"].contains(token.folded),
                read.contains(where: { $0.keywords.contains(.connector) })
            {
                break
            }
            read.append(token)
            index += 1
        }
        return read
    }
}
