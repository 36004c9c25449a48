/// A conversion `swap` can reverse.
public struct LastConversion: Equatable, Sendable {
    /// The amount exactly (a calculated one may have no finite decimal); `nil` for a rate query.
    public let amount: Rational?
    public let from: CurrencyCode
    public let to: [CurrencyCode]
    /// The day whose rates it used; `nil` for the current ones.
    public let day: Day?

    public init(amount: Rational?, from: CurrencyCode, to: [CurrencyCode], day: Day? = nil) {
        self.amount = amount
        self.day = day
        self.from = from
        self.to = to
    }
}
