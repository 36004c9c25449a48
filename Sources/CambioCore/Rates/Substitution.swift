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
    /// A rule takes the last table before the day (the NBP's of the last working day before it,
    /// TCMB's announced the working day before).
    case dayBefore = "day_before"
    /// The table of the month (HMRC's monthly rates).
    case monthly
    /// The table of the year (the Bank of Canada's annual averages).
    case yearly
    /// The rate in force since an earlier day (the US Treasury's quarterly rates).
    case inForce = "in_force"
}
