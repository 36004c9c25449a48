import Foundation

/// One source's rates of one day: units of each currency per one unit of `base`. Every pair
/// is derived from this single table, so one rate never mixes two days or two sources.
/// Immutable, and shared by reference.
///
/// A table is published rates as given (a provider's answer, a cache, the seed, a fetched ECB
/// day, a snapshot), one day of the bundled ECB history read in place (`BundledHistory`: no
/// dictionary is made for it, so a dated line costs two cells), or a period's averages
/// (`RatePeriod`), which are published-style rates too.
public final class RateTable: Sendable {
    public let base: CurrencyCode
    /// The day the source published the rates for, as a day; an average's last day counted.
    public let day: Day
    public let source: RateSource
    /// When this program fetched the table (`nil` for what is compiled in).
    public let fetchedAt: Date?
    /// The provider's own update time, where it gives one (`2026-11-30 00:02 UTC`).
    public let updated: String?
    /// For a table of averages: the period asked and the days counted.
    public let period: RatePeriod?
    /// For a central bank's table: its kind, series, label and rates as written.
    public let publication: Publication?

    private enum Storage: Sendable {
        /// Rates as published, each as an exact fraction (read once), the date as given and
        /// the legacy currencies converted at their fixed rates that it did not publish.
        case published([CurrencyCode: Decimal], CurrencyMap<Rational>, date: String, legacy: [CurrencyCode])
        /// The bundled history's day at `index`, with the legacy currencies joined by `legacyDay`.
        case bundled(index: Int, legacyDay: Day)
        /// Rates per euro as integers and their powers of ten (a period's averages, kept by the
        /// hundred): the legacy currencies joined by the table's legacy day among them, and the
        /// published currencies, sorted.
        case scaled(CurrencyMap<Scaled>, published: [CurrencyCode], legacy: [CurrencyCode])
        /// A central bank's table: units of each currency per home unit, exactly, from the
        /// rates as written (`publication`), and its currencies, sorted.
        case bank(CurrencyMap<Rational>, codes: [CurrencyCode])
    }

    /// `value × 10^-scale` units per euro, in 16 bytes.
    struct Scaled {
        let value: UInt64
        private let power: UInt8
        var scale: Int { Int(power) }

        init(value: UInt64, scale: Int) {
            self.value = value
            power = UInt8(truncatingIfNeeded: scale)
        }
    }

    private let storage: Storage

    /// Why a table was refused.
    public enum Invalid: Error, Equatable, Sendable {
        case baseMissing(CurrencyCode)
        case rateNotPositive(CurrencyCode)
        /// A rate outside `smallestRate` … `largestRate`: no currency's.
        case rateOutOfRange(CurrencyCode)
        case empty
        /// A date that is no day (`2026-02-30`).
        case badDate(String)
    }

    /// The range of a believable rate against any base: 10⁻¹² … 10¹². Real tables span about
    /// 10⁻⁴ (gold per euro) to 10⁵ (rials per euro).
    public static let smallestRate = Decimal(sign: .plus, exponent: -12, significand: 1)
    public static let largestRate = Decimal(sign: .plus, exponent: 12, significand: 1)
    private static let smallestExact = Rational(significand: .one, exponent: -12)
    private static let largestExact = Rational(significand: .one, exponent: 12)

