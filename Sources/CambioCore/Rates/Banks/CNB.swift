import Foundation

/// Česká národní banka: the daily fixing (declared each working day at 14:30 and valid through
/// the non-working days after it), in koruna per 1, 100 or 1,000 units (`amount`), a year at a
/// time from its API (`https://api.cnb.cz/cnbapi/exrates/daily-year?lang=EN&year=2026`).
/// Terms: public data, the ČNB named as the source.
public struct CNB: Bank {
    public let id = "cnb"
    public let name = "ČNB"
    public let home = CurrencyCode.czk
    public let quoting = Quoting.homePerForeign
    public let kinds: [RateKind] = [.mid]
    /// Christmas beside a weekend is the longest gap between fixings: five days.
    public let lookback = 6
    public let baseURL = "https://api.cnb.cz"
    public let attribution = "Source: Česká národní banka (ČNB), exchange rate fixing"

    public init() {}

    /// The year of the day: every fixing of it so far.
    public func request(for day: Day, series: String, today: Day) -> BankRequest {
        let year = day.parts.year
        let first = Day(year: year, month: 1, day: 1) ?? day
        let last = min(Day(year: year, month: 12, day: 31) ?? day, today)
        return BankRequest(
            path: "/cnbapi/exrates/daily-year?lang=EN&year=\(year)", series: series, covers: first...max(first, last), notFoundIsEmpty: false)
    }

    /// `{"rates": [{"currencyCode": "HUF", "amount": 100, "validFor": "2026-01-02", "rate":
    /// 6.304}, …]}`: grouped by day.
    public func decode(_ body: [UInt8], _ request: BankRequest) throws(SourceProblem) -> [BankTable] {
        guard case .array(let rates)? = try json(body)["rates"] else { throw SourceProblem("problem.noField", "rates") }
        var days: [Day: [CurrencyCode: BankQuote]] = [:]
        for entry in rates {
            let day = try day(entry["validFor"]?.stringValue, within: request)
            guard let codeText = entry["currencyCode"]?.stringValue, let code = CurrencyCode(codeText) else {
                throw SourceProblem("problem.notCode", String((entry["currencyCode"]?.stringValue ?? "").prefix(12)))
            }
            guard let amountText = text(entry["amount"]), let units = Int(amountText), (1...1_000_000).contains(units) else {
                throw SourceProblem("problem.noField", "amount")
            }
            guard let value = text(entry["rate"]) else { throw SourceProblem("problem.noRate", code.rawValue) }
            let quote = BankQuote(value: try rate(value, code.rawValue), units: units)
            if days[day]?[code] != nil { throw SourceProblem("problem.currencyTwice", code.rawValue + " " + day.iso) }
            days[day, default: [:]][code] = quote
        }
        return days.keys.sorted().map { day in
            BankTable(day: day, kind: .mid, series: request.series, label: day.iso, quotes: days[day] ?? [:])
        }
    }
}
