import Foundation
import Testing

@testable import CambioCore

/// It reads what it writes: every amount Cambio formats, in every locale, reads back to the
/// same value and currency in that locale.
@Suite struct RoundTripTests {
    static let locales = [
        "en_US", "en_GB", "en_IN", "en_CA", "en_AU", "en_PH", "en_ZA", "de_DE", "de_CH", "de_AT", "fr_FR", "fr_CA", "fr_CH",
        "es_ES", "es_MX", "es_AR", "es_CO", "it_IT", "pt_BR", "pt_PT", "nl_NL", "sv_SE", "nb_NO", "da_DK", "fi_FI", "pl_PL",
        "cs_CZ", "hu_HU", "ro_RO", "tr_TR", "ru_RU", "uk_UA", "el_GR", "he_IL", "ar_EG", "ar_SA", "fa_IR", "hi_IN", "bn_BD",
        "mr_IN", "ja_JP", "zh_CN", "zh_TW", "ko_KR", "th_TH", "id_ID", "ms_MY", "vi_VN", "ur_PK", "sw_KE", "pt_CV", "kea_CV", "en_CV", "es_PE",
        "qu_PE", "es_PA", "ceb_PH", "fy_NL", "luy_KE",
    ]
    static let currencies = ["USD", "EUR", "GBP", "JPY", "CHF", "CNY", "INR", "TRY", "BRL", "MXN", "XOF", "MYR", "SEK", "KWD", "PKR", "CAD"]
    static let amounts = ["0.5", "12.5", "-12.5", "1234567.891", "-1234567.891", "1000000000000.125"]

    @Test(arguments: locales)
    func everyFormattedAmountReadsBack(_ locale: String) throws {
        try readsBack(LocaleSettings(numbers: locale, money: locale, messages: locale))
    }

    /// The same where `LC_NUMERIC` and `LC_MONETARY` name locales that write numbers otherwise
    /// (a decimal comma and a decimal point, other digits, other groups): amounts read in the
    /// one are written with its separators, the other placing the symbol.
    @Test(arguments: [
        ("de_DE", "en_US"), ("en_US", "de_DE"), ("fr_FR", "en_IN"), ("en_IN", "de_CH"), ("de_CH", "fr_FR"), ("ar_EG", "en_US"),
        ("en_US", "ar_EG"), ("fa_IR", "de_DE"), ("hi_IN", "en_GB"), ("tr_TR", "en_US"), ("en_US", "tr_TR"), ("es_MX", "pt_BR"),
    ])
    func everyFormattedAmountReadsBackWhenNumbersAndMoneyDiffer(_ numbers: String, _ money: String) throws {
        try readsBack(LocaleSettings(numbers: numbers, money: money, messages: numbers))
    }

    private func readsBack(_ settings: LocaleSettings) throws {
        let table = try SeedTableDecoder.bundled()
        let locale = settings.money
        let engine = Engine.configured(settings, table, showsDetails: false)
        let state = SessionState(base: .eur, recent: [], locale: settings)
        let region = Locale(identifier: locale).region.flatMap { Locale(identifier: "und_\($0.identifier)").currency?.identifier }
        var failures: [String] = []
        for code in Self.currencies + (region.map { [$0] } ?? []) {
            guard let currency = CurrencyCode(code), table.contains(currency) else { continue }
            for amountText in Self.amounts {
                let amount = try #require(Decimal(string: amountText, locale: Locale(identifier: "en_US_POSIX")))
                let written = engine.formatter.format(amount, currency)
                let target = currency == .usd ? "eur" : "usd"
                let outcome = engine.evaluate("\(written) in \(target)", in: state)
                guard let conversion = outcome.reply.conversions.first else {
                    let message = outcome.reply.lines.compactMap { if case .error(_, let m) = $0 { m } else { nil } }.first ?? "?"
                    failures.append("\(written.debugDescription) [\(code)]: \(message)")
                    continue
                }
                if conversion.from != currency || conversion.amount != Rational(amount) {
                    failures.append("\(written.debugDescription) [\(code)] read as \(conversion.amount) \(conversion.from)")
                }
            }
        }
        #expect(failures.isEmpty, "\(settings.numbers)/\(settings.money): \(failures.count) failures:\n\(failures.prefix(12).joined(separator: "\n"))")
    }
}

extension RoundTripTests {
    /// Every symbol `list` shows reads back as its currency, wherever it names only one.
    @Test(arguments: ["en_US", "en_GB", "fr_FR", "fr_CA", "de_DE", "de_CH", "es_MX", "ja_JP", "zh_CN", "ar_EG", "hi_IN", "tr_TR"])
    func everySymbolListShowsReadsBack(_ locale: String) throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        let engine = Engine(locale: settings, table: table)
        let state = SessionState(base: .eur, recent: [], locale: settings)
        let symbols = Dictionary(grouping: table.codes) { engine.formatter.symbol(for: $0) }
        var failures: [String] = []
        for (symbol, codes) in symbols where codes.count == 1 {
            let outcome = engine.evaluate("12 \(symbol) in xau", in: state)
            if outcome.reply.conversions.first?.from != codes[0] { failures.append("\(symbol) [\(codes[0])]") }
        }
        #expect(failures.isEmpty, "\(locale): \(failures)")
    }

    @Test(arguments: [
        ("CHF 1’234.500 in eur", "de_CH", "CHF", "1234.5"), ("USD 1,411.362 in eur", "es_MX", "USD", "1411.362"),
        ("-€12.500 in usd", "en_US", "EUR", "-12.5"), ("€-12.50 in usd", "en_US", "EUR", "-12.5"),
        ("RM 12 in usd", "en_US", "MYR", "12"), ("12 RMB in usd", "en_US", "CNY", "12"), ("12 Fr. in eur", "de_DE", "CHF", "12"),
        ("￥1500 in usd", "ja_JP", "JPY", "1500"), ("１５００ jpy in usd", "ja_JP", "JPY", "1500"),
        ("১২৩৪ bdt in usd", "bn_BD", "BDT", "1234"), ("१२३४ inr in usd", "mr_IN", "INR", "1234"),
        ("12,50 $US in eur", "fr_FR", "USD", "12.5"), ("12 $ in eur", "es_MX", "MXN", "12"), ("F CFA 12 in eur", "fr_FR", "XOF", "12"),
        ("JP¥12 in usd", "en_GB", "JPY", "12"), ("12 UK£ in usd", "ar_EG", "GBP", "12"),
    ])
    func formsFromTheIssueReadBack(_ line: String, _ locale: String, _ code: String, _ amount: String) throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        let outcome = Engine(locale: settings, table: table).evaluate(line, in: SessionState(base: .eur, recent: [], locale: settings))
        let conversion = try #require(outcome.reply.conversions.first, "\(line): \(outcome.reply.lines)")
        #expect(conversion.from.rawValue == code && conversion.amount == Rational(decimalText: amount))
    }
}
