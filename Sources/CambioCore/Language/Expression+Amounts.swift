extension Expression {
    /// Whether the expression is one amount, however written (`12k`, `(12) eur`, `- 12 eur`).
    var isOneAmount: Bool {
        switch self {
        case .amount: true
        case .negate(let inner, _), .group(let inner), .tagged(let inner, _): inner.isOneAmount
        case .answer, .percent, .binary, .percentOf, .converted: false
        }
    }
}
