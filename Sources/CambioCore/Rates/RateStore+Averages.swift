import Foundation

/// A period's averages: the mean of the ECB's published days, rounded as the source quotes
/// (or as the BMF rounds them).
extension RateStore {
    /// The average rates of `period`: for each currency, the arithmetic mean of its rates on
    /// the days the ECB published in the period, exactly, rounded half to even to as many
    /// decimals as the ECB quotes it with (the way published monthly tables are made). A
    /// currency is in the table only when it has a rate on every one of those days (a legacy
    /// currency has its fixed rate from the day it joined). The euro is 1.
    public func average(_ period: Period, pinned: String?, today: Day, rounding: AverageRounding = .halfEvenAsQuoted) throws(AverageProblem)
        -> RateTable
    {
        if let pinned, pinned != RateSource.ecbID { throw .notECB(pinned) }
        let key = AverageKey(period: period, rounding: rounding)
        if let known = averages[key] { return try known.get() }
        let result = Result<RateTable, AverageProblem> { () throws(AverageProblem) -> RateTable in
            try makeAverage(period, today: today, rounding: rounding)
        }
        if averages.count >= 1024 { averages.removeAll(keepingCapacity: true) }
        averages[key] = result
        return try result.get()
    }

    /// The published days of `period`: bundled indices and fetched tables.
    private func publishedDays(_ period: Period) -> (bundled: Range<Int>, fetched: [RateTable]) {
        let bundled = history.indices(from: period.from, through: period.through)
        guard period.through > history.lastDay else { return (bundled, []) }
        loadECB()
        let fetched = ecbSorted.filter { $0 >= period.from.number && $0 <= period.through.number }.compactMap { ecbDays[$0] }
        return (bundled, fetched)
    }

    private func makeAverage(_ period: Period, today: Day, rounding: AverageRounding) throws(AverageProblem) -> RateTable {
        if period.from > today { throw .notStarted(period, today: today) }
        if period.kind != .range, period.through >= today { throw .notOver(period, today: today) }
        if period.through > today { throw .future(period, today: today) }
        if period.from < history.firstDay, period.through < history.firstDay { throw .beforeData(period, first: history.firstDay) }
        // A period that ends on a weekend is whole with its Friday: the ECB never publishes on
        // a Saturday or a Sunday (October 2026 ends on a Saturday, the bundle on Friday the 30th).
        var lastPublishing = period.through
        while lastPublishing.weekday == 0 || lastPublishing.weekday == 6 { lastPublishing = lastPublishing.adding(days: -1) }
        if lastPublishing > history.lastDay {
            loadECB()
            let bundleEnd = history.lastDay
            let covered = ecbThrough.map { lastPublishing <= $0 } ?? false
            let joined = ecbFrom.map { $0.number <= bundleEnd.number + 7 || $0 <= period.from } ?? false
            if !(covered && joined) { throw .notHeld(period, last: lastECBDay) }
        }
        let (bundled, fetched) = publishedDays(period)
        let count = bundled.count + fetched.count
        guard count > 0 else { throw .noDays(period) }
        let first = bundled.isEmpty ? fetched[0].day : history.day(at: bundled.lowerBound)
        let last = fetched.last?.day ?? history.day(at: bundled.upperBound - 1)
        var rates: [(code: CurrencyCode, value: UInt64, scale: Int)] = []
        var candidates = history.codes
        for table in fetched {
            for code in table.rates.keys where code != .eur && !candidates.contains(code) { candidates.append(code) }
        }
        for code in candidates {
            if let mean = mean(code, bundled: bundled, fetched: fetched, rounding: rounding) { rates.append((code, mean.value, mean.scale)) }
        }
        let counted = RatePeriod(period: period, days: count, first: first, last: last)
        // Kept as integers: a pipe of averages over every month since 1999 holds hundreds.
        guard let table = RateTable(perEuro: rates, day: last, source: .ecbFetched, legacyDay: first, period: counted) else {
            throw .noDays(period)
        }
        return table
    }

