import Foundation

/// Every dated rate table the program can answer from without the network: the ECB's history
/// compiled into the binary, the ECB's days after it (fetched and cached by the shell), and
/// currency-api's dated snapshots (fetched on demand, cached per day). One per process, shared
/// by every engine; the shell adds what it fetches.
public final class HistoryLibrary: @unchecked Sendable {
    public static let shared = HistoryLibrary()

    public let bundled = BundledHistory.shared
    /// The first day currency-api publishes dated snapshots for.
    public static let snapshotsSince = Day(number: 19_784)  // 2024-03-02

    /// The sources of dated tables.
    public static let bundledSource = RateSource(id: "ecb", attribution: RateSource.ecbAttribution, isBundledSeed: true)
    public static let ecbSource = RateSource(id: "ecb", attribution: RateSource.ecbAttribution, isBundledSeed: false)

    private let lock = NSLock()
    /// Published days after the bundle, from the ECB's XML.
    private var ecbDays: [Int: [CurrencyCode: Decimal]] = [:]
    private var ecbSorted: [Int] = []
    /// The last day the fetched ECB files speak for (a day without rates up to it had none).
    private var ecbCoveredThrough: Day?
    /// The first day the fetched ECB files speak for.
    private var ecbCoveredFrom: Day?
    private var snapshots: [Int: RateTable] = [:]
    private var tables: [Int: RateTable] = [:]
    /// Reads what is cached on disk, once, before the first lookup past the bundle.
    private var loader: ((HistoryLibrary) -> Void)?

    public init() {}

    /// Sets what reads the cached days (the shell's cache); it runs at most once, when a line
    /// first asks for a day the bundle does not have.
    public func setLoader(_ load: @escaping (HistoryLibrary) -> Void) {
        lock.withLock { loader = load }
    }

    private func loadCached() {
        let load: ((HistoryLibrary) -> Void)? = lock.withLock {
            defer { loader = nil }
            return loader
        }
        load?(self)
    }

    /// What a day's lookup found.
    public enum Lookup {
        /// The table of `used`, the last published day on or before the day asked for.
        case table(RateTable, used: Day)
        /// A day after every table held: the ECB's newer days have to be fetched.
        case notFetched(after: Day)
    }

    /// The ECB's table for `day` (which is not before the first day and not in the future).
    public func ecbTable(on day: Day) -> Lookup {
        let bundleEnd = bundled.lastDay
        if day <= bundleEnd, let index = bundled.index(onOrBefore: day) { return bundledTable(index) }
        loadCached()
        enum Found {
            case notFetched(after: Day)
            case bundleEnd
            case fetched(Day, [CurrencyCode: Decimal])
        }
        let found: Found = lock.withLock {
            // Fetched files speak for the days from their first through the day they were
            // fetched; days between the bundle and them are not known.
            guard let covered = ecbCoveredThrough, let from = ecbCoveredFrom, day <= covered,
                day >= from || from.number <= bundleEnd.number + 7
            else { return .notFetched(after: max(bundleEnd, lastFetchedDay)) }
            // The last fetched day on or before `day`, else the bundle's last.
            guard let number = ecbSorted.last(where: { $0 <= day.number }), let rates = ecbDays[number] else { return .bundleEnd }
            return .fetched(Day(number: number), rates)
        }
        switch found {
        case .notFetched(let after): return .notFetched(after: after)
        case .bundleEnd: return bundledTable(bundled.dayCount - 1)
        case .fetched(let used, let rates): return .table(table(used, source: Self.ecbSource) { rates }, used: used)
        }
    }

    private func bundledTable(_ index: Int) -> Lookup {
        let used = bundled.day(at: index)
        return .table(table(used, source: Self.bundledSource) { bundled.rates(at: index) }, used: used)
    }

    /// The table of a published day, made once and kept (at most 256 at a time).
    private func table(_ day: Day, source: RateSource, _ rates: () -> [CurrencyCode: Decimal]) -> RateTable {
        if let table = lock.withLock({ tables[day.number] }) { return table }
        let table = (try? RateTable(base: .eur, date: day.iso, source: source, rates: rates())) ?? Self.emptyTable(day)
        lock.withLock {
            if tables.count > 256 { tables.removeAll() }
            tables[day.number] = table
        }
        return table
    }

    private var lastFetchedDay: Day { ecbSorted.last.map { Day(number: $0) } ?? bundled.lastDay }

    /// The last day with ECB rates held (bundled or fetched).
    public var lastDay: Day {
        loadCached()
        return lock.withLock { max(bundled.lastDay, lastFetchedDay) }
    }

    /// The days fetched after the bundle: first, last and through when they speak.
    public var fetchedCoverage: (first: Day, last: Day, from: Day, through: Day)? {
        lock.withLock {
            guard let first = ecbSorted.first, let last = ecbSorted.last, let from = ecbCoveredFrom, let through = ecbCoveredThrough
            else { return nil }
            return (Day(number: first), Day(number: last), from, through)
        }
    }

