import CambioTestSupport
import Testing

@testable import CambioCore
@testable import CambioWire

@Suite struct TerminalSafetyTests {
    @Test(arguments: [
        "\u{1B}]52;c;ZXZpbA==\u{7}", "\u{1B}[2J\u{1B}[H", "\u{202E}dsu\u{202C}", "\u{9B}31m", "a\u{0}b", "\u{7F}",
    ])
    func controlEscapeAndBidiOverrideCharactersAreShownNotObeyed(_ text: String) {
        let shown = Sanitiser.visible(text)
        #expect(!shown.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(!shown.contains("\u{202E}") && !shown.contains("\u{202C}"))
        #expect(shown.contains("U+"))
    }

    /// The blocks passed without a category lookup hold no control or format character:
    /// over every scalar, what is hidden is what its category says.
    @Test func everyControlAndFormatScalarIsShownAndNothingElse() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            let expected = category == .control || category == .format && !Sanitiser.bidiMarks.contains(Character(scalar))
            if Sanitiser.hidden(value) != expected { #expect(Bool(false), "U+\(String(value, radix: 16))") }
            // Read from its UTF-8 among letters of one, two and three bytes.
            guard value % 5 == 0 || expected else { continue }
            let shown = expected ? "U+" + String(value, radix: 16, uppercase: true).zeroPadded(to: 4) : String(scalar)
            if Sanitiser.visible("aé" + String(scalar) + "€") != "aé" + shown + "€" { #expect(Bool(false), "U+\(String(value, radix: 16)) in text") }
        }
    }

    /// What is quoted is shortened to 39 characters and an ellipsis when it has more than 40,
    /// counted as characters (a letter and its marks are one), and made visible.
    @Test func quotingShortensByCharacters() {
        var random = SplitMix64(seed: 2026_12_07)
        let pieces = ["a", "é", "e\u{301}", "\u{301}", "👍🏽", "\u{1B}", "\r\n", "ß", "\u{202E}", "\u{200F}", "中", " "]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...60, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
            #expect(Sanitiser.quoted(text) == "\u{E000}" + Sanitiser.visible(shown) + "\u{E001}", "\(text.debugDescription)")
        }
    }

    @Test func anErrorNeverEchoesRawEscapes() throws {
        let table = try SeedTableDecoder.bundled()
        let locale = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let engine = Engine(locale: locale, table: table)
        let outcome = engine.evaluate("12 \u{1B}]52;c;ZXZpbA==\u{7} in usd", in: SessionState(base: .eur, recent: [], locale: locale))
        guard case .error(_, let message) = outcome.reply.lines.first else { return #expect(Bool(false)) }
        #expect(!message.contains("\u{1B}") && !message.contains("\u{7}"))
    }
}
