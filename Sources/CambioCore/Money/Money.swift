/// An exact amount, with its currency when it is money.
public struct Money: Sendable, Equatable {
    public let value: Rational
    public let currency: CurrencyCode?

    public init(_ value: Rational, _ currency: CurrencyCode?) {
        self.value = value
        self.currency = currency
    }
}
