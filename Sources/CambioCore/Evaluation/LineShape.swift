import Foundation

/// A line's shape: its bytes with the runs of digits taken out. A ledger sends the same few
/// shapes again and again (`… eur in usd`, `€… in $`, `… dollars in eur`, `… eur in usd on
/// …-…-…`) with different amounts and days, and the parser's and the currency directory's
/// reading of a shape does not depend on the digits in it. So the evaluator reads a line
/// through the one tokenizer and parser, and once it has evaluated, keeps what it made of the
/// line's shape (`LineRecogniser`); a later line of the same shape is recognised from its
/// bytes and handed to the same conversion with its own amount (and day). The recogniser
/// finds only where the amounts are: they are read by the one amount reader, and converted and
/// formatted by the one evaluator, every time.
///
/// A run is ASCII digits with `.`, `,` and `'` inside it, at most `maxRuns` of them. A shape is
/// kept only when the parser read its first run, whole, as the line's amount (after at most a
/// sign), and its other runs as the line's date. The tokenizer decides where a number ends
/// from the characters of the number and the ones beside it, which are the shape's own, so
/// every line of a shape tokenizes alike. `LineShapeTests` checks the property: every line reads
/// and evaluates the same with the shapes and without them.
public struct LineShape {
    public static let maxRuns = 8
    /// The runs' bounds, each packed as `start << 16 | end` (in bytes: a line with a shape is
    /// shorter than 64 KiB).
    private var bounds: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// How many runs of digits the line has.
    public var count: Int { Int(runCount) }
    private var runCount: UInt8 = 0
    /// A hash of the bytes around the runs.
    let key: UInt64

    /// The shape of a line, or `nil` when it has no run of ASCII digits or too many (or is
    /// 64 KiB long).
    public init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count < 0xFFFF, let base = bytes.baseAddress else { return nil }
        var hash = Self.hashBasis
        var index = 0
        var runs = 0
        while index < count {
            let byte = base[index]
            guard Self.isDigit(byte) else {
                hash = Self.mix(hash, byte)
                index += 1
                continue
            }
            // A mark before the digits (`.5`, `o'12`) is read otherwise: no shape.
            if index > 0, Self.isMark(base[index - 1]) { return nil }
            guard runs < Self.maxRuns else { return nil }
            let start = index
            while index < count, Self.isDigit(base[index]) || Self.isMark(base[index]) { index += 1 }
            withUnsafeMutableBytes(of: &bounds) { $0.storeBytes(of: UInt32(start) << 16 | UInt32(index), toByteOffset: runs * 4, as: UInt32.self) }
            runs += 1
            // A separator that is no UTF-8 byte stands for the run.
            hash = Self.mix(hash, 0xFF)
        }
        guard runs > 0 else { return nil }
        runCount = UInt8(runs)
        key = hash
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }
    @inline(__always) private static func isMark(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "'")
    }
    /// FNV-1a.
    private static let hashBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always) private static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }

    /// The `index`th run of digits, in bytes.
    @inline(__always) public subscript(index: Int) -> Range<Int> {
        let packed = withUnsafeBytes(of: bounds) { $0.load(fromByteOffset: index * 4, as: UInt32.self) }
        return Int(packed >> 16)..<Int(packed & 0xFFFF)
    }

    /// The first run.
    public var run: Range<Int> { self[0] }

    /// The bytes around the runs, with `0xFF` for each, as stored and compared.
    func context(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var context: [UInt8] = []
        context.reserveCapacity(bytes.count)
        var from = 0
        for index in 0..<count {
            context += bytes[from..<self[index].lowerBound]
            context.append(0xFF)
            from = self[index].upperBound
        }
        context += bytes[from...]
        return context
    }

    /// Whether `context` is this line's bytes around its runs.
    func matches(_ context: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        context.withUnsafeBufferPointer { stored in
            var at = 0
            var from = 0
            for index in 0...count {
                let end = index < count ? self[index].lowerBound : bytes.count
                let length = end - from
                guard at + length <= stored.count else { return false }
                if length > 0, let a = stored.baseAddress, let b = bytes.baseAddress, memcmp(a + at, b + from, length) != 0 { return false }
                at += length
                if index < count {
                    guard at < stored.count, stored[at] == 0xFF else { return false }
                    at += 1
                    from = self[index].upperBound
                }
            }
            return at == stored.count
        }
    }
}
