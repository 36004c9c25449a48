import Foundation

/// A calendar day (proleptic Gregorian, no time zone), as the count of days since 1970-01-01:
/// the unit of rate history. Conversions to and from year, month and day are `DataDate`'s
/// integer arithmetic, so no calendar or time zone is involved.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let number: Int

    public init(number: Int) { self.number = number }

    /// A valid date, or `nil` (`2021-02-29`, month 13, a year outside 1…9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= Self.length(ofMonth: month, year: year)
        else { return nil }
        number = DataDate.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// `2020-03-15`, strictly: four digits, two, two.
    public init?(iso text: some StringProtocol) { self.init(isoBytes: text.utf8) }

    /// The same from UTF-8 bytes.
    @inline(__always) public init?(isoBytes bytes: some Sequence<UInt8>) {
        var parts = (0, 0, 0)
        var position = 0
        for byte in bytes {
            switch position {
            case 4, 7:
                guard byte == UInt8(ascii: "-") else { return nil }
            case 0..<10:
                guard byte &- 0x30 < 10 else { return nil }
                let digit = Int(byte &- 0x30)
                if position < 4 {
                    parts.0 = parts.0 * 10 + digit
                } else if position < 7 {
                    parts.1 = parts.1 * 10 + digit
                } else {
                    parts.2 = parts.2 * 10 + digit
                }
            default:
                return nil
            }
            position += 1
        }
        guard position == 10 else { return nil }
        self.init(year: parts.0, month: parts.1, day: parts.2)
    }

    public static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Year, month and day.
    public var parts: (year: Int, month: Int, day: Int) { DataDate.civil(daysSinceEpoch: number) }

    /// 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday).
    public var weekday: Int { ((number % 7) + 7 + 4) % 7 }

    /// `2020-03-15`.
    public var iso: String {
        let (year, month, day) = parts
        // Ten bytes written in place (a ledger's records and notes ask for many days); a year
        // outside 0 … 9999 takes the general path.
        guard (0...9999).contains(year) else {
            return String(year, zeroPaddedTo: 4) + "-" + String(month, zeroPaddedTo: 2) + "-" + String(day, zeroPaddedTo: 2)
        }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            Self.writeISO(year, month, day, into: buffer)
            return 10
        }
    }

    /// Appends `iso`'s bytes to `bytes`, in place for a year 0 … 9999.
    public func appendISO(to bytes: inout [UInt8]) {
        let (year, month, day) = parts
        guard (0...9999).contains(year) else {
            bytes += iso.utf8
            return
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 10))
        bytes.withUnsafeMutableBufferPointer { buffer in
            Self.writeISO(year, month, day, into: UnsafeMutableBufferPointer(rebasing: buffer[start..<start + 10]))
        }
    }

    /// `YYYY-MM-DD` into the ten bytes of `buffer`, for a year 0 … 9999.
    @inline(__always) private static func writeISO(_ year: Int, _ month: Int, _ day: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        buffer[0] = UInt8(48 + year / 1000)
        buffer[1] = UInt8(48 + year / 100 % 10)
        buffer[2] = UInt8(48 + year / 10 % 10)
        buffer[3] = UInt8(48 + year % 10)
        buffer[4] = UInt8(ascii: "-")
        buffer[5] = UInt8(48 + month / 10)
        buffer[6] = UInt8(48 + month % 10)
        buffer[7] = UInt8(ascii: "-")
        buffer[8] = UInt8(48 + day / 10)
        buffer[9] = UInt8(48 + day % 10)
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

    /// The day of a moment in UTC; moments beyond any calendar's use (about ±285 million
    /// years) count as the epoch.
    public static func utc(_ date: Date) -> Day {
        let seconds = seconds(date)
        return Day(number: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    }

    /// Whole seconds since 1970-01-01 00:00 UTC, rounded down (0 beyond any calendar's use).
    public static func seconds(_ date: Date) -> Int {
        let raw = date.timeIntervalSince1970
        return raw.isFinite && abs(raw) < 9e15 ? Int(raw.rounded(.down)) : 0
    }
}
