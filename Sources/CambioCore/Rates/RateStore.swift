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
    private(set) var holdings: [Holding] = []

    // The ECB's days after the bundled ones.
    private(set) var ecbDays: [Int: RateTable] = [:]
    private(set) var ecbSorted: [Int] = []
    /// The first and the last day the fetched ECB files speak for (a day without rates between
    /// them had none).
    private(set) var ecbFrom: Day?
    private(set) var ecbThrough: Day?
    /// Reads the ECB's cached days, once, when first needed; `ecbCachedNewest` is the newest day
    /// they hold, when known without reading them.
    private var ecbLoader: (() -> Void)?
    private var ecbCachedNewest: Day?

    /// Bundled days' tables made lately, by their index's low bits (a ledger dates many lines
    /// alike); a table is two numbers, so one made anew costs an allocation, never a decoding.
    private var bundledTables: [RateTable?] = []
    private var views: [String: CurrentRates] = [:]
    var averages: [AverageKey: Result<RateTable, AverageProblem>] = [:]
    struct AverageKey: Hashable {
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

    func loadECB() {
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
}
