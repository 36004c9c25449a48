import Foundation
import Testing

@testable import CambioCore

/// Lines that once gave a plausible wrong number with no complaint. Each now converts what
/// was meant, says what it took, or fails with the reason.
@Suite struct MisreadTests {
    let table: RateTable
    init() throws { table = try SeedTableDecoder.bundled() }

    func run(_ line: String, _ locale: String = "en_US") -> Outcome {
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        return Engine(locale: settings, table: table).evaluate(line, in: SessionState(base: .eur, recent: [], locale: settings, table: table))
    }

    func preview(_ line: String, _ locale: String = "en_US") -> String? {
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        return Engine(locale: settings, table: table).preview(line, in: SessionState(base: .eur, recent: [], locale: settings, table: table))
    }

    func converted(_ outcome: Outcome) -> [String] { outcome.reply.conversions.map { "\($0.from)>\($0.to)" } }

    func notes(_ outcome: Outcome) -> [String] {
        outcome.reply.lines.compactMap { if case .assumption(let text) = $0 { text } else { nil } }
    }

    func error(_ outcome: Outcome) -> CommandError? {
        for case .error(let error, _) in outcome.reply.lines { return error }
        return nil
    }

    @Test(arguments: [("en_US", "MXN"), ("de_DE", "MXN"), ("en_PH", "PHP"), ("es_MX", "MXN"), ("es_CO", "COP"), ("es_AR", "ARS")])
    func pesoIsTheRegionsPesoElseTheMostTradedAndTheReplySaysSo(_ locale: String, _ code: String) {
        let outcome = run("100 peso in usd", locale)
        #expect(converted(outcome) == ["\(code)>USD"], "\(locale)")
        #expect(notes(outcome).contains { $0.contains(code) && $0.contains("peso") }, "\(locale): \(notes(outcome))")
        // The preview converts the very same currency.
        let amount = MoneyFormatter(localeID: locale).format(outcome.reply.conversions.first?.result ?? .zero, .usd)
        #expect(preview("100 peso in usd", locale) == "= " + amount)
    }

    @Test(arguments: ["en_IN", "hi_IN"])
    func westernGroupingInIndiaIsAQuarterMillion(_ locale: String) {
        let outcome = run("250,000 inr in usd", locale)
        #expect(outcome.reply.conversions.first?.amount == 250_000)
    }

    @Test func oneCommaFiftyInTheUSIsAnErrorThatShowsBothReadings() {
        let outcome = run("1,50 eur in usd")
        #expect(error(outcome)?.kind == .badAmount(.ambiguousSeparator(",", decimalReading: "1.50", wholeReading: "150"), localeID: "en_US", example: "1,234.5"))
        #expect(outcome.reply.conversions.isEmpty)
    }

