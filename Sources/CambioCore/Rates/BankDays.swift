/// What the program holds of one central bank: its tables by series, kind and day, and the
/// days its answers speak for (a day among them without a table of a series had none), each
/// table made a `RateTable` when first asked.
final class BankDays {
    let bank: any Bank
    private(set) var covered: [String: [ClosedRange<Day>]] = [:]
    private(set) var tables: [String: [Int: BankTable]] = [:]
    private var made: [String: RateTable] = [:]

    init(_ bank: any Bank) { self.bank = bank }

    private static func key(_ series: String, _ kind: RateKind) -> String { series + "/" + kind.rawValue }

    /// Adds an answer's tables and the days it speaks for. A day held keeps its rates: a later
    /// answer never rewrites a table a line has been answered with.
    func add(_ new: [BankTable], series: String, covers: ClosedRange<Day>) {
        for table in new {
            let key = Self.key(table.series, table.kind)
            if tables[key]?[table.day.number] == nil { tables[key, default: [:]][table.day.number] = table }
        }
        var spans = covered[series, default: []] + [covers]
        spans.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Day>] = []
        for span in spans {
            if let last = merged.last, span.lowerBound.number <= last.upperBound.number + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        covered[series] = merged
    }

    func isCovered(_ day: Day, series: String) -> Bool { covered[series]?.contains { $0.contains(day) } ?? false }

    /// The table of `series` and `kind` published on `day`, when held.
    func table(_ series: String, _ kind: RateKind, on day: Day) -> BankTable? { tables[Self.key(series, kind)]?[day.number] }

    /// The table as rates, made once.
    func rates(_ table: BankTable) -> RateTable? {
        let key = Self.key(table.series, table.kind) + table.day.iso
        if let known = made[key] { return known }
        let source = RateSource(id: bank.id, attribution: bank.attribution, isBundledSeed: false)
        let rates = RateTable(table, home: bank.home, quoting: bank.quoting, source: source)
        made[key] = rates
        return rates
    }

    /// Every table held, by day, for the cache.
    var allTables: [BankTable] {
        tables.values.flatMap(\.values).sorted { ($0.day, $0.series, $0.kind.rawValue) < ($1.day, $1.series, $1.kind.rawValue) }
    }
}

/// What the store answers for a central bank's day.
public enum BankLookup {
    /// The table that serves the day.
    case table(RateTable)
    /// The answer that covers this day is not held: fetch it, then ask again.
    case needs(Day)
    /// Every day the source may have served it from is held, and none has a table.
    case none
}

extension RateStore {
    /// The bank's holdings, made on first use (and read from the cache through `bankLoader`).
    func bankDays(_ bank: any Bank) -> BankDays {
        if let held = banks[bank.id] { return held }
        let days = BankDays(bank)
        banks[bank.id] = days
        if let load = bankLoader { load(bank) }
        return days
    }

    /// Adds an answer of `bank`: its tables and the days it speaks for.
    public func addBank(_ bank: any Bank, _ tables: [BankTable], series: String, covers: ClosedRange<Day>) {
        bankDays(bank).add(tables, series: series, covers: covers)
    }

    /// Sets what reads a bank's cached days when the bank is first asked for (the shell's cache).
    public func setBankLoader(_ load: @escaping (any Bank) -> Void) { bankLoader = load }

    /// The table of `bank` that serves `day`: the last published on or before it (`before`: the
    /// last before it) within the bank's look-back, one that quotes every one of `codes` when
    /// the bank's rates stay in force (`carriesForward`). `.needs` names the day whose answer
    /// is not held yet.
    public func bankTable(_ bank: any Bank, series: String, kind: RateKind, day: Day, before: Bool, quoting codes: [CurrencyCode]) -> BankLookup {
        let days = bankDays(bank)
        var current = before ? day.adding(days: -1) : day
        let earliest = day.adding(days: -bank.lookback(series: series))
        while current >= earliest {
            guard days.isCovered(current, series: series) else { return .needs(current) }
            if let table = days.table(series, kind, on: current), let rates = days.rates(table) {
                if !bank.carriesForward || codes.allSatisfy(rates.contains) { return .table(rates) }
            }
            current = current.adding(days: -1)
        }
        return .none
    }

    /// The tables held of `bank` and the days its answers speak for, for its cache.
    public func bankHoldings(_ bank: any Bank) -> (tables: [BankTable], covered: [String: [ClosedRange<Day>]]) {
        let days = bankDays(bank)
        return (days.allTables, days.covered)
    }

    /// The first and last day of the tables held of each bank fetched from, for `status`.
    public var bankDaysHeld: [(id: String, first: Day, last: Day, count: Int)] {
        Banks.all.map(bankDays).compactMap { days in
            let all = days.allTables.map(\.day)
            guard let first = all.min(), let last = all.max() else { return nil }
            return (days.bank.id, first, last, Set(all).count)
        }.sorted { $0.id < $1.id }
    }
}
