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
/// every line of a shape tokenizes alike. `LineShapeTests` checks the property: every line reads
/// and evaluates the same with the shapes and without them.
///
/// A line of currency codes has a second shape: its bytes with the runs of digits and its code
/// words taken out (`… eur in usd, gbp` and `… chf in jpy, sek` are one), so a list of random
/// pairs and targets reads as few shapes as a ledger of one pair. A code word is three ASCII
/// letters of one case with a space, a tab, a comma, a parenthesis or the line's end on each
/// side that are a plain code: one the parser reads as no keyword and no command, and the
/// directory as that code without a note (`Engine.plainCode`); other words (`und`, `yen`) stay
/// in the shape as written. At most `maxCodes` are taken out; their case is part of the shape
/// (`$ USD` is read otherwise than `$ usd`). The engine keeps such a shape only when each word
/// was read as a currency of its own; the parser's reading of it then cannot depend on which
/// plain code stands in each place.
public struct LineShape {
    public static let maxRuns = 8
    public static let maxCodes = 8
    /// The runs' bounds, each packed as `start << 16 | end` (in bytes: a line with a shape is
    /// shorter than 64 KiB).
    private var bounds: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// Where each code word begins (in bytes; each is three long).
    private var codeStarts: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// How many runs of digits the line has.
    public var count: Int { Int(runCount) }
    private var runCount: UInt8 = 0
    /// How many code words it has.
    public var codeCount: Int { Int(codeWordCount) }
    private var codeWordCount: UInt8 = 0
    /// Bit `index`: the `index`th code word is upper case.
    private var upperCodes: UInt8 = 0
    /// A hash of the bytes around the runs (code words as written).
    let key: UInt64
    /// A hash of the bytes around the runs and the code words; `key` when there are none (or
    /// before `takeCodes`).
    private(set) var codeKey: UInt64

    /// The shape of a line with its words as written, or `nil` when it has no run of ASCII
    /// digits or too many (or is 64 KiB long). `takeCodes` then finds its code words.
    public init?(written bytes: UnsafeBufferPointer<UInt8>) {
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
        codeKey = hash
    }

    /// The shape of a line with its code words found: `isCode` says whether three letters (of
    /// one case, between separators) are one to take out.
    public init?(_ bytes: UnsafeBufferPointer<UInt8>, isCode: (UnsafePointer<UInt8>) -> Bool = { _ in true }) {
        self.init(written: bytes)
        takeCodes(bytes, isCode: isCode)
    }

