import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

@Suite struct SaidTextsTests {
    /// `SaidTexts` answers as a set of the texts' bytes does, over random asks: the same
    /// `String` again, another `String` with the same bytes, texts that look alike with other
    /// bytes (`é` as one scalar or two; `ḍ̇` as three orders of its marks), texts short enough
    /// to be held inline and long ones, Latin, Turkish and Arabic letters, enough of them that
    /// its table grows several times.
    @Test func itAnswersAsASetOfTheirBytes() {
        var random = SplitMix64(seed: 25)
        let words = [
            "Sat", "2024-03-30", "has no ECB reference rates", "(a weekend):", "rates of", "Thu", "é", "e\u{301}", "$", "USD", "€",
            "Cmt.", "ı", "ş", "السبت", "\u{1E0B}\u{323}", "d\u{323}\u{307}", "\u{1E0D}\u{307}", "\u{301}", "x",
        ]
        var made: [String] = []
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...8, using: &random)
            made.append((0..<count).map { _ in words.randomElement(using: &random) ?? "" }.joined(separator: " "))
        }
        var said = SaidTexts()
        var reference: Set<[UInt8]> = []
        for _ in 0..<40_000 {
            var text = made.randomElement(using: &random) ?? ""
            // Now and then a fresh copy of the bytes, not the same storage.
            if Bool.random(using: &random) { text = String(decoding: Array(text.utf8), as: UTF8.self) }
            if Bool.random(using: &random) {
                #expect(said.contains(text) == reference.contains(Array(text.utf8)), "\(text)")
            } else {
                #expect(said.insert(text) == reference.insert(Array(text.utf8)).inserted, "\(text)")
            }
        }
    }
}
