import Foundation

/// Every rate table the program holds, and the one question every caller asks of them: the rate
/// of a pair now, on a day, or over a period, from which source and which day. The evaluator,
/// the chart, `rates`, `status` and the banner ask it; nothing else reads a table.
///
/// It holds the ECB's history compiled into the binary (read in place, `BundledHistory`), the
/// ECB's days fetched after it, the seed compiled into the binary, each provider's current
/// table (cached or fetched), and currency-api's snapshots of past days; each with its source,
/// its day and its exact rates, read when first needed.
///
/// - **Now** is the newest table that quotes both currencies of a pair: the later day, then the
///   later fetch (`CurrentRates`). A pinned source (`source ecb`) is asked alone.
/// - **A day** is the ECB's table of that day, or of the last day it published before it (and
///   why: `Substitution`), then any other table of exactly that day (`DayRates`).
/// - **A period** is the mean of the days the ECB published in it (`average(_:pinned:today:)`).
///
/// One store serves every engine of a process. It is used from one thread, as the engine is.
public final class RateStore {
    public let history = BundledHistory.shared
    /// The first day currency-api publishes dated snapshots for.
    public static let snapshotsSince = Day(number: 19_784)  // 2024-03-02
    /// The source of the snapshots of past days.
    public static let snapshotSourceID = "currency-api"

    /// Changes whenever a table is added: what was worked out of the tables before is stale.
    public private(set) var generation = 0

    /// Whether the ECB's history answers "now" (its newest day is a table like any other).
    /// The program's store does; a store made for one table (`init(table:)`) does not.
    private let historyAnswersNow: Bool
    /// Every table but the ECB's days: current tables, the seed, snapshots.
    private var holdings: [Holding] = []

    // The ECB's days after the bundled ones.
    private var ecbDays: [Int: RateTable] = [:]
    private var ecbSorted: [Int] = []
    /// The first and the last day the fetched ECB files speak for (a day without rates between
    /// them had none).
    private var ecbFrom: Day?
    private var ecbThrough: Day?
    /// Reads the ECB's cached days, once, when first needed; `ecbCachedNewest` is the newest day
    /// they hold, when known without reading them.
    private var ecbLoader: (() -> Void)?
    private var ecbCachedNewest: Day?

    /// Bundled days' tables made lately, by their index's low bits (a ledger dates many lines
    /// alike); a table is two numbers, so one made anew costs an allocation, never a decoding.
    private var bundledTables: [RateTable?] = []
    private var views: [String: CurrentRates] = [:]
    private var averages: [AverageKey: Result<RateTable, AverageProblem>] = [:]
    private struct AverageKey: Hashable {
        let period: Period
        let rounding: AverageRounding
    }
    /// What is held of each central bank (`BankDays`), by its identifier, and what reads a
    /// bank's cached days when it is first asked for.
    var banks: [String: BankDays] = [:]
    var bankLoader: ((any Bank) -> Void)?

    /// A store of the bundled history and the tables given; the ECB's history answers "now"
    /// when `historyAnswersNow` (the program's store).
    public init(_ tables: [RateTable] = [], historyAnswersNow: Bool = true) {
        self.historyAnswersNow = historyAnswersNow
        for table in tables { add(table) }
    }

    /// A store in which `table` alone answers "now" (and the bundled history answers days).
    public convenience init(table: RateTable) {
        self.init([table], historyAnswersNow: false)
    }

    private func changed() {
        generation &+= 1
        views.removeAll(keepingCapacity: true)
        averages.removeAll(keepingCapacity: true)
    }

    // MARK: Adding tables

    /// Adds a provider's current table (fetched, or read from the cache): it replaces an older
    /// fetch of the same source and day.
    public func add(_ table: RateTable) {
        let holding = Holding(table, kind: table.source.isBundledSeed ? .seed : .current)
        let same = { (other: Holding) in other.kind == holding.kind && other.sourceID == holding.sourceID && other.day == holding.day }
        if let held = holdings.first(where: same), !Holding.isNewer(holding, than: held) { return }
        holdings.removeAll(where: same)
        holdings.append(holding)
        changed()
    }

