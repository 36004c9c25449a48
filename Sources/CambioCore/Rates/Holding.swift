import Foundation

/// A table the store holds: given whole, or read from where it is kept when first needed (the
/// seed compiled into the binary, a cached snapshot, the ECB's cached days). Its source and day
/// are known without reading it, so the store orders its tables without decoding any.
final class Holding {
    let sourceID: String
    let day: Day
    /// When it was fetched (`nil`: compiled in, or not known before it is read).
    let fetchedAt: Date?
    /// What the program holds it as, for `status` and the banner.
    let kind: HoldingKind
    /// The currencies it has, when known without reading it (the seed's are compiled in).
    let knownCodes: [CurrencyCode]?

    private var loaded: RateTable?
    private var load: (() -> RateTable?)?

    init(_ table: RateTable, kind: HoldingKind) {
        sourceID = table.source.id
        day = table.day
        fetchedAt = table.fetchedAt
        self.kind = kind
        knownCodes = nil
        loaded = table
    }

    init(sourceID: String, day: Day, fetchedAt: Date? = nil, kind: HoldingKind, codes: [CurrencyCode]? = nil, load: @escaping () -> RateTable?) {
        self.sourceID = sourceID
        self.day = day
        self.fetchedAt = fetchedAt
        self.kind = kind
        knownCodes = codes
        self.load = load
    }

    /// The table, read on first use; `nil` when it does not read (said where it is read).
    var table: RateTable? {
        if let load {
            self.load = nil
            loaded = load()
        }
        return loaded
    }

    /// The table when it has been read, without reading it.
    var tableIfLoaded: RateTable? { load == nil ? loaded : nil }

    /// Newer first: the later day, then the later fetch (a table compiled in has none).
    static func isNewer(_ a: Holding, than b: Holding) -> Bool {
        if a.day != b.day { return a.day > b.day }
        return (a.fetchedAt ?? .distantPast) > (b.fetchedAt ?? .distantPast)
    }
}