    /// A '.' or ',' that is not the locale's own mark, standing where a group of thousands
    /// would end, could be either: the line fails with both readings, in every such locale.
    /// The same mark elsewhere is a decimal point, as typed.
    @Test(arguments: ["ar_EG", "fr_FR", "de_CH", "de_DE", "en_US", "tr_TR", "en_IN", "es_ES", "pt_BR", "ja_JP"])
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
                #expect(run("\(decimal) eur in usd", locale).reply.conversions.first?.amount == Decimal(string: "\(integer).5"), "\(locale) \(decimal)")
                #expect(run("\(whole) eur in usd", locale).reply.conversions.first?.amount == Decimal(string: "\(integer)500"), "\(locale) \(whole)")
            }
            for (typed, value) in [("12\(mark)5", "12.5"), ("12\(mark)50", "12.5"), ("1234\(mark)500", "1234.5"), ("12\(mark)5000", "12.5")] {
                #expect(run("\(typed) eur in usd", locale).reply.conversions.first?.amount == Decimal(string: value), "\(locale) \(typed)")
            }
        }
    }

    @Test(arguments: ["12 eur in usd, usd", "12 eur in usd, dollars, gbp, usd", "12 eur in usd and gbp and usd"])
    func aTargetNamedTwiceIsConvertedIntoOnce(_ line: String) {
        let converted = converted(run(line))
        #expect(converted.count == Set(converted).count && converted.first == "EUR>USD", "\(converted)")
    }

    @Test(arguments: ["12 eur in usd and gbp", "12 eur in usd, gbp", "12 eur in usd gbp", "12 eur to usd and gbp"])
    func andJoinsTargets(_ line: String) {
        #expect(converted(run(line)) == ["EUR>USD", "EUR>GBP"])
    }

    @Test func aNameWithAndInItIsStillOneCurrency() {
        #expect(converted(run("12 eur in trinidad and tobago dollar")) == ["EUR>TTD"])
    }

    @Test(arguments: ["12 eur in de", "12 eur in us", "12 de in eur"])
    func twoLettersAreNoCurrency(_ line: String) {
        guard case .unknownCurrency = error(run(line))?.kind else { return #expect(Bool(false), "\(line)") }
    }

    @Test(arguments: [("hlep", "help"), ("stauts", "status"), ("swpa", "swap"), ("rats", "rates"), ("qiut", "quit"), ("clear", "recent clear"), ("Clear", "recent clear")])
    func commandTyposSuggestCommands(_ typed: String, _ command: String) {
        #expect(error(run(typed))?.kind == .unknownCommand(typed, suggestion: command))
    }

    @Test func anExponentIsAnErrorThatSaysWhatToWrite() {
        #expect(error(run("1e3 eur in usd"))?.kind == .exponent("1e3", expanded: "1000"))
        #expect(error(run("2.5E-2 eur"))?.kind == .exponent("2.5E-2", expanded: "0.025"))
        #expect(error(run("1e3 eur"))?.range == 0..<3)
    }

    @Test(arguments: ["eur/usd", "EURUSD", "eurusd", "eur in usd", "convert eur to usd", "eur in usd?"])
    func pairsAskForTheRate(_ line: String) {
        let outcome = run(line)
        #expect(outcome.reply.lines.first == .result("€1 = $1.143", detail: "$1 = €0.8747"), "\(line)")
    }

    @Test(arguments: ["convert 12 eur to usd", "12 eur in usd?", "12 EUR → USD", "12 euros in dollars", "12 eur in US dollars"])
    func everydayFormsConvert(_ line: String) {
        #expect(converted(run(line)) == ["EUR>USD"], "\(line)")
    }
}

extension MisreadTests {
    @Test(arguments: ["İNR", "ınr", "İnr", "INR"])
    func turkishCapitalAndDotlessIAreTheLetterI(_ code: String) {
        #expect(converted(run("1 \(code) in usd", "tr_TR")) == ["INR>USD"], "\(code)")
    }

    @Test func aMessageQuotesInItsOwnLanguage() {
        let outcome = run("1 xyzw in usd", "de_DE")
        let message = outcome.reply.lines.compactMap { if case .error(_, let text) = $0 { text } else { nil } }.first ?? ""
        #expect(message.hasPrefix("unbekannte Währung „xyzw“"), "\(message)")
        #expect(!message.contains("”") && !message.contains("\u{E000}"))
        let english = run("1 xyzw in usd", "en_US").reply.lines.compactMap { if case .error(_, let text) = $0 { text } else { nil } }.first ?? ""
        #expect(english.hasPrefix("unknown currency “xyzw”"))
    }

    @Test func choosingALocaleAnswersInItsLanguage() {
        let outcome = run("locale tr_TR", "de_DE")
        let notes = outcome.reply.lines.compactMap { if case .note(let text) = $0 { text } else { nil } }
        #expect(notes.first?.hasPrefix("yerel ayar") == true, "\(notes)")
    }
}

