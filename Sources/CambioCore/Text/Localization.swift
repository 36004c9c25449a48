import Synchronization

/// The interface's sentences in one language (English, German or Turkish), from
/// `Resources/Localization/LANGUAGE.strings`; English fills any gap. A language's texts are
/// read when its first sentence is needed, so a run that prints only results reads none.
public struct Localization: Sendable {
    /// The language actually used (`en`, `de`, `tr`).
    public let language: String
    /// The decimal mark of the locale that reads amounts. The texts write their example amount
    /// `12,50`; with another mark it is shown as that locale types it (`12.50` in en_US), so
    /// that every example can be typed as shown.
    public var decimalSeparator: Character = ","

    /// The languages the interface is written in.
    public static let languages = EmbeddedResources.strings.keys.sorted()

    /// Parsed tables by language, filled on first use.
    private static let tables = Mutex<[String: [String: String]]>([:])

    /// The interface for a locale identifier or language code (`de_AT` → German); other
    /// languages get English.
    public init(localeID: String) {
        language = Self.language(for: localeID)
    }

    /// The text for `key` in `language`, else in English.
    private static func template(_ key: String, _ language: String) -> String? {
        tables.withLock { tables in
            func table(_ language: String) -> [String: String] {
                if let known = tables[language] { return known }
                let parsed = parse(EmbeddedResources.strings[language] ?? "")
                tables[language] = parsed
                return parsed
            }
            return table(language)[key] ?? (language == "en" ? nil : table("en")[key])
        }
    }

    /// The interface language a locale gets (`de_AT` → `de`, `fr_FR` → `en`), without reading
    /// any texts.
    public static func language(for localeID: String) -> String {
        let code = String(localeID.split(separator: "_").first ?? "en").lowercased()
        return EmbeddedResources.strings[code] != nil ? code : "en"
    }

    /// `text` with its example amounts (`12,50`) written with `decimalSeparator`.
    public func localExamples(_ text: String) -> String {
        guard decimalSeparator != "," else { return text }
        var text = text
        for example in ["12,50", "1,75", "2,5 %", "1,5M"] where text.contains(example) {
            text = text.replacingOccurrences(of: example, with: example.replacingOccurrences(of: ",", with: String(decimalSeparator)))
        }
        return text
    }

    /// The sentence for `key` with `{0}`, `{1}` … replaced by `arguments`.
    public func callAsFunction(_ key: String, _ arguments: String...) -> String {
        format(key, arguments)
    }

    public func format(_ key: String, _ arguments: [String]) -> String {
        // Examples are changed in the sentence only, never in what fills it (the user's text).
        let template = localExamples(Self.template(key, language) ?? key)
        guard !arguments.isEmpty else { return template }
        let filled = fill(template, arguments)
        // Quotation marks in the sentence's own language (see `Sanitiser.quoted`).
        guard filled.contains(Sanitiser.openQuote) || filled.contains(Sanitiser.closeQuote) else { return filled }
        let open = Self.template("quote.open", language) ?? "“"
        let close = Self.template("quote.close", language) ?? "”"
        var out = ""
        for character in filled {
            if character == Sanitiser.openQuote {
                out += open
            } else if character == Sanitiser.closeQuote {
                out += close
            } else {
                out.append(character)
            }
        }
        return out
    }

    private func fill(_ template: String, _ arguments: [String]) -> String {
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
                // Whatever fills a sentence may have come from outside: it goes through the
                // sanitiser, so no argument can carry an escape sequence to the terminal.
                out += Sanitiser.visible(arguments[index])
            } else {
                out += "{" + digits + (closed ? "}" : "")
            }
        }
        return out
    }

    /// Keys and texts of one `.strings` file: `key = text`, `#` comments, `\n` for a line break.
    /// It works on the UTF-8 bytes: a table is read at every start.
    public static func parse(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        var text = text
        text.withUTF8 { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                guard bytes[lineStart] != UInt8(ascii: "#") else { continue }
                // The first " = " separates the key from the text.
                var equals = lineStart
                while equals + 2 < lineEnd,
                    !(bytes[equals] == 0x20 && bytes[equals + 1] == UInt8(ascii: "=") && bytes[equals + 2] == 0x20)
                {
                    equals += 1
                }
                guard equals + 2 < lineEnd else { continue }
                var keyStart = lineStart
                var keyEnd = equals
                while keyStart < keyEnd, bytes[keyStart] == 0x20 || bytes[keyStart] == 0x09 { keyStart += 1 }
                while keyEnd > keyStart, bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09 { keyEnd -= 1 }
                guard keyStart < keyEnd else { continue }
                var value: [UInt8] = []
                value.reserveCapacity(lineEnd - equals - 3)
                var index = equals + 3
                while index < lineEnd {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < lineEnd, bytes[index + 1] == UInt8(ascii: "n") {
                        value.append(UInt8(ascii: "\n"))
                        index += 2
                    } else {
                        value.append(bytes[index])
                        index += 1
                    }
                }
                let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]), as: UTF8.self)
                table[key] = String(decoding: value, as: UTF8.self)
            }
        }
        return table
    }

    /// The text for `key` in every interface language that has one (English first).
    public static func inEveryLanguage(_ key: String) -> [String] {
        (["en"] + languages.filter { $0 != "en" }).compactMap { language in
            tables.withLock { tables in
                if tables[language] == nil { tables[language] = parse(EmbeddedResources.strings[language] ?? "") }
                return tables[language]?[key]
            }
        }
    }

    /// The `.strings` text of every language, for tests.
    public static var sources: [String: String] { EmbeddedResources.strings }
}
