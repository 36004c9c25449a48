/// The text of a result line as UTF-8 bytes. A conversion writes its line as bytes (the
/// formatter's output), and a pipe copies bytes to standard output: keeping them as bytes saves
/// making, checking and freeing a `String` on every line of a ledger. A line of up to
/// `inlineCapacity` bytes (nearly every result) is held inline, without allocating; a longer
/// one as a `String`.
public struct ResultText: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public static let inlineCapacity = 48

    private var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    /// Bytes held inline; unused (zero) when the text is `long`.
    private var count = 0
    /// The text when it is longer than `inlineCapacity` bytes.
    private var long: String?

    /// UTF-8 bytes as written by the formatter (valid UTF-8: every byte of them comes from
    /// strings); invalid sequences would read as U+FFFD.
    public init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        append(utf8: UnsafeRawBufferPointer(bytes))
    }

    /// An empty text, to be written with `append(utf8:)`.
    public init() {}

    public init(_ text: String) {
        guard text.utf8.count <= Self.inlineCapacity else {
            long = text
            return
        }
        var text = text
        self = text.withUTF8 { ResultText(utf8: $0) }
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// Calls `body` with the text's UTF-8 bytes.
    public func withUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) throws(CommandError) -> T) rethrows -> T {
        if var long { return try long.withUTF8(body) }
        return try withUnsafeBytes(of: inline) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// Appends the text's bytes to `bytes` (a pipe's output).
    public func append(to bytes: inout [UInt8]) {
        if let long {
            bytes += long.utf8
            return
        }
        withUnsafeBytes(of: inline) { raw in bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[..<count])) }
    }

    /// Appends UTF-8 bytes of whole characters (each piece the formatter writes is): copied
    /// inline while they fit, else the text becomes a `String`. A conversion writes its result
    /// line here, not into a byte array that is then copied into the text.
    public mutating func append(utf8 bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if long == nil, count + bytes.count <= Self.inlineCapacity {
            let at = count
            withUnsafeMutableBytes(of: &inline) { $0.baseAddress?.advanced(by: at).copyMemory(from: source, byteCount: bytes.count) }
            count += bytes.count
            return
        }
        var text = string
        text += String(decoding: bytes, as: UTF8.self)
        self = ResultText(long: text)
    }

    private init(long text: String) { long = text }

    public var string: String { long ?? withUTF8 { String(decoding: $0, as: UTF8.self) } }

    public var description: String { string }

    public static func == (a: ResultText, b: ResultText) -> Bool {
        a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
