import Foundation

/// One provider's rates at one time: units of each currency per one unit of `base`.
/// Every pair is derived from this single table. Immutable, and shared by reference: every
/// line's session state holds it, and copying a reference costs one count.
public final class RateTable: Sendable {
    public let base: CurrencyCode
    /// The day the provider published the rates for (`2026-07-06`).
    public let date: String
    public let source: RateSource
    /// Units per one `base`, exactly as published; `rates[base]` is 1.
    public let rates: [CurrencyCode: Decimal]
    /// When this program fetched the table (`nil` for the bundled seed).
    public let fetchedAt: Date?
    /// The provider's own update time, where it gives one (`2026-11-30 00:02 UTC`).
    public let updated: String?

    /// Why a table was refused.
    public enum Invalid: Error, Equatable, Sendable {
        case baseMissing(CurrencyCode)
        case rateNotPositive(CurrencyCode)
        /// A rate outside `smallestRate` … `largestRate`: no currency's.
        case rateOutOfRange(CurrencyCode)
        case empty
    }

    /// The range of a believable rate against any base: 10⁻¹² … 10¹². Real tables span about
    /// 10⁻⁴ (gold per euro) to 10⁵ (rials per euro).
    public static let smallestRate = Decimal(sign: .plus, exponent: -12, significand: 1)
    public static let largestRate = Decimal(sign: .plus, exponent: 12, significand: 1)

    /// Checks the table's invariants: at least one rate, all rates > 0, the base present. The
    /// legacy euro currencies are those that had joined by `legacyDay` (the table's own date
    /// unless given: a day without a publication uses the table of the day before it, and a
    /// currency that joined on that day — HRK on Sunday 2023-01-01 — has its fixed rate).
    public init(
        base: CurrencyCode, date: String, source: RateSource, rates: [CurrencyCode: Decimal], fetchedAt: Date? = nil,
        updated: String? = nil, legacyDay: String? = nil
    ) throws(Invalid) {
        guard !rates.isEmpty else { throw .empty }
        for (code, rate) in rates where !(rate > 0) || rate.isNaN { throw .rateNotPositive(code) }
        for (code, rate) in rates where rate < Self.smallestRate || rate > Self.largestRate { throw .rateOutOfRange(code) }
        guard rates[base] != nil else { throw .baseMissing(base) }
        var exact = CurrencyMap<Rational>(capacity: rates.count)
        for (code, rate) in rates {
            guard let value = Rational(rate) else { throw .rateNotPositive(code) }
            exact[code] = value
        }
        // The currencies the euro replaced, at their fixed rates, once they had joined.
        var legacy: [CurrencyCode] = []
        for (code, value) in LegacyEuro.rates(date: legacyDay ?? date, euroPerBase: exact[.eur]) {
            exact[code] = value
            if rates[code] == nil { legacy.append(code) }
        }
        self.legacyCodes = legacy
        self.exact = exact
        self.base = base
        self.date = date
        self.source = source
        self.rates = rates
        self.fetchedAt = fetchedAt
        self.updated = updated
    }

    /// A table of the euro alone, which needs no checks (what stands in for data that would not
    /// read).
    init(euroAloneOn date: String, source: RateSource) {
        base = .eur
        self.date = date
        self.source = source
        rates = [.eur: 1]
        var exact = CurrencyMap<Rational>(capacity: 1)
        exact[.eur] = .one
        self.exact = exact
        legacyCodes = []
        fetchedAt = nil
        updated = nil
    }

    /// The currencies this table can convert, sorted by code: those published and the legacy
    /// euro currencies (`LegacyEuro`).
    public var codes: [CurrencyCode] { (Array(rates.keys) + legacyCodes).sorted() }

    /// The legacy euro currencies the table converts at their fixed rates and did not publish.
    public let legacyCodes: [CurrencyCode]

    public func contains(_ code: CurrencyCode) -> Bool { exact[code] != nil }

    /// Each rate as an exact fraction, read once when the table is made.
    private let exact: CurrencyMap<Rational>

    /// How many units of `to` one unit of `from` buys, exactly: `rate[to] / rate[from]`.
    public func rate(from: CurrencyCode, to: CurrencyCode) -> Rational? {
        guard let fromRate = exact[from], let toRate = exact[to] else { return nil }
        if from == to { return .one }
        return toRate / fromRate
    }

    /// `amount × rate[to] / rate[from]`, exact.
    public func convert(_ amount: Rational, from: CurrencyCode, to: CurrencyCode) -> Rational? {
        guard let rate = rate(from: from, to: to) else { return nil }
        return amount * rate
    }
}
