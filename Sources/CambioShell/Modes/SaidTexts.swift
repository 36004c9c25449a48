import Glibc

/// The notes a run has already said (`$ taken as USD`, `Sat 2024-03-30 has no ECB reference
/// rates …`), said once, not on every line of a ledger. A pipe asks on every line with a note,
/// and most ask again for a text it holds: a dated line's note is the same `String` each time
/// its day comes back. So a text is first looked for, by its bytes' address, among the texts
/// held (its bytes compared, never its address trusted), and hashed into the set only when it
/// is not found there.
struct SaidTexts {
    private var texts: Set<String> = []
    /// Texts held, each in the slot of its bytes' address; `nil` where none is.
    private var recent: [String?] = []

    /// Whether `text` has been said.
    mutating func contains(_ text: String) -> Bool {
        if holdsBytes(of: text) { return true }
        guard texts.contains(text) else { return false }
        remember(text)
        return true
    }

    /// Says `text`: true when it had not been said before.
    mutating func insert(_ text: String) -> Bool {
        if holdsBytes(of: text) { return false }
        let inserted = texts.insert(text).inserted
        remember(text)
        return inserted
    }

    /// Whether the slot of `text`'s address holds a text of the same bytes.
    private func holdsBytes(of text: String) -> Bool {
        guard !recent.isEmpty else { return false }
        return
            text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard let held = recent[slot(bytes)] else { return false }
                return held.utf8.withContiguousStorageIfAvailable { heldBytes in
                    guard heldBytes.count == bytes.count, let a = heldBytes.baseAddress, let b = bytes.baseAddress else {
                        return bytes.isEmpty && heldBytes.isEmpty
                    }
                    return memcmp(a, b, bytes.count) == 0
                } ?? false
            } ?? false
    }

    private mutating func remember(_ text: String) {
        // Room for twice the texts said (from 64 slots): a slot is a shortcut only, so the
        // texts held are dropped when it grows and found again through the set.
        if recent.count < 2 * texts.count || recent.isEmpty {
            var size = 64
            while size < 4 * texts.count { size *= 2 }
            recent = Array(repeating: nil, count: size)
        }
        if let index = text.utf8.withContiguousStorageIfAvailable({ slot($0) }) { recent[index] = text }
    }

    /// The slot of a text's bytes: by their address (`recent` holds a power of two).
    private func slot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let address = UInt(bitPattern: bytes.baseAddress)
        return Int(truncatingIfNeeded: (address >> 4) ^ (address >> 16)) & (recent.count - 1)
    }
}
