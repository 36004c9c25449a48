import Glibc

/// The notes a run has already said (`$ taken as USD`, `Sat 2024-03-30 has no ECB reference
/// rates …`), said once, not on every line of a ledger. A pipe asks on every line with a note,
/// and a pipe of random days says thousands of notes, each new: hashing each into a
/// `Set<String>` (SipHash over the text's normal form, and every text again as the set grew)
/// cost some 1,200 instructions a note, 3 % of its instructions.
///
/// A text is found by its bytes, with a seeded hash of eight bytes at a time. Two texts are one
/// when their bytes are: a note is written by the program from its own sentences and what the
/// line said, so it is the same bytes each time it is the same note; two spellings of a name
/// that look alike (`é` as one scalar or two) are two notes, as they were two inputs.
struct SaidTexts {
    /// Texts said, each with its hash.
    private var held: [(text: String, hash: UInt64)] = []
    /// Open-addressed slots over `held`: an index into it plus one, 0 where none is. A power of
    /// two, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)
    /// A seed for the hash, so that no input can choose texts that share its slots.
    private let seed = UInt64.random(in: .min ... .max)
    /// Texts asked for, each in the slot of its bytes' address; `nil` where none is. A line of
    /// a ledger says the same `String` as the line before (`$ taken as USD`): found there with
    /// a comparison of its bytes (its address is never trusted), without hashing them.
    private var recent: [String?] = []

    /// Whether `text` has been said.
    mutating func contains(_ text: String) -> Bool {
        if holdsBytes(of: text) { return true }
        guard place(text).found else { return false }
        remember(text)
        return true
    }

    /// Says `text`: true when it had not been said before.
    mutating func insert(_ text: String) -> Bool {
        if holdsBytes(of: text) { return false }
        let place = place(text)
        remember(text)
        guard !place.found else { return false }
        held.append((text, place.hash))
        slots[place.slot] = Int32(truncatingIfNeeded: held.count)
        if held.count * 2 > slots.count { grow() }
        return true
    }

    /// Whether the slot of `text`'s address holds a text of the same bytes.
    private func holdsBytes(of text: String) -> Bool {
        guard !recent.isEmpty else { return false }
        return
            text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard let held = recent[slot(bytes)] else { return false }
                return Self.same(held, bytes)
            } ?? false
    }

    private mutating func remember(_ text: String) {
        // Room for twice the texts said (from 64 slots): a slot is a shortcut only, so the
        // texts held are dropped when it grows and found again by their hash.
        if recent.count < 2 * held.count || recent.isEmpty {
            var size = 64
            while size < 4 * held.count { size *= 2 }
            recent = Array(repeating: nil, count: size)
        }
        if let index = text.utf8.withContiguousStorageIfAvailable({ slot($0) }) { recent[index] = text }
    }

    /// The slot of a text's bytes: by their address (`recent` holds a power of two).
    private func slot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let address = UInt(bitPattern: bytes.baseAddress)
        return Int(truncatingIfNeeded: (address >> 4) ^ (address >> 16)) & (recent.count - 1)
    }

    /// The hash of `text`'s bytes, its slot, and whether it is held there.
    private func place(_ text: String) -> (hash: UInt64, slot: Int, found: Bool) {
        var text = text
        return text.withUTF8 { bytes in
            let value = hash(bytes)
            let (slot, found) = find(bytes, value)
            return (value, slot, found)
        }
    }

    /// The slot of `bytes` (hashed `hash`), and whether a text of those bytes is held there.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, _ hash: UInt64) -> (slot: Int, found: Bool) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return (slot, false) }
            if held[entry - 1].hash == hash, Self.same(held[entry - 1].text, bytes) { return (slot, true) }
            slot = (slot + 1) & mask
        }
    }

    private static func same(_ held: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var held = held
        return held.withUTF8 { heldBytes in
            guard heldBytes.count == bytes.count else { return false }
            guard let a = heldBytes.baseAddress, let b = bytes.baseAddress else { return true }
            return memcmp(a, b, bytes.count) == 0
        }
    }

    /// Twice the slots, the texts placed again by the hashes kept.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in held.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index + 1)
        }
    }

    /// The hash of a text's bytes: eight bytes at a time, each step a full multiplication by
    /// the seed, its halves folded.
    private func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress else { return Self.fold(hash, seed) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var offset = 0
        while offset + 8 <= count {
            hash = Self.fold(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self), seed)
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return Self.fold(hash ^ tail ^ 0xA076_1D64_78BD_642F, seed)
    }

    /// A 128-bit product of `value` and the seed, its halves exclusive-ored.
    @inline(__always) private static func fold(_ value: UInt64, _ seed: UInt64) -> UInt64 {
        let product = (value ^ 0xE703_7ED1_A0B4_28DB).multipliedFullWidth(by: seed ^ 0x8EBC_6AF0_9C88_C6E3)
        return product.high ^ product.low
    }
}
