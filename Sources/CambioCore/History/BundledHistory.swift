import Foundation
import Synchronization

/// The ECB's reference rates of every working day since 1999-01-04, compiled into the binary
/// (`EmbeddedHistory`) and decoded on first use, not at start-up: a line without a date never
/// touches it.
public final class BundledHistory: Sendable {
    public static let shared = BundledHistory()

    /// The decoded columns: one integer per published day (0: not quoted that day).
    private struct Decoded: Sendable {
        var days: [Int32]
        var columns: [[Int64]]
    }

    private let decoded = Mutex<Decoded?>(nil)

    /// The currencies, in column order (every currency the ECB has quoted, EUR not among them).
    public let codes: [CurrencyCode] = EmbeddedHistory.codes.compactMap { CurrencyCode($0) }
    private let columnIndex: [CurrencyCode: Int] = Dictionary(
        uniqueKeysWithValues: EmbeddedHistory.codes.enumerated().compactMap { index, text in CurrencyCode(text).map { ($0, index) } })

    public var firstDay: Day { Day(number: EmbeddedHistory.firstDay) }
    /// The last day, known without decoding the history.
    public var lastDay: Day { Day(number: EmbeddedHistory.lastDay) }
    public var dayCount: Int { EmbeddedHistory.dayCount }

    private var contents: Decoded {
        decoded.withLock { current in
            if let current { return current }
            let made = Self.decode()
            current = made
            return made
        }
    }

    /// Reads the variable-length numbers of `EmbeddedHistory`: five bits a character, low bits
    /// first, a character at or above `P` followed by another.
    private static func decode() -> Decoded {
        func read(_ text: StaticString, from start: Int, count: Int, _ body: (Int64) -> Void) {
            text.withUTF8Buffer { bytes in
                var index = start
                for _ in 0..<count {
                    var value: Int64 = 0
                    var shift: Int64 = 0
                    while index < bytes.count {
                        let byte = bytes[index]
                        index += 1
                        if byte >= 0x50 {
                            value |= Int64(byte - 0x50) << shift
                            shift += 5
                        } else {
                            value |= Int64(byte &- 0x30) << shift
                            break
                        }
                    }
                    body(value)
                }
            }
        }
        var days: [Int32] = []
        days.reserveCapacity(EmbeddedHistory.dayCount)
        var day = Int64(EmbeddedHistory.firstDay)
        read(EmbeddedHistory.days, from: 0, count: EmbeddedHistory.dayCount) { gap in
            day += gap
            days.append(Int32(day))
        }
        var columns: [[Int64]] = []
        for index in EmbeddedHistory.codes.indices {
            var column: [Int64] = []
            column.reserveCapacity(EmbeddedHistory.dayCount)
            var previous: Int64 = 0
            read(EmbeddedHistory.columns, from: EmbeddedHistory.offsets[index], count: EmbeddedHistory.dayCount) { token in
                if token == 0 {
                    column.append(0)
                    return
                }
                let zigzag = token - 1
                let delta = zigzag & 1 == 0 ? zigzag >> 1 : -((zigzag + 1) >> 1)
                previous += delta
                column.append(previous)
            }
            columns.append(column)
        }
        return Decoded(days: days, columns: columns)
    }

    /// How many published days come before the first that fails `isBefore` (the days are in
    /// order): a binary search.
    private func partition(_ isBefore: (Int) -> Bool) -> Int {
        let days = contents.days
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(Int(days[middle])) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the last published day on or before `day`, or `nil` before the first.
    public func index(onOrBefore day: Day) -> Int? {
        let count = partition { $0 <= day.number }
        return count == 0 ? nil : count - 1
    }

    /// The last day the history quotes `code` (a withdrawn currency's last rate).
    public func lastDay(of code: CurrencyCode) -> Day? {
        var index = dayCount - 1
        while index >= 0, stored(code, at: index) == nil { index -= 1 }
        return index >= 0 ? day(at: index) : nil
    }

    public func day(at index: Int) -> Day { Day(number: Int(contents.days[index])) }

    /// The published rate of `code` on the day at `index` as an integer and its column's
    /// power of ten (`1.1172` is 11172 and 4); `nil` when it was not quoted.
    private func stored(_ code: CurrencyCode, at index: Int) -> (value: Int64, scale: Int)? {
        guard let column = columnIndex[code] else { return nil }
        let value = contents.columns[column][index]
        return value > 0 ? (value, EmbeddedHistory.scales[column]) : nil
    }

    /// The rate of `code` per euro on the day at `index`, exactly as published.
    public func rate(_ code: CurrencyCode, at index: Int) -> Decimal? {
        stored(code, at: index).map { Decimal(sign: .plus, exponent: -$0.scale, significand: Decimal($0.value)) }
    }

    /// The rate as a binary fraction, for drawing (never for money).
    public func approximateRate(_ code: CurrencyCode, at index: Int) -> Double? {
        stored(code, at: index).map { Double($0.value) / Self.powers[$0.scale] }
    }

    private static let powers: [Double] = (0...18).map { pow(10, Double($0)) }

    /// The same as an exact fraction.
    public func exactRate(_ code: CurrencyCode, at index: Int) -> Rational? {
        stored(code, at: index).map { Rational(significand: BigUInt(UInt64($0.value)), exponent: -$0.scale) }
    }

    /// Every rate of the day at `index`, EUR included.
    public func rates(at index: Int) -> [CurrencyCode: Decimal] {
        var rates: [CurrencyCode: Decimal] = [.eur: 1]
        for code in codes { if let rate = rate(code, at: index) { rates[code] = rate } }
        return rates
    }

    /// The indices of the published days from `start` to `end`, both included.
    public func indices(from start: Day, through end: Day) -> Range<Int> {
        let first = partition { $0 < start.number }
        return first..<max(first, partition { $0 <= end.number })
    }
}
