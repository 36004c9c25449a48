/// The shapes an engine has read, with what it made of each.
struct ShapeTable {
    /// What a shape was read as.
    enum Reading {
        /// A conversion of its one amount; `sign` stands before the digits in the amount as
        /// the parser gave it (`-`, `+`, `−` or nothing).
        case conversion(sign: String, ResolvedConversion)
        /// A calculation whose amounts, in the order they are written, are the runs.
        case calculation(Calculation)
        /// A conversion of its first run on a day or over a period: the date is the text from
        /// the second run to the last (`2020-03-15`, `15.03.2020`), or words without digits
        /// (`today`).
        case datedConversion(Dated)
    }

    /// A dated or averaged conversion as read.
    final class Dated {
        let sign: String
        let conversion: ResolvedConversion
        /// The date's text when it has no digits of its own; `nil`: the runs after the first.
        let fixedDate: String?
        /// `average …` rather than `on …`.
        let averaged: Bool

        init(sign: String, conversion: ResolvedConversion, fixedDate: String?, averaged: Bool) {
            self.sign = sign
            self.conversion = conversion
            self.fixedDate = fixedDate
            self.averaged = averaged
        }
    }

    /// A calculation as parsed, and what stands before each amount's digits (as for a
    /// conversion).
    final class Calculation {
        let command: Command
        let signs: [String]

        init(_ command: Command, signs: [String]) {
            self.command = command
            self.signs = signs
        }
    }

    /// Where a code word of a shape goes (`LineShape`): the conversion's source, one of its
    /// targets, or the currency of a calculation written at these columns.
    enum CodeSlot {
        case from
        case target(Int)
        case reference(Range<Int>)
    }

    /// A shape's bytes and reading (a class: a line finds it without copying either).
    final class Entry {
        let context: [UInt8]
        let reading: Reading
        /// Where each code word goes, in the order they are written, for a shape read with its
        /// code words taken out; `nil` for one read with its words as written.
        let codes: [CodeSlot]?
        /// For a conversion read with its code words taken out: the conversion with the line's
        /// code words in their places (`Engine.place`), each line writing its own over the last.
        var placed: ResolvedConversion
        /// Whether `placed` is used: the entry is a conversion read with its code words taken out.
        let places: Bool

        init(context: [UInt8], reading: Reading, codes: [CodeSlot]?) {
            self.context = context
            self.reading = reading
            self.codes = codes
            switch reading {
            case .conversion(_, let conversion): placed = conversion
            case .datedConversion(let dated): placed = dated.conversion
            case .calculation:
                placed = ResolvedConversion(from: nil, targets: [], notes: [])
                places = false
                return
            }
            places = codes != nil
        }

        /// The reading of the line last placed, as written (with a list of targets of its own).
        var placedReading: Reading {
            let conversion = ResolvedConversion(from: placed.from, targets: placed.targets.map { $0 }, notes: placed.notes)
            switch reading {
            case .conversion(let sign, _): return .conversion(sign: sign, conversion)
            case .datedConversion(let dated):
                return .datedConversion(Dated(sign: dated.sign, conversion: conversion, fixedDate: dated.fixedDate, averaged: dated.averaged))
            case .calculation: return reading
            }
        }
    }

    /// By the shape's key, a hash already (its lowest bit set: never the empty key zero),
    /// looked up without hashing it again.
    private var entries = CurrencyMap<Entry>()
    /// Enough for every shape a ledger uses; lines whose comments differ each have their own,
    /// so the table starts again when it is full rather than grow.
    static let limit = 1024

    /// The keys of shapes seen, one a slot by the key's lowest bits: a shape is read for keeps
    /// from its second sight, so a line seen once (most of a list of distinct lines) costs no
    /// copy of its bytes and no entry. Two keys in one slot only make a shape kept a line early
    /// or late; what is kept is always what the parser read.
    private var sightings = [UInt64](repeating: 0, count: 4096)

    /// Whether a shape of this key was seen before; remembers it as seen.
    mutating func seenBefore(_ key: UInt64) -> Bool {
        let key = key | 1
        let slot = Int(truncatingIfNeeded: key >> 1) & (sightings.count - 1)
        if sightings[slot] == key { return true }
        sightings[slot] = key
        return false
    }

    /// The entry of the line's shape with its words as written (`codes` false), or with its
    /// code words taken out.
    func lookup(_ shape: LineShape, in bytes: UnsafeBufferPointer<UInt8>, codes: Bool = false) -> Entry? {
        guard let entry = entries[packed: (codes ? shape.codeKey : shape.key) | 1], (entry.codes != nil) == codes,
            entry.codes.map({ $0.count == shape.codeCount }) ?? true, shape.matches(entry.context, in: bytes, codes: codes)
        else { return nil }
        return entry
    }

    /// Whether a line's reading as written, made from its shape with code words, can be kept:
    /// they fill at most half the table, so that they never start it again for the shapes
    /// read by the parser (a list of random pairs repeats some lines by chance).
    var hasRoom: Bool { entries.count < Self.limit / 2 }

    /// Keeps a reading; `codes`: where the shape's code words go when they were taken out of
    /// `context` (under `codeKey`), `nil` when they were not (under `key`).
    mutating func remember(_ shape: LineShape, context: [UInt8], _ reading: Reading, codes: [CodeSlot]? = nil) {
        if entries.count >= Self.limit { entries.removeAll() }
        entries[packed: (codes != nil ? shape.codeKey : shape.key) | 1] = Entry(context: context, reading: reading, codes: codes)
    }
}
