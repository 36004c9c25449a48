import CambioCore
import CambioFiles
import Foundation

/// Fetches and caches the dated rates the bundled history lacks: the ECB's days after it
/// (its 90-day history file) and currency-api's snapshot of one day. Files go to
/// `$XDG_CACHE_HOME/cambio/history/`, replaced atomically and checked when read.
public struct HistoryFetcher: Sendable {
    public let directory: String
    public let transport: any Transport
    /// A base URL for every request (tests, mirrors), as for the current rates.
    public let baseURLOverride: String?
    public let timeout: TimeInterval

    public init(cacheDirectory: String, transport: any Transport, baseURLOverride: String?, timeout: TimeInterval) {
        directory = cacheDirectory + "/history"
        self.transport = transport
        self.baseURLOverride = baseURLOverride
        self.timeout = timeout
    }

    public static let format = 1
    var ecbPath: String { directory + "/ecb.json" }
    func snapshotPath(_ day: Day) -> String { directory + "/currency-api-\(day.iso).json" }

    /// The ECB's 90-day file (every published day of the last three months).
    public static let ecbPath90 = "/stats/eurofxref/eurofxref-hist-90d.xml"

    /// The URLs of currency-api's snapshot of `day`: the CDN, then the project's own host.
    func snapshotURLs(_ day: Day) -> [String] {
        if let base = baseURLOverride {
            return [trimmed(base) + "/npm/@fawazahmed0/currency-api@\(day.iso)/v1/currencies/eur.json"]
        }
        return [
            "https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@\(day.iso)/v1/currencies/eur.json",
            "https://\(day.iso).currency-api.pages.dev/v1/currencies/eur.json",
        ]
    }

    func trimmed(_ base: String) -> String { base.hasSuffix("/") ? String(base.dropLast()) : base }

    /// The answer to a request; while it is awaited, `stop` is asked every 50 ms on the
    /// caller's thread, and the request is cancelled once it says so (a signal that arrived:
    /// Ctrl-C, SIGTERM, SIGHUP), so that no fetch outlasts the user's patience.
    func get(_ text: String, stop: () -> Bool) -> Result<[UInt8], FetchError> {
        let url: URL
        switch RequestPolicy.validate(text) {
        case .failure(let error): return .failure(error)
        case .success(let valid): url = valid
        }
        let request = transport.start(url: url, timeout: timeout)
        let answer = Answer()
        DispatchQueue.global().async {
            answer.result = request.wait()
            answer.done.signal()
        }
        var cancelled = false
        while answer.done.wait(timeout: .now() + 0.05) == .timedOut {
            if !cancelled, stop() {
                cancelled = true
                request.cancel()
            }
        }
        return answer.result
    }

    /// A request's answer, handed from the thread that waits for it.
    private final class Answer: @unchecked Sendable {
        var result: Result<[UInt8], FetchError> = .failure(.cancelled)
        let done = DispatchSemaphore(value: 0)
    }

    /// Fetches the ECB's 90-day file into `store` and caches what the store then holds (a cache
    /// that cannot be written is handed to `cacheFailed`; the days are used all the same).
    /// Returns the days the answer gives otherwise than the rates held, which keep those
    /// (`RateStore.addECB`).
    public func fetchECB(
        into store: RateStore, now: Date = Date(), cacheFailed: (AtomicFile.Failure) -> Void = { _ in }, stop: () -> Bool = { false }
    ) -> Result<[Day], FetchError> {
        let url = trimmed(baseURLOverride ?? Provider.ecb.defaultBaseURLs[0]) + Self.ecbPath90
        let body: [UInt8]
        switch get(url, stop: stop) {
        case .failure(let error): return .failure(error)
        case .success(let bytes): body = bytes
        }
        let days: [(Day, [CurrencyCode: Decimal])]
        do {
            days = try ProviderDecoders.ecbHistory(body, now: now)
        } catch {
            return .failure(.invalidResponse(host: UntrustedText(URL(string: url)?.host ?? "?"), reason: error.problem))
        }
        let first = days.first?.0 ?? Day.utc(now)
        let through = max(days.last?.0 ?? first, Day.utc(now))
        let kept = store.addECB(days, from: first, through: through)
        do {
            try storeECB(store)
        } catch {
            cacheFailed(error)
        }
        return .success(kept)
    }

    /// Fetches currency-api's snapshot of `day`, adds it to `library` and caches it (a cache
    /// that cannot be written is handed to `cacheFailed`).
    public func fetchSnapshot(
        _ day: Day, into store: RateStore, cacheFailed: (AtomicFile.Failure) -> Void = { _ in }, stop: () -> Bool = { false }
    ) -> Result<RateTable, FetchError> {
        var failure: FetchError = .offlineMode
        for url in snapshotURLs(day) {
            switch get(url, stop: stop) {
            case .failure(.cancelled):
                return .failure(.cancelled)
            case .failure(let error):
                failure = error
            case .success(let body):
                let host = UntrustedText(URL(string: url)?.host ?? "?")
                do {
                    let table = try Provider.currencyAPI.decode(body, fetchedAt: Date())
                    guard table.date == day.iso else {
                        throw ResponseProblem("problem.wrongDay", table.date, day.iso)
                    }
                    store.addSnapshot(table)
                    do throws(AtomicFile.Failure) {
                        try AtomicFile.makeDirectory(directory)
                        try AtomicFile.write(RateCache.encode(table, provider: .currencyAPI), to: snapshotPath(day))
                    } catch {
                        cacheFailed(error)
                    }
                    return .success(table)
                } catch let problem as ResponseProblem {
                    return .failure(.invalidResponse(host: host, reason: problem.problem))
                } catch {
                    return .failure(.invalidResponse(host: host, reason: Problem("problem.other", "\(error)")))
                }
            }
        }
        return .failure(failure)
    }