extension MisreadTests {
    @Test(arguments: [("1 234,5 eur in usd", "1234.5"), ("12 345 678,9 eur in usd", "12345678.9"), ("1\u{202F}234,5 eur in usd", "1234.5")])
    func anOrdinarySpaceGroupsDigitsWhereTheLocaleGroupsWithSpaces(_ line: String, _ amount: String) {
        #expect(run(line, "fr_FR").reply.conversions.first?.amount == Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test(arguments: [("1 23,5 eur in usd", "fr_FR"), ("1 234 eur in usd", "en_US"), ("1 2345 eur in usd", "fr_FR")])
    func aSpaceThatCannotBeGroupingStaysAnError(_ line: String, _ locale: String) {
        #expect(error(run(line, locale)) != nil, "\(line) in \(locale)")
    }

    /// The amount echoed before `=` is the amount given: every decimal it has beyond three
    /// is kept, so that the line reads back to the same value (never `€0.000 = ₫3.007`).
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "ar_EG", "en_IN"])
    func theEchoedAmountIsTheAmountGiven(_ locale: String) {
        let conventions = NumberConventions(localeID: locale)
        for typed in ["0.0001", "0.0004", "16.5405", "1234.123456789", "0.000000000000000000001", "7", "2.5", "16.5400"] {
            let local = typed.replacingOccurrences(of: ".", with: String(conventions.decimalSeparator))
            let outcome = run("\(local) xau in usd", locale)
            guard case .result(let text, _)? = outcome.reply.lines.first(where: { if case .result = $0 { true } else { false } }),
                let echoed = text.string.components(separatedBy: " = ").first
            else {
                Issue.record("\(locale) \(typed): \(outcome.reply.lines)")
                continue
            }
            #expect(run("\(echoed) in usd", locale).reply.conversions.first?.amount == Decimal(string: typed), "\(locale) \(typed): \(echoed)")
        }
    }

    /// Every command word typed in Turkish capitals (`LİST`, where `I` is `İ`) or in plain
    /// capitals is the command, with its argument; a near miss names the word as typed.
    @Test func commandWordsInTurkishCapitalsAreTheCommands() {
        for word in CommandTable.grammar.words {
            let turkish = String(word.uppercased().map { $0 == "I" ? "İ" : $0 })
            for typed in [word.uppercased(), turkish] {
                for line in [typed, "\(typed) usd", "help \(typed)"] {
                    let lower = line.replacingOccurrences(of: typed, with: word)
                    #expect(parseLine(line) == parseLine(lower), "\(line)")
                }
            }
        }
        let outcome = run("SİWAP", "tr_TR")
        #expect(error(outcome)?.kind == .unknownCommand("SİWAP", suggestion: "swap"), "\(outcome.reply.lines)")
        #expect(error(outcome)?.range == 0..<5)
    }

    /// The live result agrees with Enter on lines written the locale's way, grouping
    /// spaces included.
    @Test(arguments: [
        ("12 500 eur in usd", "fr_FR"), ("1 234 567,5 eur in usd", "fr_FR"), ("1\u{202F}234,5 € in $", "fr_FR"),
        ("12.500,50 € in $", "de_DE"), ("1,23,456.5 inr in usd", "en_IN"), ("250,000 inr in usd", "en_IN"), ("12,50 avro in tl", "tr_TR"),
    ])
    func thePreviewIsWhatEnterGives(_ line: String, _ locale: String) {
        let outcome = run(line, locale)
        guard let conversion = outcome.reply.conversions.first else {
            Issue.record("\(line) in \(locale): \(outcome.reply.lines)")
            return
        }
        #expect(preview(line, locale) == "= " + MoneyFormatter(localeID: locale).format(conversion.result, conversion.to), "\(line) in \(locale)")
    }

    /// A result line typed back whole is no plausible wrong number: the error names the line
    /// that converts again, and that line gives the same result line.
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "de_CH", "tr_TR", "en_IN", "es_MX", "ar_EG"])
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

    /// The note that says how an amount was read shows all of it, not three decimals.
    @Test(arguments: [("0.0001 eur in vnd", "fr_FR", "0,0001"), ("12.5 eur in usd", "de_CH", "12.500"), ("1.23456 eur in usd", "fr_FR", "1,23456")])
    func aReadingNoteShowsTheWholeAmount(_ line: String, _ locale: String, _ shown: String) {
        let notes = notes(run(line.replacingOccurrences(of: ".", with: locale == "de_CH" ? "," : "."), locale))
        #expect(notes.contains { $0.contains(" \(shown) ") }, "\(notes)")
    }

    /// The example a message gives is written the locale's way and reads back as 1234.5 (or
    /// 123456.5 where groups of two come before the last three).
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "hi_IN", "tr_TR", "ar_EG", "fa_IR", "es_ES", "ja_JP"])
    func theExampleInMessagesReadsBackInItsLocale(_ locale: String) {
        let conventions = NumberConventions(localeID: locale)
        let expected = conventions.secondaryGroupSize == conventions.primaryGroupSize ? "1234.5" : "123456.5"
        let amount = run("\(conventions.exampleAmount) eur in usd", locale).reply.conversions.first?.amount
        #expect(amount == Decimal(string: expected), "\(locale): \(conventions.exampleAmount)")
    }

    @Test func examplesInMessagesUseASpaceOneCanSeeAndType() {
        #expect(NumberConventions(localeID: "fr_FR").exampleAmount == "1 234,5")
        let message = run("1,2,3 eur in usd", "fr_FR").reply.lines.compactMap { if case .error(_, let text) = $0 { text } else { nil } }.first ?? ""
        #expect(message.hasSuffix("1 234,5"), "\(message)")
    }
}

