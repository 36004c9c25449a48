import Foundation
import Testing

@testable import CambioCore

/// Reading currencies by code, symbol and name, by one rule where a phrase fits several, and saying
/// what was taken.
@Suite struct ResolverTests: LineChecks {

    @Test(.tags(.misread), arguments: [("en_US", "MXN"), ("de_DE", "MXN"), ("en_PH", "PHP"), ("es_MX", "MXN"), ("es_CO", "COP"), ("es_AR", "ARS")])
    func pesoIsTheRegionsPesoElseTheMostTradedAndTheReplySaysSo(_ locale: String, _ code: String) {
        let outcome = run("100 peso in usd", locale)
        #expect(converted(outcome) == ["\(code)>USD"], "\(locale)")
        #expect(notes(outcome).contains { $0.contains(code) && $0.contains("peso") }, "\(locale): \(notes(outcome))")
        // The preview converts the very same currency.
        let amount = MoneyFormatter(localeID: locale).format(outcome.reply.conversions.first?.result ?? .zero, .usd)
        #expect(preview("100 peso in usd", locale) == "= " + amount)
    }

    @Test(.tags(.misread), arguments: ["12 eur in usd, usd", "12 eur in usd, dollars, gbp, usd", "12 eur in usd and gbp and usd"])
    func aTargetNamedTwiceIsConvertedIntoOnce(_ line: String) {
        let converted = converted(run(line))
        #expect(converted.count == Set(converted).count && converted.first == "EUR>USD", "\(converted)")
    }

    @Test(.tags(.misread), arguments: ["12 eur in usd and gbp", "12 eur in usd, gbp", "12 eur in usd gbp", "12 eur to usd and gbp"])
    func andJoinsTargets(_ line: String) {
        #expect(converted(run(line)) == ["EUR>USD", "EUR>GBP"])
    }

    @Test(.tags(.misread)) func aNameWithAndInItIsStillOneCurrency() {
        #expect(converted(run("12 eur in trinidad and tobago dollar")) == ["EUR>TTD"])
    }

