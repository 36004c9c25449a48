import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

@Suite struct SaidTextsTests {
    /// `SaidTexts` answers as a `Set<String>` does, over random asks: the same `String` again,
    /// another `String` with the same bytes, a canonically equal one with other bytes (`é` as
    /// one scalar or two), texts short enough to be held inline and long ones.
    @Test func itAnswersAsASetOfStrings() {
        var random = SplitMix64(seed: 25)
        let words = ["Sat", "2024-03-30", "has no ECB reference rates", "(a weekend):", "rates of", "Thu", "é", "e\u{301}", "$", "USD", "€"]
        var made: [String] = []
        for _ in 0..<400 {
            let count = Int.random(in: 1...8, using: &random)
            made.append((0..<count).map { _ in words.randomElement(using: &random) ?? "" }.joined(separator: " "))
        }
        var said = SaidTexts()
        var reference: Set<String> = []
        for _ in 0..<20_000 {
            var text = made.randomElement(using: &random) ?? ""
            // Now and then a fresh copy of the bytes, not the same storage.
            if Bool.random(using: &random) { text = String(decoding: Array(text.utf8), as: UTF8.self) }
            if Bool.random(using: &random) {
                #expect(said.contains(text) == reference.contains(text), "\(text)")
            } else {
                #expect(said.insert(text) == reference.insert(text).inserted, "\(text)")
            }
        }
    }
}
