import Foundation
import Synchronization

/// What ICU said about the user's locales (separators, grouping, digits, each currency's
/// pattern and symbol, the region's currency), remembered between runs.
///
/// Asking ICU costs a few milliseconds at every start: its data is opened and searched, and a
/// currency formatter builds its spacing rules. The answers only change with the ICU inside
/// the program, so the shell keeps them in a small file stamped with the program's identity
/// and asks ICU again when the stamp differs or a fact is missing. Every fact is text exactly
/// as it was derived from ICU, so a remembered answer formats exactly like a fresh one.
public final class LocaleFacts: Sendable {
    /// The facts the process uses; the shell loads and saves them.
    public static let shared = LocaleFacts()

    /// Every currency's names (`CurrencyDirectory`), in a file of their own that is read when a
    /// line first needs a name: a line by code never reads them, and a start that read them with
    /// the rest would pay for hundreds of names it does not use.
    public static let names = LocaleFacts()

    private struct State {
        var facts: [String: String] = [:]
        var changed = false
        /// A file to read before the first fact is asked, and its stamp.
        var pending: (read: @Sendable () -> String?, stamp: String)?
    }

    private let state = Mutex(State())

    public init() {}

    /// Reads a file of facts (`read`, its text as `serialized(stamp:)` writes it) just before
    /// the first fact is asked, not now.
    public func loadOnFirstUse(stamp: String, _ read: @escaping @Sendable () -> String?) {
        state.withLock { $0.pending = (read, stamp) }
    }

    /// The fact for `key`, computed (and remembered) when it is not known yet.
    public func value(_ key: String, compute: () -> String) -> String {
        let (known, pending) = state.withLock { state in
            defer { state.pending = nil }
            return (state.facts[key], state.pending)
        }
        if let pending {
            if let text = pending.read() { load(text, stamp: pending.stamp) }
            return value(key, compute: compute)
        }
        if let known { return known }
        let value = compute()
        state.withLock {
            $0.facts[key] = value
            $0.changed = true
        }
        return value
    }

    /// True when facts were learned since the last load or save.
    public var hasChanges: Bool { state.withLock { $0.changed } }

    public var count: Int { state.withLock { $0.facts.count } }

    /// The file's text: a stamp line, then `key TAB value` lines with `\`, tab and newline
    /// escaped.
    public func serialized(stamp: String) -> String {
        let facts = state.withLock { $0.facts }
        var text = Self.header + Self.escape(stamp) + "\n"
        for key in facts.keys.sorted() {
            text += Self.escape(key) + "\t" + Self.escape(facts[key] ?? "") + "\n"
        }
        return text
    }