    /// Writes the fetched ECB days; the newest of them stands in the first lines (`last`), where
    /// `newestCachedECB` finds it without reading the rest.
    func storeECB(_ store: RateStore) throws(AtomicFile.Failure) {
        guard let text = Self.cacheText(store) else { return }
        try AtomicFile.makeDirectory(directory)
        try AtomicFile.write(text, to: ecbPath)
    }

    /// The cache file of the fetched ECB days `store` holds (`nil` when it holds none), which
    /// `decodeECB` reads back whole.
    public static func cacheText(_ store: RateStore) -> String? {
        guard let coverage = store.fetchedCoverage else { return nil }
        var lines = [
            "{", "  \"format\": \(Self.format),", "  \"from\": \"\(coverage.from.iso)\",", "  \"through\": \"\(coverage.through.iso)\",",
            "  \"last\": \"\(coverage.last.iso)\",", "  \"days\": {",
        ]
        let days = store.fetchedDays
        for (index, (day, rates)) in days.enumerated() {
            let members = rates.keys.sorted().map { "\"\($0)\": \(rates[$0]?.description ?? "0")" }.joined(separator: ", ")
            lines.append("    \"\(day.iso)\": {\(members)}" + (index < days.count - 1 ? "," : ""))
        }
        lines += ["  }", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// Reads the cached ECB days into `store`; the file's path when it does not read whole.
    @discardableResult
    public func loadCachedECB(into store: RateStore) -> [String] {
        guard let text = try? AtomicFile.read(ecbPath, limit: RequestPolicy.sizeLimit) else { return [] }
        guard let (days, from, through) = Self.decodeECB(text) else { return [ecbPath] }
        store.addECB(days, from: from, through: through)
        return []
    }

    /// The newest day the cached ECB file holds, read from its first lines (`nil` when there is
    /// no file, or it does not say).
    public func newestCachedECB() -> Day? {
        guard let head = try? AtomicFile.head(ecbPath, count: 256) else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        guard let key = text.range(of: "\"last\": \"") else { return nil }
        return Day(iso: text[key.upperBound...].prefix(10))
    }

    /// Adds the cached snapshots to `store`, each read when first needed (its day is in its
    /// name); one that does not read is left out and said through `problem`.
    public func registerCachedSnapshots(into store: RateStore, problem: @escaping (String) -> Void) {
        // Most runs have none: the directory is not even there, and no listing is made.
        guard access(directory, F_OK) == 0 else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted().suffix(400) where name.hasPrefix("currency-api-") && name.hasSuffix(".json") {
            let path = directory + "/" + name
            guard let day = Day(iso: name.dropFirst("currency-api-".count).dropLast(".json".count)) else {
                problem(path)
                continue
            }
            store.addSnapshot(day: day, sourceID: Provider.currencyAPI.rawValue) {
                guard let text = try? AtomicFile.read(path, limit: RequestPolicy.sizeLimit),
                    let table = try? RateCache.decode(text, provider: .currencyAPI), table.day == day
                else {
                    problem(path)
                    return nil
                }
                return table
            }
        }
    }

    /// The cached ECB days, with the checks an answer passes (`checkedHistoryDay`); `nil` for a
    /// file that does not read whole.
    public static func decodeECB(_ text: String, now: Date = Date()) -> ([(Day, [CurrencyCode: Decimal])], Day, Day)? {
        guard let document = try? JSONParser.parse(text), case .number(let format) = document["format"] ?? .null,
            Int(format) == Self.format, let from = document["from"]?.stringValue.flatMap(Day.init(iso:)),
            let through = document["through"]?.stringValue.flatMap(Day.init(iso:)), from <= through,
            case .object(let members) = document["days"] ?? .null
        else { return nil }
        var days: [(Day, [CurrencyCode: Decimal])] = []
        for (key, value) in members {
            guard let day = Day(iso: key), day >= from, day <= through, case .object(let rates) = value else { return nil }
            var table: [CurrencyCode: Decimal] = [:]
            for (code, rate) in rates {
                guard let code = CurrencyCode(code), case .number(let number) = rate, let value = ExactDecimal.parse(number) else { return nil }
                table[code] = value
            }
            guard let checked = try? ProviderDecoders.checkedHistoryDay(day, table, catalog: .bundled, now: now) else { return nil }
            days.append((day, checked))
        }
        return (days, from, through)
    }
}
