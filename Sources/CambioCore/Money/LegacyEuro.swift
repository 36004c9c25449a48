import Foundation

/// The currencies the euro replaced, at the irrevocable conversion rates the Council of the
/// European Union fixed for them (units per euro, exact decimals), from the day each joined.
/// Before that day a legacy currency has only the rates a provider published for it (the ECB
/// quoted CYP, EEK, LTL, LVL, MTL, SIT, SKK, HRK and BGN until they joined).
public enum LegacyEuro {
    public struct Entry: Sendable {
        public let code: CurrencyCode
        /// Units per euro, as fixed.
        public let rate: Decimal
        /// The same as an exact fraction, read once.
        public let exact: Rational
        /// The first day the rate applies.
        public let since: Day
        /// The region (ISO 3166) whose currency it was.
        public let region: String
        /// The fixed rate as an integer and its power of ten (`1.95583` is 195583 and 5).
        public let scaledValue: UInt64
        public let scale: Int

        /// Whether it joined after `used` and by `asked`: a line asked of `asked` that takes the
        /// rates of `used` (a holiday's: every currency joined on 1 January) has it at its
        /// fixed rate, which `used`'s quotes were not.
        public func joined(after used: Day, by asked: Day) -> Bool { since > used && since <= asked }
    }

    /// Council Regulation (EC) No 2866/98 and the regulations for each later member.
    public static let all: [Entry] = [
        ("ATS", "13.7603", "1999-01-01", "AT"), ("BEF", "40.3399", "1999-01-01", "BE"), ("DEM", "1.95583", "1999-01-01", "DE"),
        ("ESP", "166.386", "1999-01-01", "ES"), ("FIM", "5.94573", "1999-01-01", "FI"), ("FRF", "6.55957", "1999-01-01", "FR"),
        ("IEP", "0.787564", "1999-01-01", "IE"), ("ITL", "1936.27", "1999-01-01", "IT"), ("LUF", "40.3399", "1999-01-01", "LU"),
        ("NLG", "2.20371", "1999-01-01", "NL"), ("PTE", "200.482", "1999-01-01", "PT"), ("GRD", "340.750", "2001-01-01", "GR"),
        ("SIT", "239.640", "2007-01-01", "SI"), ("CYP", "0.585274", "2008-01-01", "CY"), ("MTL", "0.429300", "2008-01-01", "MT"),
        ("SKK", "30.1260", "2009-01-01", "SK"), ("EEK", "15.6466", "2011-01-01", "EE"), ("LVL", "0.702804", "2014-01-01", "LV"),
        ("LTL", "3.45280", "2015-01-01", "LT"), ("HRK", "7.53450", "2023-01-01", "HR"), ("BGN", "1.95583", "2026-01-01", "BG"),
    ].compactMap { code, rate, since, region in
        let fraction = rate.split(separator: ".").dropFirst().first ?? ""
        guard let code = CurrencyCode(code), let decimal = ExactDecimal.parse(rate), let exact = Rational(decimal),
            let since = Day(iso: since), let scaled = UInt64(String(rate.filter { $0 != "." }))
        else { return nil }
        return Entry(code: code, rate: decimal, exact: exact, since: since, region: region, scaledValue: scaled, scale: fraction.count)
    }

    /// The currency the euro replaced in `region` (ISO 3166: `FR` → FRF), if it replaced one.
    public static func currency(ofRegion region: String) -> CurrencyCode? { all.first { $0.region == region }?.code }

    private static let byCode: CurrencyMap<Entry> = {
        var map = CurrencyMap<Entry>(capacity: all.count)
        for entry in all { map[entry.code] = entry }
        return map
    }()

    public static func entry(_ code: CurrencyCode) -> Entry? { byCode[code] }

    /// Whether any currency joined after `used` and by `asked`: what a day without rates asks
    /// before it looks at its currencies one by one.
    @inline(__always) public static func anyJoined(after used: Day, by asked: Day) -> Bool {
        // The first day of joining after `used`, when it is not after `asked`.
        for since in joiningDays where since > used { return since <= asked }
        return false
    }

    /// The days currencies joined on, each once, in order.
    private static let joiningDays: [Day] = Array(Set(all.map(\.since))).sorted()

    /// A legacy currency's fixed rate as an integer and its power of ten, and its first day:
    /// what a day's lookup asks for every currency, without copying the entry.
    struct Fixed {
        let since: Day
        let value: UInt64
        let scale: Int
    }

    @inline(__always) static func fixed(_ code: CurrencyCode) -> Fixed? { fixedByCode[code] }

    private static let fixedByCode: CurrencyMap<Fixed> = {
        var map = CurrencyMap<Fixed>(capacity: all.count)
        for entry in all { map[entry.code] = Fixed(since: entry.since, value: entry.scaledValue, scale: entry.scale) }
        return map
    }()

    /// The legacy currencies a table of `date` can convert, with their rates per one `base`
    /// (`fixed × rate[EUR]`): every one that had joined the euro by then, when the table has the
    /// euro. A joined currency's fixed rate replaces any quote.
    static func rates(date: String, euroPerBase: Rational?) -> [(CurrencyCode, Rational)] {
        guard let euroPerBase, let day = Day(iso: date) else { return [] }
        return all.compactMap { entry in
            entry.since <= day ? (entry.code, entry.exact * euroPerBase) : nil
        }
    }
}