    /// Takes the facts of a file written with the same stamp; returns false (and takes
    /// nothing) for another stamp or a damaged file.
    @discardableResult
    public func load(_ text: String, stamp: String) -> Bool {
        // Read as bytes: newline and tab never occur inside a UTF-8 sequence, and the file is
        // read on every start, so each line is looked at once, byte by byte.
        var text = text
        let header = Self.header + Self.escape(stamp)
        let facts = text.withUTF8 { bytes -> [String: String]? in
            guard bytes.last == 0x0A, let firstEnd = bytes.firstIndex(of: 0x0A),
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<firstEnd]), as: UTF8.self) == header
            else { return nil }
            var facts: [String: String] = [:]
            facts.reserveCapacity(bytes.count / 40)
            var start = firstEnd + 1
            while start < bytes.count {
                var end = start
                var tab = -1
                while bytes[end] != 0x0A {
                    if bytes[end] == 0x09 {
                        // A second tab makes the line damaged.
                        guard tab < 0 else { return nil }
                        tab = end
                    }
                    end += 1
                }
                guard tab > start, let key = Self.fact(bytes, start..<tab), let value = Self.fact(bytes, tab + 1..<end),
                    key.shape.newlines == 0, key.shape.isolates == 0,
                    Self.fits(value, kind: Self.kind(UnsafeBufferPointer(rebasing: bytes[start..<tab])))
                else { return nil }
                facts[key.text] = value.text
                start = end + 1
            }
            return facts
        }
        guard let facts else { return false }
        state.withLock { current in
            if current.facts.isEmpty {
                current.facts = facts
            } else {
                current.facts.merge(facts) { mine, _ in mine }
            }
            current.changed = current.facts.count > facts.count
        }
        return true
    }

    /// What a fact's text holds that decides where it may stand.
    struct Shape {
        var newlines = 0
        /// Isolates open at the end; -1 once one was popped unopened.
        var isolates = 0
    }

    /// A key or value of the file, unescaped, with its shape; `nil` where it is damaged or not
    /// `plausible`.
    private static func fact(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (text: String, shape: Shape)? {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard raw.contains(0x5C) else {
            guard let shape = shape(raw) else { return nil }
            return (String(decoding: raw, as: UTF8.self), shape)
        }
        guard var text = unescape(Substring(String(decoding: raw, as: UTF8.self))),
            let shape = text.withUTF8({ shape($0) })
        else { return nil }
        return (text, shape)
    }

    /// What ICU says is short text without control or formatting characters (other than the
    /// bidi marks it puts around numbers): anything else in the file was not written by us and
    /// must not reach the terminal, so the whole file is ignored and the facts asked again.
    static func plausible(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { shape($0) } != nil
    }

    /// The shape of plausible UTF-8 text (at most 200 scalars, no control but the newline, no
    /// format character but the bidi marks, the joiner and the isolates), else `nil`.
    private static func shape(_ bytes: UnsafeBufferPointer<UInt8>) -> Shape? {
        var shape = Shape()
        var count = 0
        var index = 0
        while index < bytes.count {
            count += 1
            guard count <= 200 else { return nil }
            let lead = bytes[index]
            // Printable ASCII and the grouping samples' newline (most facts).
            if lead < 0x80 {
                index += 1
                if lead == 0x0A {
                    shape.newlines += 1
                } else if lead < 0x20 || lead == 0x7F {
                    return nil
                }
                continue
            }
            // The text is valid UTF-8 (it was a String): the lead byte gives the length.
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard index + length <= bytes.count else { return nil }
            var value = UInt32(lead) & (0x7F >> length)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            index += length
            // The C1 controls; below U+0600 no format character stands but the soft hyphen.
            if value < 0xA0 { return nil }
            if value < 0x600, value != 0xAD { continue }
            if value == 0x2068 {
                if shape.isolates >= 0 { shape.isolates += 1 }
                continue
            }
            if value == 0x2069 {
                shape.isolates = shape.isolates > 0 ? shape.isolates - 1 : -1
                continue
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            let category = scalar.properties.generalCategory
            guard category != .control else { return nil }
            guard category != .format || Sanitiser.bidiMarks.contains(Character(scalar)) || value == 0x200D else { return nil }
        }
        return shape
    }

    /// Whether a value is what its kind of fact can be: only the grouping samples are lines
    /// (`1,000\n10,000\n100,000`); a region's currency is a code or nothing; in anything shown
    /// around a result, an isolate is closed and a newline never occurs (a tampered `\n` in a
    /// money pattern broke the result line; an unpaired U+2068 ran into what followed).
    private static func fits(_ value: (text: String, shape: Shape), kind: Kind) -> Bool {
        switch kind {
        case .grouping: return value.shape.isolates == 0
        case .regionCurrency: return value.text.isEmpty || (value.text.utf8.count == 3 && value.text.utf8.allSatisfy { (65...90).contains($0) })
        case .shown: return value.shape.newlines == 0 && value.shape.isolates == 0
        }
    }

    private enum Kind { case grouping, regionCurrency, shown }

    private static let groupingKey = Array("number-grouping ".utf8)
    private static let regionCurrencyKey = Array("region-currency ".utf8)

    /// The kind of fact a key names, by its first word.
    private static func kind(_ key: UnsafeBufferPointer<UInt8>) -> Kind {
        if key.starts(with: groupingKey) { return .grouping }
        if key.starts(with: regionCurrencyKey) { return .regionCurrency }
        return .shown
    }

    /// Marks the facts as saved.
    public func markSaved() { state.withLock { $0.changed = false } }

    static let header = "cambio-locale-facts 1 "

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func unescape(_ text: Substring) -> String? {
        if !text.utf8.contains(0x5C) { return String(text) }
        var out = ""
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                switch scalar {
                case "\\": out += "\\"
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: return nil
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return escaped ? nil : out
    }
}
