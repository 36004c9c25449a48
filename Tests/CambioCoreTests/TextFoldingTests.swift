import Testing

@testable import CambioCore

/// Folding for name matching: the byte-wise path for ASCII text gives exactly what the
/// general Unicode folding gives.
@Suite struct TextFoldingTests {
    @Test func asciiTextFoldsAsTheUnicodePathDoes() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let alphabet = Array("aZz09 .,'-/()$&_\t!?AbcXyQ") + (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 59)
            var text = ""
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
            }
            #expect(TextFolding.fold(text) == TextFolding.foldUnicode(text), "\(Array(text.utf8))")
        }
    }

    @Test(arguments: [("U.S. Dollar", "u s dollar"), ("O'zbek so'm", "ozbek som"), ("  Swiss  Franc ", "swiss franc"), ("Türk lirası", "turk lirasi"), ("Złoty", "zloty")])
    func namesFoldToPlainWords(_ name: String, _ folded: String) {
        #expect(TextFolding.fold(name) == folded)
    }
}
