import Foundation

/// HM Revenue & Customs: the monthly exchange rates (foreign currency per pound, for the whole
/// month, published before it begins), one XML file a month from the Trade Tariff service
/// (`https://www.trade-tariff.service.gov.uk/api/v2/exchange_rates/files/monthly_xml_2024-01.xml`).
/// Terms: Open Government Licence v3.0.
public struct HMRC: Bank {
    public let id = "hmrc"
    public let name = "HMRC"
    public let home = CurrencyCode.gbp
    public let quoting = Quoting.foreignPerHome
    public let kinds: [RateKind] = [.mid]
    public let lookback = 31
    public let baseURL = "https://www.trade-tariff.service.gov.uk"
    public let attribution = "Source: HM Revenue & Customs monthly exchange rates, Open Government Licence v3.0"

    public init() {}

    /// The month's file: it speaks for every day of the month.
    public func request(for day: Day, series: String, today: Day) -> BankRequest {
        let (year, month, _) = day.parts
        let first = Day(year: year, month: month, day: 1) ?? day
        let last = first.adding(days: Day.length(ofMonth: month, year: year) - 1)
        return BankRequest(
            path: String(format: "/api/v2/exchange_rates/files/monthly_xml_%04d-%02d.xml", year, month), series: series, covers: first...last,
            notFoundIsEmpty: false)
    }

    /// `<exchangeRateMonthList Period="01/Jan/2024 to 31/Jan/2024"><exchangeRate>…
    /// <currencyCode>USD</currencyCode><rateNew>1.2651</rateNew>`: a currency listed for several
    /// countries (the euro in old files, the dirham) must have one rate.
    public func decode(_ body: [UInt8], _ request: BankRequest) throws(SourceProblem) -> [BankTable] {
        let text = String(decoding: body, as: UTF8.self)[...]
        guard let tag = XMLText.startTag("exchangeRateMonthList", in: text), let period = XMLText.attributes(tag)["Period"] else {
            throw SourceProblem("problem.noField", "Period")
        }
        // A file cut short lacks its end: none of it is read.
        guard text.contains("</exchangeRateMonthList>") else { throw SourceProblem("problem.cutElement") }
        // `01/Jan/2024 to 31/Jan/2024`: the month's first day.
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let first = period.split(separator: " ").first.map { $0.split(separator: "/") } ?? []
        guard first.count == 3, let dd = Int(first[0]), let mm = months.firstIndex(of: String(first[1])), let yyyy = Int(first[2]),
            let start = Day(year: yyyy, month: mm + 1, day: dd)
        else { throw SourceProblem("problem.notDate", String(period.prefix(30))) }
        let day = try day(start.iso, within: request)
        var quotes: [CurrencyCode: BankQuote] = [:]
        for entry in XMLText.elements("exchangeRate", in: text) {
            guard let codeText = XMLText.value("currencyCode", in: entry), let code = CurrencyCode(codeText) else {
                throw SourceProblem("problem.notCode", String((XMLText.value("currencyCode", in: entry) ?? "").prefix(12)))
            }
            guard let rateText = XMLText.value("rateNew", in: entry) else { throw SourceProblem("problem.noRate", code.rawValue) }
            let quote = BankQuote(value: try rate(rateText, code.rawValue), units: 1)
            if let held = quotes[code], held != quote { throw SourceProblem("problem.currencyTwice", code.rawValue) }
            quotes[code] = quote
        }
        guard !quotes.isEmpty else { throw SourceProblem("problem.noRates") }
        quotes[home] = BankQuote(value: 1, units: 1)
        return [BankTable(day: day, kind: .mid, series: request.series, label: day.iso.prefix(7) + "", quotes: quotes)]
    }
}
