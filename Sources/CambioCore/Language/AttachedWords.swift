/// The words Hebrew and Arabic write as letters joined to the next word: `לדולר` (to dollars),
/// `בדולרים` (in dollars), `ודולר` (and dollars), `بالدولار` (in dollars), `للدولار` (to the
/// dollar). Before digits and Latin letters Hebrew joins them with a hyphen or a maqaf
/// (`ל-usd`, `ב-2024-01-15`), which the tokenizer reads as the word alone.
///
/// One rule: a word is read whole when it is a currency (`לירה` is the lira, `ليرة` too); only
/// otherwise, and only when the rest is a currency, its first letters are the word they stand for.
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
}
