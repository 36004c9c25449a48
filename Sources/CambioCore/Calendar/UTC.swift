import Foundation

/// Dates in UTC for labels.
public enum UTC {
    /// Year, month, day, hour, minute and second of a moment, in UTC: plain arithmetic on
    /// the proleptic Gregorian calendar (no calendar or time-zone object at start-up).
    static func parts(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let day = Day.utc(date)
        let within = Day.seconds(date) - day.number * 86_400
        let (year, month, dayOfMonth) = day.parts
        return (year, month, dayOfMonth, within / 3600, within / 60 % 60, within % 60)
    }

    /// `2026-11-30`
    public static func day(_ date: Date) -> String { Day.utc(date).iso }

    /// `2026-11-30 00:02 UTC`
    public static func minute(_ date: Date) -> String {
        let parts = parts(date)
        return day(date) + " \(String(parts.hour, zeroPaddedTo: 2)):\(String(parts.minute, zeroPaddedTo: 2)) UTC"
    }

    /// `2026-11-30T00:02:31Z`
    public static func timestamp(_ date: Date) -> String {
        let parts = parts(date)
        return day(date)
            + "T\(String(parts.hour, zeroPaddedTo: 2)):\(String(parts.minute, zeroPaddedTo: 2)):\(String(parts.second, zeroPaddedTo: 2))Z"
    }

    /// Reads `timestamp`'s format back.
    public static func parseTimestamp(_ text: String) -> Date? {
        let scalars = Array(text.utf8)
        guard scalars.count == 20, text.hasSuffix("Z"), let day = Day(iso: text.prefix(10)) else { return nil }
        let time = text.dropFirst(11).dropLast().split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, (0..<24).contains(time[0]), (0..<60).contains(time[1]), (0..<61).contains(time[2]) else {
            return nil
        }
        return Date(timeIntervalSince1970: TimeInterval(day.number * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]))
    }
}