extension MisreadTests {
    @Test(arguments: ["en_US", "de_DE", "tr_TR"])
    func everyWordOfATwoWordNameMayBeStartedInEveryLanguage(_ locale: String) {
        #expect(converted(run("12 turk lira in eur", locale)) == ["TRY>EUR"], "\(locale)")
        #expect(converted(run("12 turk lir in eur", locale)) == ["TRY>EUR"], "\(locale)")
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        let engine = Engine(locale: settings, table: table)
        let completion = Completer.complete("12 eur in turk lir", engine: engine, recent: [])
        #expect(completion.candidates.first?.code?.rawValue == "TRY", "\(locale): \(completion.candidates.map(\.insert))")
    }

    /// A part of a name (the start of a word, or a word) finds the one currency it fits and the
    /// reply says which; a whole name says nothing; a plural never becomes the start of another
    /// word (`cents` is not “Central African CFA Franc”).
    @Test(arguments: [("50 eth in usd", "ETB"), ("12 north in eur", "KPW"), ("12 jap in eur", "JPY"), ("12 east in eur", "XCD")])
    func partOfANameIsSaid(_ line: String, _ code: String) {
        let outcome = run(line)
        #expect(converted(outcome).first?.hasPrefix(code) == true, "\(line): \(outcome.reply.lines)")
        #expect(notes(outcome).contains { $0.contains(code) }, "\(line): \(notes(outcome))")
    }

    @Test(arguments: ["12 japanese yen in eur", "12 euros in usd", "12 eur in usd", "12 swiss franc in eur"])
    func aWholeNameOrCodeIsNotRemarkedOn(_ line: String) {
        let outcome = run(line)
        #expect(!outcome.reply.failed && notes(outcome).isEmpty, "\(line): \(outcome.reply.lines)")
    }

    @Test(arguments: [("50 cents in usd", "cents"), ("12 usd in cents", "cents"), ("50 cent in usd", "cent"), ("100 and", "and"), ("100 per in eur", "per"), ("1 ang in eur", "ang")])
    func wordsAndWithdrawnCodesAreNoCurrency(_ line: String, _ word: String) {
        guard case .unknownCurrency(let typed, _)? = error(run(line))?.kind else {
            return #expect(Bool(false), "\(line): \(run(line).reply.lines)")
        }
        #expect(typed == word)
    }

    /// A withdrawn currency the history quotes is found by its code for a dated line; without
    /// a date the error says until when it has rates.
    @Test func withdrawnCurrenciesOfTheHistoryConvertOnTheirDays() {
        #expect(converted(run("1000000 trl in eur on 2003-01-02")) == ["TRL>EUR"])
        #expect(converted(run("1 eur in rol on 2004-01-05")) == ["EUR>ROL"])
        guard case .withdrawnCurrency(let code, _, let last)? = error(run("1 trl in eur"))?.kind else {
            return #expect(Bool(false), "\(run("1 trl in eur").reply.lines)")
        }
        #expect(code.rawValue == "TRL" && last.iso == "2004-12-31")
    }

    @Test(arguments: ["12 rmb in eur", "12 Rmb in eur", "12 RMB in eur", "12 eur in rmb"])
    func lettersOfASymbolInAnyCase(_ line: String) {
        #expect(converted(run(line)).joined().contains("CNY"), "\(line): \(run(line).reply.lines)")
    }

