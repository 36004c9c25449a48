import Foundation
import Synchronization

/// The ECB's reference rates of every working day since 1999-01-04, compiled into the binary
/// (`EmbeddedHistory`) and read in place: a day's rate of a currency is one fixed-width cell
/// found by arithmetic, so a dated line reads two cells and a binary search of the days, and
/// nothing is decoded at start-up or held on the heap.
public final class BundledHistory: Sendable {
    public static let shared = BundledHistory()

    /// The currencies, in column order (every currency the ECB has quoted, EUR not among them).
    public let codes: [CurrencyCode] = EmbeddedHistory.codes.compactMap { CurrencyCode($0) }
    private let columnIndex: CurrencyMap<Int> = {
        var map = CurrencyMap<Int>(capacity: EmbeddedHistory.codes.count)
        for (index, text) in EmbeddedHistory.codes.enumerated() {
            if let code = CurrencyCode(text) { map[code] = index }
        }
        return map
    }()

    /// Where a column's cells are, and its last day's value again (`EmbeddedHistory`).
    private struct Column: Sendable {
        let first: Int
        let last: Int
        let width: Int
        let offset: Int
        let scale: Int
        let lastValue: Int64
    }

    private let columns: [Column] = EmbeddedHistory.codes.indices.map { index in
        Column(
            first: EmbeddedHistory.firstIndex[index], last: EmbeddedHistory.lastIndex[index], width: EmbeddedHistory.widths[index],
            offset: EmbeddedHistory.offsets[index], scale: EmbeddedHistory.scales[index], lastValue: EmbeddedHistory.lastRow[index])
    }
    /// The cells and the days, in place.
    nonisolated(unsafe) private let cells = EmbeddedHistory.cells.utf8Start
    nonisolated(unsafe) private let days = EmbeddedHistory.days.utf8Start
    private let lastIndex = EmbeddedHistory.dayCount - 1
    /// Each base-64 digit's value, by its byte.
    private let digitValues: [UInt8] = (0..<128).map { byte in
        switch byte {
        case 0x30...0x39: return UInt8(byte - 0x30)
        case 0x41...0x5A: return UInt8(byte - 0x41 + 10)
        case 0x61...0x7A: return UInt8(byte - 0x61 + 36)
        case 0x2B: return 62
        default: return 63
        }
    }

    /// The value of `width` base-64 digits at `start`.
    @inline(__always) private func read(_ start: UnsafePointer<UInt8>, at offset: Int, width: Int) -> Int64 {
        var value: Int64 = 0
        digitValues.withUnsafeBufferPointer { digits in
            for index in offset..<offset + width { value = value << 6 | Int64(digits[Int(start[index] & 0x7F)]) }
        }
        return value
    }

    public var firstDay: Day { Day(number: EmbeddedHistory.firstDay) }
    /// The last day, known without reading the history.
    public var lastDay: Day { Day(number: EmbeddedHistory.lastDay) }
    public var dayCount: Int { EmbeddedHistory.dayCount }

