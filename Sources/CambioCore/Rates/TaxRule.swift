/// A jurisdiction's rule: the source its law names, the kind of rate, and which of the
/// source's tables a day takes. `rules` lists them with the law each follows.
public struct TaxRule: Sendable {
    /// What `by ID`, `rule ID` and `--rule ID` take (`pl`).
    public let id: String
    /// The source (`nbp`, or `ecb` for the BMF's monthly means).
    public let source: String
    public let kind: RateKind
    public let day: DayChoice
    /// The source's series the rule takes, when it names one (the Bank of Canada's annual
    /// averages); else every series a line of a day takes.
    public var series: String? = nil
    /// The key of the interface text that states the law and the rule.
    public var lawKey: String { "rule.law." + id }

    /// Which table a day takes.
    public enum DayChoice: Sendable, Equatable {
        /// The table of the day, or the last published before it.
        case onOrBefore
        /// The last table published before the day (Poland's "last working day before";
        /// Turkey's rate announced the working day before, in force on the day).
        case before
        /// The table of the day's month (HMRC's monthly rates).
        case month
        /// The table of the day's year, dated its first day (the Bank of Canada's annual
        /// averages).
        case year
        /// The mean of the source's twelve monthly tables of the day's year, rounded half up to
        /// `places` decimals, `olderPlaces` for the years before `since` (HMRC's yearly average:
        /// six decimals through 2022, four since).
        case yearOfMonths(places: Int, olderPlaces: Int, since: Int)
        /// The mean of the twelve fixings valid on each month's last day of the day's year,
        /// rounded half up to `places` decimals (the Czech uniform annual rate).
        case yearOfMonthEnds(places: Int)
        /// The mean of the ECB's reference rates of the day's month, rounded half up at the
        /// ECB's decimals of each currency (the BMF's monthly VAT rates).
        case ecbMonthMean
    }

    public static let all: [TaxRule] = [
        TaxRule(id: "pl", source: "nbp", kind: .mid, day: .before),
        TaxRule(id: "tr", source: "tcmb", kind: .buying, day: .before),
        TaxRule(id: "tr-banknote", source: "tcmb", kind: .banknoteBuying, day: .before),
        TaxRule(id: "uk", source: "hmrc", kind: .mid, day: .month),
        TaxRule(id: "uk-year", source: "hmrc", kind: .mid, day: .yearOfMonths(places: 4, olderPlaces: 6, since: 2023)),
        TaxRule(id: "de", source: "ecb", kind: .mid, day: .ecbMonthMean),
        TaxRule(id: "ca", source: "boc", kind: .mid, day: .onOrBefore),
        TaxRule(id: "ca-year", source: "boc", kind: .mid, day: .year, series: "annual"),
        TaxRule(id: "cz", source: "cnb", kind: .mid, day: .onOrBefore),
        TaxRule(id: "cz-year", source: "cnb", kind: .mid, day: .yearOfMonthEnds(places: 2)),
        TaxRule(id: "us", source: "treasury", kind: .mid, day: .onOrBefore),
    ]

    /// The rule called `name` (any case).
    public static func named(_ name: String) -> TaxRule? {
        let folded = name.lowercased()
        return all.first { $0.id == folded }
    }
}
