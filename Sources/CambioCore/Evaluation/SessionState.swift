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
    /// The last result, for `ans` and `_`: its exact value and currency.
    public var answer: (value: Rational, currency: CurrencyCode)?
    /// The card or bank fee added to every conversion, as a fraction (`0.0175` for 1,75 %).
    public var fee: Rational?

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
    /// true when the list changed. The list is changed in place (a pipe does this every line).
    @discardableResult
    public mutating func use(_ first: CurrencyCode, then rest: some BidirectionalCollection<CurrencyCode>) -> Bool {
        // Already at the front in that order (a ledger's same pair again): nothing moves.
        if recent.first == first, recent.count > rest.count {
            var index = 1
            var same = true
            for code in rest {
                if recent[index] != code {
                    same = false
                    break
                }
                index += 1
            }
            if same { return false }
        }
        var changed = false
        func moveToFront(_ code: CurrencyCode) {
            if let index = recent.firstIndex(of: code) {
                guard index > 0 else { return }
                recent.withUnsafeMutableBufferPointer { list in
                    var position = index
                    while position > 0 {
                        list[position] = list[position - 1]
                        position -= 1
                    }
                    list[0] = code
                }
            } else {
                recent.insert(code, at: 0)
            }
            changed = true
        }
        for code in rest.reversed() { moveToFront(code) }
        moveToFront(first)
        if recent.count > Self.recentLimit { recent.removeLast(recent.count - Self.recentLimit) }
        return changed
    }
}

/// A conversion `swap` can reverse.
public struct LastConversion: Equatable, Sendable {
    public let amount: Decimal?
    /// The amount exactly (a calculated amount may have no finite decimal).
    public let exact: Rational?
    public let from: CurrencyCode
    public let to: [CurrencyCode]

    public init(amount: Decimal?, exact: Rational? = nil, from: CurrencyCode, to: [CurrencyCode]) {
        self.amount = amount
        self.exact = exact
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
