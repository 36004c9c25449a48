/// The rates of a line that asks for other rates than the current ones: a day's (the ECB's of
/// that day or of the last day before it, and any other table of exactly that day), a
/// period's averages, or a central bank's table that a source or a rule chose for a day.
enum DatedLine {
    case day(DayRates)
    case average(RateTable)
    case bank(BankRates)

    /// The day asked for, of a dated line.
    var day: Day? {
        switch self {
        case .day(let rates): return rates.asked
        case .bank(let rates): return rates.asked
        case .average: return nil
        }
    }
}

/// A central bank's tables for a line: those of the day a source or a rule chose (the NBP's
/// tables A and B, in that order), or one table of means (a yearly rate); and the line's
/// today (a table of today may not be out yet).
struct BankRates {
    let asked: Day
    let tables: [RateTable]
    let choice: BankChoice
    let today: Day
}
