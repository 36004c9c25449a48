import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

@Suite struct AmountParserTests {

    func parse(_ text: String, _ locale: String) -> Result<ParsedAmount, AmountError> {
        AmountParser(conventions: NumberConventions(localeID: locale)).parse(text)
    }

    func value(_ text: String, _ locale: String) -> Decimal? {
        if case .success(let amount) = parse(text, locale) { return amount.value }
        return nil
    }

    func error(_ text: String, _ locale: String) -> AmountError? {
        if case .failure(let error) = parse(text, locale) { return error }
        return nil
    }

    @Test(arguments: [
        ("1,234.5", "en_US", "1234.5"), ("12.50", "en_US", "12.5"), ("-12.5", "en_US", "-12.5"), (".5", "en_US", "0.5"),
        ("1,234,567.891", "en_US", "1234567.891"), ("1234567", "en_US", "1234567"),
        ("1.234,5", "de_DE", "1234.5"), ("12,50", "de_DE", "12.5"), ("1.234.567", "de_DE", "1234567"),
        ("1\u{202F}234,5", "fr_FR", "1234.5"), ("1\u{00A0}234,5", "fr_FR", "1234.5"), ("12,5", "fr_FR", "12.5"),
        ("1,234.5", "ja_JP", "1234.5"), ("1,234.5", "ar", "1234.5"),
        ("١٬٢٣٤٫٥", "ar_EG", "1234.5"), ("١٢", "ar_EG", "12"), ("1234٫5", "ar_EG", "1234.5"),
        ("1.234,5", "tr_TR", "1234.5"),
        ("12,34,567.5", "hi_IN", "1234567.5"), ("1,234.5", "hi_IN", "1234.5"),
        ("1’234.5", "de_CH", "1234.5"), ("1'234.5", "de_CH", "1234.5"),
        ("0.000000001", "en_US", "0.000000001"), ("+7", "en_US", "7"), ("−7", "en_US", "-7"),
    ])
    func readsAmountsInTheirLocale(_ text: String, _ locale: String, _ expected: String) {
        #expect(value(text, locale) == ExactDecimal.parse(expected), "\(text) in \(locale)")
    }

    @Test(arguments: [("12.5", "ar_EG", "12.5"), ("12.5", "fr_FR", "12.5"), ("12,50", "de_CH", "12.5")])
    func aSeparatorThatCannotGroupIsReadAsTheDecimalPointAndSaidSo(_ text: String, _ locale: String, _ expected: String) throws {
        let amount = try parse(text, locale).get()
        #expect(amount.value == ExactDecimal.parse(expected))
        #expect(amount.separatorReadAsDecimal)
    }

    @Test(arguments: [
        ("12.50", "de_DE", "12,50", "1.250"), ("12,50", "en_US", "12.50", "1,250"), ("1,5", "en_US", "1.5", "15"),
        ("1,2345", "en_US", "1.2345", "12,345"), ("1,50", "en_IN", "1.50", "150"), ("0,5", "en_US", "0.5", "5"),
        ("1.5", "tr_TR", "1,5", "15"),
    ])
    func theLocalesGroupingMarkIsNeverTakenForTheDecimalPoint(_ text: String, _ locale: String, _ decimal: String, _ whole: String) {
        let failure = error(text, locale)
        #expect(failure?.kind == .ambiguousSeparator(text.first { !$0.isNumber } ?? " ", decimalReading: decimal, wholeReading: whole))
        #expect(failure?.offset == text.firstIndex { !$0.isNumber }.map { text.distance(from: text.startIndex, to: $0) })
    }

    @Test(arguments: [
        ("250,000", "en_IN", "250000"), ("1,000,000.5", "en_IN", "1000000.5"), ("2,50,000", "en_IN", "250000"),
        ("1,000,000", "hi_IN", "1000000"), ("12,34,567", "hi_IN", "1234567"),
    ])
    func westernGroupingIsReadWhereTheLocaleGroupsOtherwise(_ text: String, _ locale: String, _ expected: String) {
        #expect(value(text, locale) == ExactDecimal.parse(expected), "\(text) in \(locale)")
    }

    @Test func aValidGroupingIsNotReinterpreted() throws {
        let amount = try parse("1.234", "de_DE").get()
        #expect(amount.value == 1234)
        #expect(!amount.separatorReadAsDecimal)
    }

