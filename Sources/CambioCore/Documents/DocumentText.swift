/// A document's text from its bytes: UTF-8 with or without a byte-order mark, or Windows-1252
/// (what many bank exports still are), detected or as asked. Digits are ASCII in both, so a
/// number never reads differently; only the letters of a misdetected file would.
public struct DocumentText: Sendable {
    public enum Encoding: String, Sendable {
        case utf8 = "utf-8"
        case windows1252 = "windows-1252"
    }

    public let text: String
    public let encoding: Encoding
    /// Whether the bytes began with a UTF-8 byte-order mark (it is written back).
    public let byteOrderMark: Bool
    /// Whether the encoding was detected (the bytes were not UTF-8) rather than asked for.
    public let detected: Bool

    /// The bytes of a file asked to be UTF-8 were not: the offset of the first bad byte.
    public struct NotUTF8: Error, Equatable, Sendable {
        public let offset: Int
    }

    /// Decodes `bytes` as `asked`, or as UTF-8 when they are UTF-8 and as Windows-1252 when not.
    public static func decode(_ bytes: [UInt8], as asked: Encoding?) -> Result<DocumentText, NotUTF8> {
        let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let body = mark ? Array(bytes.dropFirst(3)) : bytes
        if asked != .windows1252 {
            if let text = String(validating: body, as: UTF8.self) {
                return .success(DocumentText(text: text, encoding: .utf8, byteOrderMark: mark, detected: false))
            }
            if asked == .utf8 { return .failure(NotUTF8(offset: firstInvalidUTF8(body) + (mark ? 3 : 0))) }
        }
        // Each byte's character written as UTF-8 (at most three bytes: all are below U+10000).
        let text = String(unsafeUninitializedCapacity: body.count * 3) { buffer in
            var count = 0
            for byte in body {
                let value = byte >= 0x80 && byte < 0xA0 ? windows1252High[Int(byte - 0x80)] : UInt32(byte)
                if value < 0x80 {
                    buffer[count] = UInt8(value)
                    count += 1
                } else if value < 0x800 {
                    buffer[count] = 0xC0 | UInt8(value >> 6)
                    buffer[count + 1] = 0x80 | UInt8(value & 0x3F)
                    count += 2
                } else {
                    buffer[count] = 0xE0 | UInt8(value >> 12)
                    buffer[count + 1] = 0x80 | UInt8(value >> 6 & 0x3F)
                    buffer[count + 2] = 0x80 | UInt8(value & 0x3F)
                    count += 3
                }
            }
            return count
        }
        return .success(DocumentText(text: text, encoding: .windows1252, byteOrderMark: false, detected: asked == nil))
    }

    /// The offset of the first byte that does not begin or continue a valid UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var index = 0
        while index < bytes.count {
            // A sequence cut at the end of the bytes is not UTF-8 either.
            let length = DocumentInput.sequenceLength(bytes, index)
            guard length > 0 else { return index }
            index += length
        }
        return bytes.count
    }

    /// Bytes 0x80…0x9F of Windows-1252 (WHATWG's table: the five it leaves undefined are the
    /// C1 controls of the same number, which the sanitiser makes visible).
    static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
