/// The rates of a line that asks for other rates than the current ones: a day's (the ECB's of
/// that day or of the last day before it, and any other table of exactly that day), or a
/// period's averages.
enum DatedLine {
    case day(DayRates)
    case average(RateTable)

    /// What was asked, for `swap`.
    var asked: RatesAsked {
        switch self {
        case .day(let rates): return .day(rates.asked)
        case .average(let table): return table.period.map { .period($0.period) } ?? .day(table.day)
        }
    }

    /// The day asked for, of a dated line.
    var day: Day? {
        if case .day(let rates) = self { return rates.asked }
        return nil
    }
}
