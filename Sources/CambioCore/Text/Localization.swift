/// The interface's sentences in one language (English, German or Turkish), from
/// `Resources/Localization/LANGUAGE.strings`; English fills any gap.
public struct Localization: Sendable {
    /// The language actually used (`en`, `de`, `tr`).
    public let language: String
    private let table: [String: String]
    private let fallback: [String: String]

    /// The languages the interface is written in.
    public static let languages = EmbeddedResources.strings.keys.sorted()

    static let english = parse(EmbeddedResources.strings["en"] ?? "")

    /// The interface for a locale identifier or language code (`de_AT` → German); other
    /// languages get English.
    public init(localeID: String) {
        language = Self.language(for: localeID)
        table = language == "en" ? Self.english : Self.parse(EmbeddedResources.strings[language] ?? "")
        fallback = Self.english
    }

    /// The interface language a locale gets (`de_AT` → `de`, `fr_FR` → `en`), without reading
    /// any texts.
    public static func language(for localeID: String) -> String {
        let code = String(localeID.split(separator: "_").first ?? "en").lowercased()
        return EmbeddedResources.strings[code] != nil ? code : "en"
    }

    /// The sentence for `key` with `{0}`, `{1}` … replaced by `arguments`.
    public func callAsFunction(_ key: String, _ arguments: String...) -> String {
        format(key, arguments)
    }

    public func format(_ key: String, _ arguments: [String]) -> String {
        let template = table[key] ?? fallback[key] ?? key
        guard !arguments.isEmpty else { return template }
        // One pass over the template: `{N}` becomes argument N.
        var out = ""
        var characters = template.makeIterator()
        while let character = characters.next() {
            guard character == "{" else {
                out.append(character)
                continue
            }
            var digits = ""
            var closed = false
            while let next = characters.next() {
                if next == "}" {
                    closed = true
                    break
                }
                digits.append(next)
            }
            if closed, let index = Int(digits), arguments.indices.contains(index) {
                out += arguments[index]
            } else {
                out += "{" + digits + (closed ? "}" : "")
            }
        }
        return out
    }

    /// Keys and texts of one `.strings` file: `key = text`, `#` comments, `\n` for a line break.
    public static func parse(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard !line.hasPrefix("#"), let equals = line.range(of: " = ") else { continue }
            let key = line[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { continue }
            table[key] = String(line[equals.upperBound...]).replacingOccurrences(of: "\\n", with: "\n")
        }
        return table
    }

    /// The `.strings` text of every language, for tests.
    public static var sources: [String: String] { EmbeddedResources.strings }
}
