import CambioCore
import CambioFiles
import Foundation

/// One refresh: the plan's providers tried in order on a background thread, the first valid
/// table stored in the cache. Cancellable from any thread; cancelling stops the failover.
public final class RefreshOperation: @unchecked Sendable {
    private let plan: RefreshPlan
    private let cache: RateCache?
    private let catalog: CurrencyCatalog
    private let lock = NSLock()
    private let transport: any Transport
    private var current: (any TransportRequest)?
    private var isCancelled = false
    private var result: RefreshResult?
    private let done = DispatchSemaphore(value: 0)

    public init(plan: RefreshPlan, cache: RateCache?, transport: any Transport, catalog: CurrencyCatalog = .bundled) {
        self.plan = plan
        self.transport = transport
        self.cache = cache
        self.catalog = catalog
    }

    /// Starts on a background thread; `completion`, if given, runs there when it ends.
    public func start(completion: (@Sendable (RefreshResult) -> Void)? = nil) {
        Thread.detachNewThread { [self] in
            let result = run()
            lock.withLock { self.result = result }
            done.signal()
            completion?(result)
        }
    }

    /// Runs on the calling thread and returns the result.
    public func runNow() -> RefreshResult {
        let result = run()
        lock.withLock { self.result = result }
        done.signal()
        return result
    }

    public func cancel() {
        let request: (any TransportRequest)? = lock.withLock {
            isCancelled = true
            return current
        }
        request?.cancel()
    }

    /// Waits until the refresh ends or `deadline`; `nil` when it is still running.
    public func wait(until deadline: DispatchTime = .distantFuture) -> RefreshResult? {
        guard done.wait(timeout: deadline) == .success else { return nil }
        done.signal()
        return lock.withLock { result }
    }

    /// Why a fetched table must not replace what is held of its provider, if it must not: an
    /// answer dated before the table held (a backdated answer replaced a newer cache, and the
    /// next start fell back to the seed) or before `heldDay`; or a table that lost what the held
    /// one had: one of the most traded currencies, or more than a tenth of its currencies (a
    /// half-size table without USD, GBP, JPY or CHF replaced 161 currencies). A provider
    /// that suddenly lists less is broken, not news.
    ///
    /// A table dated after tomorrow (UTC) is refused: no time zone is more than 14 hours ahead of
    /// UTC, so no provider publishes such a day; and a held day from the future (a table taken
    /// before this rule) never makes a present table "older".
    public static func problem(replacing held: RateTable?, heldDay: String?, with table: RateTable, now: Date = Date()) -> ResponseProblem? {
        let latest = latestDay(now: now)
        if table.date.prefix(10) > latest { return ResponseProblem("problem.future", table.date, latest) }
        for day in [held?.date, heldDay].compactMap({ $0 }) where day.prefix(10) <= latest && table.date < day {
            return ResponseProblem("problem.older", table.date, day)
        }
        guard let held else { return nil }
        if table.rates.count * 10 < held.rates.count * 9 {
            return ResponseProblem("problem.shrunk", String(table.rates.count), String(held.rates.count))
        }
        for code in CurrencyDirectory.mostTraded where held.rates[code] != nil && table.rates[code] == nil {
            return ResponseProblem("problem.lost", code.rawValue)
        }
        return nil
    }

    /// The latest day a table may be dated on: tomorrow in UTC.
    public static func latestDay(now: Date) -> String { Day.utc(now).adding(days: 1).iso }

    private func run() -> RefreshResult {
        var failures: [(provider: Provider, error: FetchError)] = []
        if plan.offline {
            return RefreshResult(table: nil, failures: plan.providers.prefix(1).map { ($0, .offlineMode) }, cacheProblem: nil)
        }
        for attempt in plan.attempts {
            let url: URL
            switch attempt.url {
            case .failure(let error):
                failures.append((attempt.provider, error))
                continue
            case .success(let valid):
                url = valid
            }
            if lock.withLock({ isCancelled }) {
                failures.append((attempt.provider, .cancelled))
                break
            }
            let request = transport.start(url: url, timeout: plan.timeout)
            let cancelledMeanwhile: Bool = lock.withLock {
                current = request
                return isCancelled
            }
            if cancelledMeanwhile { request.cancel() }
            let outcome = request.wait()
            lock.withLock { current = nil }
            switch outcome {
            case .failure(let error):
                failures.append((attempt.provider, error))
                if error == .cancelled { return RefreshResult(table: nil, failures: failures, cacheProblem: nil) }
            case .success(let body):
                let host = UntrustedText(url.host ?? "?")
                do {
                    let table = try attempt.provider.decode(body, fetchedAt: Date(), catalog: catalog)
                    var held: RateTable?
                    if case .success(let cached?) = cache?.load(attempt.provider) { held = cached }
                    if let problem = Self.problem(replacing: held, heldDay: plan.heldDays[attempt.provider], with: table) { throw problem }
                    var problem: AtomicFile.Failure?
                    if let cache {
                        do { try cache.store(table, provider: attempt.provider) } catch { problem = error }
                    }
                    return RefreshResult(table: table, failures: failures, cacheProblem: problem)
                } catch let problem as ResponseProblem {
                    failures.append((attempt.provider, .invalidResponse(host: host, reason: problem.problem)))
                } catch {
                    failures.append((attempt.provider, .invalidResponse(host: host, reason: Problem("problem.other", "\(error)"))))
                }
            }
            if lock.withLock({ isCancelled }) {
                failures.append((attempt.provider, .cancelled))
                break
            }
        }
        return RefreshResult(table: nil, failures: failures, cacheProblem: nil)
    }
}