    @Test func aSignBeforeTheAnswerNegatesIt() {
        let settings = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let engine = Engine(locale: settings, table: table)
        var state = SessionState(base: .eur, recent: [], locale: settings, table: table)
        _ = engine.evaluate("12 eur × 1", state: &state)
        for (line, value) in [("-ans", Rational(-12)), ("−ans", Rational(-12)), ("+ans", Rational(12)), ("2 × -ans", Rational(-24))] {
            var copy = state
            let reply = engine.evaluate(line, state: &copy).reply
            #expect(reply.value == Money(value, .eur), "\(line): \(reply.lines)")
        }
    }

    @Test(arguments: ["12 eur in usd on", "eur in usd on", "rates on"])
    func onWithoutADateSaysOneIsMissing(_ line: String) {
        guard case .date(.reading(.missing, _, _))? = error(run(line))?.kind else {
            return #expect(Bool(false), "\(line): \(run(line).reply.lines)")
        }
    }

    /// An ambiguous name lists every currency it fits, each with its code, not “and 1 more”.
    @Test(arguments: ["12 dinar in usd", "1 rial in eur", "12 kwacha in eur", "12 som in eur"])
    func anAmbiguousNameNamesEveryChoice(_ line: String) {
        let outcome = run(line)
        var message = ""
        for case .error(_, let text) in outcome.reply.lines { message = text }
        guard case .ambiguousCurrency(_, let candidates)? = error(outcome)?.kind, candidates.count <= 10 else {
            return #expect(Bool(false), "\(line): \(outcome.reply.lines)")
        }
        for code in candidates { #expect(message.contains(code.rawValue), "\(line): \(code) missing from \(message)") }
        #expect(!message.contains("more"), "\(message)")
    }

    @Test(arguments: [("help swapp", "help swap"), ("help stauts", "help status"), ("help rats", "help rates")])
    func aHelpTopicTypoSuggestsTheTopic(_ line: String, _ suggestion: String) {
        let outcome = run(line)
        var message = ""
        for case .error(_, let text) in outcome.reply.lines { message = text }
        #expect(message.contains("“\(suggestion)”"), "\(line): \(message)")
    }

    /// Every amount printed reads back, however long: a 30-digit amount into VND (35 digits), a
    /// product of two 30-digit amounts, in locales with other marks and digits; a result too
    /// long to read back is refused, not printed.
    @Test(arguments: ["en_US", "de_DE", "en_IN", "ar_EG", "fr_CH"])
    func longResultsReadBack(_ locale: String) throws {
        let big = "123456789012345678901234567890"
        for line in ["\(big) byn in vnd", "\(big) × \(big) eur in usd", "\(big) usd in eur"] {
            let first = run(line, locale)
            let conversion = try #require(first.reply.conversions.last, "\(line): \(first.reply.lines)")
            let printed = try #require(first.reply.results.first?.components(separatedBy: " = ").last)
            let again = run(printed + " in eur", locale)
            let read = try #require(again.reply.conversions.first, "\(locale): \(printed) did not read: \(again.reply.lines)")
            #expect(read.from == conversion.to, "\(printed)")
            let rounded = try #require(Rational(decimalText: conversion.roundedResult))
            #expect(read.exactAmount == rounded, "\(locale): \(printed)")
        }
        let huge = String(repeating: "9", count: AmountParser.digitLimit)
        guard case .arithmetic(.tooLong)? = error(run("\(huge) byn in vnd", locale))?.kind else {
            return #expect(Bool(false), "\(locale): a result longer than the reader takes was printed")
        }
    }

    /// `ans` is echoed with every decimal it has, so that the line reads true.
    @Test func theAnswerIsEchoedExactly() {
        let settings = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let engine = Engine(locale: settings, table: table)
        var state = SessionState(base: .eur, recent: [], locale: settings, table: table)
        _ = engine.evaluate("12.50 eur in usd", state: &state)
        let reply = engine.evaluate("ans × 2", state: &state).reply
        #expect(reply.results.first == "$14.290824625 × 2 = $28.582", "\(reply.lines)")
        _ = engine.evaluate("-ans", state: &state)
        #expect(engine.evaluate("2 × -ans", state: &state).reply.results.first == "2 × −(-$28.58164925) = $57.163")
    }

    /// fa_IR `۱۲/۵ irr in usd` (the Persian decimal slash: 12.5) was computed as 12 ÷ 5.
    @Test(arguments: ["۱۲/۵ irr in usd", "12/5 irr in usd", "۱۲/۵۰ irr in usd"])
    func thePersianDecimalSlashIsTheDecimalPointAndSaidSo(_ line: String) {
        func amount(_ outcome: Outcome) -> Rational? {
            outcome.reply.conversions.last.map { $0.exactAmount ?? Rational($0.amount) ?? .zero }
        }
        let outcome = run(line, "fa_IR")
        #expect(amount(outcome) == Rational(decimalText: "12.5"), "\(outcome.reply.lines)")
        #expect(notes(outcome).contains { $0.contains("/") }, "\(notes(outcome))")
        // With spaces a slash divides, as it does everywhere.
        let divided = run(line.replacingOccurrences(of: "/", with: " / "), "fa_IR")
        #expect(amount(divided) == (line.contains("۵۰") ? Rational(decimalText: "0.24") : Rational(decimalText: "2.4")), "\(divided.reply.lines)")
        #expect(notes(divided).allSatisfy { !$0.contains("/") })
    }

    /// zh_TW and zh_HK `100元` were read as CNY where people mean TWD and HKD: the region rule
    /// applies to 元 and 圓 as it does to `$`, and the reply says which was taken.
    @Test(arguments: [("zh_TW", "TWD"), ("zh_HK", "HKD"), ("zh_CN", "CNY"), ("zh_MO", "MOP"), ("en_US", "CNY")])
    func yuanIsTheRegionsOwn(_ locale: String, _ code: String) {
        for line in ["100元 in usd", "100 圓 in usd"] where !(line.contains("圓") && locale == "zh_CN") {
            let outcome = run(line, locale)
            #expect(converted(outcome) == ["\(code)>USD"], "\(locale) \(line): \(outcome.reply.lines)")
            #expect(notes(outcome).contains { $0.contains(code) }, "\(locale): \(notes(outcome))")
        }
    }

    /// en_US `(€12.50)`, the accounting way of writing −12.50, was read as +12.50.
    @Test(arguments: ["(€12.50)", "(12.50 eur) in usd", "(12.50)", "(€12.50) in usd"])
    func anAmountInParenthesesIsTheAccountingNegativeAndSaidSo(_ line: String) {
        let outcome = run(line)
        #expect(outcome.reply.conversions.first.map { $0.exactAmount ?? Rational($0.amount) ?? .zero } == -Rational(decimalText: "12.5")!, "\(outcome.reply.lines)")
        #expect(notes(outcome).contains { $0.contains("negative") }, "\(notes(outcome))")
        // Parentheses around a calculation, or before the currency, group as always.
        #expect(run("(12) eur in usd").reply.conversions.first?.amount == 12)
        #expect(run("2 × (€12.50)").reply.value?.value == Rational(25))
    }

    /// `francs` in fr_FR and `punt` in ga_IE were taken as CHF and GBP: on a plain line the
    /// currency the euro replaced in the user's region is the likelier meaning. Elsewhere,
    /// current currencies win over withdrawn ones: `lira` in de_DE asked to choose between
    /// TRY, ITL and MTL.
    @Test(arguments: [
        ("fr_FR", "100 francs in eur", "FRF"), ("fr_BE", "100 francs in eur", "BEF"), ("fr_LU", "100 francs in eur", "LUF"),
        ("fr_CH", "100 francs in eur", "CHF"), ("de_DE", "100 francs in eur", "CHF"), ("ga_IE", "100 punt in eur", "IEP"),
        ("de_DE", "50 lira in eur", "TRY"), ("it_IT", "50 lira in eur", "ITL"), ("en_US", "50 lira in eur", "TRY"),
    ])
    func theRegionsFormerCurrencyThenCurrentOnesWin(_ locale: String, _ line: String, _ code: String) {
        let outcome = run(line, locale)
        #expect(converted(outcome) == ["\(code)>EUR"], "\(locale) \(line): \(outcome.reply.lines)")
        #expect(notes(outcome).contains { $0.contains(code) }, "\(locale): \(notes(outcome))")
    }
}
