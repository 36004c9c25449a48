import CambioCore
import CambioFiles
import Foundation

/// The on-disk cache: one versioned JSON file per provider in `$XDG_CACHE_HOME/cambio/`,
/// replaced atomically under an advisory lock.
///
///     {"format": 1, "provider": "ecb", "attribution": "…", "base": "EUR", "date": "2026-11-27",
///      "updated": null, "fetched": "2026-11-30T06:00:00Z", "rates": {"EUR": 1, "USD": 1.1415, …}}
public struct RateCache: Sendable {
    public static let format = 1
    public let directory: String

    public init(directory: String) { self.directory = directory }

    public func path(for provider: Provider) -> String { "\(directory)/rates-\(provider.rawValue).json" }
    var lockPath: String { "\(directory)/.lock" }

    /// Why a cache file was ignored (shown as a one-line warning).
    public struct Problem: Error, Equatable, Sendable {
        public let path: String
        /// In English (a system error's own words, or the problem below).
        public let reason: String
        /// What was wrong with the file's content, to be said in the user's language.
        public let detail: CambioCore.Problem?

        init(path: String, reason: String, detail: CambioCore.Problem? = nil) {
            self.path = path
            self.reason = reason
            self.detail = detail
        }

        /// The reason in a language.
        public func message(_ localized: Localization) -> String { detail?.message(localized) ?? reason }
    }

    /// The cached table of `provider`: `nil` when there is none; a problem when the file is
    /// unreadable, corrupt, truncated or from a newer version.
    public func load(_ provider: Provider) -> Result<RateTable?, Problem> {
        let path = path(for: provider)
        let text: String
        do {
            guard let read = try AtomicFile.read(path, limit: RequestPolicy.sizeLimit) else { return .success(nil) }
            text = read
        } catch {
            return .failure(Problem(path: path, reason: error.reason))
        }
        let table: RateTable
        do {
            table = try Self.decode(text, provider: provider)
        } catch {
            return .failure(Problem(path: path, reason: error.reason, detail: error.problem))
        }
        // A table dated after tomorrow (kept before refreshes refused such) is no present one.
        let latest = RefreshOperation.latestDay(now: Date())
        guard table.date.prefix(10) <= latest else {
            return .failure(Problem(path: path, reason: "dated \(table.date)", detail: CambioCore.Problem("problem.future", table.date, latest)))
        }
        return .success(table)
    }

    /// The newest of the cached tables of `providers` (by data date, then fetch time), and
    /// the problems met on the way.
    public func newest(of providers: [Provider]) -> (RateTable?, [Problem]) {
        var best: RateTable?
        var problems: [Problem] = []
        for provider in providers {
            switch load(provider) {
            case .success(let table?):
                if best.map({ Self.isNewer(table, than: $0) }) ?? true { best = table }
            case .success(nil):
                break
            case .failure(let problem):
                problems.append(problem)
            }
        }
        return (best, problems)
    }

    /// Later data date wins; on the same date, the later fetch.
    public static func isNewer(_ a: RateTable, than b: RateTable) -> Bool {
        if a.date != b.date { return a.date > b.date }
        return (a.fetchedAt ?? .distantPast) > (b.fetchedAt ?? .distantPast)
    }

    /// Writes `table` as its provider's cache, unless another process has meanwhile stored a
    /// newer fetch. Holds the lock while reading and replacing.
    public func store(_ table: RateTable, provider: Provider) throws(AtomicFile.Failure) {
        let lock = try FileLock(path: lockPath)
        defer { withExtendedLifetime(lock) {} }
        if case .success(let existing?) = load(provider),
            (existing.fetchedAt ?? .distantPast) > (table.fetchedAt ?? .distantPast)
        {
            return
        }
        try AtomicFile.write(Self.encode(table, provider: provider), to: path(for: provider))
    }

    // MARK: Format

    public static func encode(_ table: RateTable, provider: Provider) -> String {
        var lines = [
            "{",
            "  \"format\": \(format),",
            "  \"provider\": \(JSONText.string(provider.rawValue)),",
            "  \"attribution\": \(JSONText.string(table.source.attribution)),",
            "  \"base\": \(JSONText.string(table.base.rawValue)),",
            "  \"date\": \(JSONText.string(table.date)),",
            "  \"updated\": \(table.updated.map(JSONText.string) ?? "null"),",
            "  \"fetched\": \(JSONText.string(UTC.timestamp(table.fetchedAt ?? Date()))),",
            "  \"rates\": {",
        ]
        let codes = table.rates.keys.sorted()
        for (index, code) in codes.enumerated() {
            let rate = table.rates[code]?.description ?? "0"
            lines.append("    \"\(code)\": \(rate)" + (index < codes.count - 1 ? "," : ""))
        }
        lines += ["  }", "}", ""]
        return lines.joined(separator: "\n")
    }

    public static func decode(_ text: String, provider: Provider) throws(ResponseProblem) -> RateTable {
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw ResponseProblem("problem.corrupt", error.reason, String(error.offset))
        }
        guard case .number(let formatText) = document["format"] ?? .null, let version = Int(formatText) else {
            throw ResponseProblem("problem.noFormat")
        }
        guard version <= format else { throw ResponseProblem("problem.newerFormat", String(version)) }
        guard version == format else { throw ResponseProblem("problem.unknownFormat", String(version)) }
        guard document["provider"]?.stringValue == provider.rawValue,
            let baseText = document["base"]?.stringValue, let base = CurrencyCode(baseText),
            let date = document["date"]?.stringValue, DataDate.isValid(date),
            let fetchedText = document["fetched"]?.stringValue, let fetched = UTC.parseTimestamp(fetchedText),
            case .object(let members) = document["rates"] ?? .null
        else { throw ResponseProblem("problem.fields") }
        var rates: [CurrencyCode: Decimal] = [:]
        for (key, value) in members {
            // The sign and zero tests, not a comparison with 0, which is slow for decimals.
            guard let code = CurrencyCode(key), case .number(let number) = value, let rate = ExactDecimal.parse(number), !rate.isNaN,
                !rate.isZero, rate.sign == .plus
            else { throw ResponseProblem("problem.invalidRate", String(key.prefix(12))) }
            rates[code] = rate
        }
        do {
            return try RateTable(
                base: base, date: date, source: provider.source, rates: rates, fetchedAt: fetched,
                updated: document["updated"]?.stringValue)
        } catch {
            throw ResponseProblem("problem.invalidTable", "\(error)")
        }
    }
}
