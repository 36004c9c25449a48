/// A currency as written in a command, not yet looked up.
public struct CurrencyReference: Equatable, Sendable {
    public let text: String
    public let range: Range<Int>
}

/// An amount as written, with the symbol that stood beside it (`€12,50`).
public struct AmountReference: Equatable, Sendable {
    public let text: String
    public let range: Range<Int>
    public let symbol: CurrencyReference?
}

/// The date after `on`, as written.
public struct DateReference: Equatable, Sendable {
    public let text: String
    public let range: Range<Int>
    /// The word `on`.
    public let word: Range<Int>
}

/// An arithmetic operator.
public enum Operator: String, Equatable, Sendable {
    case add = "+"
    case subtract = "−"
    case multiply = "×"
    case divide = "÷"
}

/// Arithmetic on amounts, money, percentages and the last result, as parsed.
public indirect enum Expression: Equatable, Sendable {
    /// A number with the currency written beside it (if any) and a suffix's power of ten
    /// (`12k` → 3).
    case amount(AmountReference, currency: CurrencyReference?, scale: Int)
    /// `ans` or `_`: the last result.
    case answer(range: Range<Int>)
    /// `15 %`.
    case percent(Expression, range: Range<Int>)
    case negate(Expression, range: Range<Int>)
    /// `range` is the operator's.
    case binary(Operator, Expression, Expression, range: Range<Int>)
    /// `15 % of 80 eur`; `range` is the word's.
    case percentOf(Expression, Expression, range: Range<Int>)
    /// `(12 eur in usd)`; `range` is the connector's.
    case converted(Expression, to: CurrencyReference, range: Range<Int>)
    /// Parentheses, kept for writing the expression back.
    case group(Expression)
    /// `(50 + 60) eur`: plain numbers given a currency.
    case tagged(Expression, currency: CurrencyReference)

    /// Where the expression starts and ends in the line (its parts may stand in either order:
    /// `%15` has its sign first).
    public var range: Range<Int> {
        func union(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
            min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
        }
        switch self {
        case .amount(let amount, let currency, _): return currency.map { union(amount.range, $0.range) } ?? amount.range
        case .answer(let range): return range
        case .percent(let inner, let range): return union(inner.range, range)
        case .negate(let inner, let range): return union(inner.range, range)
        case .binary(_, let left, let right, _): return union(left.range, right.range)
        case .percentOf(let left, let right, _): return union(left.range, right.range)
        case .converted(let inner, let target, _): return union(inner.range, target.range)
        case .group(let inner):
            let range = inner.range
            return max(0, range.lowerBound - 1)..<range.upperBound + 1
        case .tagged(let inner, let currency): return union(inner.range, currency.range)
        }
    }
}

/// `+ 2 %` after the targets of an expression: applied to each converted result.
public struct Adjustment: Equatable, Sendable {
    public let subtract: Bool
    public let percent: Expression
    public let range: Range<Int>
}

/// One parsed command line.
public enum Command: Equatable, Sendable {
    case empty
    /// `12 eur in usd, gbp`, `12 eur`, `12`, `eur in usd`, `eur`: with no amount it asks for the rate.
    case convert(amount: AmountReference?, from: CurrencyReference?, to: [CurrencyReference])
    /// Arithmetic (`3 × 12,50 eur in usd`, `12 eur + 5 usd in gbp`, `ans × 2`), converted into
    /// the targets when there are any, then adjusted (`+ 2 %`).
    case calculate(Expression, to: [CurrencyReference], adjust: Adjustment?)
    /// A conversion, a rate, a calculation or `rates` with the rates of a day (`on 2020-03-15`).
    indirect case dated(Command, on: DateReference)
    /// `chart eur usd 1y`: the free text after the word.
    case chart(String?, range: Range<Int>?)
    /// `fee` (show), `fee off`, or `fee PERCENT`: the card or bank fee on every conversion.
    case fee(String?, range: Range<Int>?)
    /// `base` (show) or `base CUR`.
    case base(CurrencyReference?)
    case swap
    case recent(clear: Bool)
    case list(filter: String?)
    case rates([CurrencyReference])
    /// `locale` (show), `locale ID`, or `locale default`.
    case locale(String?, range: Range<Int>?)
    case status
    /// Fetch rates now.
    case refresh
    /// `preview` (show), `preview on`, `preview off`: live results while typing.
    case preview(Bool?)
    /// `source` (show), `source NAME` or `source auto`: the rate provider.
    case source(String?)
    case help(topic: String?)
    case quit

    /// The command words, for help and completion.
    public static var words: [String] { CommandDeclaration.words }
    /// Words that join the source currency to the targets.
    public static let connectors: Set<String> = ["in", "to", "into"]
}
