import Glibc

/// A document's bytes as they come (a file, standard input, bytes in memory), held a window at a
/// time and made UTF-8 as they are read: a table of a million rows is read in a few MiB.
///
/// The first window decides how the bytes are read, and what it decided is said:
/// - UTF-8, with or without a byte-order mark. A byte that is not UTF-8 in a file that is
///   (`Bäckerei` with one stray `0xE4` in a later row) is read as Windows-1252 where it stands,
///   and its line and offset are said; every other cell stays as written.
/// - Windows-1252 (what many bank exports still are) when asked, or when the window has bytes
///   that are not UTF-8 and no character that is.
/// - Lines that end in CR alone (an old spreadsheet's export) are read as lines.
/// - UTF-16 is refused by name (a spreadsheet's "Unicode text"): save it as UTF-8.
public final class DocumentInput {
    public enum Failure: Error, Equatable {
        /// `--encoding utf-8` was asked, and this byte is not UTF-8.
        case notUTF8(line: Int, offset: Int)
        case utf16
        /// A row longer than any table has (a quote never closed, or not a table).
        case rowTooLong(line: Int)
        case unreadable(String)
    }

    /// Reads into the buffer: the bytes read, 0 at the end (or when the run is to stop), less
    /// than 0 with `errno` on an error (`EINTR` is tried again).
    public typealias Read = (UnsafeMutableRawBufferPointer) -> Int

    /// How much of the file the first window holds, and the most bytes held at once.
    public static let window = 1 << 20
    static let capacity = 4 << 20
    /// The longest row read: a row longer is refused unread.
    public static let longestRow = 1 << 20

    public private(set) var encoding = DocumentText.Encoding.utf8
    /// Whether the bytes began with a UTF-8 byte-order mark.
    public private(set) var byteOrderMark = false
    /// Whether Windows-1252 was taken without being asked for.
    public private(set) var detected = false
    /// The first byte of a UTF-8 file that was not UTF-8, read as Windows-1252: its line and offset.
    public private(set) var repaired: (line: Int, offset: Int)?
    /// Whether lines end in CR alone.
    public private(set) var carriageReturnsOnly = false
    /// Whether every byte has been read.
    public private(set) var atEnd = false

    private let asked: DocumentText.Encoding?
    private let read: Read
    private var storage: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    /// Bytes read but not yet decoded (a UTF-8 sequence cut at the end of a read).
    private var pending: [UInt8] = []
    /// The offset and the line of the next raw byte, for messages.
    private var rawOffset = 0
    private var rawLine = 1