    /// A currency's rate per euro on each published day of a period (its fixed rate once it
    /// joined the euro), as integers at one scale; `nil` for a day without one.
    private func values(_ code: CurrencyCode, bundled: Range<Int>, fetched: [RateTable], rounding: AverageRounding = .halfEvenAsQuoted)
        -> (values: [UInt64?], scale: Int)
    {
        let legacy = LegacyEuro.entry(code)
        let column = history.column(code)
        // The decimals the ECB wrote the currency with in the period (at least its last twenty
        // published days: a shorter one may have happened to end in zeros): SEK's to four,
        // though the ECB wrote it once with five (9.08725 on 2004-01-08), GBP's in 2000 to four
        // and in 2024 to five.
        let window = max(0, min(bundled.lowerBound, bundled.upperBound - Self.scaleDays))..<bundled.upperBound
        var scale = column.map { quotedScale(code, column: $0, in: window) } ?? 0
        // The fixed rate's decimals only when it is in the period (from the day it joined, or
        // published as a quote before, as LVL's on 2013-12-31): MTL's 2001 is the mean of the
        // ECB's four-decimal quotes, rounded to four, not to the six of 0.429300.
        if let legacy, scale < legacy.scale {
            let lastDay = fetched.last?.day ?? (bundled.isEmpty ? nil : history.day(at: bundled.upperBound - 1))
            // Every fixed value in the period is written at the fixed rate's scale (GRD has no
            // column: its values in a period across 2001-01-01 are all fixed ones).
            let joined = lastDay.map { legacy.since <= $0 } ?? false
            // The fixed rate published as a quote, with more decimals than the others: a quote
            // equal to it in fewer (MTL's 0.4293 before 2008) is an ordinary one.
            var published = false
            if let column, let fixed = fixedCell(legacy, column: column), fixed.decimals > scale {
                published = bundled.contains { history.scaled(column: column, at: $0)?.value == fixed.value }
            }
            if joined || published || column == nil { scale = max(scale, legacy.scale) }
        }
        for table in fetched { if let rate = table.rates[code] { scale = max(scale, -min(0, rate.exponent)) } }
        // The BMF's rounding: at the decimals the ECB quotes the currency with, whatever the
        // month's quotes happened to end in.
        if rounding == .ecbDecimalsHalfUp, legacy == nil { scale = max(scale, ECBDecimals.of(code)) }
        scale = min(scale, 12)
        var values: [UInt64?] = []
        values.reserveCapacity(bundled.count + fetched.count)
        for index in bundled {
            if let legacy, legacy.since <= history.day(at: index) {
                values.append(legacy.scaledValue * BigUInt.powerOfTen(scale - legacy.scale))
            } else if let column, let cell = history.scaled(column: column, at: index) {
                if cell.scale <= scale {
                    values.append(UInt64(cell.value) * BigUInt.powerOfTen(scale - cell.scale))
                } else {
                    // A column wider than the quotes (a legacy currency's): the digits dropped are zeros.
                    let power = Int64(BigUInt.powerOfTen(cell.scale - scale))
                    values.append(cell.value % power == 0 ? UInt64(cell.value / power) : nil)
                }
            } else {
                values.append(nil)
            }
        }
        for table in fetched {
            if let legacy, legacy.since <= table.day {
                values.append(legacy.scaledValue * BigUInt.powerOfTen(scale - legacy.scale))
            } else if let rate = table.rates[code] {
                var scaled = rate
                var power = Decimal(sign: .plus, exponent: scale, significand: 1)
                var product = Decimal()
                NSDecimalMultiply(&product, &scaled, &power, .plain)
                values.append(UInt64(exactly: NSDecimalNumber(decimal: product).uint64Value).flatMap { Decimal($0) == product ? $0 : nil })
            } else {
                values.append(nil)
            }
        }
        return (values, scale)
    }

