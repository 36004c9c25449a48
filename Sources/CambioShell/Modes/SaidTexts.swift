/// The notes a run has already said (`$ taken as USD`, `Sat 2024-03-30 has no ECB reference
/// rates …`), said once, not on every line of a ledger.
///
/// Two texts are one when Swift's strings are equal: a note is written by the program from its
/// own sentences and what the line said, so it is the same text each time it is the same note.
struct SaidTexts {
    private var said: Set<String> = []

    /// Whether `text` has been said.
    func contains(_ text: String) -> Bool { said.contains(text) }

    /// Says `text`: true when it had not been said before.
    mutating func insert(_ text: String) -> Bool { said.insert(text).inserted }
}