    /// The value of `width` base-64 digits at `offset` of `text`.
    @inline(__always) private static func read(_ text: StaticString, at offset: Int, width: Int) -> Int64 {
        let bytes = text.utf8Start
        var value: Int64 = 0
        for index in offset..<offset + width {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x5A: digit = byte - 0x41 + 10
            case 0x61...0x7A: digit = byte - 0x61 + 36
            case 0x2B: digit = 62
            default: digit = 63
            }
            value = value << 6 | Int64(digit)
        }
        return value
    }

    /// The day at `index` (0 is 1999-01-04).
    public func day(at index: Int) -> Day { Day(number: Int(read(days, at: index * 3, width: 3))) }

    /// How many published days come before the first that fails `isBefore` (a binary search).
    private func partition(_ isBefore: (Int) -> Bool) -> Int {
        var low = 0
        var high = dayCount
        while low < high {
            let middle = (low + high) / 2
            if isBefore(day(at: middle).number) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the last published day on or before `day`, or `nil` before the first.
    public func index(onOrBefore day: Day) -> Int? {
        guard day.number < EmbeddedHistory.lastDay else { return day.number >= EmbeddedHistory.firstDay ? dayCount - 1 : nil }
        guard day.number >= EmbeddedHistory.firstDay else { return nil }
        // A one-shot command asks once or twice: a search is cheaper than making the calendar.
        if asked.load(ordering: .relaxed) < Self.searchesBeforeCalendar {
            asked.add(1, ordering: .relaxed)
            return searchedIndex(onOrBefore: day)
        }
        return Int(Self.calendar[day.number - EmbeddedHistory.firstDay])
    }

    /// The same found by a binary search of the days, for a day within the history.
    func searchedIndex(onOrBefore day: Day) -> Int { partition { $0 <= day.number } - 1 }

    /// How many days are searched for before the calendar is made.
    static let searchesBeforeCalendar = 64
    private let asked = Atomic<Int>(0)

    /// For each calendar day from the first to the last, the index of the last published day
    /// on or before it (20 KB, made when a dated line has asked `searchesBeforeCalendar` times):
    /// a pipe of dated lines finds each day without a search.
    static let calendar: [UInt16] = {
        let history = BundledHistory.shared
        let count = EmbeddedHistory.lastDay - EmbeddedHistory.firstDay + 1
        return [UInt16](unsafeUninitializedCapacity: count) { table, initialized in
            // Each published day stands for itself and the days up to the next one.
            var start = 0
            for index in 0..<EmbeddedHistory.dayCount {
                let end = index + 1 < EmbeddedHistory.dayCount ? history.day(at: index + 1).number - EmbeddedHistory.firstDay : count
                for offset in start..<end { table[offset] = UInt16(index) }
                start = end
            }
            initialized = count
        }
    }()

    /// The indices of the published days from `start` to `end`, both included.
    public func indices(from start: Day, through end: Day) -> Range<Int> {
        let first = partition { $0 < start.number }
        return first..<max(first, partition { $0 <= end.number })
    }

    /// The column of a currency the history has.
    public func column(_ code: CurrencyCode) -> Int? { columnIndex[code] }

    /// The published rate of a column on the day at `index` as an integer and its column's power
    /// of ten (`1.1172` is 11172 and 4); `nil` when it was not quoted that day.
    @inline(__always) public func scaled(column: Int, at index: Int) -> (value: Int64, scale: Int)? {
        let column = columns[column]
        if index == lastIndex { return column.lastValue > 0 ? (column.lastValue, column.scale) : nil }
        guard index >= column.first, index <= column.last else { return nil }
        let value = read(cells, at: column.offset + (index - column.first) * column.width, width: column.width)
        return value > 0 ? (value, column.scale) : nil
    }

    /// The same by currency.
    public func scaled(_ code: CurrencyCode, at index: Int) -> (value: Int64, scale: Int)? {
        column(code).flatMap { scaled(column: $0, at: index) }
    }

    /// How many currencies the day at `index` quotes.
    public func quotedCount(at index: Int) -> Int {
        (0..<codes.count).reduce(0) { $0 + (scaled(column: $1, at: index) == nil ? 0 : 1) }
    }

    /// The first day the history quotes `code`.
    public func firstDay(of code: CurrencyCode) -> Day? {
        column(code).map { day(at: columns[$0].first) }
    }

    /// The indices of the days a column has cells for (its first through its last quote).
    public func span(ofColumn column: Int) -> ClosedRange<Int> { columns[column].first...columns[column].last }

    /// Whether the day at `index` is within the days `code` was quoted (its first through its
    /// last quote), without reading a cell.
    public func spans(_ code: CurrencyCode, _ index: Int) -> Bool {
        guard let column = column(code) else { return false }
        return index >= columns[column].first && index <= columns[column].last
    }

    /// The column's power of ten.
    public func scale(ofColumn column: Int) -> Int { columns[column].scale }

    /// The last day the history quotes `code` (a withdrawn currency's last rate).
    public func lastDay(of code: CurrencyCode) -> Day? {
        column(code).map { day(at: columns[$0].last) }
    }

    /// The rate of `code` per euro on the day at `index`, exactly as published.
    public func rate(_ code: CurrencyCode, at index: Int) -> Decimal? {
        scaled(code, at: index).map { Decimal(sign: .plus, exponent: -$0.scale, significand: Decimal($0.value)) }
    }

    /// The same as an exact fraction.
    public func exactRate(_ code: CurrencyCode, at index: Int) -> Rational? {
        scaled(code, at: index).map { Rational(significand: BigUInt(UInt64($0.value)), exponent: -$0.scale) }
    }

    /// Every rate of the day at `index`, EUR included.
    public func rates(at index: Int) -> [CurrencyCode: Decimal] {
        var rates: [CurrencyCode: Decimal] = [.eur: 1]
        for code in codes { if let rate = rate(code, at: index) { rates[code] = rate } }
        return rates
    }
}