    /// Adds the seed compiled into the binary, read when first needed.
    public func addSeed(day: Day, sourceID: String, codes: [CurrencyCode], load: @escaping () -> RateTable?) {
        holdings.append(Holding(sourceID: sourceID, day: day, kind: .seed, codes: codes, load: load))
        changed()
    }

    /// Adds currency-api's snapshot of a past day.
    public func addSnapshot(_ table: RateTable) {
        holdings.removeAll { $0.kind == .snapshot && $0.day == table.day && $0.sourceID == table.source.id }
        holdings.append(Holding(table, kind: .snapshot))
        changed()
    }

    /// Adds a cached snapshot of `day`, read when first needed.
    public func addSnapshot(day: Day, sourceID: String, load: @escaping () -> RateTable?) {
        guard !holdings.contains(where: { $0.kind == .snapshot && $0.day == day && $0.sourceID == sourceID }) else { return }
        holdings.append(Holding(sourceID: sourceID, day: day, kind: .snapshot, load: load))
        changed()
    }

    /// Sets what reads the ECB's cached days (the shell's cache): it runs at most once, when a
    /// line first needs a day past the bundled ones, or "now" needs `newest` (the newest day the
    /// cache holds, when the shell knows it without reading the cache).
    public func setECBLoader(newest: Day?, _ load: @escaping () -> Void) {
        ecbLoader = load
        ecbCachedNewest = newest
        changed()
    }

    private func loadECB() {
        guard let load = ecbLoader else { return }
        ecbLoader = nil
        ecbCachedNewest = nil
        load()
    }

    /// Adds the ECB's published days (from its 90-day or full file) after the bundled ones; the
    /// files speak for every day from `from` through `through` (a day without rates between
    /// them was a holiday, or not published yet). A published day is taken once: the days held
    /// already whose rates `days` gives otherwise keep the rates held, and are returned (a later
    /// answer never rewrites a day a line has been answered with).
    @discardableResult
    public func addECB(_ days: [(Day, [CurrencyCode: Decimal])], from: Day, through: Day) -> [Day] {
        // The cached days first, so that an answer is compared with them.
        loadECB()
        let bundleEnd = history.lastDay
        var kept: [Day] = []
        for (day, rates) in days where day > bundleEnd {
            if let held = ecbDays[day.number] {
                if held.rates != rates { kept.append(day) }
                continue
            }
            guard let table = try? RateTable(base: .eur, date: day.iso, source: .ecbFetched, rates: rates) else { continue }
            ecbDays[day.number] = table
        }
        ecbSorted = ecbDays.keys.sorted()
        ecbThrough = max(ecbThrough ?? through, through)
        ecbFrom = min(ecbFrom ?? from, from)
        changed()
        return kept
    }

    // MARK: What is held

    /// The days fetched after the bundle: the first and last with rates, and the span the files
    /// speak for.
    public var fetchedCoverage: (first: Day, last: Day, from: Day, through: Day)? {
        loadECB()
        guard let first = ecbSorted.first, let last = ecbSorted.last, let from = ecbFrom, let through = ecbThrough else { return nil }
        return (Day(number: first), Day(number: last), from, through)
    }

    /// The fetched ECB days, in order.
    public var fetchedDays: [(Day, [CurrencyCode: Decimal])] {
        loadECB()
        return ecbSorted.compactMap { number in ecbDays[number].map { (Day(number: number), $0.rates) } }
    }

    /// The days of the snapshots held.
    public var snapshotDays: [Day] { holdings.filter { $0.kind == .snapshot }.map(\.day).sorted() }

    /// The last day the ECB's rates are held for (bundled or fetched).
    public var lastECBDay: Day {
        loadECB()
        return ecbSorted.last.map { Day(number: $0) } ?? history.lastDay
    }

