import CambioCore
import CambioRates
import Foundation

/// Where rates come from for one run: the choice of provider, the cache, the background
/// refresh and its timing. The network is never on the path to a prompt or a result.
final class RateController: @unchecked Sendable {
    let cache: RateCache
    private(set) var plan: RefreshPlan
    /// The provider the user chose, or `nil` for the default order.
    private(set) var chosen: Provider?
    let refreshAge: TimeInterval
    private let warn: (String) -> Void
    /// Fetches through the helper program next to this one.
    private let transport: any Transport

    private let lock = NSLock()
    private var running: RefreshOperation?
    private var delivered: RefreshResult?
    private var lastAttempt: Date?
    private var retryAfter: TimeInterval = 0
    /// Why the last background refresh gave no table, for `status`.
    private var lastFailure: FetchError?
    private var timer: DispatchSourceTimer?
    /// The table in use, as far as refresh timing is concerned.
    private var currentFetchedAt: Date?
    private var currentIsSeed = true
    private var currentProvider: Provider?

    /// After a failed background refresh, wait at least this long before the next one.
    static let failureBackoff: TimeInterval = 300

    init(
        environment: [String: String], settings: Settings, offline: Bool, paths: Paths, localized: Localization,
        warn: @escaping (String) -> Void
    ) {
        cache = RateCache(directory: paths.cacheDirectory)
        self.warn = warn
        transport = HelperTransport.besideThisProgram()
        var chosen = settings.source
        if let name = environment["CAMBIO_PROVIDER"], !name.isEmpty {
            if let provider = Provider(name: name) {
                chosen = provider
            } else if name.lowercased() != "auto" {
                warn(localized("warning.provider", "“\(Sanitiser.visible(name))”"))
            }
        }
        self.chosen = chosen
        // A number from the environment is bounded; one outside its range is said, once,
        // and the config's value or the default is used.
        func bounded(_ name: String, _ range: ClosedRange<Int>, _ fallback: Int) -> Int {
            guard let raw = environment[name], !raw.isEmpty else { return fallback }
            if let value = Int(raw.trimmingSpaces()), range.contains(value) { return value }
            warn(
                localized(
                    "warning.environmentNumber", name, Sanitiser.quoted(raw), String(range.lowerBound), String(range.upperBound), String(fallback)))
            return fallback
        }
        let minutes = bounded("CAMBIO_REFRESH_MINUTES", Settings.refreshMinutesRange, settings.refreshMinutes ?? 60)
        refreshAge = TimeInterval(minutes * 60)
        let timeout = bounded("CAMBIO_TIMEOUT", 1...300, settings.timeoutSeconds ?? Int(RefreshPlan.defaultTimeout))
        let isOffline = offline || ["1", "true", "yes"].contains(environment["CAMBIO_OFFLINE"]?.lowercased() ?? "")
        plan = RefreshPlan(
            providers: chosen.map { [$0] } ?? Provider.defaultOrder,
            baseURLOverride: environment["CAMBIO_PROVIDER_URL"].flatMap { $0.isEmpty ? nil : $0 },
            timeout: TimeInterval(timeout), offline: isOffline)
        plan.heldDays = [.currencyAPI: SeedTableDecoder.bundledDate, .ecb: BundledHistory.shared.lastDay.iso]
    }

    deinit { timer?.cancel() }

    /// Fetches the dated rates the bundled history lacks, with the same hosts' policy, time-out
    /// and base URL as the current rates.
    var historyFetcher: HistoryFetcher {
        HistoryFetcher(cacheDirectory: cache.directory, transport: transport, baseURLOverride: plan.baseURLOverride, timeout: plan.timeout)
    }

    /// Puts what the program holds at start into `store`: each provider's cached table, the
    /// seed, the cached ECB days and snapshots (the last three read when first needed).
    func fill(_ store: RateStore, _ localized: Localization) {
        for provider in Provider.allCases {
            switch cache.load(provider) {
            case .success(let table?): store.add(table)
            case .success(nil): break
            case .failure(let problem): warn(localized("warning.cacheIgnored", problem.path, problem.message(localized)))
            }
        }
        SeedTableDecoder.addBundled(to: store)
        let fetcher = historyFetcher
        let warn = self.warn
        store.setECBLoader(newest: fetcher.newestCachedECB()) { [unowned store] in
            for path in fetcher.loadCachedECB(into: store) { warn(localized("warning.historyCacheIgnored", path)) }
        }
        fetcher.registerCachedSnapshots(into: store) { path in warn(localized("warning.historyCacheIgnored", path)) }
        store.setBankLoader { [unowned store] bank in
            if !fetcher.loadCachedBank(bank, into: store) { warn(localized("warning.historyCacheIgnored", fetcher.bankPath(bank))) }
        }
        noteCurrent(in: store)
    }

    /// Records the newest table of the providers refreshed from, for deciding when it is due.
    func noteCurrent(in store: RateStore) {
        let providers = Set(plan.providers.map(\.rawValue))
        let newest = store.newestBySource().first { providers.contains($0.sourceID) && $0.kind == .current }
        lock.withLock {
            currentFetchedAt = newest?.fetchedAt
            currentIsSeed = newest == nil
            currentProvider = newest.flatMap { Provider(rawValue: $0.sourceID) }
        }
    }

