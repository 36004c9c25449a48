import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// Folding for name matching: the byte-wise path for ASCII text gives exactly what the
/// general Unicode folding gives.
@Suite struct TextFoldingTests {
    @Test func asciiTextFoldsAsTheUnicodePathDoes() {
        var random = SplitMix64(seed: 0x2545_F491_4F6C_DD1D)
        let alphabet = Array("aZz09 .,'-/()$&_\t!?AbcXyQ") + (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        for _ in 0..<5_000 {
            let length = Int.random(in: 0..<32, using: &random)
            var text = ""
            for _ in 0..<length { text.append(alphabet.randomElement(using: &random) ?? "a") }
            #expect(TextFolding.fold(text) == TextFolding.foldUnicode(text), "\(Array(text.utf8))")
        }
    }

    @Test(arguments: [
        ("U.S. Dollar", "u s dollar"), ("O'zbek so'm", "ozbek som"), ("  Swiss  Franc ", "swiss franc"), ("Türk lirası", "turk lirasi"),
        ("Złoty", "zloty"),
    ])
    func namesFoldToPlainWords(_ name: String, _ folded: String) {
        #expect(TextFolding.fold(name) == folded)
    }
    /// The Unicode folding compares scalars where the rule compares characters: over random
    /// text of the letters it spells out, apostrophes, combining marks (on them too),
    /// characters canonically equal to others (Ω as U+2126, Å as U+212B) and other letters,
    /// both give the same.
    @Test func scalarsAreComparedAsTheCharactersWouldBe() {
        let spelled: [Character: String] = [
            "ı": "i", "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ħ": "h",
        ]
        func reference(_ text: String) -> String {
            let stripped = text.lowercased().folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
            var out = ""
            var pendingSpace = false
            for character in stripped {
                if character == "ʻ" || character == "'" || character == "’" { continue }
                if character.isLetter || character.isNumber {
                    if pendingSpace, !out.isEmpty { out.append(" ") }
                    pendingSpace = false
                    if let mapped = spelled[character] { out += mapped } else { out.append(character) }
                } else {
                    pendingSpace = true
                }
            }
            return out
        }
        let pieces =
            Array(spelled.keys).map(String.init) + [
                "ʻ", "'", "’", "\u{0301}", "\u{0308}", "\u{2126}", "\u{212B}", "\u{1FEF}", "e", "É", "İ", "ü", " ", "-", "ž", "한", "₹", "Ø", "Æ",
            ]
        var random = SplitMix64(seed: 26)
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            #expect(TextFolding.foldUnicode(text) == reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
