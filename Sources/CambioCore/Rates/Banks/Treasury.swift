import Foundation

/// The US Treasury's Reporting Rates of Exchange: foreign currency per dollar, set each quarter
/// (dated the quarter's last day) and amended within it when a currency moves 10 % or more,
/// from Fiscal Data (`https://api.fiscaldata.treasury.gov/services/api/fiscal_service/v1/
/// accounting/od/rates_of_exchange`). A rate is in force from its effective date until the
/// next one of its currency, so a day takes each currency's latest rate (`carriesForward`).
/// Currencies are named by country and currency (`Brazil-Real`), not by code: a name that
/// reads as no one currency is left out, never guessed. Terms: a work of the US government,
/// public domain.
public struct Treasury: Bank {
    public let id = "treasury"
    public let name = "US Treasury"
    public let home = CurrencyCode.usd
    public let quoting = Quoting.foreignPerHome
    public let kinds: [RateKind] = [.mid]
    public let lookback = 100
    public let baseURL = "https://api.fiscaldata.treasury.gov"
    public let attribution = "Source: U.S. Department of the Treasury, Treasury Reporting Rates of Exchange (public domain)"
    public let carriesForward = true

    public init() {}

    /// The hundred days up to the day: the quarter's rates and any amendment since.
    public func request(for day: Day, series: String, today: Day) -> BankRequest {
        let through = min(day, today)
        let from = through.adding(days: -99)
        let path =
            "/services/api/fiscal_service/v1/accounting/od/rates_of_exchange?fields=country,currency,country_currency_desc,exchange_rate,"
            + "record_date,effective_date&filter=effective_date:gte:\(from.iso),effective_date:lte:\(through.iso)&page%5Bsize%5D=1000"
        return BankRequest(path: path, series: series, covers: from...through, notFoundIsEmpty: false)
    }

    /// `{"data": [{"country": "Brazil", "currency": "Real", "exchange_rate": "2.36",
    /// "effective_date": "2001-06-30", …}], "meta": {"total-pages": 1}}`: grouped by effective
    /// date; an answer of several pages is refused (a quarter has some 170 rows).
    public func decode(_ body: [UInt8], _ request: BankRequest) throws(SourceProblem) -> [BankTable] {
        let document = try json(body)
        guard case .array(let rows)? = document["data"] else { throw SourceProblem("problem.noField", "data") }
        if let pages = text(document["meta"]?["total-pages"]).flatMap({ Int($0) }), pages > 1 {
            throw SourceProblem("problem.noField", "total-pages")
        }
        var days: [Day: [CurrencyCode: BankQuote]] = [:]
        for row in rows {
            let day = try day(row["effective_date"]?.stringValue, within: request)
            guard let country = row["country"]?.stringValue, let currency = row["currency"]?.stringValue else {
                throw SourceProblem("problem.noField", "country_currency_desc")
            }
            guard let code = Self.code(country: country, currency: currency) else { continue }
            guard let value = text(row["exchange_rate"]) else { throw SourceProblem("problem.noRate", code.rawValue) }
            let quote = BankQuote(value: try rate(value, code.rawValue), units: 1)
            if let held = days[day]?[code], held != quote { throw SourceProblem("problem.currencyTwice", code.rawValue + " " + day.iso) }
            days[day, default: [:]][code] = quote
        }
        return days.keys.sorted().map { day in
            var quotes = days[day] ?? [:]
            quotes[home] = BankQuote(value: 1, units: 1)
            return BankTable(day: day, kind: .mid, series: request.series, label: day.iso, quotes: quotes)
        }
    }

    /// The code of a country's currency as the Treasury names them: the explicit names first
    /// (the euro area, names CLDR writes otherwise), else the country's currency by CLDR's
    /// English region names when its English name has the Treasury's currency word.
    static func code(country: String, currency: String) -> CurrencyCode? {
        let key = (country + "-" + currency).lowercased()
        if let known = explicit[key] { return CurrencyCode(known) }
        return Regions.shared.currency(country: country, word: currency)
    }

    private static let explicit: [String: String] = [
        "euro zone-euro": "EUR", "korea-won": "KRW", "south korea-won": "KRW", "taiwan-dollar": "TWD", "china-renminbi": "CNY",
        "hong kong-dollar": "HKD", "russia-ruble": "RUB", "united kingdom-pound": "GBP", "vietnam-dong": "VND", "czech republic-koruna": "CZK",
        "turkey-lira": "TRY", "turkey-new lira": "TRY", "bolivia-boliviano": "BOB", "venezuela-bolivar soberano": "VES",
        "venezuela-fuerte": "VEF", "iran-rial": "IRR", "laos-kip": "LAK", "syria-pound": "SYP", "tanzania-shilling": "TZS",
        "macedonia-denar": "MKD", "north macedonia-denar": "MKD", "cote d'ivoire-cfa franc": "XOF", "cameroon-cfa franc": "XAF",
        "congo, dem. rep-congolese franc": "CDF", "democratic republic of congo-franc": "CDF", "brazil-real": "BRL", "mexico-peso": "MXN",
        "canada-dollar": "CAD", "japan-yen": "JPY", "switzerland-franc": "CHF", "india-rupee": "INR", "australia-dollar": "AUD",
        "new zealand-dollar": "NZD", "sweden-krona": "SEK", "norway-krone": "NOK", "denmark-krone": "DKK", "poland-zloty": "PLN",
        "hungary-forint": "HUF", "israel-shekel": "ILS", "south africa-rand": "ZAR", "singapore-dollar": "SGD", "thailand-baht": "THB",
        "philippines-peso": "PHP", "indonesia-rupiah": "IDR", "malaysia-ringgit": "MYR", "argentina-peso": "ARS", "chile-peso": "CLP",
        "colombia-peso": "COP", "peru-sol": "PEN", "egypt-pound": "EGP", "saudi arabia-riyal": "SAR", "united arab emirates-dirham": "AED",
    ]
}

/// CLDR's English region names and each region's currency, read once (for names such as the
/// Treasury's, which say a country and a currency word).
final class Regions: @unchecked Sendable {
    static let shared = Regions()
    private let lock = NSLock()
    private var byName: [String: String]?

    /// The currency of the region called `country` in English, when its English name contains
    /// `word` (`Brazil`, `Real` → BRL); nil otherwise.
    func currency(country: String, word: String) -> CurrencyCode? {
        let names = lock.withLock {
            if let byName { return byName }
            let english = Locale(identifier: "en")
            var names: [String: String] = [:]
            for region in Locale.Region.isoRegions where region.identifier.count == 2 {
                if let name = english.localizedString(forRegionCode: region.identifier) { names[name.lowercased()] = region.identifier }
            }
            byName = names
            return names
        }
        guard let region = names[country.lowercased()],
            let identifier = Locale(identifier: "en_" + region).currency?.identifier, let code = CurrencyCode(identifier),
            let name = Locale(identifier: "en").localizedString(forCurrencyCode: identifier)
        else { return nil }
        let words = word.lowercased().split(separator: " ")
        return !words.isEmpty && words.allSatisfy({ name.lowercased().contains($0) }) ? code : nil
    }
}
