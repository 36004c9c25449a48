import Foundation
import Testing

@testable import CambioCore

/// Lines written otherwise than the grammar reads: mended before they are parsed, or a better
/// error.
@Suite struct InputRepairTests: LineChecks {
    @Test(
        .tags(.misread),
        arguments: [("1 234,5 eur in usd", "1234.5"), ("12 345 678,9 eur in usd", "12345678.9"), ("1\u{202F}234,5 eur in usd", "1234.5")])
    func anOrdinarySpaceGroupsDigitsWhereTheLocaleGroupsWithSpaces(_ line: String, _ amount: String) {
        #expect(run(line, "fr_FR").reply.conversions.first?.amount == Rational(decimalText: amount))
    }

    @Test(.tags(.misread), arguments: [("1 23,5 eur in usd", "fr_FR"), ("1 234 eur in usd", "en_US"), ("1 2345 eur in usd", "fr_FR")])
    func aSpaceThatCannotBeGroupingStaysAnError(_ line: String, _ locale: String) {
        #expect(error(run(line, locale)) != nil, "\(line) in \(locale)")
    }

    /// A result line typed back whole is no plausible wrong number: the error names the line
    /// that converts again, and that line gives the same result line.
    @Test(.tags(.misread), arguments: ["en_US", "de_DE", "fr_FR", "de_CH", "tr_TR", "en_IN", "es_MX", "ar_EG"])
    func aResultLineTypedBackNamesTheConversion(_ locale: String) {
        for line in ["12.5 eur in usd", "1234.5 usd in jpy", "0.5 gbp in chf", "99 chf in try", "1000000 jpy in eur"] {
            let conventions = NumberConventions(localeID: locale)
            let local = line.replacingOccurrences(of: ".", with: String(conventions.decimalSeparator))
            guard case .result(let printed, _)? = run(local, locale).reply.lines.first(where: { if case .result = $0 { true } else { false } })
            else {
                Issue.record("\(locale) \(local)")
                continue
            }
            guard case .pastedResult(let conversion)? = error(run(printed.string, locale))?.kind else {
                Issue.record("\(locale) \(printed): \(run(printed.string, locale).reply.lines)")
                continue
            }
            let again = run(conversion, locale).reply.results
            #expect(again.first == printed.string, "\(locale) \(conversion)")
        }
    }

    /// fa_IR `۱۲/۵ irr in usd` (the Persian decimal slash: 12.5) was computed as 12 ÷ 5.
    @Test(.tags(.misread), arguments: ["۱۲/۵ irr in usd", "12/5 irr in usd", "۱۲/۵۰ irr in usd"])
    func thePersianDecimalSlashIsTheDecimalPointAndSaidSo(_ line: String) {
        func amount(_ outcome: Outcome) -> Rational? {
            outcome.reply.conversions.last.map { $0.amount }
        }
        let outcome = run(line, "fa_IR")
        #expect(amount(outcome) == Rational(decimalText: "12.5"), "\(outcome.reply.lines)")
        #expect(notes(outcome).contains { $0.contains("/") }, "\(notes(outcome))")
        // With spaces a slash divides, as it does everywhere.
        let divided = run(line.replacingOccurrences(of: "/", with: " / "), "fa_IR")
        #expect(amount(divided) == (line.contains("۵۰") ? Rational(decimalText: "0.24") : Rational(decimalText: "2.4")), "\(divided.reply.lines)")
        #expect(notes(divided).allSatisfy { !$0.contains("/") })
    }

    /// A date with slashes stays a date in a Persian locale (two slashes among digits are never
    /// a decimal separator), in Persian digits or ASCII, as it reads in every other locale.
    @Test(.tags(.misread), arguments: ["12 eur in usd on 2020/03/13", "12 eur in usd on ۲۰۲۰/۰۳/۱۳", "1 eur in usd on 2020/3/13"])
    func aDateWithSlashesIsADateInPersian(_ line: String) {
        let outcome = run(line, "fa_IR")
        #expect(error(outcome) == nil, "\(outcome.reply.lines)")
        #expect(outcome.reply.conversions.first?.date == "2020-03-13", "\(outcome.reply.lines)")
    }
}