    @Test(arguments: [
        ("12,5,3", "de_DE", 4, AmountError.Kind.separatorInFraction(",")),
        ("1.23.4", "de_DE", 4, .misplacedGrouping(".")),
        ("12,50,", "de_DE", 5, .separatorInFraction(",")),
        ("12,", "de_DE", 2, .nothingAfterSeparator(",")),
        ("12,5,3", "en_US", 4, .misplacedGrouping(",")),
        ("1,234,56", "en_US", 5, .misplacedGrouping(",")),
        ("1234,567.5", "en_US", 4, .misplacedGrouping(",")),
        ("1234,567.5", "hi_IN", 4, .misplacedGrouping(",")),
        ("1.234,5.6", "de_DE", 7, .separatorInFraction(".")),
        ("12'5", "de_DE", 2, .unexpectedSeparator("'")),
        ("12a", "en_US", 2, .unexpectedCharacter("a")),
    ])
    func malformedAmountsPointAtTheFirstWrongCharacter(_ text: String, _ locale: String, _ offset: Int, _ kind: AmountError.Kind) {
        #expect(error(text, locale) == AmountError(kind: kind, offset: offset), "\(text) in \(locale)")
    }

    @Test func trailingFractionZerosAreNotSignificant() {
        // Found by fuzzing: thirty digits formatted with three decimals must read back.
        let thirty = "444444444444444414444444444222"
        #expect(value(thirty, "fr_FR") != nil)
        let formatted = MoneyFormatter(localeID: "fr_FR").formatNumber(ExactDecimal.parse(thirty)!)
        #expect(value(formatted, "fr_FR") == ExactDecimal.parse(thirty))
    }

    @Test func tooManyDigitsIsAnErrorNotATruncation() {
        let limit = AmountParser.digitLimit
        let text = String(repeating: "9", count: limit + 1)
        #expect(error(text, "en_US")?.kind == .tooManyDigits(limit: limit))
        #expect(value(String(repeating: "9", count: limit), "en_US") != nil)
        // Zeros after the last significant digit of a fraction add no digit.
        #expect(value("1." + String(repeating: "0", count: limit + 10), "en_US") != nil)
    }

    @Test func conventionsAreReadFromICU() {
        let german = NumberConventions(localeID: "de_DE")
        #expect(german.decimalSeparator == "," && german.groupingSeparator == ".")
        let indian = NumberConventions(localeID: "hi_IN")
        #expect(indian.primaryGroupSize == 3 && indian.secondaryGroupSize == 2)
        let egyptian = NumberConventions(localeID: "ar_EG")
        #expect(egyptian.digits == Array("٠١٢٣٤٥٦٧٨٩"))
        #expect(egyptian.decimalSeparator == "٫")
        #expect(NumberConventions(localeID: "de_CH").groupingSeparator == "’")
        #expect(NumberConventions(localeID: "fr_FR").groupingSeparator == "\u{202F}")
        #expect(german.exampleAmount == "1.234,5")
    }
}

extension AmountParserTests {
    /// An error about a mark points at a mark: for every misplaced-grouping error over
    /// random digit strings with commas and points, the caret's character is the mark named.
    @Test(arguments: ["en_IN", "en_US", "de_DE", "hi_IN", "es_ES"])
    func aGroupingErrorPointsAtTheMarkItNames(_ locale: String) {
        var random = SplitMix64(seed: 0xD1B5_4A32_D192_ED03)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var checked = 0
        for _ in 0..<3_000 {
            var text = String(1 + next(9))
            for _ in 0..<(2 + next(9)) { text += next(4) == 0 ? [",", "."][next(2)] : String(next(10)) }
            guard case .failure(let error) = parse(text, locale), case .misplacedGrouping(let mark) = error.kind else { continue }
            let characters = Array(text)
            #expect(error.offset < characters.count && characters[error.offset] == mark, "\(locale) \(text): \(error)")
            checked += 1
        }
        #expect(checked > 50, "\(locale): \(checked)")
    }

