/// The ECB's rates for a day a line asks for: its table of that day, or of the last day it
/// published before it and why (`substitution`); or, past the days held, the last day held.
/// Other tables of exactly that day (`RateStore.otherTables`) answer the pairs the ECB does not
/// quote.
public struct DayRates {
    public let asked: Day
    /// The ECB's table used for `asked` (`nil` when a pinned source is another, or the ECB's
    /// days held end before `asked`).
    public let ecb: ECBDay?
    /// Why `ecb` is of another day than `asked`.
    public let substitution: Substitution?
    /// Set when `asked` is past the ECB's days held: the last of them.
    public let ecbHeldThrough: Day?
    /// Set when `asked` lies between the bundled history's end and the first day the fetched
    /// ECB files speak for: that first day. No later fetch fills the gap (the ECB's 90-day file
    /// only moves on).
    public var ecbFetchedFrom: Day? = nil

    /// The day whose rates are used: the ECB's, or the day asked.
    public var used: Day { ecb?.day ?? asked }
}
