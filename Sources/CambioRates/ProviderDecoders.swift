import CambioCore
import Foundation

/// Decoders for each provider's format. Every rate is read from the response's text into
/// `Decimal` (never through `Double`); a response either gives a whole valid table or an error.
public enum ProviderDecoders {
    /// `{"date": "2026-07-06", "eur": {"usd": 1.14, "btc": 0.00001, …}}`: ISO currencies are
    /// kept; crypto-currencies, metals' other names and withdrawn codes are left out.
    static func currencyAPI(_ body: [UInt8], fetchedAt: Date, catalog: CurrencyCatalog) throws(ResponseProblem) -> RateTable {
        let document = try parse(body)
        guard let date = document["date"]?.stringValue, DataDate.isValid(date) else {
            throw ResponseProblem("problem.noField", "date")
        }
        guard case .object(let members) = document["eur"] ?? .null else { throw ResponseProblem("problem.noField", "eur") }
        var rates: [CurrencyCode: Decimal] = [:]
        for (key, value) in members {
            guard let code = CurrencyCode(key), catalog[code] != nil else { continue }
            rates[code] = try rate(value, key)
        }
        return try table(base: .eur, date: date, provider: .currencyAPI, rates: rates, fetchedAt: fetchedAt, updated: nil)
    }

    /// ExchangeRate-API's open endpoint: `{"result": "success", "time_last_update_unix": …,
    /// "base_code": "EUR", "rates": {"EUR": 1, …}}`. Codes must be three letters; codes that
    /// are not current ISO 4217 (GGP, FOK, withdrawn ones) are left out.
    static func exchangeRateAPI(_ body: [UInt8], fetchedAt: Date, catalog: CurrencyCatalog) throws(ResponseProblem) -> RateTable {
        let document = try parse(body)
        guard document["result"]?.stringValue == "success" else {
            let kind = document["error-type"]?.stringValue.map { String($0.prefix(40)) } ?? "?"
            throw ResponseProblem("problem.noSuccess", kind)
        }
        guard let baseText = document["base_code"]?.stringValue, let base = CurrencyCode(baseText) else {
            throw ResponseProblem("problem.noField", "base_code")
        }
        // After 2000 and before the year 10000, so that the day is a date.
        guard case .number(let unixText) = document["time_last_update_unix"] ?? .null, let seconds = Int(unixText),
            seconds > 946_684_800, seconds < 253_402_300_800
        else { throw ResponseProblem("problem.noField", "time_last_update_unix") }
        let updatedAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        guard case .object(let members) = document["rates"] ?? .null else { throw ResponseProblem("problem.noField", "rates") }
        var rates: [CurrencyCode: Decimal] = [:]
        for (key, value) in members {
            guard let code = CurrencyCode(key) else {
                throw ResponseProblem("problem.notCode", String(key.prefix(12)))
            }
            let value = try rate(value, key)
            if catalog[code] != nil { rates[code] = value }
        }
        return try table(
            base: base, date: UTC.day(updatedAt), provider: .exchangeRateAPI, rates: rates, fetchedAt: fetchedAt,
            updated: UTC.minute(updatedAt))
    }

    /// The ECB's daily XML: `<Cube time='2026-07-06'><Cube currency='USD' rate='1.1415'/>…`.
    static func ecb(_ body: [UInt8], fetchedAt: Date, catalog: CurrencyCatalog) throws(ResponseProblem) -> RateTable {
        // A daily file has one day: a second is an error, and no more are read.
        let days = try ecbDays(body, stopAt: 2)
        guard let (date, published) = days.first else { throw ResponseProblem("problem.noField", "time") }
        guard days.count == 1 else { throw ResponseProblem("problem.severalDays") }
        var rates: [CurrencyCode: Decimal] = [.eur: 1]
        for (code, value) in published where catalog[code] != nil { rates[code] = value }
        guard rates.count > 1 else { throw ResponseProblem("problem.noRates") }
        return try table(base: .eur, date: date.iso, provider: .ecb, rates: rates, fetchedAt: fetchedAt, updated: nil)
    }

