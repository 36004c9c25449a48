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
    private static let slots = 1 << 12

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
                guard let held = recent[Self.slot(bytes)] else { return false }
                return held.utf8.withContiguousStorageIfAvailable { heldBytes in
                    guard heldBytes.count == bytes.count, let a = heldBytes.baseAddress, let b = bytes.baseAddress else {
                        return bytes.isEmpty && heldBytes.isEmpty
                    }
                    return memcmp(a, b, bytes.count) == 0
                } ?? false
            } ?? false
    }

    private mutating func remember(_ text: String) {
        if recent.isEmpty { recent = Array(repeating: nil, count: Self.slots) }
        let slot = text.utf8.withContiguousStorageIfAvailable(Self.slot)
        if let slot { recent[slot] = text }
    }

    private static func slot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let address = UInt(bitPattern: bytes.baseAddress)
        return Int(truncatingIfNeeded: (address >> 4) ^ (address >> 16)) & (slots - 1)
    }
}
