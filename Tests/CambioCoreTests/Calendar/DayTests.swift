import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// Days are civil-date arithmetic, checked against Foundation's ISO 8601 formatter.
@Suite struct DayTests {

    @Test func daysAreExactCalendarArithmetic() throws {
        var generator = SplitMix64(seed: 42)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        for _ in 0..<2000 {
            let number = Int(generator.next() % 200_000) - 100_000
            let day = Day(number: number)
            let date = Date(timeIntervalSince1970: Double(number) * 86_400)
            #expect(day.iso == formatter.string(from: date))
            let (year, month, dayOfMonth) = day.parts
            #expect(Day(year: year, month: month, day: dayOfMonth) == day)
            #expect(Day(iso: day.iso) == day)
            var bytes: [UInt8] = [0x41]
            day.appendISO(to: &bytes)
            #expect(bytes == [0x41] + Array(day.iso.utf8))
        }
        // Years outside 0 … 9999 take the general path.
        for number in [-800_000, -719_529, 2_932_896, 3_000_000] {
            var bytes: [UInt8] = []
            Day(number: number).appendISO(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == Day(number: number).iso)
        }
        #expect(Day(iso: "2020-03-15")?.weekday == 0)
        #expect(Day(iso: "2024-03-31")?.adding(months: -1)?.iso == "2024-02-29")
    }
}
