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
    /// A command of `CommandTable` (`base jpy`, `recent clear`, `help`).
    case run(CommandInvocation)

    /// Words that join the source currency to the targets.
    /// Folded; German `nach`; Arabic `إلى` (to) in both spellings, and `ب`, `ل` (in, to: joined
    /// to the next word, or before a tatweel); Hebrew `אל` (to), and `ל`, `ב` (to, in: joined
    /// to the next word or before a hyphen), for lines typed in Hebrew and Arabic script.
    /// (Each is its own folded form, stated so: folding Arabic and Hebrew script at every start
    /// cost a tenth of a one-shot conversion.)
    public static let connectors: Set<String> = ["in", "to", "into", "nach", "إلى", "الى", "ب", "ل", "بـ", "لـ", "אל", "ל", "ב"]

    /// The connectors as an error lists them: the words, the joined letters, the arrows.
    public static let connectorsShown = ["in", "to", "into", "nach", "->", "إلى", "بـ", "لـ", "אל", "ל־", "ב־"]
}
