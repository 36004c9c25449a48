import Foundation

/// Calendar dates as providers publish them (`YYYY-MM-DD`).
public enum DataDate {
    /// True for a real Gregorian date in `YYYY-MM-DD` form.
    public static func isValid(_ text: String) -> Bool { components(text) != nil }

    /// Year, month and day of a `YYYY-MM-DD` date (digits only, years 0001 to 9999).
    public static func components(_ text: String) -> (year: Int, month: Int, day: Int)? { Day(iso: text)?.parts }

    /// Whole days from `date` to `now` (UTC); `nil` for an invalid date. Plain arithmetic on
    /// the proleptic Gregorian calendar: no calendar object at start-up.
    public static func age(of date: String, now: Date) -> Int? {
        guard let parts = components(date) else { return nil }
        let seconds = now.timeIntervalSince1970
        guard seconds.isFinite else { return nil }
        let today = Int((seconds / 86_400).rounded(.down))
        let days = today - daysSinceEpoch(year: parts.year, month: parts.month, day: parts.day)
        // As the calendar counts it: whole days towards zero, even before the date.
        return days < 0 && seconds.truncatingRemainder(dividingBy: 86_400) != 0 ? days + 1 : days
    }

    /// The date `days` after 1970-01-01 (before it when negative).
    public static func civil(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to a date (negative before it).
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
