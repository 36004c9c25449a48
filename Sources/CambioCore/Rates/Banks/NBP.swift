import Foundation

/// Narodowy Bank Polski: table A (mid rates of 32 currencies, each working day about 12:00)
/// and table B (mid rates of the other currencies, Wednesdays), in złoty per unit, from its
/// API (`https://api.nbp.pl/api/exchangerates/tables/A/2026-03-01/2026-03-05/?format=json`,
/// a month a request; 404 "Brak danych" when none was published in the span).
/// Terms: public data, the NBP named as the source.
public struct NBP: Bank {
    public let id = "nbp"
    public let name = "NBP"
    public let home = CurrencyCode.pln
    public let quoting = Quoting.homePerForeign
    public let kinds: [RateKind] = [.mid]
    public let series = ["A", "B"]
    public let lookback = 14
    /// Table A is published every working day: the longest gap, Christmas or Easter beside a
    /// weekend, is four days. Table B once a week (the day after a holiday Wednesday at worst).
    public func lookback(series: String) -> Int { series == "B" ? 10 : 6 }
    public let baseURL = "https://api.nbp.pl"
    public let attribution = "Source: Narodowy Bank Polski (NBP), tables A and B of average exchange rates"

    public init() {}

    /// The day's month, up to today: one request serves a month of lines.
    public func request(for day: Day, series: String, today: Day) -> BankRequest {
        let (year, month, _) = day.parts
        let first = Day(year: year, month: month, day: 1) ?? day
        let through = max(first, min(first.adding(days: Day.length(ofMonth: month, year: year) - 1), today))
        return BankRequest(
            path: "/api/exchangerates/tables/\(series)/\(first.iso)/\(through.iso)/?format=json", series: series, covers: first...through,
            notFoundIsEmpty: true)
    }

    /// `[{"table": "A", "no": "041/A/NBP/2026", "effectiveDate": "2026-03-02", "rates":
    /// [{"currency": "dolar amerykański", "code": "USD", "mid": 3.6056}, …]}, …]`: each mid
    /// read from its text.
    public func decode(_ body: [UInt8], _ request: BankRequest) throws(SourceProblem) -> [BankTable] {
        guard case .array(let tables) = try json(body) else { throw SourceProblem("problem.noField", "table") }
        var result: [BankTable] = []
        for table in tables {
            guard table["table"]?.stringValue == request.series else { throw SourceProblem("problem.noField", "table") }
            let day = try day(table["effectiveDate"]?.stringValue, within: request)
            guard let label = table["no"]?.stringValue, label.count <= 40 else { throw SourceProblem("problem.noField", "no") }
            guard case .array(let rates)? = table["rates"] else { throw SourceProblem("problem.noField", "rates") }
            var quotes: [CurrencyCode: BankQuote] = [:]
            for rate in rates {
                guard let codeText = rate["code"]?.stringValue, let code = CurrencyCode(codeText) else {
                    throw SourceProblem("problem.notCode", String((rate["code"]?.stringValue ?? "").prefix(12)))
                }
                guard let mid = text(rate["mid"]) else { throw SourceProblem("problem.noRate", code.rawValue) }
                guard quotes[code] == nil else { throw SourceProblem("problem.currencyTwice", code.rawValue) }
                quotes[code] = BankQuote(value: try self.rate(mid, code.rawValue), units: 1)
            }
            guard !quotes.isEmpty else { throw SourceProblem("problem.noRates") }
            guard !result.contains(where: { $0.day == day }) else { throw SourceProblem("problem.dayTwice", day.iso) }
            result.append(BankTable(day: day, kind: .mid, series: request.series, label: label, quotes: quotes))
        }
        return result
    }
}
