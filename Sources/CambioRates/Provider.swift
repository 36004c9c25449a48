import CambioCore
import Foundation

/// A rate provider Cambio can fetch from.
public enum Provider: String, CaseIterable, Sendable {
    case currencyAPI = "currency-api"
    case exchangeRateAPI = "exchangerate-api"
    case ecb = "ecb"

    /// The order tried when the user has not chosen one: the widest CC0 table first (161 ISO
    /// currencies, two hosts), then ExchangeRate-API (about 160 currencies, attribution
    /// required), then the ECB (the authoritative reference, but 30 currencies).
    public static let defaultOrder: [Provider] = [.currencyAPI, .exchangeRateAPI, .ecb]

    /// The name users see.
    public var displayName: String {
        switch self {
        case .currencyAPI: "currency-api"
        case .exchangeRateAPI: "ExchangeRate-API"
        case .ecb: "ECB"
        }
    }

    /// What `status` says about the source and its terms.
    public var attribution: String {
        switch self {
        case .currencyAPI: "fawazahmed0/exchange-api, CC0-1.0"
        case .exchangeRateAPI: "Rates By Exchange Rate API, https://www.exchangerate-api.com"
        case .ecb: RateSource.ecbAttribution
        }
    }

    /// Base URLs tried in order (the currency-api has a fallback host).
    public var defaultBaseURLs: [String] {
        switch self {
        case .currencyAPI:
            ["https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest", "https://latest.currency-api.pages.dev"]
        case .exchangeRateAPI: ["https://open.er-api.com"]
        case .ecb: ["https://www.ecb.europa.eu"]
        }
    }

    /// The path below a base URL for a table based on EUR.
    public var path: String {
        switch self {
        case .currencyAPI: "/v1/currencies/eur.json"
        case .exchangeRateAPI: "/v6/latest/EUR"
        case .ecb: "/stats/eurofxref/eurofxref-daily.xml"
        }
    }

    /// Accepts `ecb`, `ECB`, `currency-api`, `exchangerate-api`, `er-api`.
    public init?(name: String) {
        let folded = name.lowercased().trimmingSpaces()
        switch folded {
        case "currency-api", "currencyapi", "fawazahmed0": self = .currencyAPI
        case "exchangerate-api", "exchangerateapi", "er-api", "open.er-api": self = .exchangeRateAPI
        case "ecb": self = .ecb
        default: return nil
        }
    }

    /// The source label a table from this provider carries.
    public var source: RateSource {
        RateSource(id: rawValue, attribution: attribution, isBundledSeed: false)
    }

    /// Reads a response body into a table.
    public func decode(_ body: [UInt8], fetchedAt: Date, catalog: CurrencyCatalog = .bundled) throws(ResponseProblem) -> RateTable {
        switch self {
        case .currencyAPI: try ProviderDecoders.currencyAPI(body, fetchedAt: fetchedAt, catalog: catalog)
        case .exchangeRateAPI: try ProviderDecoders.exchangeRateAPI(body, fetchedAt: fetchedAt, catalog: catalog)
        case .ecb: try ProviderDecoders.ecb(body, fetchedAt: fetchedAt, catalog: catalog)
        }
    }
}
