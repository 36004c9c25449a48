import Foundation

/// The Bank of Canada: daily average rates of 23 currencies in Canadian dollars per unit,
/// published each business day by 16:30 ET, and their annual averages (series `annual`,
/// published on the year's last business day, dated its first day), from its Valet service
/// (`https://www.bankofcanada.ca/valet/observations/group/FX_RATES_DAILY/json?start_date=…`,
/// `…/group/FX_RATES_ANNUAL/json?start_date=2024-01-01&end_date=2024-12-31`).
/// Terms: https://www.bankofcanada.ca/terms/ (the rates are indicative).
public struct BankOfCanada: Bank {
    public let id = "boc"
    public let name = "Bank of Canada"
    public let home = CurrencyCode.cad
    public let quoting = Quoting.homePerForeign
    public let kinds: [RateKind] = [.mid]
    public let series = ["", "annual"]
    public let lineSeries = [""]
    /// Christmas and Boxing Day beside a weekend are the longest gap: five days.
    public let lookback = 6
    public let baseURL = "https://www.bankofcanada.ca"
    public let attribution = "Source: Bank of Canada daily exchange rates, https://www.bankofcanada.ca/terms/"

    public init() {}

    /// A week either side of the day, up to today (asked without an end then, as the service
    /// answers through its latest day).
    public func request(for day: Day, series: String, today: Day) -> BankRequest {
        if series == "annual" {
            let year = day.parts.year
            let first = Day(year: year, month: 1, day: 1) ?? day
            let last = max(first, min(Day(year: year, month: 12, day: 31) ?? day, today))
            return BankRequest(
                path: "/valet/observations/group/FX_RATES_ANNUAL/json?start_date=\(first.iso)&end_date=\(year)-12-31", series: series,
                covers: first...last, notFoundIsEmpty: false)
        }
        let from = min(day, today).adding(days: -7)
        let through = min(day.adding(days: 7), today)
        let end = through == today ? "" : "&end_date=\(through.iso)"
        return BankRequest(
            path: "/valet/observations/group/FX_RATES_DAILY/json?start_date=\(from.iso)" + end, series: series, covers: from...through,
            notFoundIsEmpty: false)
    }

    /// `{"observations": [{"d": "2026-03-12", "FXUSDCAD": {"v": "1.3617"}, …}, …]}`: a series
    /// `FX` + code + `CAD` (`FXA` + code + `CAD` for an annual one); an empty value is no rate.
    public func decode(_ body: [UInt8], _ request: BankRequest) throws(SourceProblem) -> [BankTable] {
        let document = try json(body)
        guard case .array(let observations)? = document["observations"] else { throw SourceProblem("problem.noField", "observations") }
        var tables: [BankTable] = []
        for observation in observations {
            guard case .object(let members) = observation else { throw SourceProblem("problem.noField", "d") }
            let day = try day(observation["d"]?.stringValue, within: request)
            var quotes: [CurrencyCode: BankQuote] = [:]
            for (key, value) in members where key != "d" {
                let prefix = request.series == "annual" ? "FXA" : "FX"
                guard key.count == prefix.count + 6, key.hasPrefix(prefix), key.hasSuffix("CAD"),
                    let code = CurrencyCode(String(key.dropFirst(prefix.count).prefix(3)))
                else { continue }
                guard let text = text(value["v"]), !text.isEmpty else { continue }
                quotes[code] = BankQuote(value: try rate(text, code.rawValue), units: 1)
            }
            guard !tables.contains(where: { $0.day == day }) else { throw SourceProblem("problem.dayTwice", day.iso) }
            if !quotes.isEmpty { tables.append(BankTable(day: day, kind: .mid, series: request.series, label: day.iso, quotes: quotes)) }
        }
        return tables
    }
}