    /// The bytes held, UTF-8.
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[0..<count]) }

    public init(asked: DocumentText.Encoding?, read: @escaping Read) {
        self.asked = asked
        self.read = read
        storage = .allocate(capacity: Self.capacity)
    }

    /// Bytes in memory, read as a file is.
    public convenience init(bytes: [UInt8], asked: DocumentText.Encoding?) {
        var position = 0
        self.init(asked: asked) { buffer in
            let count = min(buffer.count, bytes.count - position)
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<position + count]))
            }
            position += count
            return count
        }
    }

    deinit { storage.deallocate() }

    /// Reads the first window and decides how the bytes are read.
    public func start() throws(Failure) {
        var first: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while first.count < Self.window {
            let got = try readRaw(&chunk)
            if got == 0 {
                atEnd = true
                break
            }
            first += chunk[0..<got]
        }
        if first.starts(with: [0xFF, 0xFE]) || first.starts(with: [0xFE, 0xFF]) || first.prefix(2048).contains(0) { throw .utf16 }
        if first.starts(with: [0xEF, 0xBB, 0xBF]) {
            byteOrderMark = true
            first.removeFirst(3)
            rawOffset = 3
        }
        carriageReturnsOnly = first.contains(0x0D) && !first.contains(0x0A)
        if asked == .windows1252 {
            encoding = .windows1252
        } else if asked == nil, !byteOrderMark {
            let (invalid, characters) = Self.survey(first)
            if invalid > 0, characters == 0 {
                encoding = .windows1252
                detected = true
            }
        }
        try decode(first)
    }

    /// Drops the bytes before `offset` and reads more: what one read gives (a pipe's rows are
    /// converted as they come, not when a window of them has); false when there are no more.
    public func refill(keepingFrom offset: Int) throws(Failure) -> Bool {
        guard !atEnd else { return false }
        if offset > 0 {
            let kept = count - offset
            if kept > 0, let base = storage.baseAddress { memmove(base, base + offset, kept) }
            count = kept
        }
        let before = count
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while count < Self.capacity / 2 {
            let room = (Self.capacity - count) / 3 - pending.count
            guard room > 0 else { break }
            let got = try readRaw(&chunk, limit: min(room, chunk.count))
            if got == 0 {
                atEnd = true
                try decode([])
                break
            }
            try decode(chunk[0..<got])
            if count > before { break }
        }
        return count > before || !atEnd
    }

    private func readRaw(_ chunk: inout [UInt8], limit: Int? = nil) throws(Failure) -> Int {
        let wanted = limit ?? chunk.count
        while true {
            let got = chunk.withUnsafeMutableBytes { read(UnsafeMutableRawBufferPointer(rebasing: $0[0..<wanted])) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { throw .unreadable(String(cString: strerror(errno))) }
            return got
        }
    }

    /// How many bytes of `bytes` are not UTF-8, and how many characters beyond ASCII are.
    static func survey(_ bytes: [UInt8]) -> (invalid: Int, characters: Int) {
        var (invalid, characters, index) = (0, 0, 0)
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let length = sequenceLength(bytes, index)
            if length > 0 {
                characters += 1
                index += length
            } else if length == 0 {
                // Cut at the end of the window.
                break
            } else {
                invalid += 1
                index += 1
            }
        }
        return (invalid, characters)
    }

    /// The length of the UTF-8 sequence at `index`: 0 when the bytes end inside it, -1 when
    /// it is not one.
    static func sequenceLength(_ bytes: [UInt8], _ index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        switch first {
        case 0..<0x80: return 1
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return -1
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return 0 }
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return -1 }
            // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
            if offset == 1 {
                if first == 0xE0, byte < 0xA0 { return -1 }
                if first == 0xED, byte >= 0xA0 { return -1 }
                if first == 0xF0, byte < 0x90 { return -1 }
                if first == 0xF4, byte >= 0x90 { return -1 }
            }
        }
        return length
    }

    /// Raw bytes decoded onto the end of the bytes held (`[]` at the end of the input).
    private func decode(_ raw: some Collection<UInt8>) throws(Failure) {
        var bytes = pending
        bytes.append(contentsOf: raw)
        pending = []
        var index = 0
        func put(_ byte: UInt8) {
            storage[count] = carriageReturnsOnly && byte == 0x0D ? 0x0A : byte
            count += 1
        }
        func putWindows1252(_ byte: UInt8) {
            let value = byte >= 0x80 && byte < 0xA0 ? DocumentText.windows1252High[Int(byte - 0x80)] : UInt32(byte)
            if value < 0x80 {
                put(UInt8(value))
            } else if value < 0x800 {
                put(0xC0 | UInt8(value >> 6))
                put(0x80 | UInt8(value & 0x3F))
            } else {
                put(0xE0 | UInt8(value >> 12))
                put(0x80 | UInt8(value >> 6 & 0x3F))
                put(0x80 | UInt8(value & 0x3F))
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || (carriageReturnsOnly && byte == 0x0D) { rawLine += 1 }
            if byte < 0x80 {
                put(byte)
                index += 1
                continue
            }
            if encoding == .windows1252 {
                putWindows1252(byte)
                index += 1
                continue
            }
            let length = Self.sequenceLength(bytes, index)
            if length == 0, !atEnd {
                pending = Array(bytes[index...])
                rawOffset += index
                return
            }
            if length > 0 {
                for offset in 0..<length { put(bytes[index + offset]) }
                index += length
                continue
            }
            // Not UTF-8: refused when UTF-8 was asked for, else read as Windows-1252 and said.
            if asked == .utf8 { throw .notUTF8(line: rawLine, offset: rawOffset + index) }
            if repaired == nil { repaired = (rawLine, rawOffset + index) }
            putWindows1252(byte)
            index += 1
        }
        rawOffset += bytes.count
    }
}
