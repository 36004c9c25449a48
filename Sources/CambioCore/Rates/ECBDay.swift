/// The ECB's table of a day a line asks for: a day of the bundled history, read in place (no
/// table is made for a line that only needs its rate), or a day fetched after it.
public enum ECBDay {
    /// The bundled day at `index`, with the legacy currencies that had joined by `legacyDay`.
    case bundled(index: Int, legacyDay: Day)
    case table(RateTable)

    /// The day it was published.
    public var day: Day {
        switch self {
        case .bundled(let index, _): return BundledHistory.shared.day(at: index)
        case .table(let table): return table.day
        }
    }

    /// How many units of `to` one unit of `from` buys, exactly.
    @inline(__always) public func rate(from: CurrencyCode, to: CurrencyCode) -> Rational? {
        switch self {
        case .bundled(let index, let legacyDay): return RateTable.bundledRate(from: from, to: to, index: index, legacyDay: legacyDay)
        case .table(let table): return table.rate(from: from, to: to)
        }
    }

    /// Whether it has a rate of `code`.
    public func contains(_ code: CurrencyCode) -> Bool {
        switch self {
        case .bundled(let index, let legacyDay): return RateTable.bundledRate(from: code, to: code, index: index, legacyDay: legacyDay) != nil
        case .table(let table): return table.contains(code)
        }
    }

    /// The table, for what a line says of it (its note, its record).
    public func table(_ store: RateStore) -> RateTable {
        switch self {
        case .bundled(let index, let legacyDay): return store.bundledTable(index, legacyDay: legacyDay)
        case .table(let table): return table
        }
    }
}
