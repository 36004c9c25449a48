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

    /// A shape's bytes and reading (a class: a line finds it without copying either).
    final class Entry {
        let context: [UInt8]
        let reading: Reading

        init(context: [UInt8], reading: Reading) {
            self.context = context
            self.reading = reading
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
    mutating func seenBefore(_ shape: LineShape) -> Bool {
        let key = shape.key | 1
        let slot = Int(truncatingIfNeeded: key >> 1) & (sightings.count - 1)
        if sightings[slot] == key { return true }
        sightings[slot] = key
        return false
    }

    func lookup(_ shape: LineShape, in bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
        guard let entry = entries[packed: shape.key | 1], shape.matches(entry.context, in: bytes) else { return nil }
        return entry
    }

    mutating func remember(_ shape: LineShape, context: [UInt8], _ reading: Reading) {
        if entries.count >= Self.limit { entries.removeAll() }
        entries[packed: shape.key | 1] = Entry(context: context, reading: reading)
    }
}