    /// Checks the table's invariants: at least one rate, all rates > 0, the base present. The
    /// legacy euro currencies are those that had joined by `legacyDay` (the table's own date
    /// unless given: a day without a publication uses the table of the day before it, and a
    /// currency that joined on that day — HRK on Sunday 2023-01-01 — has its fixed rate).
    public init(
        base: CurrencyCode, date: String, source: RateSource, rates: [CurrencyCode: Decimal], fetchedAt: Date? = nil,
        updated: String? = nil, legacyDay: String? = nil, period: RatePeriod? = nil
    ) throws(Invalid) {
        guard let day = Day(iso: date) else { throw .badDate(date) }
        guard !rates.isEmpty else { throw .empty }
        // Checked as fractions: comparing two decimals is slow, and a table of 160 rates is
        // read on every start.
        for (code, rate) in rates where rate.isNaN || rate.isZero || rate.sign == .minus { throw .rateNotPositive(code) }
        var exact = CurrencyMap<Rational>(capacity: rates.count)
        for (code, rate) in rates {
            guard let value = Rational(rate) else { throw .rateNotPositive(code) }
            guard !(value < Self.smallestExact), !(Self.largestExact < value) else { throw .rateOutOfRange(code) }
            exact[code] = value
        }
        guard rates[base] != nil else { throw .baseMissing(base) }
        // The currencies the euro replaced, at their fixed rates, once they had joined.
        var legacy: [CurrencyCode] = []
        for (code, value) in LegacyEuro.rates(date: legacyDay ?? date, euroPerBase: exact[.eur]) {
            exact[code] = value
            if rates[code] == nil { legacy.append(code) }
        }
        storage = .published(rates, exact, date: date, legacy: legacy)
        self.base = base
        self.day = day
        self.source = source
        self.fetchedAt = fetchedAt
        self.updated = updated
        self.period = period
        publication = nil
    }

    /// Rates per euro of `day`, each an integer and its power of ten (at most 12), with the
    /// legacy currencies that had joined by `legacyDay` at their fixed rates, which replace any
    /// quote. `nil` when a rate is zero or beyond `largestRate`.
    init?(
        perEuro rates: [(code: CurrencyCode, value: UInt64, scale: Int)], day: Day, source: RateSource, legacyDay: Day,
        period: RatePeriod?
    ) {
        var map = CurrencyMap<Scaled>(capacity: rates.count + LegacyEuro.all.count + 1)
        var published: [CurrencyCode] = [.eur]
        map[.eur] = Scaled(value: 1, scale: 0)
        for rate in rates where rate.code != .eur {
            guard rate.value > 0, (0...12).contains(rate.scale),
                UInt128(rate.value) <= UInt128(1_000_000_000_000) * UInt128(BigUInt.powerOfTen(rate.scale))
            else { return nil }
            map[rate.code] = Scaled(value: rate.value, scale: rate.scale)
            published.append(rate.code)
        }
        published.sort()
        var legacy: [CurrencyCode] = []
        for entry in LegacyEuro.all where entry.since <= legacyDay {
            if map[entry.code] == nil { legacy.append(entry.code) }
            map[entry.code] = Scaled(value: entry.scaledValue, scale: entry.scale)
        }
        storage = .scaled(map, published: published, legacy: legacy)
        base = .eur
        self.day = day
        self.source = source
        fetchedAt = nil
        updated = nil
        self.period = period
        publication = nil
    }

    /// A central bank's table, its rates read exactly in its direction and units (3.6056 PLN
    /// per USD is 1/3.6056 USD per złoty; 6.304 CZK per 100 HUF is 100/6.304 HUF per koruna);
    /// `period` for a mean of its tables. `nil` when a rate is outside `smallestRate` …
    /// `largestRate` per unit.
    public init?(_ table: BankTable, home: CurrencyCode, quoting: Quoting, source: RateSource, period: RatePeriod? = nil) {
        var exact = CurrencyMap<Rational>(capacity: table.quotes.count + 1)
        exact[home] = .one
        for (code, quote) in table.quotes where code != home {
            guard let value = Rational(quote.value), let units = Rational(Decimal(quote.units)) else { return nil }
            guard let perHome = quoting == .homePerForeign ? Rational.ratio(units, value) : Rational.ratio(value, units),
                !(perHome < Self.smallestExact), !(Self.largestExact < perHome)
            else { return nil }
            exact[code] = perHome
        }
        storage = .bank(exact, codes: (Array(table.quotes.keys.filter { $0 != home }) + [home]).sorted())
        base = home
        day = table.day
        self.source = source
        fetchedAt = nil
        updated = nil
        self.period = period
        publication = Publication(kind: table.kind, series: table.series, label: table.label, quoting: quoting, quotes: table.quotes)
    }