    /// The newest table held of each source, newest first: what the banner and `status` say.
    public func newestBySource() -> [(sourceID: String, day: Day, kind: HoldingKind, fetchedAt: Date?)] {
        var newest: [String: Holding] = [:]
        for holding in nowCandidates(pinned: nil) where newest[holding.sourceID].map({ Holding.isNewer(holding, than: $0) }) ?? true {
            newest[holding.sourceID] = holding
        }
        return newest.values.sorted { Holding.isNewer($0, than: $1) }.map { ($0.sourceID, $0.day, $0.kind, $0.fetchedAt) }
    }

    /// Every currency a current table converts: the directory's. The seed's are known without
    /// reading it; a snapshot or the ECB's cached days, not yet read, add none that the seed and
    /// the bundled day lack.
    public var codes: [CurrencyCode] {
        var codes: Set<CurrencyCode> = [.eur]
        for holding in nowCandidates(pinned: nil) {
            if let known = holding.knownCodes {
                codes.formUnion(known)
            } else if let table = holding.tableIfLoaded {
                codes.formUnion(table.codes)
            } else if holding.kind != .snapshot, holding.kind != .fetchedECB, let table = holding.table {
                codes.formUnion(table.codes)
            }
        }
        return codes.sorted()
    }

    /// Whether the ECB's history has `code` at all (the euro and the legacy currencies too).
    public func hasHistory(_ code: CurrencyCode) -> Bool {
        code == .eur || LegacyEuro.entry(code) != nil || history.column(code) != nil
    }

    // MARK: Now

    /// The tables "now" chooses from for `pinned` (`nil`: every source), newest first.
    public func current(pinned: String?) -> CurrentRates {
        let key = pinned ?? ""
        if let view = views[key] { return view }
        let view = CurrentRates(nowCandidates(pinned: pinned).sorted { Holding.isNewer($0, than: $1) }, pinned: pinned, generation: generation)
        views[key] = view
        return view
    }

    /// What "now" may use: every current table and the seed, the newest snapshot, and (for the
    /// program) the ECB's newest bundled and fetched days.
    private func nowCandidates(pinned: String?) -> [Holding] {
        var candidates = holdings.filter { $0.kind != .snapshot }
        if let snapshot = holdings.filter({ $0.kind == .snapshot }).max(by: { Holding.isNewer($1, than: $0) }) { candidates.append(snapshot) }
        if historyAnswersNow {
            let last = history.dayCount - 1
            candidates.append(Holding(bundledTable(last), kind: .bundledHistory))
            if let newest = ecbCachedNewest, ecbLoader != nil, newest > history.lastDay {
                candidates.append(
                    Holding(sourceID: RateSource.ecbID, day: newest, kind: .fetchedECB) { [unowned self] in
                        self.loadECB()
                        return self.ecbSorted.last.flatMap { self.ecbDays[$0] }
                    })
            } else if let last = ecbSorted.last, let table = ecbDays[last] {
                candidates.append(Holding(table, kind: .fetchedECB))
            }
        }
        guard let pinned else { return candidates }
        return candidates.filter { $0.sourceID == pinned }
    }

    // MARK: Days

    /// The bundled day at `index` as a table (its legacy currencies those joined by its day,
    /// or by `legacyDay`).
    func bundledTable(_ index: Int, legacyDay: Day? = nil) -> RateTable {
        if bundledTables.isEmpty { bundledTables = Array(repeating: nil, count: 64) }
        let slot = index & 63
        let legacyDay = legacyDay ?? history.day(at: index)
        if let table = bundledTables[slot], let held = table.bundled, held.index == index, held.legacyDay == legacyDay { return table }
        let table = RateTable(bundledIndex: index, legacyDay: legacyDay)
        bundledTables[slot] = table
        return table
    }

