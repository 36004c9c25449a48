/// One parsed command line.
public enum Command: Equatable, Sendable {
    case empty
    /// `12 eur in usd, gbp`, `12 eur`, `12`, `eur in usd`, `eur`: with no amount it asks for the rate.
    case convert(amount: AmountReference?, from: CurrencyReference?, to: [CurrencyReference])
    /// Arithmetic (`3 × 12,50 eur in usd`, `12 eur + 5 usd in gbp`, `ans × 2`), converted into
    /// the targets when there are any, then adjusted (`+ 2 %`).
    case calculate(Expression, to: [CurrencyReference], adjust: Adjustment?)
    /// A conversion, a rate, a calculation or a command that takes a date, with the rates of a
    /// day (`on 2020-03-15`).
    indirect case dated(Command, on: DateReference)
    /// The same with the average rates of a period (`average 2024-03`).
    indirect case averaged(Command, over: DateReference)
    /// A conversion at a bank's own rate (`100 eur in usd on 2024-01-02 at 1,0720`) or at what
    /// the bank charged (`… at 107,20 $`): the clause's text after `at`, read by the evaluator.
    indirect case atRate(Command, at: DateReference)
    /// A conversion, a rate, a calculation or a dated one with a source's rates (`… from nbp`)
    /// or those a jurisdiction's rule picks (`… on 2026-03-03 by pl`).
    indirect case chosen(Command, ChoiceReference)
    /// A command of `CommandTable` (`base jpy`, `recent clear`, `help`).
    case run(CommandInvocation)

    /// The everyday words that join the source currency to its targets, by language, as an
    /// error shows them: English `in`, `to`, `into`; German `nach`, `zu`; Turkish `kaç` and `ne
    /// kadar` (how much: `100 dolar kaç tl`; Turkish also puts the target in the dative,
    /// `tl'ye`, `dolara`, which `AttachedWords` reads); Spanish `a`, `en`; French `en`, `vers`;
    /// Portuguese `em`, `para`; Italian `a`; Polish `na`, `w`, `do`; Dutch `naar`; Russian `в`;
    /// Arabic `إلى` (to) and `ب`, `ل` (in, to), Hebrew `אל` (to) and `ל`, `ב` (to, in), both
    /// joined to the next word or written before a tatweel, a hyphen or a maqaf. Every language's words are read for every user;
    /// an error lists English's and those of the user's language.
    public static let connectorWords: [(language: String, shown: [String])] = [
        ("en", ["in", "to", "into"]), ("de", ["in", "nach", "zu"]), ("tr", ["kaç", "ne kadar"]), ("es", ["a", "en"]),
        ("fr", ["en", "vers"]), ("pt", ["em", "para"]), ("it", ["in", "a"]), ("pl", ["na", "w", "do"]), ("nl", ["naar", "in"]),
        ("ru", ["в"]),
        ("ar", ["إلى", "بـ", "لـ"]), ("he", ["אל", "ל־", "ב־"]),
    ]

    /// Every connector, folded: the words above (a Turkish dative is no word of its own), and
    /// the other spelling of Arabic `إلى` and the joined letters alone.
    public static let connectors: Set<String> = Set(
        connectorWords.flatMap(\.shown).filter { !$0.contains(" ") && !$0.contains("־") }.map { TextFolding.fold($0) }
    ).union(["الى", "ب", "ل", "بـ", "لـ", "ל", "ב"])

    /// The connectors an error lists for a locale's language: English's, that language's, the arrows.
    public static func connectorsShown(language: String) -> [String] {
        var shown: [String] = []
        for (own, words) in connectorWords where own == "en" || own == language {
            for word in words where !shown.contains(word) { shown.append(word) }
        }
        return shown + ["->", "="]
    }
}