    /// The bundled history's day at `index`, its legacy currencies those joined by `legacyDay`.
    init(bundledIndex index: Int, legacyDay: Day) {
        day = BundledHistory.shared.day(at: index)
        base = .eur
        source = RateSource.ecbBundled
        fetchedAt = nil
        updated = nil
        period = nil
        storage = .bundled(index: index, legacyDay: legacyDay)
        publication = nil
    }

    /// A table of the euro alone, which needs no checks (what stands in for data that would not
    /// read).
    init(euroAloneOn day: Day, source: RateSource) {
        base = .eur
        self.day = day
        self.source = source
        var exact = CurrencyMap<Rational>(capacity: 1)
        exact[.eur] = .one
        storage = .published([.eur: 1], exact, date: day.iso, legacy: [])
        fetchedAt = nil
        updated = nil
        period = nil
        publication = nil
    }

    /// The rates as published, the base's 1 among them (the legacy currencies' fixed rates are
    /// not: `legacyCodes`).
    public var rates: [CurrencyCode: Decimal] {
        switch storage {
        case .published(let rates, _, _, _): return rates
        case .bundled(let index, _): return BundledHistory.shared.rates(at: index)
        case .scaled(let map, let published, _):
            var rates: [CurrencyCode: Decimal] = [:]
            for code in published {
                if let rate = map[code] { rates[code] = Decimal(sign: .plus, exponent: -rate.scale, significand: Decimal(rate.value)) }
            }
            return rates
        case .bank: return [:]
        }
    }

    /// The number of currencies published.
    public var publishedCount: Int {
        switch storage {
        case .published(let rates, _, _, _): return rates.count
        case .bundled(let index, _): return BundledHistory.shared.quotedCount(at: index) + 1
        case .scaled(_, let published, _): return published.count
        case .bank(_, let codes): return codes.count
        }
    }

    /// The currencies this table can convert, sorted by code: those published and the legacy
    /// euro currencies (`LegacyEuro`). A bundled day's are its columns' that span it, known
    /// without reading a cell.
    public var codes: [CurrencyCode] {
        switch storage {
        case .published(let rates, _, _, _): return (Array(rates.keys) + legacyCodes).sorted()
        case .bundled(let index, _):
            let history = BundledHistory.shared
            return ([.eur] + history.codes.filter { history.spans($0, index) } + legacyCodes).sorted()
        case .scaled(_, let published, let legacy): return (published + legacy).sorted()
        case .bank(_, let codes): return codes
        }
    }

    /// The day the source published the rates for (`2026-07-06`); an average's last day counted.
    public var date: String {
        switch storage {
        case .published(_, _, let date, _): return date
        case .bundled, .scaled, .bank: return day.iso
        }
    }

    /// The legacy euro currencies the table converts at their fixed rates and did not publish.
    public var legacyCodes: [CurrencyCode] {
        switch storage {
        case .published(_, _, _, let legacy): return legacy
        case .bundled(let index, let legacyDay):
            return LegacyEuro.all.compactMap { $0.since <= legacyDay && !BundledHistory.shared.spans($0.code, index) ? $0.code : nil }
        case .scaled(_, _, let legacy): return legacy
        case .bank: return []
        }
    }

    /// Whether the table is the bundled history's, read in place.
    public var isBundledHistory: Bool { bundledIndex != nil }

    /// The bundled history's index of the table's day, and the day its legacy currencies
    /// are of, when it is the history's.
    var bundled: (index: Int, legacyDay: Day)? {
        if case .bundled(let index, let legacyDay) = storage { return (index, legacyDay) }
        return nil
    }

    var bundledIndex: Int? { bundled?.index }

    public func contains(_ code: CurrencyCode) -> Bool {
        switch storage {
        case .published(_, let exact, _, _): return exact.contains(code)
        case .bundled(let index, let legacyDay): return Self.bundledRate(code, index, legacyDay) != nil
        case .scaled(let map, _, _): return map.contains(code)
        case .bank(let exact, _): return exact.contains(code)
        }
    }

