/// A calendar day (proleptic Gregorian, no time zone), as the count of days since 1970-01-01:
/// the unit of rate history. Conversions to and from year, month and day are exact integer
/// arithmetic (H. Hinnant's civil-date algorithms), so no calendar or time zone is involved.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let number: Int

    public init(number: Int) { self.number = number }

    /// A valid date, or `nil` (`2021-02-29`, month 13, a year outside 1…9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= Self.length(ofMonth: month, year: year)
        else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    /// `2020-03-15`, strictly: four digits, two, two.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Year, month and day.
    public var parts: (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday).
    public var weekday: Int { ((number % 7) + 7 + 4) % 7 }

    public var isWeekend: Bool { weekday == 0 || weekday == 6 }

    /// `2020-03-15`.
    public var iso: String {
        let (year, month, day) = parts
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + two(month) + "-" + two(day)
    }

    public var description: String { iso }

    public static func < (a: Day, b: Day) -> Bool { a.number < b.number }

    public func adding(days: Int) -> Day { Day(number: number + days) }

    /// The same day `months` months later (or earlier), on the month's last day when it is
    /// shorter (`2024-03-31` − 1 month is `2024-02-29`).
    public func adding(months: Int) -> Day? {
        let (year, month, day) = parts
        let total = year * 12 + (month - 1) + months
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        guard (1...9999).contains(newYear) else { return nil }
        return Day(year: newYear, month: newMonth, day: min(day, Self.length(ofMonth: newMonth, year: newYear)))
    }

    /// The day of a moment in UTC.
    public static func utc(_ seconds: Double) -> Day {
        Day(number: Int((seconds / 86_400).rounded(.down)))
    }
}
