/// A span of days whose average rates a line asks for (`average 2024-03`, `average 2024`,
/// `average 2024-01-01..2024-06-30`), from its first calendar day through its last.
public struct Period: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case month
        case year
        case range
    }

    public let from: Day
    public let through: Day
    public let kind: Kind

    public init(from: Day, through: Day, kind: Kind) {
        self.from = from
        self.through = through
        self.kind = kind
    }

    /// The month of `day`.
    public static func month(of day: Day) -> Period {
        let (year, month, _) = day.parts
        let first = Day(year: year, month: month, day: 1) ?? day
        return Period(from: first, through: first.adding(days: Day.length(ofMonth: month, year: year) - 1), kind: .month)
    }

    /// The calendar year `year`.
    public static func year(_ year: Int) -> Period? {
        guard let first = Day(year: year, month: 1, day: 1), let last = Day(year: year, month: 12, day: 31) else { return nil }
        return Period(from: first, through: last, kind: .year)
    }

    /// ISO 8601: `2024-03`, `2024`, `2024-01-01/2024-06-30`.
    public var iso: String {
        switch kind {
        case .month: return String(from.iso.prefix(7))
        case .year: return String(from.iso.prefix(4))
        case .range: return from.iso + "/" + through.iso
        }
    }
}

/// The average rates of a period as a table holds them: the period asked and the published
/// days counted (every currency of the table has a rate on each of them).
public struct RatePeriod: Hashable, Sendable {
    public let period: Period
    public let days: Int
    public let first: Day
    public let last: Day

    public init(period: Period, days: Int, first: Day, last: Day) {
        self.period = period
        self.days = days
        self.first = first
        self.last = last
    }

    /// The days counted, as an ISO 8601 interval (`2024-03-01/2024-03-28`).
    public var interval: String { first.iso + "/" + last.iso }
}
