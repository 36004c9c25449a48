import Foundation
import Synchronization

/// The interface's sentences in one language (English, German, Polish or Turkish), from
/// `Resources/Localization/LANGUAGE.strings`; English fills any gap. A run that prints only
/// results reads none of a language's texts, one that says a few finds each in the file, and
/// one that says more reads the file into a table once.
public struct Localization: Sendable {
    /// The language actually used (`en`, `de`, `pl`, `tr`).
    public let language: String
    /// The decimal mark of the locale that reads amounts. The texts write their example amount
    /// `12,50`; with another mark it is shown as that locale types it (`12.50` in en_US), so
    /// that every example can be typed as shown.
    public var decimalSeparator: Character = ","

    /// The languages the interface is written in.
    public static let languages = EmbeddedResources.strings.keys.sorted()

    /// Parsed tables by language, and how many texts each language has been asked for.
    private static let tables = Mutex<(parsed: [String: [String: String]], asked: [String: Int])>(([:], [:]))

    /// How many texts of a language are read straight from its file before the file is read
    /// whole: a one-shot command says a sentence or two, and reading the whole file once
    /// costs as much as some seventy lookups.
    static let directLookups = 32

    /// The interface for a locale identifier or language code (`de_AT` → German); other
    /// languages get English.
    public init(localeID: String) {
        language = Self.language(for: localeID)
        let code = String(localeID.split(separator: "_").first ?? "en").lowercased()
        // Hebrew's old code is still met in locale names.
        localeLanguage = code == "iw" ? "he" : code
    }

    /// The locale's own language (`es` for es_ES, whose interface is English): what its user
    /// types may be in it.
    public let localeLanguage: String

    /// The text for `key` in `language`, else in English.
    private static func template(_ key: String, _ language: String) -> String? {
        tables.withLock { tables in
            func text(_ language: String) -> String? {
                if let parsed = tables.parsed[language] { return parsed[key] }
                let source = EmbeddedResources.strings[language] ?? ""
                let asked = tables.asked[language, default: 0] + 1
                tables.asked[language] = asked
                guard asked > directLookups else { return lookup(key, in: source) }
                let parsed = parse(source)
                tables.parsed[language] = parsed
                return parsed[key]
            }
            return text(language) ?? (language == "en" ? nil : text("en"))
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
        guard decimalSeparator != ",", Self.find(UInt8(ascii: ","), in: text) else { return text }
        // Most sentences with a comma have no example amount: a digit, a comma and a digit.
        var hasExample = false
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if previous.1 == UInt8(ascii: ","), previous.0 &- 48 < 10, byte &- 48 < 10 {
                hasExample = true
                break
            }
            previous = (previous.1, byte)
        }
        guard hasExample else { return text }
        var text = text
        for example in ["12,50", "1,75", "2,5 %", "1,5M"] where text.contains(example) {
            text = text.replacingOccurrences(of: example, with: example.replacingOccurrences(of: ",", with: String(decimalSeparator)))
        }
        return text
    }

