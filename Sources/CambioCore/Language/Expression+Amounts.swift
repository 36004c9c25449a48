extension Expression {
    /// Whether the expression is one amount, however written (`12k`, `(12) eur`, `- 12 eur`).
    var isOneAmount: Bool {
        switch self {
        case .amount: true
        case .negate(let inner, _), .group(let inner), .tagged(let inner, _): inner.isOneAmount
        case .answer, .percent, .binary, .percentOf, .converted: false
        }
    }

    /// The amounts in the order they are written.
    var amounts: [AmountReference] {
        switch self {
        case .amount(let amount, _, _): [amount]
        case .answer: []
        case .percent(let inner, _), .negate(let inner, _), .group(let inner), .tagged(let inner, _), .converted(let inner, _, _):
            inner.amounts
        case .binary(_, let left, let right, _), .percentOf(let left, let right, _): left.amounts + right.amounts
        }
    }
}

extension Expression {
    /// The same expression with its amounts' texts replaced, in the order they are written,
    /// and each currency written in it replaced by `place`'s: the two in one pass, for a line
    /// read by its shape.
    func replacing(amounts texts: inout IndexingIterator<[String]>, currencies place: (CurrencyReference) -> CurrencyReference) -> Expression {
        switch self {
        case .amount(let amount, let currency, let scale):
            let text = texts.next() ?? amount.text
            return .amount(AmountReference(text: text, range: amount.range, symbol: amount.symbol), currency: currency.map(place), scale: scale)
        case .answer: return self
        case .percent(let inner, let range): return .percent(inner.replacing(amounts: &texts, currencies: place), range: range)
        case .negate(let inner, let range): return .negate(inner.replacing(amounts: &texts, currencies: place), range: range)
        case .group(let inner): return .group(inner.replacing(amounts: &texts, currencies: place))
        case .tagged(let inner, let currency): return .tagged(inner.replacing(amounts: &texts, currencies: place), currency: place(currency))
        case .converted(let inner, let target, let range):
            return .converted(inner.replacing(amounts: &texts, currencies: place), to: place(target), range: range)
        case .binary(let op, let left, let right, let range):
            let newLeft = left.replacing(amounts: &texts, currencies: place)
            return .binary(op, newLeft, right.replacing(amounts: &texts, currencies: place), range: range)
        case .percentOf(let left, let right, let range):
            let newLeft = left.replacing(amounts: &texts, currencies: place)
            return .percentOf(newLeft, right.replacing(amounts: &texts, currencies: place), range: range)
        }
    }

    /// The currencies written in it, in the order they are written (an amount's symbol is its
    /// currency too).
    var currencies: [CurrencyReference] {
        switch self {
        case .amount(_, let currency, _): currency.map { [$0] } ?? []
        case .answer: []
        case .percent(let inner, _), .negate(let inner, _), .group(let inner): inner.currencies
        case .tagged(let inner, let currency): inner.currencies + [currency]
        case .converted(let inner, let target, _): inner.currencies + [target]
        case .binary(_, let left, let right, _), .percentOf(let left, let right, _): left.currencies + right.currencies
        }
    }

    /// The same expression with each currency written in it replaced by `place`'s (its amounts
    /// as they are).
    func replacingCurrencies(_ place: (CurrencyReference) -> CurrencyReference) -> Expression {
        var none = [String]().makeIterator()
        return replacing(amounts: &none, currencies: place)
    }
}
