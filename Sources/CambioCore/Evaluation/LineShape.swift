import Foundation

/// A line's shape: its bytes with the runs of digits taken out. A ledger sends the same few
/// shapes again and again (`… eur in usd`, `€… in $`, `… dollars in eur`, `3 × … eur in usd`)
/// with different amounts, and the parser's and the currency directory's reading of a shape
/// does not depend on the digits in it. So the evaluator reads a shape once, through the one
/// tokenizer and parser, and keeps what it made of it (`ShapeTable.Reading`); a later line of
/// the same shape is recognised from its bytes and handed to the same conversion or
/// calculation with its own amounts. The recogniser finds only where the amounts are: they are
/// read by the one amount reader, and converted, calculated and formatted by the one
/// evaluator, every time.
///
/// A run is ASCII digits with `.`, `,` and `'` inside it, at most `maxRuns` of them. A shape is
/// kept only when the parser read each run, whole and in order, as one of the line's amounts
/// (after at most a sign), and the line evaluated. The tokenizer decides where a number ends
/// from the characters of the number and the ones beside it, which are the shape's own, so
/// every line of a shape tokenizes alike. `ShapeTests` checks the property: every line reads
/// and evaluates the same with the shapes and without them.
public struct LineShape {
    public static let maxRuns = 8
    /// The runs' bounds, each packed as `start << 32 | end` (in bytes).
    private var bounds: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// How many runs of digits the line has.
    public private(set) var count = 0
    /// A hash of the bytes around the runs.
    let key: UInt64

    /// The shape of a line, or `nil` when it has no run of ASCII digits or too many.
    public init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }
        @inline(__always) func isMark(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "'")
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = 0
        let count = bytes.count
        var runs = 0
        while index < count {
            let byte = bytes[index]
            guard isDigit(byte) else {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                index += 1
                continue
            }
            // A mark before the digits (`.5`, `o'12`) is read otherwise: no shape.
            if index > 0, isMark(bytes[index - 1]) { return nil }
            guard runs < Self.maxRuns else { return nil }
            let start = index
            while index < count, isDigit(bytes[index]) || isMark(bytes[index]) { index += 1 }
            withUnsafeMutableBytes(of: &bounds) { $0.storeBytes(of: UInt64(start) << 32 | UInt64(index), toByteOffset: runs * 8, as: UInt64.self) }
            runs += 1
            // A separator that is no UTF-8 byte stands for the run.
            hash = (hash ^ 0xFF) &* 0x100_0000_01b3
        }
        guard runs > 0 else { return nil }
        self.count = runs
        key = hash
    }

    /// The `index`th run of digits, in bytes.
    public subscript(index: Int) -> Range<Int> {
        let packed = withUnsafeBytes(of: bounds) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }

    /// The first run.
    public var run: Range<Int> { self[0] }

    /// The bytes around the runs, with `0xFF` for each, as stored and compared.
    func context(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var context: [UInt8] = []
        context.reserveCapacity(bytes.count)
        var from = 0
        for index in 0..<count {
            let run = self[index]
            context += bytes[from..<run.lowerBound]
            context.append(0xFF)
            from = run.upperBound
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

    /// The text of each run.
    func texts(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        (0..<count).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[self[$0]]), as: UTF8.self) }
    }
}
