/// The shapes of lines an engine has read (`LineShape`), with what it made of each: a value
/// taught once a line has evaluated, and asked before the next line is parsed.
struct LineRecogniser {
    /// What a shape was read as: a conversion of its first run (after `sign`, which stands
    /// before the digits in the amount as the parser gave it: `-`, `+`, `−` or nothing), at the
    /// current rates, on a day or over a period.
    final class Reading {
        let sign: String
        let conversion: ResolvedConversion
        let date: DateForm?

        init(sign: String, conversion: ResolvedConversion, date: DateForm?) {
            self.sign = sign
            self.conversion = conversion
            self.date = date
        }
    }

    /// The date of a dated or averaged shape: the text from the second run to the last
    /// (`2020-03-15`, `15.03.2020`), or, when `fixed` is set, that text: words without digits
    /// (`today`).
    struct DateForm {
        let fixed: String?
        /// `average …` rather than `on …`.
        let averaged: Bool
    }

    /// What a line's bytes are to the recogniser.
    enum Recognition {
        /// A shape read before, as it was read.
        case known(LineShape, Entry)
        /// A shape seen once before: the line is read by the parser, and its reading kept once it
        /// has evaluated (`teach`).
        case worthKeeping(LineShape)
        /// A line without a shape, or one seen for the first time.
        case unknown
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

    /// What the line is to the recogniser; a line of a shape not kept counts as its sighting.
    mutating func recognise(_ bytes: UnsafeBufferPointer<UInt8>) -> Recognition {
        guard let shape = LineShape(bytes) else { return .unknown }
        let key = shape.key | 1
        if let entry = entries[packed: key], shape.matches(entry.context, in: bytes) { return .known(shape, entry) }
        let slot = Int(truncatingIfNeeded: key >> 1) & (sightings.count - 1)
        if sightings[slot] == key { return .worthKeeping(shape) }
        sightings[slot] = key
        return .unknown
    }

    /// Keeps what a line of this shape was read as.
    mutating func teach(_ shape: LineShape, _ bytes: UnsafeBufferPointer<UInt8>, _ reading: Reading) {
        if entries.count >= Self.limit { entries.removeAll() }
        entries[packed: shape.key | 1] = Entry(context: shape.context(bytes), reading: reading)
    }
}