    /// The byte path reads what the full reader reads, to the same value, exact value and
    /// note, and leaves the rest to it: random texts of digits, signs and marks.
    @Test(arguments: ["en_US", "de_DE", "en_IN", "hi_IN", "fr_FR", "de_CH", "ar_EG", "ja_JP", "es_ES", "pt_BR"])
    func theBytePathReadsAsTheFullReader(_ locale: String) {
        let fast = AmountParser(conventions: NumberConventions(localeID: locale))
        var full = fast
        full.readsBytes = false
        var random = SplitMix64(seed: UInt64(locale.utf8.count) &* 977)
        let pieces = ["0", "1", "2", "5", "9", "12", "345", "000", ".", ",", ",", ".", "'", "-", "+", " "]
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...10, using: &random)
            let text = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            let got = fast.parse(text)
            let expected = full.parse(text)
            #expect(got == expected, "\(locale): \(text.debugDescription)")
            if case .success(let a) = got, case .success(let b) = expected {
                #expect(a.exact == b.exact && a.value == b.value && a.separatorReadAsDecimal == b.separatorReadAsDecimal, "\(text)")
            }
        }
    }

    /// A grouped number never starts with 0: `0,500` is never five hundred.
    @Test(arguments: [
        ("0,500", "en_US"), ("00,500", "en_US"), ("-0,500", "en_US"), ("0.500", "de_DE"), ("0.500", "tr_TR"),
        ("0,00,500", "en_IN"), ("0,500", "en_IN"), ("٠٬٥٠٠", "ar_EG"),
    ])
    func aLeadingZeroIsNeverAGroup(_ text: String, _ locale: String) {
        guard case .failure(let error) = parse(text, locale) else {
            Issue.record("\(locale): \(text) read as \(String(describing: value(text, locale)))")
            return
        }
        switch error.kind {
        case .ambiguousSeparator, .misplacedGrouping: break
        default: Issue.record("\(locale): \(text): \(error.kind)")
        }
        // Where the mark cannot group at all, the leading zero makes it a decimal fraction.
        #expect(value("0,500", "de_CH") == Decimal(string: "0.5"))
        #expect(value("1,500", "en_US") == 1500)
    }
}

extension AmountParserTests: LineChecks {

    @Test(.tags(.misread), arguments: ["en_IN", "hi_IN"])
    func westernGroupingInIndiaIsAQuarterMillion(_ locale: String) {
        let outcome = run("250,000 inr in usd", locale)
        #expect(outcome.reply.conversions.first?.amount == Rational(250_000))
    }

    @Test(.tags(.misread)) func oneCommaFiftyInTheUSIsAnErrorThatShowsBothReadings() {
        let outcome = run("1,50 eur in usd")
        #expect(
            error(outcome)?.kind
                == .badAmount(.ambiguousSeparator(",", decimalReading: "1.50", wholeReading: "150"), localeID: "en_US", example: "1,234.5"))
        #expect(outcome.reply.conversions.isEmpty)
    }

    /// A '.' or ',' that is not the locale's own mark, standing where a group of thousands
    /// would end, could be either: the line fails with both readings, in every such locale.
    /// The same mark elsewhere is a decimal point, as typed.
    @Test(.tags(.misread), arguments: ["ar_EG", "fr_FR", "de_CH", "de_DE", "en_US", "tr_TR", "en_IN", "es_ES", "pt_BR", "ja_JP"])
    func aForeignMarkWhereThousandsCouldEndIsNeverGuessed(_ locale: String) {
        let conventions = NumberConventions(localeID: locale)
        for mark: Character in [".", ","] where mark != conventions.decimalSeparator && mark != conventions.groupingSeparator {
            for integer in ["1", "12", "123"] {
                let outcome = run("\(integer)\(mark)500 eur in usd", locale)
                guard case .badAmount(.unclearSeparator(let got, let decimal, let whole), _, _)? = error(outcome)?.kind else {
                    Issue.record("\(locale) \(integer)\(mark)500: \(outcome.reply.lines)")
                    continue
                }
                #expect(got == mark)
                #expect(outcome.reply.conversions.isEmpty)
                // Readings use a space one can type, never the locale's invisible one.
                #expect(!(decimal + whole).contains { $0.isWhitespace && $0 != " " }, "\(locale): \(whole)")
                // Both readings can be typed back and mean what they say.
                #expect(
                    run("\(decimal) eur in usd", locale).reply.conversions.first?.amount == Rational(decimalText: "\(integer).5"),
                    "\(locale) \(decimal)")
                #expect(
                    run("\(whole) eur in usd", locale).reply.conversions.first?.amount == Rational(decimalText: "\(integer)500"), "\(locale) \(whole)"
                )
            }
            for (typed, value) in [("12\(mark)5", "12.5"), ("12\(mark)50", "12.5"), ("1234\(mark)500", "1234.5"), ("12\(mark)5000", "12.5")] {
                #expect(run("\(typed) eur in usd", locale).reply.conversions.first?.amount == Rational(decimalText: value), "\(locale) \(typed)")
            }
        }
    }
}
