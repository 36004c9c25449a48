import CambioCore
import Foundation

/// Attributes of one XML start tag, single- or double-quoted.
enum XMLAttributes {
    static func parse(_ element: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = element
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: { $0.isWhitespace }).last.map(String.init) ?? ""
            var value = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = value.first, quote == "'" || quote == "\"" else { break }
            value = value.dropFirst()
            guard let end = value.firstIndex(of: quote) else { break }
            attributes[name] = String(value[..<end])
            rest = value[value.index(after: end)...]
        }
        return attributes
    }
}
