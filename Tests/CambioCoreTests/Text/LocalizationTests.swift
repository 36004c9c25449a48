import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

@Suite struct LocalizationTests {
    static let tables = Localization.sources.mapValues(Localization.parse)

    static func placeholders(_ text: String) -> [String] {
        var found: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found.sorted()
    }

    @Test func theInterfaceExistsInEnglishGermanPolishAndTurkish() {
        #expect(Localization.languages == ["de", "en", "pl", "tr"])
    }

    /// A text read straight from its file is the one the whole file's table has: for every
    /// key of every language, for keys it lacks, and over random files of repeated keys, keys
    /// inside longer keys and inside texts, comments, tabs and lines without ` = `.
    @Test func aTextReadStraightFromItsFileIsTheTablesText() {
        for (language, source) in Localization.sources {
            let table = Localization.parse(source)
            for (key, text) in table { #expect(Localization.lookup(key, in: source) == text, "\(language) \(key)") }
            for key in ["doc", "nothing.here", "e", " = ", "#"] { #expect(Localization.lookup(key, in: source) == table[key], "\(language) \(key)") }
        }
        let keys = ["a", "a.b", "ab", "b", "x a"]
        let lines = [
            "a = one", "a.b = two", "ab = three\\nfour", "\ta = five", "# a = six", "b = a", "b = says a = b", "a= seven", "  a  =  eight ",
            "x a = nine",
            "a.b", "", "= a", "b = ", "ab =", "a = ",
        ]
        var random = SplitMix64(seed: 32)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in lines[Int.random(in: 0..<lines.count, using: &random)] }.joined(
                separator: "\n")
            let table = Localization.parse(text)
            for key in keys { #expect(Localization.lookup(key, in: text) == table[key], "\(key) in \(text.debugDescription)") }
        }
    }

    /// The quotation placeholders become the language's marks, and nothing else does: other
    /// characters whose UTF-8 begins as theirs (U+E080, U+EFFF) and text of every width stay.
    @Test func quotationPlaceholdersBecomeTheLanguagesMarks() {
        for (localeID, open, close) in [("de_DE", "„", "“"), ("en_US", "“", "”"), ("tr_TR", "“", "”")] {
            // A combining mark first, or a prepended letter last, joins the placeholder in one
            // `Character`: it is replaced all the same (it was left in, raw, before).
            for text in ["ü€", "\u{E080}x\u{EFFF}", "\u{E002}", "a\u{1F600}b", "日本", "\u{0301}de", "x\u{0D4E}"] {
                let said = Localization(localeID: localeID)("doc.badCurrency", Sanitiser.quoted(text))
                #expect(said.hasPrefix(open + text + close + " "), "\(localeID): \(said.debugDescription)")
            }
        }
    }

    /// A sentence is filled as the rule says, over random sentences and arguments: `{N}` (one
    /// to three digits, N an argument) becomes argument N made visible, anything else stays as
    /// it is, and the quotation placeholders become the language's marks.
    @Test func aSentenceIsFilledAsTheRuleSays() {
        func reference(_ template: String, _ arguments: [String], open: String, close: String) -> String {
            let bytes = Array(template.utf8)
            var filled: [UInt8] = []
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "{") {
                    var end = index + 1
                    while end < bytes.count, end - index <= 3, (48...57).contains(bytes[end]) { end += 1 }
                    if end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: "}"),
                        let number = Int(String(decoding: bytes[index + 1..<end], as: UTF8.self)), arguments.indices.contains(number)
                    {
                        filled += Array(Sanitiser.visible(arguments[number]).utf8)
                        index = end + 1
                        continue
                    }
                }
                filled.append(bytes[index])
                index += 1
            }
            var out = ""
            for scalar in String(decoding: filled, as: UTF8.self).unicodeScalars {
                switch scalar {
                case "\u{E000}": out += open
                case "\u{E001}": out += close
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        var random = SplitMix64(seed: 2026_12_08)
        let pieces = [
            "{0}", "{1}", "{2}", "{9}", "{01}", "{0001}", "{", "}", "{x}", "12", " ", "ü", "\u{E000}", "\u{E001}", "\u{E080}", "\u{1B}", "text",
        ]
        for (localeID, open, close) in [("de_DE", "„", "“"), ("en_US", "“", "”"), ("tr_TR", "“", "”")] {
            let localization = Localization(localeID: localeID)
            for _ in 0..<1_000 {
                let template = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
                    .joined()
                let arguments = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    let text = (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
                        .joined()
                    return Bool.random(using: &random) ? Sanitiser.quoted(text) : text
                }
                #expect(
                    localization.format(template, arguments) == reference(template, arguments, open: open, close: close),
                    "\(template.debugDescription) with \(arguments)")
            }
        }
    }