    /// The days of an ECB XML file (daily, 90-day or full history), in the file's order: one
    /// `<Cube time='…'>` a published day, each with its `<Cube currency='…' rate='…'/>`. Every
    /// rate is checked as any provider's is; a file either gives every day or an error.
    /// `stopAt`: the number of days after which the reading stops (a daily file needs two to
    /// know it has too many).
    private static func ecbDays(_ body: [UInt8], stopAt: Int? = nil) throws(ResponseProblem) -> [(Day, [CurrencyCode: Decimal])] {
        guard String(validating: body, as: UTF8.self) != nil else { throw ResponseProblem("problem.notUTF8") }
        guard contains(body, Array("eurofxref".utf8)) || contains(body, Array("gesmes".utf8)) else {
            throw ResponseProblem("problem.notECB")
        }
        // One pass over the bytes: each `<Cube` element's attributes are read from its own
        // bytes, so that a file of any shape costs time linear in its size.
        let marker = Array("<Cube".utf8)
        var days: [(Day, [CurrencyCode: Decimal])] = []
        var index = 0
        while let open = find(marker, in: body, from: index) {
            let start = open + marker.count
            guard let close = body[start...].firstIndex(of: UInt8(ascii: ">")) else { throw ResponseProblem("problem.cutElement") }
            index = close + 1
            let attributes = XMLText.attributes(Substring(decoding: body[start..<close], as: UTF8.self))
            if let time = attributes["time"] {
                guard let day = Day(iso: time) else { throw ResponseProblem("problem.notDate", String(time.prefix(20))) }
                if let stopAt, days.count == stopAt { return days }
                // More days than the euro has had: no file the ECB publishes.
                guard days.count < maxECBDays else { throw ResponseProblem("problem.tooManyDays", String(maxECBDays)) }
                days.append((day, [:]))
            }
            if let currency = attributes["currency"] {
                guard let code = CurrencyCode(currency) else {
                    throw ResponseProblem("problem.notCode", String(currency.prefix(12)))
                }
                guard let rateText = attributes["rate"] else { throw ResponseProblem("problem.noRate", code.rawValue) }
                guard !days.isEmpty else { throw ResponseProblem("problem.noField", "time") }
                days[days.count - 1].1[code] = try rate(.number(rateText), currency)
            }
        }
        return days
    }

    /// The most days an ECB file may hold: a working day since 1999, with room to spare.
    static let maxECBDays = 12_000

    /// The first index at or after `from` where `needle` starts in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = from
        let last = haystack.count - needle.count
        while index <= last {
            guard let hit = haystack[index...last].firstIndex(of: first) else { return nil }
            if haystack[hit..<(hit + needle.count)].elementsEqual(needle) { return hit }
            index = hit + 1
        }
        return nil
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool { find(needle, in: haystack, from: 0) != nil }

    // MARK: Shared checks

    /// The first day of the euro's reference rates.
    static let earliestDate = "1999-01-04"

    private static func parse(_ body: [UInt8]) throws(ResponseProblem) -> JSONValue {
        guard !body.isEmpty else { throw ResponseProblem("problem.empty") }
        do {
            return try JSONParser.parse(body)
        } catch {
            let start = body.prefix(32).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            if start.first == UInt8(ascii: "<") { throw ResponseProblem("problem.notJSONPage") }
            throw ResponseProblem("problem.notJSON", error.reason, String(error.offset))
        }
    }

    /// A positive, finite rate from a JSON number's text.
    static func rate(_ value: JSONValue, _ key: String) throws(ResponseProblem) -> Decimal {
        let name = String(key.prefix(12))
        guard case .number(let text) = value else { throw ResponseProblem("problem.rateNotNumber", name) }
        guard let rate = ExactDecimal.parse(text), !rate.isNaN else {
            throw ResponseProblem("problem.rateUnusable", name)
        }
        guard rate > 0 else { throw ResponseProblem("problem.rateNotPositive", name) }
        guard rate >= RateTable.smallestRate, rate <= RateTable.largestRate else {
            throw ResponseProblem("problem.rateOutOfRange", name)
        }
        return rate
    }