    /// The ECB's rates for `day` (not before the history's first day, not in the future): the
    /// table of that day or of the last one published before it, and why.
    public func day(_ day: Day, pinned: String?) -> DayRates {
        if let pinned, pinned != RateSource.ecbID { return DayRates(asked: day, ecb: nil, substitution: nil, ecbHeldThrough: nil) }
        let bundleEnd = history.lastDay
        if day <= bundleEnd, let index = history.index(onOrBefore: day) {
            let used = history.day(at: index)
            let legacyDay = used != day && Self.joinedBetween(used, day) ? day : used
            return DayRates(
                asked: day, ecb: .bundled(index: index, legacyDay: legacyDay), substitution: used == day ? nil : Self.reason(day, through: nil),
                ecbHeldThrough: nil)
        }
        // The weekend right after the bundle's last day, a Friday: the ECB publishes nothing on
        // Saturdays and Sundays, so their rates are that Friday's, whatever is fetched later.
        if bundleEnd.weekday == 5, (1...2).contains(day.number - bundleEnd.number) {
            let legacyDay = Self.joinedBetween(bundleEnd, day) ? day : bundleEnd
            return DayRates(asked: day, ecb: .bundled(index: history.dayCount - 1, legacyDay: legacyDay), substitution: .weekend, ecbHeldThrough: nil)
        }
        loadECB()
        // The fetched files speak for the days from their first through the day they were
        // fetched; days between the bundle and them are not known.
        // Files that begin within a week of the bundle's end leave no gap (holidays at most).
        let reachesBundle = ecbFrom.map { $0.number <= bundleEnd.number + 7 } ?? false
        guard let through = ecbThrough, let from = ecbFrom, day <= through, day >= from || reachesBundle else {
            let gap = ecbFrom.flatMap { from in day < from && !reachesBundle ? from : nil }
            return DayRates(asked: day, ecb: nil, substitution: nil, ecbHeldThrough: lastECBDay, ecbFetchedFrom: gap)
        }
        let ecb: ECBDay
        if let number = ecbSorted.last(where: { $0 <= day.number }), let fetched = ecbDays[number] {
            if fetched.day != day, Self.joinedBetween(fetched.day, day),
                let joined = try? RateTable(base: .eur, date: fetched.date, source: fetched.source, rates: fetched.rates, legacyDay: day.iso)
            {
                ecb = .table(joined)
            } else {
                ecb = .table(fetched)
            }
        } else {
            let last = history.dayCount - 1
            ecb = .bundled(index: last, legacyDay: Self.joinedBetween(history.lastDay, day) ? day : history.lastDay)
        }
        return DayRates(asked: day, ecb: ecb, substitution: ecb.day == day ? nil : Self.reason(day, through: through), ecbHeldThrough: nil)
    }

    /// Whether a currency joined the euro after `used` and by `asked` (on a holiday: HRK on
    /// Sunday 2023-01-01, BGN on 2026-01-01): it has its fixed rate on the day asked.
    private static func joinedBetween(_ used: Day, _ asked: Day) -> Bool {
        LegacyEuro.anyJoined(after: used, by: asked)
    }

    /// Why a day has no publication: a weekend, the last day the files speak for (published
    /// later that day), or a holiday.
    private static func reason(_ day: Day, through: Day?) -> Substitution {
        if day.weekday == 0 || day.weekday == 6 { return .weekend }
        if let through, day == through { return .notYetPublished }
        return .holiday
    }

    /// Every table but the ECB's of exactly `day` (snapshots, the seed, cached tables), newest
    /// fetch first, for `pinned` (`nil`: every source).
    public func otherTables(on day: Day, pinned: String?) -> [RateTable] {
        if pinned == RateSource.ecbID { return [] }
        return holdings.filter { $0.day == day && (pinned == nil || $0.sourceID == pinned) }
            .sorted { Holding.isNewer($0, than: $1) }.compactMap(\.table)
    }

    /// Whether a snapshot of `day` is held.
    public func hasSnapshot(on day: Day) -> Bool { holdings.contains { $0.kind == .snapshot && $0.day == day } }

    // MARK: Periods

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

    // MARK: Charts

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
