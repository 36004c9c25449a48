import Testing

@testable import CambioCore

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

    @Test func anErrorNeverEchoesRawEscapes() throws {
        let table = try SeedTableDecoder.bundled()
        let locale = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let engine = Engine(locale: locale, table: table)
        let outcome = engine.evaluate("12 \u{1B}]52;c;ZXZpbA==\u{7} in usd", in: SessionState(base: .eur, recent: [], locale: locale))
        guard case .error(_, let message) = outcome.reply.lines.first else { return #expect(Bool(false)) }
        #expect(!message.contains("\u{1B}") && !message.contains("\u{7}"))
    }
}