    /// The decimals the ECB's quotes of a currency use on the bundled days `window`, less those
    /// only a legacy currency's fixed rate needs (the ECB published LVL's 0.702804 on
    /// 2013-12-31, its other days with four decimals at most).
    private func quotedScale(_ code: CurrencyCode, column: Int, in window: Range<Int>) -> Int {
        let columnScale = history.scale(ofColumn: column)
        let fixed = LegacyEuro.entry(code).flatMap { fixedCell($0, column: column) }?.value
        var used = 0
        for index in window {
            guard let cell = history.scaled(column: column, at: index), cell.value != fixed else { continue }
            used = max(used, Self.decimals(UInt64(cell.value), scale: cell.scale))
            if used == columnScale { break }
        }
        return used
    }

    /// The fewest published days whose quotes decide an average's decimals.
    static let scaleDays = 20

    /// A legacy currency's fixed rate as a cell of its column would hold it, and the decimals it
    /// needs; nil when the column has too few decimals to hold it.
    private func fixedCell(_ legacy: LegacyEuro.Entry, column: Int) -> (value: Int64, decimals: Int)? {
        let decimals = Self.decimals(legacy.scaledValue, scale: legacy.scale)
        let columnScale = history.scale(ofColumn: column)
        guard columnScale >= decimals else { return nil }
        let value = legacy.scaledValue / BigUInt.powerOfTen(legacy.scale - decimals) * BigUInt.powerOfTen(columnScale - decimals)
        return (Int64(value), decimals)
    }

    /// The decimals `value` / 10^`scale` needs (its trailing zeros dropped).
    private static func decimals(_ value: UInt64, scale: Int) -> Int {
        var (value, scale) = (value, scale)
        while scale > 0, value % 10 == 0 { (value, scale) = (value / 10, scale - 1) }
        return scale
    }

    /// The mean of a currency's rates over a period's published days, rounded half to even
    /// to its scale; `nil` unless it has a rate on every one of them.
    private func mean(_ code: CurrencyCode, bundled: Range<Int>, fetched: [RateTable], rounding: AverageRounding) -> (value: UInt64, scale: Int)? {
        let (values, scale) = values(code, bundled: bundled, fetched: fetched, rounding: rounding)
        var sum: UInt64 = 0
        for value in values {
            guard let value else { return nil }
            let (total, overflow) = sum.addingReportingOverflow(value)
            guard !overflow else { return nil }
            sum = total
        }
        guard !values.isEmpty else { return nil }
        // The mean is rounded once: at the scale of the values, or (the BMF's) at the ECB's
        // decimals when a quote had more.
        var count = UInt64(values.count)
        var meanScale = scale
        if rounding == .ecbDecimalsHalfUp, LegacyEuro.entry(code) == nil, scale > ECBDecimals.of(code) {
            let (wider, overflow) = count.multipliedReportingOverflow(by: BigUInt.powerOfTen(scale - ECBDecimals.of(code)))
            guard !overflow else { return nil }
            count = wider
            meanScale = ECBDecimals.of(code)
        }
        var quotient = sum / count
        let remainder = sum % count
        // Half to even: up when the remainder is more than half, or exactly half and odd; the
        // BMF's half up: up from exactly half.
        let tieUp = rounding == .ecbDecimalsHalfUp || quotient % 2 == 1
        if remainder * 2 > count || (remainder * 2 == count && tieUp) { quotient += 1 }
        guard quotient > 0 else { return nil }
        return (quotient, meanScale)
    }

    /// How many of a period's published days a currency has a rate on, and its first and last
    /// of them (for saying why it has no average).
    public func coverage(_ code: CurrencyCode, in period: Period) -> (days: Int, of: Int, first: Day?, last: Day?) {
        let (bundled, fetched) = publishedDays(period)
        let (values, _) = values(code, bundled: bundled, fetched: fetched)
        let days = bundled.map { history.day(at: $0) } + fetched.map { $0.day }
        let quoted = zip(values, days).filter { $0.0 != nil }.map { $0.1 }
        return (quoted.count, days.count, quoted.first, quoted.last)
    }
}
