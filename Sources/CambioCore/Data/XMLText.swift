import Foundation

/// Small readers of the XML the rate sources write (the ECB, TCMB, HMRC): elements' texts in
/// order, a start tag, its attributes (no entity but the five predefined ones, no CDATA: none
/// of them writes any).
public enum XMLText {
    /// The text of each element named `name` within `text`, in order.
    static func elements(_ name: String, in text: Substring) -> [Substring] {
        var found: [Substring] = []
        var rest = text
        let open = "<" + name
        let close = "</" + name + ">"
        while let start = rest.range(of: open) {
            let after = rest[start.upperBound...]
            // `<Currency ` or `<Currency>`, not `<CurrencyName>`.
            guard let next = after.first, next == ">" || next == " " || next == "\t" || next == "\n" || next == "\r" || next == "/" else {
                rest = after
                continue
            }
            guard let tagEnd = after.firstIndex(of: ">") else { break }
            if tagEnd > after.startIndex, after[after.index(before: tagEnd)] == "/" {
                found.append(after[after.startIndex..<after.startIndex])
                rest = after[after.index(after: tagEnd)...]
                continue
            }
            let body = after[after.index(after: tagEnd)...]
            guard let end = body.range(of: close) else { break }
            found.append(body[..<end.lowerBound])
            rest = body[end.upperBound...]
        }
        return found
    }

    /// The start tag of the first element `name` (its attributes), or nil.
    static func startTag(_ name: String, in text: Substring) -> Substring? {
        guard let start = text.range(of: "<" + name + " ") else { return nil }
        guard let end = text[start.upperBound...].firstIndex(of: ">") else { return nil }
        return text[start.upperBound..<end]
    }

    /// The text of the first element `name`, entities read.
    static func value(_ name: String, in text: Substring) -> String? {
        elements(name, in: text).first.map { unescape(String($0)).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Attributes of a start tag, single- or double-quoted.
    public static func attributes(_ tag: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = tag
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
