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

/// Errors that said something else than what was wrong.
extension MessagesTests {
    /// A date before the target is the line's date; the target stays the conversion's.
    @Test(arguments: ["45.80 eur on 2024-01-15 in usd", "45.80 eur on 2024-01-15 to usd", "45,80 eur on 15.01.2024 -> usd"])
    func aDateBeforeTheTargetIsRead(_ line: String) {
        let outcome = run(line, line.contains("15.01") ? "de_DE" : "en_US")
        #expect(converted(outcome) == ["EUR>USD"], "\(outcome.reply.lines)")
        #expect(outcome.reply.conversions.first?.date == "2024-01-15")
        #expect(outcome.reply.conversions.first?.rate == run("45.80 eur in usd on 2024-01-15").reply.conversions.first?.rate)
    }

    /// A date inside parentheses is one date a line, said as such (it said “a ( is not closed”).
    @Test func aDateInsideParenthesesSaysWhereDatesGo() {
        let outcome = run("(45.80 eur in usd on 2024-01-15) + (12500 jpy in usd on 2024-02-29)")
        #expect(error(outcome)?.kind == .date(.insideParentheses), "\(outcome.reply.lines)")
        #expect(message(outcome)?.contains("one date a line") == true)
        let outside = run("(45.80 eur in usd) + (12500 jpy in usd) on 2024-02-29")
        #expect(!outside.reply.failed && outside.reply.conversions.allSatisfy { $0.date == "2024-02-29" }, "\(outside.reply.lines)")
    }

    /// A hundredth of a currency is said to be one, with no currencies suggested (`100 cent`
    /// suggested JPY, CNY and XAF).
    @Test(arguments: ["100 cent", "50 cents in usd", "20 pence", "5 kuruş"])
    func aSubunitIsNoCurrencyAndSuggestsNone(_ line: String) {
        let outcome = run(line)
        #expect(message(outcome)?.contains("a hundredth of a currency") == true, "\(outcome.reply.lines)")
        #expect(message(outcome)?.contains("did you mean") == false)
    }

    private func message(_ outcome: Outcome) -> String? {
        for case .error(_, let text) in outcome.reply.lines { return text }
        return nil
    }
}

extension MessagesTests {
    /// An exponent too large to write out is not suggested as what to write (it said “write
    /// 1e1249”); a small one is written out.
    @Test func anExponentSaysWhatToWriteOrThatItCannotBeWritten() {
        let large = run("1e1249 eur")
        guard case .error(_, let message)? = large.reply.lines.first else { return #expect(Bool(false), "\(large.reply.lines)") }
        #expect(message.contains("more than the 1250 digits") && !message.contains("write “1e1249”"), "\(message)")
        guard case .error(_, let small)? = run("1e3 eur").reply.lines.first else { return #expect(Bool(false)) }
        #expect(small.hasSuffix("write 1000"), "\(small)")
    }
}

extension MessagesTests {
    /// A line of thousands of words is refused at once with what to do, never read for minutes
    /// (a 64 KB `chart` line took 140 s, 8,100 × ` and gbp` 20 s: a walk back over every word
    /// before each character, and every split of a chart's words tried).
    @Test(arguments: [
        "1 eur in usd" + String(repeating: " and gbp", count: 8_100), "rates " + String(repeating: "usd gbp jpy chf ", count: 4_000),
        "1 eur" + String(repeating: " + 1 eur", count: 5_000),
    ])
    func aLineOfTooManyWordsIsRefusedAtOnce(_ line: String) {
        let started = ContinuousClock.now
        let outcome = run(line)
        #expect(error(outcome)?.kind == .tooManyWords(limit: Parser.tokenLimit), "\(outcome.reply.lines.prefix(1))")
        // Not a speed target: a guard against work that grows with the square of the words.
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aChartOfTooManyWordsIsNoPair() {
        let outcome = run("chart eur usd " + Array(repeating: "x", count: 16_000).joined(separator: " "))
        guard case .badChart? = error(outcome)?.kind else { return #expect(Bool(false), "\(outcome.reply.lines.prefix(1))") }
        #expect(!run("chart eur usd 1y").reply.failed)
        // Up to the limit a line is read as ever.
        #expect(run("1 eur in usd" + String(repeating: " and gbp", count: 200)).reply.failed == false)
    }
}
