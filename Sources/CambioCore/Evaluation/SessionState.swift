import Foundation

/// What a session remembers between lines.
public struct SessionState: Sendable {
    /// The currency bare amounts are in; shown in the prompt.
    public var base: CurrencyCode
    /// Currencies used recently, most recent first, at most `recentLimit`.
    public var recent: [CurrencyCode]
    public var locale: LocaleSettings
    /// The last conversion or rate query, for `swap`.
    public var last: LastConversion?
    /// The rate table every conversion uses.
    public var table: RateTable

    public static let recentLimit = 8

    public init(base: CurrencyCode, recent: [CurrencyCode], locale: LocaleSettings, table: RateTable) {
        self.base = base
        self.recent = Array(recent.prefix(Self.recentLimit))
        self.locale = locale
        self.table = table
    }

    /// Moves `codes` to the front of the recent list, keeping their order.
    public mutating func use(_ codes: [CurrencyCode]) {
        guard let first = codes.first else { return }
        use(first, then: codes.dropFirst())
    }

    /// Moves `first`, then `rest`, to the front of the recent list, keeping their order;
    /// true when the list changed.
    @discardableResult
    public mutating func use(_ first: CurrencyCode, then rest: some Collection<CurrencyCode>) -> Bool {
        // A ledger converts between the same currencies line after line: nothing moves.
        if recent.first == first, recent.count > rest.count, zip(recent.dropFirst(), rest).allSatisfy({ $0 == $1 }) { return false }
        var list: [CurrencyCode] = []
        list.reserveCapacity(Self.recentLimit)
        list.append(first)
        for code in rest where list.count < Self.recentLimit && !list.contains(code) { list.append(code) }
        for code in recent where list.count < Self.recentLimit && !list.contains(code) && code != first && !rest.contains(code) {
            list.append(code)
        }
        let changed = list != recent
        recent = list
        return changed
    }
}

/// A conversion `swap` can reverse.
public struct LastConversion: Equatable, Sendable {
    public let amount: Decimal?
    public let from: CurrencyCode
    public let to: [CurrencyCode]

    public init(amount: Decimal?, from: CurrencyCode, to: [CurrencyCode]) {
        self.amount = amount
        self.from = from
        self.to = to
    }
}

/// Where the shell keeps its files, for `status`.
public struct SessionFiles: Sendable {
    public var config: String
    public var history: String
    public var recent: String

    public init(config: String, history: String, recent: String) {
        self.config = config
        self.history = history
        self.recent = recent
    }
}