    /// A sentence cut at its arguments joins back, with arguments that need nothing done to
    /// them, into what filling it gives: every key of every language with either decimal mark,
    /// and random sentences. The sentences a pipe says for thousands of days and lines cut.
    @Test func aSentenceCutAtItsArgumentsJoinsBackIntoItsFilling() {
        func joined(_ cut: (pieces: [[UInt8]], order: [Int]), _ arguments: [String]) -> String {
            var bytes: [UInt8] = []
            for (index, piece) in cut.pieces.enumerated() {
                bytes += piece
                if index < cut.order.count { bytes += arguments[cut.order[index]].utf8 }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var random = SplitMix64(seed: 2026_12_05)
        let words = ["Sa.", "Cmt", "2024-03-30", "12", "1", "line", "€", "日本", "x y", "", "{0}", "{1}"]
        func arguments(_ count: Int) -> [String] { (0..<count).map { _ in words[Int.random(in: 0..<words.count, using: &random)] } }
        var cutKeys = 0
        for localeID in ["en_US", "de_DE", "tr_TR"] {
            for separator in [",", "."] as [Character] {
                var localization = Localization(localeID: localeID)
                localization.decimalSeparator = separator
                for (key, text) in Self.tables[localization.language] ?? [:] {
                    let count = Self.placeholders(text).count
                    guard count > 0, let cut = localization.prepared(key).split(count) else { continue }
                    cutKeys += 1
                    let filling = arguments(count)
                    #expect(joined(cut, filling) == localization.format(key, filling), "\(localeID) \(key) with \(filling)")
                }
                for key in ["note.dayUsed.weekend", "note.dayUsed.holiday", "note.dayUsed.not_published"] {
                    #expect(localization.prepared(key).split(2) != nil, "\(localeID) \(key)")
                }
                #expect(localization.prepared("pipe.line").split(1)?.pieces.count == 2, "\(localeID)")
            }
        }
        #expect(cutKeys > 300, "\(cutKeys) sentences cut")
        // Random sentences: a cut, when there is one, joins back; an argument missing, twice
        // or out of range leaves the sentence uncut.
        let pieces = ["{0}", "{1}", "{2}", "{01}", "{", "}", "{x}", "12", " ", "ü", "\u{E000}", "\u{E001}", "\u{E010}", "\u{E011}", "text"]
        var cuts = 0
        for localeID in ["de_DE", "en_US"] {
            let localization = Localization(localeID: localeID)
            for _ in 0..<3_000 {
                let template = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
                    .joined()
                let count = Int.random(in: 1...3, using: &random)
                guard let cut = localization.prepared(template).split(count) else { continue }
                cuts += 1
                let filling = arguments(count)
                #expect(joined(cut, filling) == localization.format(template, filling), "\(template.debugDescription) with \(filling)")
                #expect(cut.order.sorted() == Array(0..<count))
                #expect(!template.contains("\u{E010}") && !template.contains("\u{E011}"), "\(template.debugDescription)")
            }
        }
        #expect(cuts > 200, "\(cuts) random sentences cut")
    }

    @Test(arguments: ["de", "pl", "tr"])
    func everyKeyExistsInEveryLanguageWithTheSamePlaceholders(_ language: String) throws {
        let english = try #require(Self.tables["en"])
        let other = try #require(Self.tables[language])
        #expect(
            Set(other.keys) == Set(english.keys),
            "missing: \(Set(english.keys).subtracting(other.keys)), extra: \(Set(other.keys).subtracting(english.keys))")
        for (key, text) in english {
            guard let translated = other[key] else { continue }
            #expect(Self.placeholders(translated) == Self.placeholders(text), "\(language): \(key)")
        }
    }

    /// Every text is written in the language: one left as English's has no word of three
    /// letters or more besides its placeholders and source names (`{0}: {1}`, `(ECB)`), or is
    /// a word the language writes the same (German `Name`, Polish `ID`).
    @Test(arguments: ["de", "pl", "tr"])
    func everyTextIsTranslated(_ language: String) throws {
        let english = try #require(Self.tables["en"])
        let other = try #require(Self.tables[language])
        let sameWords: [String: Set<String>] = [
            "de": ["placeholder.TEXT", "placeholder.NAME", "placeholder.ID", "placeholder.FORMAT", "placeholder.SHELL"],
            "pl": ["placeholder.ID", "placeholder.FORMAT"],
        ]
        for (key, text) in english where other[key] == text && !(sameWords[language] ?? []).contains(key) {
            var words = text.replacingOccurrences(of: #"\{[0-9]\}"#, with: " ", options: .regularExpression)
            words = words.replacingOccurrences(of: "ECB", with: " ")
            let englishWord = words.range(of: #"[A-Za-z]{3,}"#, options: .regularExpression)
            #expect(englishWord == nil, "\(language): \(key) is English's: \(text)")
        }
        // The ECB's attribution is one of them: `status` says it in the language.
        #expect(other["attribution.ecb"] != english["attribution.ecb"])
    }

    @Test func everyKeyTheCodeUsesExists() throws {
        // Every text("…") call in the sources names a key of the English table.
        let sources = Repository.url("Sources")
        let english = try #require(Self.tables["en"])
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var used: Set<String> = []
        for file in files {
            let code = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let pattern = try NSRegularExpression(pattern: #"(?:localized|early|about|chosen)\("([a-zA-Z.]+)""#)
            for match in pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                if let range = Range(match.range(at: 1), in: code) { used.insert(String(code[range])) }
            }
        }
        #expect(used.count > 60)
        #expect(used.subtracting(english.keys).isEmpty, "\(used.subtracting(english.keys))")
    }

    @Test func aLanguageIsChosenFromTheLocaleAndEnglishFillsTheRest() {
        #expect(Localization(localeID: "de_AT").language == "de")
        #expect(Localization(localeID: "tr").language == "tr")
        #expect(Localization(localeID: "fr_FR").language == "en")
        #expect(Localization(localeID: "de_DE")("note.base", "JPY", "Yen") == "Basiswährung: JPY (Yen)")
        #expect(Localization(localeID: "tr_TR")("note.base", "JPY", "Japon Yeni") == "temel para birimi: JPY (Japon Yeni)")
        #expect(Localization(localeID: "en")("no.such.key") == "no.such.key")
    }

    @Test(arguments: [
        ("en_US", "unknown currency", "rates of", "Convert"),
        ("de_DE", "unbekannte Währung", "Kurse vom", "Umrechnen"),
        ("tr_TR", "bilinmeyen para birimi", "tarihli kurlar", "Çevirme"),
    ])
    func messagesErrorsAndHelpSpeakTheUsersLanguage(_ locale: String, _ error: String, _ note: String, _ help: String) throws {
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        let engine = Engine(locale: settings, table: try SeedTableDecoder.bundled())
        let state = SessionState(base: .eur, recent: [], locale: settings)
        let failed = engine.evaluate("1 xyzzy in usd", in: state)
        guard case .error(_, let message) = failed.reply.lines.first else { return #expect(Bool(false)) }
        #expect(message.contains(error))
        let converted = engine.evaluate("1 eur in usd", in: state)
        #expect(converted.reply.lines.contains { if case .source(let text) = $0 { text.hasPrefix(note) || text.contains(note) } else { false } })
        #expect(engine.evaluate("help", in: state).reply.results.first?.hasPrefix(help) == true)
    }

    /// The reading of a `.strings` text as its rule says, line by line over `Character`s: a
    /// `#` line is a comment, the first " = " parts key (trimmed of spaces and tabs) from text,
    /// `\\n` in a text is a line break, the last line of a key wins.
    static func reference(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        // Lines end at U+000A alone (a CR before it is part of the text, not of "\r\n").
        for bytes in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let line = Substring(bytes)
            guard !line.hasPrefix("#"), let equals = line.range(of: " = ", options: .literal) else { continue }
            let key = line[..<equals.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            guard !key.isEmpty else { continue }
            table[key] = line[equals.upperBound...].replacingOccurrences(of: "\\n", with: "\n")
        }
        return table
    }

    /// The byte reader agrees with the rule on the real files and on 3,000 random ones (keys
    /// padded with spaces and tabs, texts with `=`, `\\`, `\\n`, non-ASCII, comments, blank
    /// and key-less lines, a key given twice, no final newline).
    @Test func stringsFilesReadAsTheirRuleSays() {
        for (language, text) in Localization.sources { #expect(Localization.parse(text) == Self.reference(text), "\(language)") }
        var random = SplitMix64(seed: 20_261_203)
        let pieces = ["a", "key", ".x", " ", "\t", "=", " = ", "\\", "\\n", "n", "é", "€", "#", "{0}", "  =  ", "\r"]
        for _ in 0..<3_000 {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                var line = ""
                for _ in 0..<Int.random(in: 0...8, using: &random) { line += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
                lines.append(line)
            }
            let text = lines.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")
            #expect(Localization.parse(text) == Self.reference(text), "\(text.debugDescription)")
        }
    }
}
