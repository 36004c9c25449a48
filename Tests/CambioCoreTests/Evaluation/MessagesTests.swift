import Foundation
import Testing

@testable import CambioCore

/// The sentences about a line: in the language of the interface, its quotation marks, and
/// examples that can be typed as shown.
@Suite struct MessagesTests: LineChecks {

    @Test(.tags(.misread)) func aMessageQuotesInItsOwnLanguage() {
        let outcome = run("1 xyzw in usd", "de_DE")
        let message = outcome.reply.lines.compactMap { if case .error(_, let text) = $0 { text } else { nil } }.first ?? ""
        #expect(message.hasPrefix("unbekannte Währung „xyzw“"), "\(message)")
        #expect(!message.contains("”") && !message.contains("\u{E000}"))
        let english = run("1 xyzw in usd", "en_US").reply.lines.compactMap { if case .error(_, let text) = $0 { text } else { nil } }.first ?? ""
        #expect(english.hasPrefix("unknown currency “xyzw”"))
    }

    /// The note that says how an amount was read shows all of it, not three decimals.
    @Test(
        .tags(.misread),
        arguments: [("0.0001 eur in vnd", "fr_FR", "0,0001"), ("12.5 eur in usd", "de_CH", "12.500"), ("1.23456 eur in usd", "fr_FR", "1,23456")])
    func aReadingNoteShowsTheWholeAmount(_ line: String, _ locale: String, _ shown: String) {
        let notes = notes(run(line.replacingOccurrences(of: ".", with: locale == "de_CH" ? "," : "."), locale))
        #expect(notes.contains { $0.contains(" \(shown) ") }, "\(notes)")
    }

    /// The example a message gives is written the locale's way and reads back as 1234.5 (or
    /// 123456.5 where groups of two come before the last three).
    @Test(.tags(.misread), arguments: ["en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "hi_IN", "tr_TR", "ar_EG", "fa_IR", "es_ES", "ja_JP"])
    func theExampleInMessagesReadsBackInItsLocale(_ locale: String) {
        let conventions = NumberConventions(localeID: locale)
        let expected = conventions.secondaryGroupSize == conventions.primaryGroupSize ? "1234.5" : "123456.5"
        let amount = run("\(conventions.exampleAmount) eur in usd", locale).reply.conversions.first?.amount
        #expect(amount == Rational(decimalText: expected), "\(locale): \(conventions.exampleAmount)")
    }

    @Test(.tags(.misread)) func examplesInMessagesUseASpaceOneCanSeeAndType() {
        #expect(NumberConventions(localeID: "fr_FR").exampleAmount == "1 234,5")
        let message = run("1,2,3 eur in usd", "fr_FR").reply.lines.compactMap { if case .error(_, let text) = $0 { text } else { nil } }.first ?? ""
        #expect(message.hasSuffix("1 234,5"), "\(message)")
    }
}
