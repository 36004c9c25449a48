import Foundation

/// The recorded provider responses in `Fixtures/`.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ name: String) -> [UInt8] {
        (try? Array(Data(contentsOf: directory.appendingPathComponent(name)))) ?? []
    }

    static var ecb: [UInt8] { bytes("ecb-eurofxref-daily-2026-07-06.xml") }
    static var currencyAPI: [UInt8] { bytes("currency-api-eur-2026-07-06.json") }
    static var exchangeRateAPI: [UInt8] { bytes("open-er-api-latest-CZK-2026-02-18.json") }
    static var exchangeRateAPIUSD: [UInt8] { bytes("open-er-api-latest-USD-2024-08-19.json") }

    /// An ExchangeRate-API response in the recorded shape with the given rates.
    static func exchangeRateAPI(base: String = "EUR", rates: String) -> String {
        #"{"result":"success","provider":"https://www.exchangerate-api.com","time_last_update_unix":1764460951,"time_last_update_utc":"Sun, 30 Nov 2025 00:02:31 +0000","time_next_update_unix":1764547351,"time_eol_unix":0,"base_code":"\#(base)","rates":{\#(rates)}}"#
    }
}
