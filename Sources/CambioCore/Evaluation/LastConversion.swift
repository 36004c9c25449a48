/// A conversion `swap` can reverse.
public struct LastConversion: Equatable, Sendable {
    /// The amount exactly (a calculated one may have no finite decimal); `nil` for a rate query.
    public let amount: Rational?
    public let from: CurrencyCode
    public let to: [CurrencyCode]
    /// The rates it used, when not the current ones: a day's or a period's average.
    public let asked: RatesAsked?

    public init(amount: Rational?, from: CurrencyCode, to: [CurrencyCode], asked: RatesAsked? = nil) {
        self.amount = amount
        self.asked = asked
        self.from = from
        self.to = to
    }

    /// The day whose rates it used, for a dated line.
    public var day: Day? {
        if case .day(let day) = asked { return day }
        if case .bank(let day, _) = asked { return day }
        return nil
    }
}
