import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// The three readings of a line (bytes, scalars, Characters) give the same tokens.
@Suite struct TokenizerTests: LineChecks {
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

    /// Every reading the tokenizer takes counts as the line's Characters do, which is how the
    /// parser cuts the line at a token's range: ASCII lines with CR, LF and CR LF among symbols,
    /// codes and numbers (`-$YU` after a CR LF stopped the program) tokenize within the line,
    /// and evaluate to a reply, in every locale the fuzzer uses.
    @Test func tokenRangesCountTheLinesCharacters() {
        let pieces = [
            "\r\n", "\r", "\n", "\r\r", "-", "$", "YU", "US", "12", "12,50", "eur", "in", "usd", " ", "J", "CHF", "at", "on", "2024-03-30", "×",
        ]
        var random = SplitMix64(seed: 1310)
        var withCRLF = 0
        for index in 0..<1_200 {
            let count = 1 + Int(random.next() % 9)
            let line = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            if line.contains("\r\n") { withCRLF += 1 }
            if case .success(let tokens) = Tokenizer.tokenize(line) {
                for token in tokens { #expect(token.range.upperBound <= line.count, "\(line.debugDescription): \(token.range)") }
            }
            let locale = ["en_US", "de_DE", "tr_TR", "ar_EG", "hi_IN"][index % 5]
            let reply = run(line, locale).reply
            #expect(!reply.lines.isEmpty || line.allSatisfy(\.isWhitespace), "\(line.debugDescription)")
        }
        #expect(withCRLF > 150, "\(withCRLF)")
    }

    /// The shortcut that spares a line its grapheme segmentation says "one scalar, one
    /// character" only when that is so: 20,000 random lines of ASCII, Latin letters, currency
    /// signs, combining marks, CR LF, emoji, Hangul jamo and Arabic.
    @Test func everyScalarIsACharacterOnlyWhenItIs() {
        var random = SplitMix64(seed: 20_261_204)
        let pool: [Unicode.Scalar] = [
            "a", "Z", "1", " ", ",", ".", "\r", "\n", "\t", "é", "ü", "ß", "ı", "İ", "ÿ", "\u{2B0}", "\u{2FF}", "\u{300}", "\u{301}",
            "\u{20AC}", "\u{20BA}", "\u{20CF}", "\u{20D0}", "\u{200D}", "\u{FE0F}", "\u{1F1E9}", "\u{1F1EA}", "\u{1100}", "\u{1161}",
            "\u{0661}", "\u{0600}", "\u{05D0}", "\u{0E33}", "\u{FEFF}",
        ]
        var agreed = 0
        for _ in 0..<20_000 {
            let scalars = (0..<Int.random(in: 0...12, using: &random)).map { _ in pool[Int.random(in: 0..<pool.count, using: &random)] }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            if Tokenizer.everyScalarIsACharacter(scalars) {
                #expect(text.count == scalars.count, "\(scalars.map { String($0.value, radix: 16) })")
                agreed += 1
            }
        }
        // The shortcut is taken often enough to matter.
        #expect(agreed > 1_000)
    }

    /// The connectors are stated folded: each is its own folded form, as a typed word is
    /// compared with them.
    @Test func theConnectorsAreStatedFolded() {
        #expect(Command.connectors.count == 25)
        for word in Command.connectors { #expect(TextFolding.fold(word) == word, "\(word.unicodeScalars.map { String($0.value, radix: 16) })") }
    }

    /// Every word of the parser's keyword lists is found in its list through the filter, and
    /// no other word is: the lists' words, their neighbours and random words.
    @Test func keywordsAreFoundThroughTheFilter() {
        let lists: [(Set<String>, Token.Keywords)] = [
            (Command.connectors, .connector), (Parser.ofWords, .of), (Parser.answerWords, .answer), (Parser.joiners, .joiner),
            (Parser.openingWords, .opening), (Parser.dateWords, .date), (Parser.averageWords, .average), (Parser.atWords, .at),
            (Set(Parser.suffixes.keys.flatMap { [$0, $0 + "."] }), .suffix),
        ]
        for (words, keyword) in lists {
            for word in words { #expect(Token.Keywords.of(word).contains(keyword), "\(word)") }
        }
        let all = lists.reduce(into: Set<String>()) { $0.formUnion($1.0) }
        var random = SplitMix64(seed: 20_261_205)
        let letters = Array("abcdefghijklmnopqrstuvwxyzäöüı")
        var others = all.flatMap { [$0 + "s", String($0.dropLast()), "x" + $0] }
        for _ in 0..<5_000 { others.append(String((0..<Int.random(in: 1...6, using: &random)).map { _ in letters.randomElement(using: &random)! })) }
        for word in others where !all.contains(word) { #expect(Token.Keywords.of(word).isEmpty, "\(word)") }
    }
}
