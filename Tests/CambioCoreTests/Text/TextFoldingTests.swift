import CambioTestSupport
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
}
