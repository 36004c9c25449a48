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
