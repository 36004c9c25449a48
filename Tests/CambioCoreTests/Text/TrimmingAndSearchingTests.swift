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

@Suite struct SearchingTests: LineChecks {
    /// Where Foundation's `contains` works (no NUL, no combining marks), the two agree; random
    /// texts of ASCII, Arabic, symbols, bidi marks and spaces.
    @Test func containsTextAgreesWithFoundationWhereItWorks() {
        let pieces = ["a", "b", ".", "$", "US", "د", "إ", "ر", "\u{200F}", "\u{A0}", " ", "€", "ab", "\r", "\n"]
        var random = SplitMix64(seed: 77)
        var found = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0..<8, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            let wanted = (0..<Int.random(in: 0..<3, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            guard !text.contains("\r\n"), !wanted.contains("\r\n"), !wanted.isEmpty else { continue }
            #expect(text.containsText(wanted) == text.contains(wanted), "\(text.debugDescription) \(wanted.debugDescription)")
            if text.containsText(wanted) { found += 1 }
        }
        #expect(found > 1_000, "\(found)")
        #expect("\u{200F}\u{A0}ر.إ.".containsText(".\u{0}") == false)
        #expect("a.\u{0}b".containsText(".\u{0}"))
    }

    /// `list` with a filter of controls, NULs and signs answers in every locale the fuzzer uses
    /// (`list .` and a NUL stopped the program in `ar`).
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "ja_JP", "ar", "ar_EG", "tr_TR", "hi_IN", "de_CH", "es_MX"])
    func listTakesAnyFilter(_ locale: String) {
        for filter in [".\u{0}", "\u{0}", "$\u{0}", ".\r\u{0}", "د.\u{0}", ".\u{0}\u{0}\u{0}", "\u{FFFD}\r.\u{0}", "ر.إ.", "."] {
            let reply = run("list " + filter, locale).reply
            #expect(!reply.lines.isEmpty, "\(locale): list \(filter.debugDescription)")
        }
    }
}
