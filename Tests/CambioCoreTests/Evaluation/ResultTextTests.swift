import CambioTestSupport
import Testing

@testable import CambioCore

@Suite struct ResultTextTests {
    /// Pieces appended one by one give the text of their concatenation, inline or past the
    /// inline capacity, with characters of one to four bytes and marks a sanitiser would see.
    @Test func piecesAppendedAreTheirConcatenation() {
        let pieces = ["1", "234", ".", ",", " = ", "€", "₹", "\u{00A0}", "\u{200F}", "١٢٣", "ş", "𝟙", "US$", "-", "\u{061C}", "ABC", ""]
        var random = SplitMix64(seed: 2026_12_05)
        for _ in 0..<2_000 {
            var text = ResultText()
            var expected = ""
            for _ in 0..<Int(random.next() % 40) {
                var piece = pieces[Int(random.next() % UInt64(pieces.count))]
                piece.withUTF8 { text.append(utf8: UnsafeRawBufferPointer($0)) }
                expected += piece
            }
            #expect(text.string == expected)
            #expect(text == ResultText(expected))
            #expect(text.hashValue == ResultText(expected).hashValue)
            var bytes: [UInt8] = []
            text.append(to: &bytes)
            #expect(bytes == Array(expected.utf8))
        }
    }

    /// The formatter writes the same bytes into a result line's text as into a byte array, in
    /// locales with ASCII digits and with their own (Arabic, Bengali), grouped in threes and in
    /// the Indian way, for random amounts, signs, currencies and decimals.
    @Test func theFormatterWritesTheSameIntoEitherSink() throws {
        let codes = ["EUR", "USD", "JPY", "INR", "TRY", "EGP", "GBP", "KWD", "CHF", "XAU"].compactMap(CurrencyCode.init)
        var random = SplitMix64(seed: 2026_12_05_2)
        for locale in ["de_DE", "en_US", "en_IN", "tr_TR", "ar_EG", "bn_BD", "fr_CH"] {
            let formatter = MoneyFormatter(localeID: locale)
            for _ in 0..<300 {
                let digits = Int(random.next() % 30) + 1
                let significand = try #require(BigUInt(decimal: String((0..<digits).map { _ in Character(String(random.next() % 10)) })))
                let value = Rational(negative: random.next() % 3 == 0, significand: significand, exponent: -Int(random.next() % 8))
                let code = codes[Int(random.next() % UInt64(codes.count))]
                let places = Int(random.next() % 13)
                var bytes: [UInt8] = []
                var text = ResultText()
                formatter.write(value, code, fractionDigits: places, into: &bytes)
                formatter.write(value, code, fractionDigits: places, into: &text)
                #expect(text.string == String(decoding: bytes, as: UTF8.self), "\(locale) \(value) \(code) \(places)")
                bytes.removeAll()
                text = ResultText()
                formatter.writeGiven(value, code, into: &bytes)
                formatter.writeGiven(value, code, into: &text)
                #expect(text.string == String(decoding: bytes, as: UTF8.self), "\(locale) \(value) \(code) given")
            }
        }
    }
}
