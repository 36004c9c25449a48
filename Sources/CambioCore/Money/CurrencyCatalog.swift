/// The current ISO 4217 currencies, read from the bundled list.
public struct CurrencyCatalog: Sendable {
    private let byCode: [CurrencyCode: Currency]

    /// All current currencies, sorted by code.
    public let all: [Currency]

    /// The catalog compiled into the binary.
    public static let bundled = CurrencyCatalog(csv: EmbeddedResources.iso4217CSV)

    /// Parses `Entity,Currency,AlphabeticCode,NumericCode,MinorUnit,WithdrawalDate` rows,
    /// keeping current entries (no withdrawal date). Malformed rows are skipped.
    public init(csv: String) {
        var found: [CurrencyCode: Currency] = [:]
        for line in csv.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = CSV.fields(of: line)
            guard fields.count >= 6, fields[5].isEmpty, let code = CurrencyCode(fields[2]),
                found[code] == nil
            else { continue }
            found[code] = Currency(
                code: code, isoName: fields[1], minorUnits: Int(fields[4]), numericCode: fields[3])
        }
        byCode = found
        all = found.values.sorted { $0.code < $1.code }
    }

    public subscript(code: CurrencyCode) -> Currency? { byCode[code] }
}

/// The minimal CSV reading the ISO list needs: commas, double-quoted fields, doubled quotes.
enum CSV {
    static func fields(of line: Substring) -> [String] {
        let characters = Array(line)
        var fields: [String] = []
        var current = ""
        var quoted = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character != "\"" {
                    current.append(character)
                } else if index + 1 < characters.count, characters[index + 1] == "\"" {
                    current.append("\"")
                    index += 1
                } else {
                    quoted = false
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
            index += 1
        }
        fields.append(current)
        return fields
    }
}