    /// Records the table in use, for deciding when it is due.
    func noteCurrent(_ table: RateTable) {
        lock.withLock {
            currentFetchedAt = table.fetchedAt
            currentIsSeed = table.source.isBundledSeed
            currentProvider = Provider(rawValue: table.source.id)
        }
    }

    /// Chooses a provider (`nil`: the default order) for this and later refreshes.
    func choose(_ provider: Provider?) {
        lock.withLock {
            chosen = provider
            plan.providers = provider.map { [$0] } ?? Provider.defaultOrder
            lastAttempt = nil
        }
    }

    var isOffline: Bool { plan.offline }

    /// When the table in use is due for a refresh.
    func nextRefresh(now: Date) -> Date? {
        lock.withLock {
            guard !plan.offline else { return nil }
            // The seed, or a table from a provider no longer chosen, is due at once.
            let foreign = currentProvider.map { !plan.providers.contains($0) } ?? true
            let due = currentIsSeed || foreign ? now : (currentFetchedAt ?? now).addingTimeInterval(refreshAge)
            if let lastAttempt { return max(due, lastAttempt.addingTimeInterval(retryAfter)) }
            return due
        }
    }

    /// Starts a background refresh if the table is due and none is running.
    @discardableResult
    func startIfDue(now: Date = Date()) -> Bool {
        guard let due = nextRefresh(now: now), due <= now else { return false }
        let operation: RefreshOperation? = lock.withLock {
            // One at a time, and not while a finished one waits to be shown.
            guard running == nil, delivered == nil else { return nil }
            let operation = RefreshOperation(plan: plan, cache: cache, transport: transport)
            running = operation
            lastAttempt = now
            return operation
        }
        guard let operation else { return false }
        operation.start { [weak self] result in
            guard let self else { return }
            self.lock.withLock {
                self.running = nil
                self.delivered = result
                if let table = result.table {
                    self.currentFetchedAt = table.fetchedAt
                    self.currentIsSeed = false
                    self.currentProvider = Provider(rawValue: table.source.id)
                }
                self.lastFailure = result.table == nil && !result.cancelled ? result.mainFailure : nil
                if result.table == nil {
                    let hinted = result.failures.compactMap { failure -> Int? in
                        if case .httpStatus(_, _, let retry?) = failure.error { return retry }
                        return nil
                    }.max()
                    self.retryAfter = max(Self.failureBackoff, TimeInterval(min(hinted ?? 0, FetchError.maximumRetryAfter)))
                } else {
                    self.retryAfter = 0
                }
            }
        }
        return true
    }

    /// `startIfDue` a moment from now, on a background queue.
    func startIfDue(after delay: TimeInterval) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.startIfDue() }
    }

    /// Checks every `interval` seconds whether the table is due, while the shell stays open.
    func startTimer(interval: TimeInterval = 60) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.startIfDue() }
        timer.resume()
        self.timer = timer
    }

    /// The result of a finished background refresh, once.
    func takeDelivered() -> RefreshResult? {
        lock.withLock {
            defer { delivered = nil }
            return delivered
        }
    }

    /// A refresh the user asked for, in the foreground; a running background one is cancelled
    /// first so that the two never race.
    func foregroundOperation() -> RefreshOperation {
        let background: RefreshOperation? = lock.withLock {
            defer { running = nil }
            return running
        }
        background?.cancel()
        _ = background?.wait(until: .now() + 2)
        _ = takeDelivered()
        lock.withLock { lastAttempt = Date() }
        return RefreshOperation(plan: plan, cache: cache, transport: transport)
    }

    /// What `status` says of the rates: the providers, the mirror, the next refresh, the last
    /// failure and the cache, each stated once for the text and the record.
    func statusFacts(now: Date, _ localized: Localization) -> [Fact] {
        var facts: [Fact] = []
        let providers = RateReport.order(plan.providers, localized)
        facts.append(
            Fact(
                localized("status.provider"), chosen == nil ? localized("status.defaultOrder", providers) : providers,
                fields: [Record.Field("providers", .text(plan.providers.map(\.rawValue).joined(separator: " ")))]))
        if let url = plan.baseURLOverride { facts.append(Fact("provider_url", localized("status.providerURL"), Self.withoutQuery(url))) }
        if plan.offline {
            facts.append(Fact(localized("status.nextRefresh"), localized("status.offline"), fields: [Record.Field("next_refresh", .text(""))]))
        } else if let next = nextRefresh(now: now) {
            let when = AgeText.until(next, now: now, localized)
            facts.append(
                Fact(
                    localized("status.nextRefresh"), lock.withLock { running != nil } ? localized("status.running", when) : when,
                    fields: [Record.Field("next_refresh", .text(UTC.timestamp(next)))]))
        }
        if let failure = lock.withLock({ lastFailure }) {
            facts.append(Fact("last_failure", localized("status.lastFailure"), failure.message(localized)))
        }
        facts.append(Fact("cache", localized("status.cache"), cache.directory))
        return facts
    }

    /// A URL for display: scheme, host, port and path, never a query or credentials.
    static func withoutQuery(_ text: String) -> String {
        guard var components = URLComponents(string: text) else { return "(invalid URL)" }
        components.query = nil
        components.user = nil
        components.password = nil
        components.fragment = nil
        return components.string ?? "(invalid URL)"
    }
}