    @Test(.tags(.misread), arguments: ["12 eur in de", "12 eur in us", "12 de in eur"])
    func twoLettersAreNoCurrency(_ line: String) {
        guard case .unknownCurrency = error(run(line))?.kind else { return #expect(Bool(false), "\(line)") }
    }

    @Test(
        .tags(.misread),
        arguments: [
            ("hlep", "help"), ("stauts", "status"), ("swpa", "swap"), ("rats", "rates"), ("qiut", "quit"), ("clear", "recent clear"),
            ("Clear", "recent clear"),
        ])
    func commandTyposSuggestCommands(_ typed: String, _ command: String) {
        #expect(error(run(typed))?.kind == .unknownCommand(typed, suggestion: command))
    }

    @Test(.tags(.misread), arguments: ["eur/usd", "EURUSD", "eurusd", "eur in usd", "convert eur to usd", "eur in usd?"])
    func pairsAskForTheRate(_ line: String) {
        let outcome = run(line)
        #expect(outcome.reply.lines.first == .result("€1 = $1.14326597", detail: "$1 = €0.874687"), "\(line)")
    }

    @Test(.tags(.misread), arguments: ["convert 12 eur to usd", "12 eur in usd?", "12 EUR → USD", "12 euros in dollars", "12 eur in US dollars"])
    func everydayFormsConvert(_ line: String) {
        #expect(converted(run(line)) == ["EUR>USD"], "\(line)")
    }

    @Test(.tags(.misread), arguments: ["İNR", "ınr", "İnr", "INR"])
    func turkishCapitalAndDotlessIAreTheLetterI(_ code: String) {
        #expect(converted(run("1 \(code) in usd", "tr_TR")) == ["INR>USD"], "\(code)")
    }

    @Test(.tags(.misread), arguments: ["en_US", "de_DE", "tr_TR"])
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
    @Test(.tags(.misread), arguments: [("50 eth in usd", "ETB"), ("12 north in eur", "KPW"), ("12 jap in eur", "JPY"), ("12 east in eur", "XCD")])
    func partOfANameIsSaid(_ line: String, _ code: String) {
        let outcome = run(line)
        #expect(converted(outcome).first?.hasPrefix(code) == true, "\(line): \(outcome.reply.lines)")
        #expect(notes(outcome).contains { $0.contains(code) }, "\(line): \(notes(outcome))")
    }

    @Test(.tags(.misread), arguments: ["12 japanese yen in eur", "12 euros in usd", "12 eur in usd", "12 swiss franc in eur"])
    func aWholeNameOrCodeIsNotRemarkedOn(_ line: String) {
        let outcome = run(line)
        #expect(!outcome.reply.failed && notes(outcome).isEmpty, "\(line): \(outcome.reply.lines)")
    }

    @Test(
        .tags(.misread),
        arguments: [
            ("50 cents in usd", "cents"), ("12 usd in cents", "cents"), ("50 cent in usd", "cent"), ("100 and", "and"), ("100 per in eur", "per"),
            ("1 ang in eur", "ang"),
        ])
    func wordsAndWithdrawnCodesAreNoCurrency(_ line: String, _ word: String) {
        guard case .unknownCurrency(let typed, _)? = error(run(line))?.kind else {
            return #expect(Bool(false), "\(line): \(run(line).reply.lines)")
        }
        #expect(typed == word)
    }

    @Test(.tags(.misread), arguments: ["12 rmb in eur", "12 Rmb in eur", "12 RMB in eur", "12 eur in rmb"])
    func lettersOfASymbolInAnyCase(_ line: String) {
        #expect(converted(run(line)).joined().contains("CNY"), "\(line): \(run(line).reply.lines)")
    }

    /// An ambiguous name lists every currency it fits, each with its code, not “and 1 more”.
    @Test(.tags(.misread), arguments: ["12 dinar in usd", "1 rial in eur", "12 kwacha in eur", "12 som in eur"])
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

    /// zh_TW and zh_HK `100元` were read as CNY where people mean TWD and HKD: the region rule
    /// applies to 元 and 圓 as it does to `$`, and the reply says which was taken.
    @Test(.tags(.misread), arguments: [("zh_TW", "TWD"), ("zh_HK", "HKD"), ("zh_CN", "CNY"), ("zh_MO", "MOP"), ("en_US", "CNY")])
    func yuanIsTheRegionsOwn(_ locale: String, _ code: String) {
        for line in ["100元 in usd", "100 圓 in usd"] where !(line.contains("圓") && locale == "zh_CN") {
            let outcome = run(line, locale)
            #expect(converted(outcome) == ["\(code)>USD"], "\(locale) \(line): \(outcome.reply.lines)")
            #expect(notes(outcome).contains { $0.contains(code) }, "\(locale): \(notes(outcome))")
        }
    }

    /// `francs` in fr_FR and `punt` in ga_IE were taken as CHF and GBP: on a plain line the
    /// currency the euro replaced in the user's region is the likelier meaning. Elsewhere,
    /// current currencies win over withdrawn ones: `lira` in de_DE asked to choose between
    /// TRY, ITL and MTL.
    @Test(
        .tags(.misread),
        arguments: [
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

extension ResolverTests {
    /// Everyday names in the locale's own script: the shekel's abbreviation with gershayim or
    /// a typed quote (it was “unexpected character”), the Hindi rupee.
    @Test(arguments: [
        ("100 ש״ח in usd", "he_IL", "ILS>USD"), ("100 ש\"ח in usd", "he_IL", "ILS>USD"), ("100 שקלים in eur", "he_IL", "ILS>EUR"),
        ("100 रुपये in usd", "hi_IN", "INR>USD"), ("100 रुपया in usd", "hi_IN", "INR>USD"),
        ("100 kronor in eur", "sv_SE", "SEK>EUR"), ("100 Kronor in eur", "sv_SE", "SEK>EUR"), ("100 kroner in eur", "da_DK", "DKK>EUR"),
        ("100 kroner in eur", "nb_NO", "NOK>EUR"), ("100 złotych in eur", "pl_PL", "PLN>EUR"), ("100 Złotych in eur", "pl_PL", "PLN>EUR"),
        ("100 рублей in eur", "ru_RU", "RUB>EUR"), ("100 грн in eur", "uk_UA", "UAH>EUR"), ("100 lei in eur", "ro_RO", "RON>EUR"),
        ("1,000원 in usd", "ko_KR", "KRW>USD"), ("100 Lire in eur", "de_DE", "TRY>EUR"), ("100 Kronen in eur", "de_DE", "SEK>EUR"),
        ("100 Kronen in eur", "da_DK", "DKK>EUR"),
        ("١٢٫٥٠ يورو إلى دولار", "ar_EG", "EUR>USD"), ("12 يورو الى دولار", "ar_EG", "EUR>USD"),
    ])
    func everydayNamesInTheLocalesScript(_ line: String, _ locale: String, _ pair: String) {
        let outcome = run(line, locale)
        #expect(converted(outcome) == [pair], "\(line): \(outcome.reply.lines)")
    }

    /// The full-width comma and full stop a Japanese input method types are the ASCII marks, in
    /// the number and in what it means: `１，２３４．５` is 1234.5 in ja_JP.
    @Test func fullWidthMarksInJapanese() {
        for line in ["1，234．5 円 in usd", "１，２３４．５ jpy in usd", "1,234.5 jpy in usd"] {
            let outcome = run(line, "ja_JP")
            #expect(outcome.reply.conversions.first?.amount == Rational(decimalText: "1234.5"), "\(line): \(outcome.reply.lines)")
        }
    }

    /// `₹5L` is five lakh where Indian numbers are written, and `L` stays no suffix elsewhere (the
    /// lek's and the lempira's sign).
    @Test func lakhAsAnL() {
        for (line, amount) in [("₹5L in usd", "500000"), ("5L inr in usd", "500000"), ("2.5L in usd", "250000")] {
            let outcome = run(line, "en_IN")
            #expect(outcome.reply.conversions.last?.amount == Rational(decimalText: amount), "\(line): \(outcome.reply.lines)")
        }
        #expect(run("₹5L in usd", "hi_IN").reply.conversions.last?.amount == Rational(500_000))
        #expect(error(run("5L in usd", "en_US")) != nil)
        #expect(error(run("5 L in usd", "en_IN")) != nil)
    }

    /// `cr` is a crore in en_IN as `crore` is.
    @Test func croreAbbreviated() {
        let outcome = run("1 cr inr in usd", "en_IN")
        #expect(outcome.reply.conversions.first?.amount == Rational(10_000_000), "\(outcome.reply.lines)")
    }

    /// A quote stays no part of a word outside Hebrew.
    @Test func aQuoteOutsideHebrewIsStillAnError() {
        #expect(run("\"eur\" in usd").reply.failed)
    }
}
