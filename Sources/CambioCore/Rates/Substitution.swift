/// Why a dated line uses the rates of another day than the one asked for: the ECB publishes on
/// working days, at about 16:00 CET.
public enum Substitution: String, Sendable, Equatable {
    /// A Saturday or a Sunday.
    case weekend
    /// A working day without a publication (a TARGET holiday: 1 January, Good Friday, Easter
    /// Monday, 1 May, 25 and 26 December).
    case holiday
    /// The last day the ECB's files speak for, before its rates of the day were out.
    case notYetPublished = "not_published"
}
