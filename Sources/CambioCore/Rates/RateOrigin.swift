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
    /// The jurisdiction's rule that chose the rates (`pl`), and the kind of rate a central
    /// bank's table is (`mid`, `buying`).
    public let rule: String?
    public let kind: RateKind?
    /// Whether the source writes its rates as home currency per foreign unit (the NBP's 3.6056
    /// PLN per USD): its published quote is then `USD/PLN`.
    public let homePerForeign: Bool

    public init(
        date: String, source: String, asked: Day? = nil, substitution: Substitution? = nil, period: RatePeriod? = nil, base: CurrencyCode? = nil,
        rule: String? = nil, kind: RateKind? = nil, homePerForeign: Bool = false
    ) {
        self.rule = rule
        self.kind = kind
        self.homePerForeign = homePerForeign
        self.date = date
        self.source = source
        self.asked = asked
        self.substitution = substitution
        self.period = period
        self.base = base
    }

    /// The rates of a table, asked for on `asked` (a dated line) or now (`nil`).
    public init(_ table: RateTable, asked: Day? = nil, substitution: Substitution? = nil, rule: String? = nil) {
        self.init(
            date: table.period?.interval ?? table.date, source: table.source.id, asked: asked, substitution: substitution,
            period: table.period, base: table.base, rule: rule, kind: table.publication?.kind,
            homePerForeign: table.publication?.quoting == .homePerForeign)
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

    /// The jurisdiction's rule and the kind of a central bank's rate (`pl`, `mid`), last in a
    /// record, so that a table of conversions keeps its columns as they were.
    public var ruleFields: [(key: String, value: Record.Value)] {
        [("rule", rule.map { .text($0) } ?? .absent), ("rate_kind", kind.map { .text($0.rawValue) } ?? .absent)]
    }
}
