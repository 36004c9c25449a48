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
    static let spelled: [Character: String] = [
        "ı": "i", "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ħ": "h",
    ]

    /// The rule as it reads: the whole text lowered and folded by Foundation, then each
    /// character kept, spelled out, dropped (apostrophes) or made a single space.
    static func reference(_ text: String) -> String {
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

    /// The Unicode folding compares scalars where the rule compares characters: over random
    /// text of the letters it spells out, apostrophes, combining marks (on them too),
    /// characters canonically equal to others (Ω as U+2126, Å as U+212B) and other letters,
    /// both give the same.
    @Test func scalarsAreComparedAsTheCharactersWouldBe() {
        let spelled = Self.spelled
        let reference = Self.reference
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

    /// Latin text is folded a scalar at a time from remembered answers: over random text of
    /// every scalar below U+0250 (controls, CR before LF, every Latin letter, both cases),
    /// with a few others that send it back to Foundation (combining marks, Greek, Cyrillic,
    /// Han), it folds exactly as Foundation folds the whole text. Each scalar alone is checked too.
    @Test func latinTextFoldsAsFoundationFoldsItWhole() {
        func whole(_ text: String) -> String {
            text.lowercased().folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        }
        for value in UInt32(0)..<0x250 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            #expect(TextFolding.latinStripped(text) == whole(text), "U+\(String(value, radix: 16))")
        }
        let others: [Unicode.Scalar] = ["\u{0300}", "\u{0308}", "\u{0327}", "Σ", "σ", "Й", "й", "한", "\u{2126}", "\u{FF21}"]
        var random = SplitMix64(seed: 0x250)
        for round in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                if round % 4 == 0, Int.random(in: 0..<6, using: &random) == 0 {
                    text.unicodeScalars.append(others.randomElement(using: &random) ?? "a")
                } else if let scalar = Unicode.Scalar(UInt32.random(in: 0..<0x250, using: &random)) {
                    text.unicodeScalars.append(scalar)
                }
            }
            let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }
            if let folded = TextFolding.latinStripped(text) {
                #expect(folded == whole(text), "\(scalars)")
            } else {
                #expect(text.unicodeScalars.contains { $0.value >= 0x250 }, "\(scalars)")
            }
            #expect(TextFolding.foldUnicode(text) == Self.reference(text), "\(scalars)")
        }
    }
}
