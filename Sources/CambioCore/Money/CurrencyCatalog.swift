import Synchronization

/// The current ISO 4217 currencies, read from the bundled list when first asked for: a
/// conversion by code never needs the list, so a one-shot command does not read it.
public struct CurrencyCatalog: Sendable {
    private struct Contents: Sendable {
        var byCode: [CurrencyCode: Currency]
        var all: [Currency]
        /// Codes ISO lists as withdrawn (and no longer current), with their names.
        var withdrawn: [CurrencyCode: String]
    }

    private final class Storage: Sendable {
        let csv: String
        let contents = Mutex<Contents?>(nil)
        init(csv: String) { self.csv = csv }

        var parsed: Contents {
            contents.withLock { current in
                if let current { return current }
                let parsed = CurrencyCatalog.parse(csv)
                current = parsed
                return parsed
            }
        }
    }

    private let storage: Storage

    /// All current currencies, sorted by code.
    public var all: [Currency] { storage.parsed.all }

    /// The catalog compiled into the binary.
    public static let bundled = CurrencyCatalog(csv: EmbeddedResources.iso4217CSV)

    /// `Entity,Currency,AlphabeticCode,NumericCode,MinorUnit,WithdrawalDate` rows, of which
    /// current entries (no withdrawal date) are kept. Malformed rows are skipped.
    public init(csv: String) { storage = Storage(csv: csv) }

    private static func parse(_ csv: String) -> Contents {
        var found: [CurrencyCode: Currency] = [:]
        var withdrawn: [CurrencyCode: String] = [:]
        var header = true
        CSV.forEachRow(of: csv) { fields in
            guard !header else {
                header = false
                return
            }
            guard fields.count >= 6, let code = CurrencyCode(fields[2]) else { return }
            guard fields[5].isEmpty else {
                withdrawn[code] = fields[1]
                return
            }
            guard found[code] == nil else { return }
            found[code] = Currency(
                code: code, isoName: fields[1], minorUnits: Int(fields[4]), numericCode: fields[3])
        }
        for code in found.keys { withdrawn[code] = nil }
        return Contents(byCode: found, all: found.values.sorted { $0.code < $1.code }, withdrawn: withdrawn)
    }

    public subscript(code: CurrencyCode) -> Currency? { storage.parsed.byCode[code] }

    /// ISO's minor units of `code` (2 for EUR, 0 for JPY); `nil` where ISO gives none.
    public func minorUnits(_ code: CurrencyCode) -> Int? { storage.parsed.byCode[code]?.minorUnits }

    /// The ISO name of a withdrawn currency (`ANG`, `TRL`); `nil` for a current one or none.
    public func withdrawnName(_ code: CurrencyCode) -> String? { storage.parsed.withdrawn[code] }
}
