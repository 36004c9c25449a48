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

    private struct State {
        var facts: [String: String] = [:]
        var changed = false
    }

    private let state = Mutex(State())

    public init() {}

    /// The fact for `key`, computed (and remembered) when it is not known yet.
    public func value(_ key: String, compute: () -> String) -> String {
        if let known = state.withLock({ $0.facts[key] }) { return known }
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
        // Split as bytes: newline and tab never occur inside a UTF-8 sequence, and the file is
        // read on every start.
        var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map(Substring.init)
        guard lines.last == "", let first = lines.first, first == Self.header + Self.escape(stamp) else { return false }
        lines.removeLast()
        var facts: [String: String] = [:]
        facts.reserveCapacity(lines.count)
        for line in lines.dropFirst() {
            let parts = line.utf8.split(separator: 0x09, omittingEmptySubsequences: false).map(Substring.init)
            guard parts.count == 2, let key = Self.unescape(parts[0]), let value = Self.unescape(parts[1]), !key.isEmpty,
                Self.plausible(key), Self.plausible(value), Self.fits(value, key: key)
            else {
                return false
            }
            facts[key] = value
        }
        state.withLock { current in
            current.facts.merge(facts) { mine, _ in mine }
            current.changed = current.facts.count > facts.count
        }
        return true
    }

    /// What ICU says is short text without control or formatting characters (other than the
    /// bidi marks it puts around numbers): anything else in the file was not written by us and
    /// must not reach the terminal, so the whole file is ignored and the facts asked again.
    static func plausible(_ text: String) -> Bool {
        // Printable ASCII (most facts) needs no look at Unicode properties.
        if text.utf8.count <= 200, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0x0A }) { return true }
        return text.unicodeScalars.count <= 200
            && text.unicodeScalars.allSatisfy { scalar in
                let category = scalar.properties.generalCategory
                if category == .control { return scalar == "\n" }
                return category != .format || Sanitiser.bidiMarks.contains(Character(scalar))
                    || scalar == "\u{200D}" || scalar == "\u{2068}" || scalar == "\u{2069}"
            }
    }

    /// Whether a value is what its kind of fact can be: only the grouping samples are lines
    /// (`1,000\n10,000\n100,000`); a region's currency is a code or nothing; in anything shown
    /// around a result, an isolate is closed and a newline never occurs (a tampered `\n` in a
    /// money pattern broke the result line; an unpaired U+2068 ran into what followed).
    static func fits(_ value: String, key: String) -> Bool {
        let kind = key.prefix { $0 != " " }
        if kind == "number-grouping" { return balancedIsolates(value) }
        if kind == "region-currency" { return value.isEmpty || (value.utf8.count == 3 && value.utf8.allSatisfy { (65...90).contains($0) }) }
        return !value.utf8.contains(0x0A) && balancedIsolates(value)
    }

    /// Every first-strong isolate (U+2068) closed by a pop (U+2069), none popped unopened.
    private static func balancedIsolates(_ text: String) -> Bool {
        var open = 0
        for scalar in text.unicodeScalars {
            if scalar == "\u{2068}" { open += 1 }
            if scalar == "\u{2069}" {
                guard open > 0 else { return false }
                open -= 1
            }
        }
        return open == 0
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
