import CambioCore
import CambioFiles
import Foundation

/// Fetches and caches a central bank's tables: the answer that covers a day a line asks for,
/// at the path its service uses below its base URL (`CAMBIO_PROVIDER_URL` replaces the base).
/// Each bank's days are one file, `$XDG_CACHE_HOME/cambio/history/bank-ID.json`, replaced
/// atomically and checked when read; nothing of an answer that does not read whole is kept.
extension HistoryFetcher {
    public func bankPath(_ bank: any Bank) -> String { directory + "/bank-\(bank.id).json" }

    /// Fetches the answer of `bank` that covers `day` (of `series`) into `store`, then caches
    /// what the store holds of the bank. A 404 where the service answers so for a span without
    /// tables is such a span; any other failure, or an answer that does not read, adds nothing.
    public func fetchBank(
        _ bank: any Bank, series: String, day: Day, into store: RateStore, now: Date = Date(),
        cacheFailed: (AtomicFile.Failure) -> Void = { _ in }, stop: () -> Bool = { false }
    ) -> Result<Void, FetchError> {
        let today = Day.utc(now)
        let request = bank.request(for: day, series: series, today: today)
        let url = trimmed(baseURLOverride ?? bank.baseURL) + request.path
        let host = UntrustedText(URL(string: url)?.host ?? "?")
        var tables: [BankTable] = []
        switch get(url, stop: stop) {
        case .failure(.httpStatus(_, let code, _)) where code == 404 && request.notFoundIsEmpty:
            break
        case .failure(let error):
            return .failure(error)
        case .success(let body):
            do {
                tables = try bank.decode(body, request)
            } catch {
                return .failure(.invalidResponse(host: host, reason: error.problem))
            }
            if let late = tables.first(where: { $0.day > today }) {
                return .failure(.invalidResponse(host: host, reason: Problem("problem.future", late.day.iso, today.iso)))
            }
            // Each table makes rates: a rate per unit outside a currency's range refuses the answer.
            let source = RateSource(id: bank.id, attribution: bank.attribution, isBundledSeed: false)
            if let bad = tables.first(where: { RateTable($0, home: bank.home, quoting: bank.quoting, source: source) == nil }) {
                return .failure(.invalidResponse(host: host, reason: Problem("problem.invalidTable", bad.label)))
            }
        }
        store.addBank(bank, tables, series: series, covers: request.covers)
        do {
            try storeBank(bank, store, today: today)
        } catch {
            cacheFailed(error)
        }
        return .success(())
    }

    /// Writes what `store` holds of `bank`; the days it speaks for end yesterday unless a table
    /// of today is held (a later run asks again for a table not out yet).
    func storeBank(_ bank: any Bank, _ store: RateStore, today: Day) throws(AtomicFile.Failure) {
        let held = store.bankHoldings(bank)
        try AtomicFile.makeDirectory(directory)
        try AtomicFile.write(Self.bankCacheText(bank, held.tables, covered: held.covered, today: today), to: bankPath(bank))
    }

    public static func bankCacheText(_ bank: any Bank, _ tables: [BankTable], covered: [String: [ClosedRange<Day>]], today: Day) -> String {
        var lines = ["{", "  \"format\": \(format),", "  \"source\": \(JSONText.string(bank.id)),", "  \"covered\": {"]
        let series = covered.keys.sorted()
        for (index, name) in series.enumerated() {
            let todayHeld = tables.contains { $0.series == name && $0.day == today }
            let spans = (covered[name] ?? []).compactMap { span -> String? in
                let end = span.upperBound >= today && !todayHeld ? today.adding(days: -1) : span.upperBound
                return end < span.lowerBound ? nil : "[\"\(span.lowerBound.iso)\", \"\(end.iso)\"]"
            }
            lines.append("    \(JSONText.string(name)): [\(spans.joined(separator: ", "))]" + (index < series.count - 1 ? "," : ""))
        }
        lines += ["  },", "  \"tables\": ["]
        for (index, table) in tables.enumerated() {
            let quotes = table.quotes.keys.sorted().compactMap { code in
                table.quotes[code].map { "\"\(code)\": [\"\($0.value)\", \($0.units)]" }
            }
            lines.append(
                "    {\"day\": \"\(table.day.iso)\", \"kind\": \"\(table.kind.rawValue)\", \"series\": \(JSONText.string(table.series)), "
                    + "\"label\": \(JSONText.string(table.label)), \"quotes\": {\(quotes.joined(separator: ", "))}}"
                    + (index < tables.count - 1 ? "," : ""))
        }
        lines += ["  ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// Reads the cached days of `bank` into `store`; false when there is a file that does not
    /// read whole (it is then left out, and said).
    @discardableResult
    public func loadCachedBank(_ bank: any Bank, into store: RateStore) -> Bool {
        guard let text = try? AtomicFile.read(bankPath(bank), limit: RequestPolicy.sizeLimit) else { return true }
        guard let (tables, covered) = Self.decodeBank(text, bank) else { return false }
        for (series, spans) in covered {
            for span in spans { store.addBank(bank, tables.filter { $0.series == series && span.contains($0.day) }, series: series, covers: span) }
        }
        return true
    }

    /// A bank's cache file, checked as an answer is: `nil` unless it reads whole.
    public static func decodeBank(_ text: String, _ bank: any Bank) -> ([BankTable], [String: [ClosedRange<Day>]])? {
        guard let document = try? JSONParser.parse(text), case .number(let version) = document["format"] ?? .null, Int(version) == format,
            document["source"]?.stringValue == bank.id, case .object(let coveredMembers) = document["covered"] ?? .null,
            case .array(let entries) = document["tables"] ?? .null
        else { return nil }
        var covered: [String: [ClosedRange<Day>]] = [:]
        for (series, value) in coveredMembers {
            guard bank.series.contains(series), case .array(let spans) = value else { return nil }
            for span in spans {
                guard case .array(let ends) = span, ends.count == 2, let from = ends[0].stringValue.flatMap(Day.init(iso:)),
                    let through = ends[1].stringValue.flatMap(Day.init(iso:)), from <= through
                else { return nil }
                covered[series, default: []].append(from...through)
            }
        }
        var tables: [BankTable] = []
        for entry in entries {
            guard let day = entry["day"]?.stringValue.flatMap(Day.init(iso:)),
                let kind = entry["kind"]?.stringValue.flatMap(RateKind.init(rawValue:)),
                bank.kinds.contains(kind), let series = entry["series"]?.stringValue, bank.series.contains(series),
                let label = entry["label"]?.stringValue, label.count <= 40, case .object(let members) = entry["quotes"] ?? .null
            else { return nil }
            var quotes: [CurrencyCode: BankQuote] = [:]
            for (key, value) in members {
                guard let code = CurrencyCode(key), case .array(let pair) = value, pair.count == 2, let text = pair[0].stringValue,
                    let rate = ExactDecimal.parse(text), !rate.isNaN, !rate.isZero, rate.sign == .plus,
                    case .number(let unitText) = pair[1], let units = Int(unitText), (1...1_000_000).contains(units)
                else { return nil }
                quotes[code] = BankQuote(value: rate, units: units)
            }
            let table = BankTable(day: day, kind: kind, series: series, label: label, quotes: quotes)
            let source = RateSource(id: bank.id, attribution: bank.attribution, isBundledSeed: false)
            guard RateTable(table, home: bank.home, quoting: bank.quoting, source: source) != nil else { return nil }
            tables.append(table)
        }
        return (tables, covered)
    }
}
