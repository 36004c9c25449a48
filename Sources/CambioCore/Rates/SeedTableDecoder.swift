import Foundation

/// Reads Cambio's own rate-table file format (the bundled seed):
/// `{"format": 1, "source": …, "attribution": …, "base": "EUR", "date": "YYYY-MM-DD", "rates": {"USD": 1.14, …}}`.
public enum SeedTableDecoder {
    /// Why a seed file was refused.
    public enum Failure: Error, Equatable, Sendable {
        case malformed(String)
        case unsupportedFormat(String)
        case badRate(String)
        case invalid(RateTable.Invalid)
    }

    /// The data date of the table compiled into the binary, known without reading it.
    public static let bundledDate = EmbeddedResources.seedDate
    /// Its source and currencies, known without reading it.
    public static let bundledSource = EmbeddedResources.seedSource
    public static let bundledCodes: [CurrencyCode] = EmbeddedResources.seedCodes.compactMap(CurrencyCode.init)

    /// Adds the seed to a store, read when a line first needs one of its rates.
    public static func addBundled(to store: RateStore) {
        guard let day = Day(iso: bundledDate) else { return }
        store.addSeed(day: day, sourceID: bundledSource, codes: bundledCodes) { try? bundled() }
    }

    /// The table compiled into the binary.
    public static func bundled() throws(Failure) -> RateTable {
        try decode(EmbeddedResources.seedRatesJSON, isBundledSeed: true)
    }

    public static func decode(_ text: String, isBundledSeed: Bool) throws(Failure) -> RateTable {
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw .malformed("\(error.reason) at byte \(error.offset)")
        }
        guard case .number("1") = document["format"] ?? .null else {
            throw .unsupportedFormat(String(describing: document["format"] ?? .null))
        }
        guard let sourceID = document["source"]?.stringValue,
            let baseText = document["base"]?.stringValue, let base = CurrencyCode(baseText),
            let date = document["date"]?.stringValue, DataDate.isValid(date),
            case .object(let members) = document["rates"] ?? .null
        else { throw .malformed("missing or invalid source, base, date or rates") }
        var rates: [CurrencyCode: Decimal] = [:]
        for (key, value) in members {
            guard let code = CurrencyCode(key), case .number(let text) = value, let rate = ExactDecimal.parse(text) else {
                throw .badRate(key)
            }
            rates[code] = rate
        }
        let source = RateSource(
            id: sourceID, attribution: document["attribution"]?.stringValue ?? sourceID, isBundledSeed: isBundledSeed)
        do {
            return try RateTable(base: base, date: date, source: source, rates: rates)
        } catch {
            throw .invalid(error)
        }
    }
}