    /// Finds the line's code words (`isCode` says which words of three letters of one case,
    /// between separators, are ones), and `codeKey`: a second look at the bytes, taken only by
    /// a line whose shape as written is not kept.
    public mutating func takeCodes(_ bytes: UnsafeBufferPointer<UInt8>, isCode: (UnsafePointer<UInt8>) -> Bool) {
        guard codeWordCount == 0, let base = bytes.baseAddress else { return }
        @inline(__always) func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 97 < 26 }
        let count = bytes.count
        var hash = Self.hashBasis
        var index = 0
        var run = 0
        var codes = 0
        var nextRun = self[0]
        while index < count {
            if index == nextRun.lowerBound {
                hash = Self.mix(hash, 0xFF)
                index = nextRun.upperBound
                run += 1
                nextRun = run < self.count ? self[run] : count..<count
                continue
            }
            let byte = base[index]
            guard isLetter(byte) else {
                hash = Self.mix(hash, byte)
                index += 1
                continue
            }
            // A word of ASCII letters (a run begins with a digit: never inside one).
            let start = index
            index += 1
            while index < count, isLetter(base[index]) { index += 1 }
            let caseBit = byte & 0x20
            if index - start == 3, codes < Self.maxCodes, base[start + 1] & 0x20 == caseBit, base[start + 2] & 0x20 == caseBit,
                start == 0 || Self.separatesCode(base[start - 1]), index == count || Self.separatesCode(base[index]),
                isCode(base + start)
            {
                withUnsafeMutableBytes(of: &codeStarts) { $0.storeBytes(of: UInt16(start), toByteOffset: codes * 2, as: UInt16.self) }
                if caseBit == 0 { upperCodes |= 1 << codes }
                codes += 1
                hash = Self.mix(hash, caseBit == 0 ? Self.upperMark : Self.lowerMark)
            } else {
                for offset in start..<index { hash = Self.mix(hash, base[offset]) }
            }
        }
        guard codes > 0 else { return }
        codeWordCount = UInt8(codes)
        codeKey = hash
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }
    @inline(__always) private static func isMark(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "'")
    }
    /// FNV-1a.
    private static let hashBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always) private static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }

    /// The bytes that stand for a code word in a shape's bytes, by its case (no UTF-8 bytes).
    static let lowerMark: UInt8 = 0xFE
    static let upperMark: UInt8 = 0xFD

    /// Whether a byte may stand beside a code word: a space, a tab, a comma, a parenthesis
    /// (each below 64: one bit of a mask).
    @inline(__always) static func separatesCode(_ byte: UInt8) -> Bool {
        byte < 64 && (separators >> UInt64(byte)) & 1 == 1
    }

    private static let separators: UInt64 = 1 << 0x20 | 1 << 0x09 | 1 << 0x2C | 1 << 0x28 | 1 << 0x29

    /// Where the `index`th code word begins, in bytes.
    @inline(__always) public func codeStart(_ index: Int) -> Int {
        Int(withUnsafeBytes(of: codeStarts) { $0.load(fromByteOffset: index * 2, as: UInt16.self) })
    }

    /// Whether the `index`th code word is upper case.
    @inline(__always) public func isUpperCode(_ index: Int) -> Bool { upperCodes >> index & 1 == 1 }

    /// The `index`th run of digits, in bytes.
    @inline(__always) public subscript(index: Int) -> Range<Int> {
        let packed = withUnsafeBytes(of: bounds) { $0.load(fromByteOffset: index * 4, as: UInt32.self) }
        return Int(packed >> 16)..<Int(packed & 0xFFFF)
    }

    /// The first run.
    public var run: Range<Int> { self[0] }

    /// The holes of a line in order (its runs, and with `codes` its code words), each with the
    /// byte that stands for it.
    private struct Holes {
        let shape: LineShape
        let codeCount: Int
        var run = 0
        var code = 0

        init(_ shape: LineShape, codes: Bool) {
            self.shape = shape
            codeCount = codes ? shape.codeCount : 0
        }

        /// The next hole: a run or a code word, whichever comes first.
        @inline(__always) mutating func next() -> (bytes: Range<Int>, mark: UInt8)? {
            if code < codeCount, run == shape.count || shape.codeStart(code) < shape[run].lowerBound {
                let start = shape.codeStart(code)
                defer { code += 1 }
                return (start..<start + 3, shape.isUpperCode(code) ? LineShape.upperMark : LineShape.lowerMark)
            }
            guard run < shape.count else { return nil }
            defer { run += 1 }
            return (shape[run], 0xFF)
        }
    }

    /// The bytes around the runs, with `0xFF` for each, as stored and compared; with `codes`,
    /// around the code words too, with `lowerMark` or `upperMark` for each.
    func context(_ bytes: UnsafeBufferPointer<UInt8>, codes: Bool = false) -> [UInt8] {
        var context: [UInt8] = []
        context.reserveCapacity(bytes.count)
        var from = 0
        var holes = Holes(self, codes: codes)
        while let hole = holes.next() {
            context += bytes[from..<hole.bytes.lowerBound]
            context.append(hole.mark)
            from = hole.bytes.upperBound
        }
        context += bytes[from...]
        return context
    }

    /// Whether `context` is this line's bytes around its runs (and, with `codes`, its code words).
    func matches(_ context: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, codes: Bool = false) -> Bool {
        guard codes, codeCount > 0 else { return matchesWritten(context, in: bytes) }
        return context.withUnsafeBufferPointer { stored in
            var at = 0
            var from = 0
            var holes = Holes(self, codes: true)
            while true {
                // The next hole, or the line's end.
                let hole = holes.next()
                let length = (hole?.bytes.lowerBound ?? bytes.count) - from
                guard at + length <= stored.count else { return false }
                if length > 0, let a = stored.baseAddress, let b = bytes.baseAddress, memcmp(a + at, b + from, length) != 0 { return false }
                at += length
                guard let hole else { return at == stored.count }
                guard at < stored.count, stored[at] == hole.mark else { return false }
                at += 1
                from = hole.bytes.upperBound
            }
        }
    }

    /// Whether `context` is this line's bytes around its runs, its words as written (the path
    /// of every repeated line: its holes are only runs).
    @inline(__always) private func matchesWritten(_ context: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

    /// The `index`th code word as written.
    func codeWord(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let start = codeStart(index)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + 3]), as: UTF8.self)
    }
}
