/// Why a period has no average rates.
public enum AverageProblem: Error, Equatable, Sendable {
    /// A period that begins after today: no day of it can have been published.
    case notStarted(Period, today: Day)
    /// A month or a year that is not over (today is in it).
    case notOver(Period, today: Day)
    /// A range that ends after today.
    case future(Period, today: Day)
    /// A period before the ECB's first reference rates.
    case beforeData(Period, first: Day)
    /// A period past the ECB's days held: the last of them.
    case notHeld(Period, last: Day)
    /// No day of the period has a publication (a holiday, a weekend).
    case noDays(Period)
    /// Averages are of the ECB's days; another source is pinned.
    case notECB(String)
}