    /// Units of `code` per euro on a bundled day, as an integer and its power of ten: the euro
    /// is 1, a legacy currency that had joined by `legacyDay` has its fixed rate (which
    /// replaces any quote), any other its published cell.
    @inline(__always) private static func bundledRate(_ code: CurrencyCode, _ index: Int, _ legacyDay: Day) -> (value: UInt64, scale: Int)? {
        if code == .eur { return (1, 0) }
        if let legacy = LegacyEuro.fixed(code), legacy.since <= legacyDay { return (legacy.value, legacy.scale) }
        return BundledHistory.shared.scaled(code, at: index).map { (UInt64($0.value), $0.scale) }
    }

    /// Units of `code` per one `base`, exactly.
    public func exactRate(_ code: CurrencyCode) -> Rational? {
        switch storage {
        case .published(_, let exact, _, _): return exact[code]
        case .bundled(let index, let legacyDay):
            return Self.bundledRate(code, index, legacyDay).map { Rational(significand: BigUInt($0.value), exponent: -$0.scale) }
        case .scaled(let map, _, _): return map[code].map { Rational(significand: BigUInt($0.value), exponent: -$0.scale) }
        case .bank(let exact, _): return exact[code]
        }
    }

    /// How many units of `to` one unit of `from` buys, exactly: `rate[to] / rate[from]`.
    public func rate(from: CurrencyCode, to: CurrencyCode) -> Rational? {
        switch storage {
        case .published(_, let exact, _, _):
            guard let fromRate = exact[from], let toRate = exact[to] else { return nil }
            if from == to { return .one }
            return Rational.ratio(toRate, fromRate)
        case .bundled(let index, let legacyDay): return Self.bundledRate(from: from, to: to, index: index, legacyDay: legacyDay)
        case .scaled(let map, _, _):
            guard let a = map[from], let b = map[to] else { return nil }
            if from == to { return .one }
            return Self.ratio((a.value, a.scale), (b.value, b.scale))
        case .bank(let exact, _):
            guard let fromRate = exact[from], let toRate = exact[to] else { return nil }
            if from == to { return .one }
            return Rational.ratio(toRate, fromRate)
        }
    }

    /// The rate of a pair on a bundled day, read in place.
    @inline(__always) static func bundledRate(from: CurrencyCode, to: CurrencyCode, index: Int, legacyDay: Day) -> Rational? {
        guard let a = bundledRate(from, index, legacyDay), let b = bundledRate(to, index, legacyDay) else { return nil }
        if from == to { return .one }
        return ratio(a, b)
    }

    /// b / 10^sb ÷ a / 10^sa, in integers, the power of ten both have cancelled (`b × 10^(sa −
    /// sb) / a` or `b / (a × 10^(sb − sa))`): every value is below 2^64 and every scale at most
    /// 12, so each product is below 2^104. The smaller the integers, the longer a line's
    /// arithmetic stays in 128 bits (a sum of two currencies converted into a third did not).
    @inline(__always) private static func ratio(_ a: (value: UInt64, scale: Int), _ b: (value: UInt64, scale: Int)) -> Rational {
        let numerator = UInt128(b.value) * UInt128(BigUInt.powerOfTen(max(0, a.scale - b.scale)))
        let denominator = UInt128(a.value) * UInt128(BigUInt.powerOfTen(max(0, b.scale - a.scale)))
        return Rational(negative: false, numerator: BigUInt(wide: numerator), denominator: BigUInt(wide: denominator))
    }

    /// `amount × rate[to] / rate[from]`, exact.
    public func convert(_ amount: Rational, from: CurrencyCode, to: CurrencyCode) -> Rational? {
        guard let rate = rate(from: from, to: to) else { return nil }
        return amount * rate
    }
}

/// What a central bank's table says of itself: the kind of its rates, its series and label
/// (`041/A/NBP/2026`), and its rates as written, in its direction.
public struct Publication: Sendable {
    public let kind: RateKind
    public let series: String
    public let label: String
    public let quoting: Quoting
    public let quotes: [CurrencyCode: BankQuote]
}
