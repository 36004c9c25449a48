import Foundation

/// A pair's rates day by day, for the chart and price files.
extension RateStore {
    /// One day of a pair, for drawing.
    public struct Point {
        public let day: Day
        public let value: Double
        public let sourceID: String
        /// The table of the day, for the exact figure.
        let origin: Origin

        enum Origin {
            case bundled(Int)
            case table(RateTable)
        }
    }

    /// The exact rate of a pair on a point's day, as published.
    public func exactRate(from: CurrencyCode, to: CurrencyCode, at point: Point) -> Rational? {
        switch point.origin {
        case .bundled(let index): return bundledTable(index).rate(from: from, to: to)
        case .table(let table): return table.rate(from: from, to: to)
        }
    }

    /// Units of `to` per `from` on every day held from `start` through `end` that has a rate
    /// for both: the ECB's days (bundled and fetched) and every other table of a day (snapshots,
    /// the seed, cached tables) on the days the ECB has no rate of the pair.
    public func series(from: CurrencyCode, to: CurrencyCode, start: Day, end: Day, pinned: String?) -> [Point] {
        var points: [Point] = []
        let ecbAsked = pinned == nil || pinned == RateSource.ecbID
        let a = Drawing(from)
        let b = Drawing(to)
        if ecbAsked {
            let range = history.indices(from: start, through: end)
            points.reserveCapacity(range.count)
            for index in range {
                let day = history.day(at: index)
                guard let x = a.value(index, day), let y = b.value(index, day) else { continue }
                points.append(Point(day: day, value: y / x, sourceID: RateSource.ecbID, origin: .bundled(index)))
            }
            if end > history.lastDay {
                loadECB()
                for number in ecbSorted where number >= start.number && number <= end.number {
                    guard let table = ecbDays[number], let rate = table.rate(from: from, to: to) else { continue }
                    points.append(Point(day: table.day, value: rate.approximateDouble, sourceID: RateSource.ecbID, origin: .table(table)))
                }
            }
        }
        // Whether the ECB has a point of the pair on a day (then no other table's is drawn).
        func ecbHas(_ day: Day) -> Bool {
            guard ecbAsked else { return false }
            if day <= history.lastDay {
                guard let index = history.index(onOrBefore: day), history.day(at: index) == day else { return false }
                return a.value(index, day) != nil && b.value(index, day) != nil
            }
            return ecbDays[day.number]?.rate(from: from, to: to) != nil
        }
        var others: [Int: RateTable] = [:]
        for holding in holdings.sorted(by: { Holding.isNewer($0, than: $1) })
        where holding.day >= start && holding.day <= end && others[holding.day.number] == nil && (pinned == nil || holding.sourceID == pinned)
            && !ecbHas(holding.day)
        {
            if let table = holding.table, table.rate(from: from, to: to) != nil { others[holding.day.number] = table }
        }
        if !others.isEmpty {
            for (_, table) in others {
                guard let rate = table.rate(from: from, to: to) else { continue }
                points.append(Point(day: table.day, value: rate.approximateDouble, sourceID: table.source.id, origin: .table(table)))
            }
            points.sort { $0.day < $1.day }
        }
        return points
    }

    /// Units of a currency per euro on a bundled day, approximately (for drawing): what is
    /// looked up once for a whole series, so that each day reads one cell.
    private struct Drawing {
        let history = BundledHistory.shared
        /// The fixed rate of a legacy currency, and the day it applies from.
        let fixed: (rate: Double, since: Day)?
        /// The currency's column and its power of ten; `nil` for the euro and for a currency
        /// the history has no column of.
        let column: (index: Int, divisor: Double)?
        let isEuro: Bool

        init(_ code: CurrencyCode) {
            isEuro = code == .eur
            fixed = LegacyEuro.entry(code).map { (Double($0.scaledValue) / Double(BigUInt.powerOfTen($0.scale)), $0.since) }
            let history = BundledHistory.shared
            column = history.column(code).map { ($0, Double(BigUInt.powerOfTen(history.scale(ofColumn: $0)))) }
        }

        @inline(__always) func value(_ index: Int, _ day: Day) -> Double? {
            if isEuro { return 1 }
            if let fixed, fixed.since <= day { return fixed.rate }
            guard let column, let cell = history.scaled(column: column.index, at: index) else { return nil }
            return Double(cell.value) / column.divisor
        }
    }
}
