/// A conversion line's shape: its bytes with the amount's digits taken out. A ledger sends
/// the same few shapes again and again (`… eur in usd`, `€… in $`, `… dollars in eur`) with
/// different amounts, and the parser's and the currency directory's reading of a shape does
/// not depend on the digits in it. So the evaluator reads a shape once, through the one
/// tokenizer and parser, and keeps what it made of it (`ResolvedConversion`); a later line of
/// the same shape is recognised from its bytes and handed to the same conversion step with
/// its own amount. The recogniser finds only where the amount is: the amount is read by the
/// one amount reader, converted and formatted by the one evaluator, every time.
///
/// Only lines with exactly one run of ASCII digits (with `.`, `,` and `'` inside it) have a
/// shape; a shape is kept only when the parser read that run, whole, as the line's amount
/// (after at most a sign), and the line converted. The tokenizer decides where a number ends
/// from the characters of the number and the ones beside it, which are the shape's own, so
/// every line of a shape tokenizes alike. `ShapeTests` checks the property: every line reads
/// and converts the same with the shapes and without them.
public struct LineShape {
    /// Where the run of digits is, in bytes.
    public let run: Range<Int>
    /// A hash of the bytes around the run.
    let key: UInt64

    /// The shape of a line, or `nil` when it has no run of ASCII digits or more than one.
    public init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }
        @inline(__always) func isMark(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "'")
        }
        var index = 0
        let count = bytes.count
        while index < count, !isDigit(bytes[index]) { index += 1 }
        guard index < count else { return nil }
        let start = index
        // A mark before the digits (`.5`, `o'12`) is read otherwise: no shape.
        if start > 0, isMark(bytes[start - 1]) { return nil }
        while index < count, isDigit(bytes[index]) || isMark(bytes[index]) { index += 1 }
        let end = index
        while index < count {
            if isDigit(bytes[index]) { return nil }
            index += 1
        }
        run = start..<end
        // FNV-1a over the bytes before the run, a separator that is no UTF-8 byte, and the rest.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for position in 0..<start { hash = (hash ^ UInt64(bytes[position])) &* 0x100_0000_01b3 }
        hash = (hash ^ 0xFF) &* 0x100_0000_01b3
        for position in end..<count { hash = (hash ^ UInt64(bytes[position])) &* 0x100_0000_01b3 }
        key = hash
    }

    /// The bytes around the run, as stored and compared.
    func context(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        Array(bytes[0..<run.lowerBound]) + [0xFF] + Array(bytes[run.upperBound...])
    }

    /// Whether `context` is this line's bytes around its run.
    func matches(_ context: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let before = run.lowerBound
        let after = bytes.count - run.upperBound
        guard context.count == before + 1 + after else { return false }
        return context.withUnsafeBufferPointer { stored in
            for position in 0..<before where stored[position] != bytes[position] { return false }
            guard stored[before] == 0xFF else { return false }
            for position in 0..<after where stored[before + 1 + position] != bytes[run.upperBound + position] { return false }
            return true
        }
    }
}

/// A conversion whose currencies are read: the source (`nil` for the base), the targets (none
/// for the recent currencies or the base) and what was taken in reading them.
struct ResolvedConversion {
    var from: CurrencyCode?
    var targets: [CurrencyCode]
    var notes: [String]
}

/// The shapes an engine has read, with what it made of each.
struct ShapeTable {
    struct Entry {
        let context: [UInt8]
        /// What stands before the digits in the amount as the parser gave it (`-`, `+`, `−` or
        /// nothing).
        let sign: String
        let conversion: ResolvedConversion
    }

    private var entries: [UInt64: Entry] = [:]
    /// Enough for every shape a ledger uses; lines whose comments differ each have their own,
    /// so the table starts again when it is full rather than grow.
    static let limit = 1024

    func lookup(_ shape: LineShape, in bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
        guard let entry = entries[shape.key], shape.matches(entry.context, in: bytes) else { return nil }
        return entry
    }

    mutating func remember(_ shape: LineShape, context: [UInt8], sign: String, _ conversion: ResolvedConversion) {
        if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
        entries[shape.key] = Entry(context: context, sign: sign, conversion: conversion)
    }
}
