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

    /// ISO's minor units of `code` (2 for EUR, 0 for JPY), a legacy euro currency's as ISO
    /// listed it before its withdrawal (`legacyMinorUnits`); `nil` where ISO gives none.
    public func minorUnits(_ code: CurrencyCode) -> Int? { storage.parsed.byCode[code]?.minorUnits ?? Self.legacyMinorUnits[code] }

    /// The minor units of the currencies the euro replaced, which ISO 4217's list of withdrawn
    /// currencies leaves blank: as ISO 4217 listed them while they were current (the lira, the
    /// peseta, the drachma, the Belgian and Luxembourg francs and the escudo were used without
    /// a minor unit; the others had cents or their like).
    static let legacyMinorUnits: [CurrencyCode: Int] = {
        var units: [CurrencyCode: Int] = [:]
        for code in ["DEM", "FRF", "NLG", "ATS", "FIM", "IEP", "CYP", "MTL", "SIT", "SKK", "EEK", "LVL", "LTL", "HRK"] {
            if let code = CurrencyCode(code) { units[code] = 2 }
        }
        for code in ["ITL", "ESP", "GRD", "BEF", "LUF", "PTE"] {
            if let code = CurrencyCode(code) { units[code] = 0 }
        }
        return units
    }()

    /// The ISO name of a withdrawn currency (`ANG`, `TRL`); `nil` for a current one or none.
    public func withdrawnName(_ code: CurrencyCode) -> String? { storage.parsed.withdrawn[code] }
}
