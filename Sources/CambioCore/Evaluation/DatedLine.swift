/// The rates of a line that asks for other rates than the current ones: a day's (the ECB's of
/// that day or of the last day before it, and any other table of exactly that day), or a
/// period's averages.
enum DatedLine {
    case day(DayRates)
    case average(RateTable)

    /// The day asked for, of a dated line.
    var day: Day? {
        if case .day(let rates) = self { return rates.asked }
        return nil
    }
}
