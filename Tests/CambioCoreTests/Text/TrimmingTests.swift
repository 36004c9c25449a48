import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

@Suite struct TrimmingTests {
    /// The same text as Foundation's `trimmingCharacters(in: .whitespaces)`, on random text of
    /// every kind of space, other separators and letters, at both ends and inside.
    @Test func trimmingSpacesAgreesWithFoundation() {
        let pieces: [String] = [
            " ", "\t", "\u{00A0}", "\u{202F}", "\u{2009}", "\u{3000}", "\u{1680}", "\u{200B}", "\n", "\r", "\u{2028}", "\u{FEFF}",
            "a", "€", "12,5", "é", "e\u{0301}", "\u{0301}", "ب", "ـ", "🇩🇪", "\u{200F}", "",
        ]
        var random = SplitMix64(seed: 5)
        var trimmed = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<7, using: &random) { text += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            let expected = text.trimmingCharacters(in: .whitespaces)
            #expect(text.trimmingSpaces() == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(Substring(text).trimmingSpaces() == expected)
            if expected != text { trimmed += 1 }
        }
        #expect(trimmed > 5_000)
        // Every scalar that Foundation counts as a space, alone and around a letter.
        for value in UInt32(0)..<0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "x" + String(scalar)
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
        }
    }
}
