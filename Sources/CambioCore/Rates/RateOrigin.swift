/// Which rates a result used, for its record: the day (or the days of an average) and the
/// source, and for a dated line the day asked and why another day's rates were used.
public struct RateOrigin: Sendable, Equatable {
    /// The day of the rates (`2024-03-28`); for an average, the days counted as an ISO 8601
    /// interval (`2024-03-01/2024-03-28`).
    public let date: String
    public let source: String
    /// The day a dated line asked for.
    public let asked: Day?
    public let substitution: Substitution?
    public let period: RatePeriod?
    /// The currency the source quotes its rates against (the ECB's euro), when known: a rate
    /// from or into it is one the source published, any other is a cross rate.
    public let base: CurrencyCode?

    public init(
        date: String, source: String, asked: Day? = nil, substitution: Substitution? = nil, period: RatePeriod? = nil, base: CurrencyCode? = nil
    ) {
        self.date = date
        self.source = source
        self.asked = asked
        self.substitution = substitution
        self.period = period
        self.base = base
    }

    /// The rates of a table, asked for on `asked` (a dated line) or now (`nil`).
    public init(_ table: RateTable, asked: Day? = nil, substitution: Substitution? = nil) {
        self.init(
            date: table.period?.interval ?? table.date, source: table.source.id, asked: asked, substitution: substitution,
            period: table.period, base: table.base)
    }

    /// The fields every conversion and rate record carries, in this order (README, "Scripts
    /// and pipes"): `date`, `source`, `date_asked`, `substitution`, `period`, `period_days`.
    public var fields: [(key: String, value: Record.Value)] {
        [
            ("date", .text(date)), ("source", .text(source)), ("date_asked", .text(asked?.iso ?? "")),
            ("substitution", .text(substitution?.rawValue ?? "")), ("period", .text(period?.period.iso ?? "")),
            ("period_days", period.map { .integer($0.days) } ?? .absent),
        ]
    }
}