    /// Whether `text` has the byte (memchr).
    @inline(__always) private static func find(_ byte: UInt8, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false }
    }

    /// The sentence for `key` with `{0}`, `{1}` … replaced by `arguments`.
    public func callAsFunction(_ key: String, _ arguments: String...) -> String {
        format(key, arguments)
    }

    // One or two arguments (most sentences) are handed on without an array.
    public func callAsFunction(_ key: String) -> String { sentence(key) }

    public func callAsFunction(_ key: String, _ first: String) -> String { fill(sentence(key), count: 1) { _ in first } }

    public func callAsFunction(_ key: String, _ first: String, _ second: String) -> String {
        fill(sentence(key), count: 2) { $0 == 0 ? first : second }
    }

    public func format(_ key: String, _ arguments: [String]) -> String {
        let template = sentence(key)
        guard !arguments.isEmpty else { return template }
        return fill(template, count: arguments.count) { arguments[$0] }
    }

    /// The text for `key` with its examples in the locale's form: examples are changed in the
    /// sentence only, never in what fills it (the user's text).
    private func sentence(_ key: String) -> String { localExamples(Self.template(key, language) ?? key) }

    /// A sentence looked up once and filled many times (a note said for many days), as
    /// `callAsFunction` fills it.
    public struct Prepared: Sendable {
        fileprivate let template: String
        fileprivate let localization: Localization

        public func callAsFunction(_ arguments: String...) -> String {
            arguments.isEmpty ? template : localization.fill(template, count: arguments.count) { arguments[$0] }
        }

        /// The sentence cut at its `count` arguments, for a text made many times by appending
        /// (a pipe's `line 12: ` before each note, a note for each day): the bytes before,
        /// between and after them as `callAsFunction` writes them, and which argument stands
        /// in each gap. Joined with arguments that need no sanitising and hold no quotation
        /// placeholders (digits, days, the interface's own words), the pieces are what
        /// `callAsFunction` gives. `nil` when an argument does not stand exactly once.
        public func split(_ count: Int) -> (pieces: [[UInt8]], order: [Int])? {
            guard (1...16).contains(count) else { return nil }
            // Each argument stands in as a private-use character, U+E010 onwards (EE 80 90 …),
            // which the filling leaves as it is; one in the sentence itself would be taken
            // for an argument.
            func stand(_ bytes: [UInt8], at index: Int) -> Int? {
                guard index + 2 < bytes.count, bytes[index] == 0xEE, bytes[index + 1] == 0x80, bytes[index + 2] & 0xF0 == 0x90 else { return nil }
                return Int(bytes[index + 2] & 0x0F)
            }
            let own = Array(template.utf8)
            guard !own.indices.contains(where: { stand(own, at: $0) != nil }) else { return nil }
            let stands = (0..<count).map { index in Unicode.Scalar(UInt32(0xE010 + index)).map { String(Character($0)) } ?? "" }
            let filled = Array(localization.fill(template, count: count) { stands[$0] }.utf8)
            var pieces: [[UInt8]] = []
            var order: [Int] = []
            var start = 0
            var index = 0
            while index < filled.count {
                guard let argument = stand(filled, at: index) else {
                    index += 1
                    continue
                }
                pieces.append(Array(filled[start..<index]))
                order.append(argument)
                index += 3
                start = index
            }
            pieces.append(Array(filled[start...]))
            guard order.count == count, Set(order).count == count else { return nil }
            return (pieces, order)
        }
    }

    public func prepared(_ key: String) -> Prepared {
        Prepared(template: localExamples(Self.template(key, language) ?? key), localization: self)
    }

    /// The quotation marks of a language as UTF-8, looked up once.
    private static func quoteMarks(_ language: String) -> (open: [UInt8], close: [UInt8]) {
        marks.value(language) {
            (Array((template("quote.open", language) ?? "“").utf8), Array((template("quote.close", language) ?? "”").utf8))
        }
    }

    private static let marks = KeptValues<(open: [UInt8], close: [UInt8])>()

    /// `template` with its `{N}`s filled and its quotation marks put in, written once into a
    /// string of the length a first pass over the same pieces counted.
    private func fill(_ template: String, count: Int, _ argument: (Int) -> String) -> String {
        var template = template
        return template.withUTF8 { bytes in
            var marks: (open: [UInt8], close: [UInt8])?
            // Each piece of the sentence in order: the text between `{N}`s as it is, and `{N}` as
            // argument N. Whatever fills a sentence may have come from outside: it goes through
            // the sanitiser, so no argument can carry an escape sequence to the terminal.
            func pieces(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
                // The sanitiser's placeholders for quotation marks (see `Sanitiser.quoted`),
                // U+E000 and U+E001, EE 80 80 and EE 80 81 in UTF-8, become the language's.
                func marked(_ piece: UnsafeBufferPointer<UInt8>) {
                    var index = 0
                    while let lead = Self.index(of: 0xEE, in: piece, from: index, to: piece.count) {
                        guard lead + 2 < piece.count, piece[lead + 1] == 0x80, piece[lead + 2] & 0xFE == 0x80 else {
                            body(UnsafeBufferPointer(rebasing: piece[index..<lead + 1]))
                            index = lead + 1
                            continue
                        }
                        body(UnsafeBufferPointer(rebasing: piece[index..<lead]))
                        if marks == nil { marks = Self.quoteMarks(language) }
                        let mark = piece[lead + 2] == 0x80 ? marks?.open ?? [] : marks?.close ?? []
                        mark.withUnsafeBufferPointer { body($0) }
                        index = lead + 3
                    }
                    body(UnsafeBufferPointer(rebasing: piece[index...]))
                }
                var index = 0
                while index < bytes.count {
                    guard let brace = Self.index(of: UInt8(ascii: "{"), in: bytes, from: index, to: bytes.count) else {
                        marked(UnsafeBufferPointer(rebasing: bytes[index...]))
                        break
                    }
                    marked(UnsafeBufferPointer(rebasing: bytes[index..<brace]))
                    var end = brace + 1
                    var number = 0
                    while end < bytes.count, bytes[end] &- 48 < 10, end - brace <= 3 {
                        number = number * 10 + Int(bytes[end] &- 48)
                        end += 1
                    }
                    if end > brace + 1, end < bytes.count, bytes[end] == UInt8(ascii: "}"), number < count {
                        var text = argument(number)
                        let plain = text.withUTF8 { argumentBytes in
                            guard !Sanitiser.hidesAny(argumentBytes) else { return false }
                            marked(argumentBytes)
                            return true
                        }
                        if !plain {
                            var shown = Sanitiser.visible(argument(number))
                            shown.withUTF8 { marked($0) }
                        }
                        index = end + 1
                    } else {
                        marked(UnsafeBufferPointer(rebasing: bytes[brace..<brace + 1]))
                        index = brace + 1
                    }
                }
            }
            var length = 0
            pieces { length += $0.count }
            return String(unsafeUninitializedCapacity: length) { buffer in
                var written = 0
                pieces { piece in
                    guard let base = piece.baseAddress, let target = buffer.baseAddress, written + piece.count <= buffer.count else { return }
                    (target + written).update(from: base, count: piece.count)
                    written += piece.count
                }
                return written
            }
        }
    }

    /// Keys and texts of one `.strings` file: `key = text`, `#` comments, `\n` for a line break.
    /// It works on the UTF-8 bytes: a table is read at every start.
    public static func parse(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        var text = text
        text.withUTF8 { bytes in
            // An entry is some 80 bytes: room enough for all of them.
            table.reserveCapacity(bytes.count / 64)
            eachLine(bytes) { line in
                guard let (key, value) = entry(bytes, line) else { return }
                table[String(decoding: UnsafeBufferPointer(rebasing: bytes[key]), as: UTF8.self)] = value
            }
        }
        return table
    }

    /// Each line's range in `bytes`, without its line feed.
    private static func eachLine(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = index(of: 0x0A, in: bytes, from: lineStart, to: bytes.count) ?? bytes.count
            body(lineStart..<lineEnd)
            lineStart = lineEnd + 1
        }
    }

    /// The text `parse` gives for one key (the last line that has it), found by comparing
    /// the start of each line with the key, without making the others' texts.
    static func lookup(_ key: String, in text: String) -> String? {
        var text = text
        var key = key
        return text.withUTF8 { bytes -> String? in
            key.withUTF8 { needle -> String? in
                guard let base = bytes.baseAddress, let keyBase = needle.baseAddress, !needle.isEmpty else { return nil }
                var found: String?
                eachLine(bytes) { line in
                    var keyStart = line.lowerBound
                    while keyStart < line.upperBound, bytes[keyStart] == 0x20 || bytes[keyStart] == 0x09 { keyStart += 1 }
                    guard line.upperBound - keyStart > needle.count, memcmp(base + keyStart, keyBase, needle.count) == 0,
                        let (range, value) = entry(bytes, line), range == keyStart..<keyStart + needle.count
                    else { return }
                    found = value
                }
                return found
            }
        }
    }

    /// Where `byte` first is in `bytes[from..<to]` (memchr); nil when it is not there.
    private static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let base = bytes.baseAddress, from < to, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// One line's entry: where its key is, and its text with `\n` read; `nil` for a comment, a
    /// blank line or a line without ` = `.
    private static func entry(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (key: Range<Int>, value: String)? {
        guard let base = bytes.baseAddress else { return nil }
        let (lineStart, lineEnd) = (line.lowerBound, line.upperBound)
        guard lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#") else { return nil }
        // The first " = " separates the key from the text.
        var equals: Int?
        var search = lineStart + 1
        while equals == nil, let sign = index(of: UInt8(ascii: "="), in: bytes, from: search, to: lineEnd - 1) {
            if bytes[sign - 1] == 0x20, bytes[sign + 1] == 0x20 { equals = sign - 1 }
            search = sign + 1
        }
        guard let equals else { return nil }
        var keyStart = lineStart
        var keyEnd = equals
        while keyStart < keyEnd, bytes[keyStart] == 0x20 || bytes[keyStart] == 0x09 { keyStart += 1 }
        while keyEnd > keyStart, bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09 { keyEnd -= 1 }
        guard keyStart < keyEnd else { return nil }
        let valueStart = equals + 3
        // Most texts have no `\n`: taken as they stand.
        guard memchr(base + valueStart, Int32(UInt8(ascii: "\\")), lineEnd - valueStart) != nil else {
            return (keyStart..<keyEnd, String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<lineEnd]), as: UTF8.self))
        }
        var value: [UInt8] = []
        value.reserveCapacity(lineEnd - valueStart)
        var index = valueStart
        while index < lineEnd {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < lineEnd, bytes[index + 1] == UInt8(ascii: "n") {
                value.append(UInt8(ascii: "\n"))
                index += 2
            } else {
                value.append(bytes[index])
                index += 1
            }
        }
        return (keyStart..<keyEnd, String(decoding: value, as: UTF8.self))
    }

    /// The text for `key` in every interface language that has one (English first).
    public static func inEveryLanguage(_ key: String) -> [String] {
        (["en"] + languages.filter { $0 != "en" }).compactMap { language in
            tables.withLock { tables in
                if tables.parsed[language] == nil { tables.parsed[language] = parse(EmbeddedResources.strings[language] ?? "") }
                return tables.parsed[language]?[key]
            }
        }
    }

    /// The `.strings` text of every language, for tests.
    public static var sources: [String: String] { EmbeddedResources.strings }
}
