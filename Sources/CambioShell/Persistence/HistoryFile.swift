import CambioFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The shell's history file, in Cambio's own encoding: one entry a line, oldest first, after a
/// header. libedit only ever holds the entries in memory; it never reads or writes this file.
///
/// libedit's own format (`_HiStOrY_V2_`, written with `strvis`) does not round-trip every
/// line a person types: an ideographic space (U+3000, which Japanese and Chinese input methods
/// type), U+2028, U+2029 and U+205F came back as escapes its own loader refuses, U+2003 as two
/// spaces and a control character, U+200A as a line feed that split the entry in two; and its
/// loader reads past its buffer on some damaged lines. Here every entry is kept byte for byte:
/// a backslash is written `\\`, a line feed `\n`, a carriage return `\r`, any other control
/// character or DEL `\xHH`; everything else, any Unicode space included, is written as it is.
///
/// One limit for reading and writing: at most `entryLimit` entries and `byteLimit` bytes. The
/// writer drops the oldest entries to stay within it, so that whatever it writes the reader
/// takes whole. A file of libedit's format (an earlier version's) is read through libedit,
/// after the checks below, and is written in this format at the next save.
public enum HistoryFile {
    /// The first line of a history file.
    public static let header = "#cambio-history 1"
    /// The header of libedit's own format, which earlier versions wrote.
    static let libeditHeader = "_HiStOrY_V2_"
    /// Lines kept in the history.
    public static let entryLimit = 1000
    /// The longest entry kept (bytes); a longer line is evaluated but not kept.
    public static let longestLine = 4096
    /// The largest file written and read (bytes).
    public static let byteLimit = 1 << 20
    /// The largest file of libedit's format still read: what an earlier version could write
    /// (1,000 entries of 4 KiB, a few bytes each in escapes).
    static let libeditByteLimit = 20 << 20

    /// What a history file holds.
    public enum Contents: Equatable {
        case missing
        /// The entries, oldest first; `skipped` counts lines that could not be decoded (left
        /// out, never the whole file).
        case entries([String], skipped: Int)
        /// Not a history file (or unreadable): the reason.
        case damaged(String)
    }

    /// The entries of the file at `path`; a file of libedit's format is decoded by `legacy`.
    public static func read(_ path: String, legacy: (String) -> [String]? = LibeditHistory.legacyEntries) -> Contents {
        let text: String
        do {
            guard let read = try AtomicFile.read(path, limit: libeditByteLimit) else { return .missing }
            text = read
        } catch {
            return .damaged(error.reason)
        }
        if text.hasPrefix(libeditHeader + "\n") {
            guard let entries = legacy(path) else { return .damaged("not a history file libedit could have written") }
            return .entries(bounded(entries), skipped: 0)
        }
        return parse(text)
    }

    /// The entries of a history file's text in this encoding.
    public static func parse(_ text: String) -> Contents {
        guard text.hasPrefix(header + "\n") else { return .damaged("not a history file") }
        var entries: [String] = []
        var skipped = 0
        for line in text.utf8.dropFirst(header.utf8.count + 1).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if line.isEmpty { continue }
            if let entry = decode(line), entry.utf8.count <= longestLine {
                entries.append(entry)
            } else {
                skipped += 1
            }
        }
        return .entries(bounded(entries), skipped: skipped)
    }

    /// The entries of the file, or none when it is missing or damaged.
    public static func entries(atPath path: String, legacy: (String) -> [String]? = LibeditHistory.legacyEntries) -> [String] {
        if case .entries(let entries, _) = read(path, legacy: legacy) { return entries }
        return []
    }

    /// The file's text for `entries`, oldest first: the newest that fit the limits, without an
    /// entry repeated right after itself and without entries too long to keep.
    public static func text(_ entries: [String]) -> String {
        var kept: [String] = []
        kept.reserveCapacity(min(entries.count, entryLimit))
        var total = header.utf8.count + 1
        for entry in bounded(entries).reversed() {
            let line = encode(entry)
            guard total + line.utf8.count + 1 <= byteLimit else { break }
            total += line.utf8.count + 1
            kept.append(line)
        }
        return header + "\n" + kept.reversed().map { $0 + "\n" }.joined()
    }

    /// Writes `entries` atomically (a temporary file, synced, renamed over the old one).
    public static func write(_ entries: [String], toPath path: String) throws(AtomicFile.Failure) {
        try AtomicFile.write(text(entries), to: path)
    }

    /// The entries without overlong ones and adjacent repeats, at most the newest `entryLimit`.
    public static func bounded(_ entries: [String]) -> [String] {
        var kept: [String] = []
        for entry in entries where !entry.isEmpty && entry.utf8.count <= longestLine && entry != kept.last {
            kept.append(entry)
        }
        return kept.count > entryLimit ? Array(kept.suffix(entryLimit)) : kept
    }

    /// One entry as a line of the file.
    static func encode(_ entry: String) -> String {
        guard entry.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) else { return entry }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entry.utf8.count + 8)
        let hex = Array("0123456789abcdef".utf8)
        for byte in entry.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0..<0x20, 0x7F: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A line of the file as its entry; `nil` for an escape this encoding does not write.
    static func decode(_ line: some Collection<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count)
        var iterator = line.makeIterator()
        func hexValue(_ byte: UInt8?) -> UInt8? {
            switch byte {
            case let digit? where (48...57).contains(digit): digit - 48
            case let letter? where (97...102).contains(letter): letter - 87
            default: nil
            }
        }
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\") else {
                if byte < 0x20 || byte == 0x7F { return nil }
                bytes.append(byte)
                continue
            }
            switch iterator.next() {
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "x"):
                guard let high = hexValue(iterator.next()), let low = hexValue(iterator.next()) else { return nil }
                let value = high << 4 | low
                guard value < 0x20 || value == 0x7F, value != 0x0A, value != 0x0D else { return nil }
                bytes.append(value)
            default: return nil
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Where a damaged history file is moved: `history.damaged`, or `.damaged.2`, `.3` … when
    /// an earlier one is there, so that none is overwritten.
    public static func asideName(for path: String) -> String {
        var candidate = path + ".damaged"
        var number = 2
        var status = stat()
        while lstat(candidate, &status) == 0 {
            candidate = path + ".damaged.\(number)"
            number += 1
        }
        return candidate
    }
}
