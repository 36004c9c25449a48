/// A map from currency codes (or pairs of them) to values for the lookups every line makes (a
/// rate, a format): open addressing on the codes' packed letters, without the seeded hashing
/// a `Dictionary` does for each lookup. Any other non-zero 64-bit key that is a hash already
/// (a line shape's) is looked up the same way, through `subscript(packed:)`.
///
/// The values are kept apart from the table, in the order added, each slot of the table holding
/// its key and its value's place: a lookup copies the value itself, never an optional one (an
/// optional `Rational` is copied through the runtime's generic witnesses).
struct CurrencyMap<Value> {
    private var keys: [UInt64]
    /// For each slot with a key, where its value is in `values`.
    private var places: [Int32]
    private var values: [Value] = []
    private var mask: Int
    var count: Int { values.count }

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = [UInt64](repeating: 0, count: size)
        places = [Int32](repeating: 0, count: size)
        values.reserveCapacity(capacity)
        mask = size - 1
    }

    @inline(__always) private func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask }

    subscript(code: CurrencyCode) -> Value? {
        get { self[key: UInt64(code.packed)] }
        set { self[key: UInt64(code.packed)] = newValue }
    }

    subscript(from: CurrencyCode, to: CurrencyCode) -> Value? {
        get { self[key: UInt64(from.packed) << 32 | UInt64(to.packed)] }
        set { self[key: UInt64(from.packed) << 32 | UInt64(to.packed)] = newValue }
    }

    /// A text of one to seven UTF-8 bytes as a key (its bytes and its length): a word, a
    /// code or a symbol looked up by its bytes, without hashing a `String`. `nil` for other
    /// lengths. Two texts have one key only when their bytes are the same.
    static func key(_ text: String) -> UInt64? {
        let utf8 = text.utf8
        let count = utf8.count
        guard count > 0, count < 8 else { return nil }
        @inline(__always) func pack(_ bytes: some Sequence<UInt8>) -> UInt64 {
            var key = UInt64(count) << 56
            var shift: UInt64 = 0
            for byte in bytes {
                key |= UInt64(byte) << shift
                shift += 8
            }
            return key
        }
        // A string's own bytes where it has them in one piece (nearly always), else walked.
        return utf8.withContiguousStorageIfAvailable { pack($0) } ?? pack(utf8)
    }

    /// The value of a key other than a code's (never zero).
    subscript(packed key: UInt64) -> Value? {
        get { self[key: key] }
        set { self[key: key] = newValue }
    }

    /// Whether a code has a value, without copying it.
    func contains(_ code: CurrencyCode) -> Bool { place(UInt64(code.packed)) != nil }

    /// Forgets every key, keeping the table's size.
    mutating func removeAll() {
        for index in keys.indices { keys[index] = 0 }
        values.removeAll(keepingCapacity: true)
    }

    /// Where the value of `key` is in `values`.
    @inline(__always) private func place(_ key: UInt64) -> Int? {
        var index = slot(key)
        while true {
            let stored = keys[index]
            if stored == key { return Int(places[index]) }
            if stored == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    private subscript(key key: UInt64) -> Value? {
        get {
            guard let place = place(key) else { return nil }
            return values[place]
        }
        set {
            guard let newValue else { return }
            if let place = place(key) {
                values[place] = newValue
                return
            }
            if (values.count + 1) * 2 > keys.count { grow() }
            var index = slot(key)
            while keys[index] != 0 { index = (index + 1) & mask }
            keys[index] = key
            places[index] = Int32(values.count)
            values.append(newValue)
        }
    }

    private mutating func grow() {
        let old = zip(keys, places).filter { $0.0 != 0 }
        let size = keys.count * 2
        keys = [UInt64](repeating: 0, count: size)
        places = [Int32](repeating: 0, count: size)
        mask = size - 1
        for (key, place) in old {
            var index = slot(key)
            while keys[index] != 0 { index = (index + 1) & mask }
            keys[index] = key
            places[index] = place
        }
    }
}
extension CurrencyMap: Sendable where Value: Sendable {}
