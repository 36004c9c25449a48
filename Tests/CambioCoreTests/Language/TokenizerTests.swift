import Foundation
import Testing

@testable import CambioCore

/// The three readings of a line (bytes, scalars, Characters) give the same tokens.
@Suite struct TokenizerTests {
    static func describe(_ result: Result<[Token], CommandError>) -> String {
        switch result {
        case .success(let tokens): tokens.map { "\($0.kind) \($0.text) \($0.range)" }.joined(separator: "|")
        case .failure(let error): "error \(error)"
        }
    }

    /// Random lines of money, symbols, names in several scripts, digits of other scripts,
    /// bidi marks and separators: where every character is one scalar, the scalars read as the
    /// Characters do.
    @Test func scalarsReadAsCharacters() {
        let pieces = [
            "12,50", "€", "$", "£", "¥", "₺", "₹", "-", "−", "+", "×", "(", ")", "%", " ", "\u{A0}", "\u{202F}", "eur", "in", "usd",
            "türk", "lirası", "schweizer", "franken", "١٢٫٥٠", "٬", "\u{200F}", "يورو", "ש״ח", "₪", "رپے", "रुपये", "१२", "²", "Ω",
            "'", "’", "ʻ", ",", ".", "->", "→", "=", "ans", "_", "#", "x", "Ⅻ", "\u{FEFF}", "\t", "1.234", "١٬٢٣٤",
        ]
        var random = SplitMix64(seed: 26)
        var checked = 0
        for _ in 0..<3_000 {
            let count = 1 + Int(random.next() % 8)
            let line = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined(separator: random.next() % 3 == 0 ? "" : " ")
            let scalars = Array(line.unicodeScalars)
            guard scalars.count == line.count else { continue }
            checked += 1
            #expect(Self.describe(Tokenizer.tokenize(elements: scalars)) == Self.describe(Tokenizer.tokenize(elements: Array(line))), "\(line)")
        }
        #expect(checked > 1_000)
    }
}