    /// The fetched ECB days, in order.
    public var fetchedDays: [(Day, [CurrencyCode: Decimal])] {
        lock.withLock { ecbSorted.compactMap { number in ecbDays[number].map { (Day(number: number), $0) } } }
    }

    /// The currency-api snapshots held, by day.
    public var snapshotDays: [Day] { lock.withLock { snapshots.keys.sorted().map { Day(number: $0) } } }

    private static func emptyTable(_ day: Day) -> RateTable {
        // Only reached if the embedded data were broken; a table of the euro alone.
        RateTable(euroAloneOn: day.iso, source: bundledSource)
    }

    /// currency-api's snapshot of exactly `day`, when held.
    public func snapshot(on day: Day) -> RateTable? {
        loadCached()
        return lock.withLock { snapshots[day.number] }
    }

    /// Adds the ECB's published days (from its 90-day or full XML) after the bundle; the files
    /// speak for every day up to `through` (a day without rates up to it was a holiday).
    public func addECB(_ days: [(Day, [CurrencyCode: Decimal])], from: Day, through: Day) {
        lock.withLock {
            let bundleEnd = bundled.lastDay
            for (day, rates) in days where day > bundleEnd {
                ecbDays[day.number] = rates
                tables[day.number] = nil
            }
            ecbSorted = ecbDays.keys.sorted()
            ecbCoveredThrough = max(ecbCoveredThrough ?? through, through)
            ecbCoveredFrom = min(ecbCoveredFrom ?? from, from)
        }
    }

    /// Adds a currency-api snapshot (its table's date is its day).
    public func addSnapshot(_ table: RateTable) {
        guard let day = Day(iso: table.date) else { return }
        lock.withLock { snapshots[day.number] = table }
    }
}

extension HistoryLibrary {
    /// One published day of a pair, for drawing.
    public struct Point: Sendable {
        public let day: Day
        public let value: Double
    }

    /// Units per euro of `code` on a day, approximately (for drawing): the euro is 1, a legacy
    /// currency that had joined has its fixed rate, any other the ECB's.
    private func approximate(_ code: CurrencyCode, bundledIndex: Int?, rates: [CurrencyCode: Decimal]?, day: Day) -> Double? {
        if code == .eur { return 1 }
        if let legacy = LegacyEuro.entry(code), legacy.since <= day { return NSDecimalNumber(decimal: legacy.rate).doubleValue }
        if let bundledIndex { return bundled.approximateRate(code, at: bundledIndex) }
        return rates?[code].map { NSDecimalNumber(decimal: $0).doubleValue }
    }

    /// Units of `to` per `from` on every day with ECB rates for both, from `start` through
    /// `end`, bundled and fetched.
    public func series(from: CurrencyCode, to: CurrencyCode, start: Day, end: Day) -> [Point] {
        var points: [Point] = []
        let range = bundled.indices(from: start, through: end)
        points.reserveCapacity(range.count)
        for index in range {
            let day = bundled.day(at: index)
            guard let a = approximate(from, bundledIndex: index, rates: nil, day: day),
                let b = approximate(to, bundledIndex: index, rates: nil, day: day)
            else { continue }
            points.append(Point(day: day, value: b / a))
        }
        if end > bundled.lastDay {
            loadCached()
            let fetched: [(Int, [CurrencyCode: Decimal])] = lock.withLock {
                ecbSorted.filter { $0 >= start.number && $0 <= end.number }.compactMap { number in ecbDays[number].map { (number, $0) } }
            }
            for (number, rates) in fetched {
                let day = Day(number: number)
                guard let a = approximate(from, bundledIndex: nil, rates: rates, day: day),
                    let b = approximate(to, bundledIndex: nil, rates: rates, day: day)
                else { continue }
                points.append(Point(day: day, value: b / a))
            }
        }
        return points
    }

    /// Whether the ECB's history has `code` at all (the euro and the legacy currencies too).
    public func hasHistory(_ code: CurrencyCode) -> Bool {
        code == .eur || LegacyEuro.entry(code) != nil || bundled.codes.contains(code)
    }
}

extension HistoryLibrary {
    /// Units of `code` per euro on a published day, exactly.
    public func exactRate(_ code: CurrencyCode, on day: Day) -> Rational? {
        if code == .eur { return .one }
        if let legacy = LegacyEuro.entry(code), legacy.since <= day { return legacy.exact }
        if day <= bundled.lastDay {
            guard let index = bundled.index(onOrBefore: day), bundled.day(at: index) == day else { return nil }
            return bundled.exactRate(code, at: index)
        }
        return lock.withLock { ecbDays[day.number]?[code] }.flatMap { Rational($0) }
    }

    /// Units of `to` per `from` on a published day, exactly.
    public func exactRate(from: CurrencyCode, to: CurrencyCode, on day: Day) -> Rational? {
        guard let a = exactRate(from, on: day), let b = exactRate(to, on: day) else { return nil }
        return b / a
    }
}