    private static func table(
        base: CurrencyCode, date: String, provider: Provider, rates: [CurrencyCode: Decimal], fetchedAt: Date, updated: String?
    ) throws(ResponseProblem) -> RateTable {
        guard rates[base] != nil else { throw ResponseProblem("problem.baseMissing", base.rawValue) }
        guard rates[base] == 1 else { throw ResponseProblem("problem.baseNotOne", base.rawValue) }
        guard rates.count >= 2 else { throw ResponseProblem("problem.noRates") }
        // Rates are published for a day between the euro's first and tomorrow (time zones).
        let latest = UTC.day(max(fetchedAt, Date()).addingTimeInterval(2 * 86_400))
        guard date >= earliestDate, date <= latest else {
            throw ResponseProblem("problem.dateOutOfRange", date, earliestDate, latest)
        }
        do {
            return try RateTable(
                base: base, date: date, source: provider.source, rates: rates, fetchedAt: fetchedAt, updated: updated)
        } catch {
            throw ResponseProblem("problem.invalidTable", "\(error)")
        }
    }
}

extension ProviderDecoders {
    /// The ECB's history XML (`eurofxref-hist-90d.xml`, `eurofxref-hist.xml`), in order of the
    /// days, with the daily table's checks on every day (`checkedHistoryDay`).
    public static func ecbHistory(_ body: [UInt8], catalog: CurrencyCatalog = .bundled, now: Date = Date()) throws(ResponseProblem)
        -> [(Day, [CurrencyCode: Decimal])]
    {
        var days: [(Day, [CurrencyCode: Decimal])] = []
        var seen: Set<Day> = []
        for (day, published) in try ecbDays(body) {
            guard seen.insert(day).inserted else { throw ResponseProblem("problem.dayTwice", day.iso) }
            days.append((day, try checkedHistoryDay(day, published, catalog: catalog, now: now)))
        }
        guard !days.isEmpty else { throw ResponseProblem("problem.noRates") }
        return days.sorted { $0.0 < $1.0 }
    }

    /// The checks every day of ECB history passes, wherever it comes from (an answer or the
    /// cache), so that a cache written from an answer is always one the reader takes: a day
    /// from the euro's first through today (UTC: the ECB publishes in the afternoon of its own
    /// day, never ahead); codes of the ISO list, current or withdrawn (the ECB quoted CYP, SIT,
    /// TRL …); each rate as any provider's; the euro, if listed, exactly 1; and at least one
    /// rate besides it. The euro is added as 1.
    public static func checkedHistoryDay(_ day: Day, _ rates: [CurrencyCode: Decimal], catalog: CurrencyCatalog, now: Date) throws(ResponseProblem)
        -> [CurrencyCode: Decimal]
    {
        let earliest = Day(iso: earliestDate) ?? Day(number: 0)
        let today = Day.utc(now)
        guard day >= earliest, day <= today else { throw ResponseProblem("problem.dateOutOfRange", day.iso, earliestDate, today.iso) }
        for (code, rate) in rates {
            guard catalog[code] != nil || catalog.withdrawnName(code) != nil else { throw ResponseProblem("problem.unknownCode", code.rawValue) }
            guard rate > 0, rate >= RateTable.smallestRate, rate <= RateTable.largestRate else {
                throw ResponseProblem("problem.rateOutOfRange", code.rawValue)
            }
        }
        if let euro = rates[.eur], euro != 1 { throw ResponseProblem("problem.baseNotOne", "EUR") }
        guard rates.keys.contains(where: { $0 != .eur }) else { throw ResponseProblem("problem.noRates") }
        return rates.merging([.eur: 1]) { published, _ in published }
    }
}
