import Foundation
import Testing

@testable import CambioCore

@Suite struct EngineTests {
    let table: RateTable
    init() throws { table = try SeedTableDecoder.bundled() }

    func code(_ text: String) -> CurrencyCode { CurrencyCode(text)! }

    func engine(_ locale: String = "en_US") -> Engine {
        Engine(locale: LocaleSettings(numbers: locale, money: locale, messages: locale), table: table)
    }

    func state(_ locale: String = "en_US", base: String = "EUR", recent: [String] = []) -> SessionState {
        SessionState(
            base: code(base), recent: recent.map(code), locale: LocaleSettings(numbers: locale, money: locale, messages: locale))
    }

    /// Runs lines in order and returns the last outcome.
    @discardableResult
    func run(_ lines: [String], _ engine: Engine, _ start: SessionState) -> Outcome {
        var current = start
        var outcome = Outcome(state: start, reply: Reply(), effects: [])
        for line in lines {
            outcome = engine.evaluate(line, in: current)
            current = outcome.state
        }
        return outcome
    }

    @Test func convertsInTheUsersLocaleWithTheRateBeside() {
        let outcome = engine("de_DE").evaluate("12,50 eur in usd", in: state("de_DE"))
        #expect(outcome.reply.lines.first == .result("12,500\u{00A0}€ = 14,291\u{00A0}$", detail: "1\u{00A0}€ = 1,14326597\u{00A0}$"))
        #expect(outcome.reply.lines.contains { if case .source(let text) = $0 { text.contains("2026-07-06") } else { false } })
        #expect(outcome.state.recent == [code("EUR"), code("USD")])
        #expect(outcome.effects.contains(.saveRecent))
    }

    @Test func convertsIntoSeveralCurrencies() {
        let outcome = engine().evaluate("10 usd to eur, gbp, jpy", in: state())
        #expect(outcome.reply.results.count == 3)
        #expect(outcome.reply.results[2].hasPrefix("$10.000 = ¥1,"))
        #expect(outcome.state.recent.map(\.rawValue) == ["USD", "EUR", "GBP", "JPY"])
    }

    @Test func aBareAmountGoesIntoEachRecentCurrencyAndACurrencyIntoTheBase() {
        let start = state(base: "JPY", recent: ["USD", "JPY", "EUR"])
        let bare = engine().evaluate("1500", in: start)
        #expect(bare.reply.results.count == 2)
        #expect(bare.reply.results.allSatisfy { $0.hasPrefix("¥1,500.000 = ") })
        let intoBase = engine().evaluate("10 usd", in: start)
        #expect(intoBase.reply.results.count == 1)
        #expect(intoBase.reply.results[0].contains("¥"))
        let baseIntoRecents = engine().evaluate("1500 jpy", in: start)
        #expect(baseIntoRecents.reply.results.count == 2)
    }

    @Test func aRateQueryShowsTheRateAndItsInverse() {
        let outcome = engine().evaluate("eur in usd", in: state())
        // A rate shows every digit its source published; its inverse, six significant digits.
        #expect(outcome.reply.lines.first == .result("€1 = $1.14326597", detail: "$1 = €0.874687"))
    }

    @Test func baseIsSetShownAndPersisted() {
        let outcome = run(["base japanese yen"], engine(), state())
        #expect(outcome.state.base == code("JPY"))
        #expect(outcome.effects.contains(.saveConfig))
        let shown = engine().evaluate("base", in: outcome.state)
        #expect(shown.reply.results == ["JPY (Japanese Yen)"])
    }

    @Test func swapReversesTheLastConversion() {
        let outcome = run(["12.5 eur in usd", "swap"], engine(), state())
        #expect(outcome.reply.results.first == "$12.500 = €10.934")
        let nothing = engine().evaluate("swap", in: state())
        #expect(nothing.reply.failed)
    }

    @Test func recentListsAtMostEightMostRecentFirstAndClears() {
        let outcome = run(
            ["1 usd in gbp", "1 chf in jpy", "1 aud in cad", "1 nzd in sek", "1 try in inr", "1 usd in eur"], engine(), state())
        #expect(outcome.state.recent.count == 8)
        #expect(outcome.state.recent.prefix(2) == [code("USD"), code("EUR")])
        let cleared = engine().evaluate("recent clear", in: outcome.state)
        #expect(cleared.state.recent.isEmpty)
        #expect(cleared.effects.contains(.saveRecent))
    }

    @Test func listShowsCodeNameSymbolAndMinorUnitsFiltered() {
        let outcome = engine().evaluate("list yen", in: state())
        #expect(outcome.reply.results.count == 1)
        let row = outcome.reply.results[0]
        #expect(row.hasPrefix("JPY") && row.contains("¥") && row.contains("Japanese Yen") && row.hasSuffix("0"))
        let all = engine().evaluate("list", in: state())
        #expect(all.reply.results.count == 161 + LegacyEuro.all.count)
        let pesos = engine().evaluate("list peso", in: state())
        #expect(pesos.reply.results.count >= 6)
    }

    @Test func ratesListsTheBaseCurrencysRates() {
        let outcome = engine().evaluate("rates usd gbp", in: state())
        #expect(outcome.reply.results.count == 2)
        #expect(outcome.reply.results[0].hasPrefix("USD  $1.143"))
        #expect(engine().evaluate("rates", in: state()).reply.results.count == 160)
    }

    @Test func localeIsShownAndSetAndValidated() {
        let set = engine().evaluate("locale de_DE", in: state())
        #expect(set.state.locale.money == "de_DE")
        #expect(set.effects.contains(.localeChanged))
        #expect(engine().evaluate("locale xx_YY", in: state()).reply.failed)
        let shown = engine().evaluate("locale", in: state())
        #expect(shown.reply.results.first?.contains("en_US") == true)
    }

    @Test func statusTellsTableAgeSourceAndLocale() {
        let now = ISO8601DateFormatter().date(from: "2026-11-30T12:00:00Z")!
        let outcome = engine().evaluate("status", in: state(), now: now)
        let text = outcome.reply.results.joined(separator: "\n")
        #expect(text.contains("currency-api"))
        #expect(text.contains("147 days old"))
        #expect(text.contains("bundled seed"))
        #expect(text.contains("en_US"))
    }

    @Test func helpAndQuit() {
        #expect(engine().evaluate("help", in: state()).reply.results.count > 5)
        #expect(engine().evaluate("help base", in: state()).reply.results.joined().contains("base CUR"))
        #expect(engine().evaluate("help nothing", in: state()).reply.failed)
        #expect(engine().evaluate("quit", in: state()).effects.contains(.quit))
    }

    func errorMessage(_ line: String, _ locale: String = "en_US") -> (String, Range<Int>?)? {
        let outcome = engine(locale).evaluate(line, in: state(locale))
        for case .error(let error, let message) in outcome.reply.lines { return (message, error.range) }
        return nil
    }

    @Test func unknownCurrenciesSuggestTheClosestCodesAndNames() {
        let (message, range) = errorMessage("12 japanse yen in usd") ?? ("", nil)
        #expect(message.contains("unknown currency “japanse yen”"))
        #expect(message.contains("JPY (Japanese Yen)"))
        #expect(range == 3..<14)
    }

    @Test func badAmountsSayWhichSeparatorsTheLocaleUses() {
        let (message, range) = errorMessage("12,5,3 eur in usd", "de_DE") ?? ("", nil)
        #expect(message.contains("1.234,5"))
        #expect(range == 4..<5)
    }

    @Test func aMissingConnectorIsPointedAt() {
        let (message, range) = errorMessage("12 eur usd") ?? ("", nil)
        // The error lists the words that are read in English and the user's language.
        for word in ["“in”", "“to”", "“->”"] { #expect(message.contains(word)) }
        let (hebrew, _) = errorMessage("12 eur usd", "he_IL") ?? ("", nil)
        for word in ["“in”", "“אל”", "“ל־”", "“->”"] { #expect(hebrew.contains(word), "\(hebrew)") }
        #expect(range == 7..<10)
        // A currency, then a word that is not read: pointed at, whatever the currency's spelling.
        for (line, word) in [("12 euro blah usd", 8..<12), ("12 euro dans usd", 8..<12), ("12 eur foo", 7..<10), ("12 japanese yen dans usd", 16..<20), ("12 euro dollar", 8..<14)] {
            let (message, range) = errorMessage(line) ?? ("", nil)
            #expect(message.contains("“in”"), "\(line)")
            #expect(range == word, "\(line)")
        }
        // A typo in a name of several words is an unknown currency, with the closest ones.
        let (typo, _) = errorMessage("12 japanese yem in usd") ?? ("", nil)
        #expect(typo.contains("unknown currency “japanese yem”") && typo.contains("JPY"), "\(typo)")
    }

    @Test func aReinterpretedSeparatorIsEchoed() {
        // In de_CH '.' is the decimal point and ’ groups: a ',' can only be a decimal point.
        let outcome = engine("de_CH").evaluate("12,50 eur in usd", in: state("de_CH"))
        #expect(outcome.reply.lines.contains { if case .assumption(let text) = $0 { text.hasPrefix("„12,50“ gelesen als 12.500") } else { false } })
        #expect(outcome.reply.results.first?.hasPrefix("EUR\u{00A0}12.500") == true)
    }

    @Test func theGroupingMarkWhereNoGroupEndsShowsBothReadings() {
        let (message, range) = errorMessage("12.50 eur in usd", "de_DE") ?? ("", nil)
        #expect(message == "„.“ trennt in de_DE Zifferngruppen, keine Nachkommastellen: schreiben Sie 12,50 für den Dezimalbetrag oder 1.250")
        #expect(range == 2..<3)
    }

    @Test func dollarSaysWhichDollarItMeant() {
        let outcome = engine().evaluate("$5 in eur", in: state())
        #expect(outcome.reply.lines.first == .assumption("“$” taken as USD (US Dollar)"))
    }

    @Test func aFailedLineKeepsTheState() {
        let start = state(recent: ["USD"])
        let outcome = engine().evaluate("base nonsense", in: start)
        #expect(outcome.reply.failed)
        #expect(outcome.state.base == start.base)
        #expect(outcome.state.recent == start.recent)
        #expect(outcome.effects.isEmpty)
    }
}

extension EngineTests: LineChecks {

    /// The live result agrees with Enter on lines written the locale's way, grouping
    /// spaces included.
    @Test(
        .tags(.misread),
        arguments: [
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

    /// A `#` begins a comment at the start of a line or after any character the tokenizer
    /// skips, in the shell's reading and in a pipe's byte reading alike; its text is the line's
    /// label. (Found by a review: after U+3000 or a form feed the line converted and lost its
    /// label, as the engine knew only a space and a tab.) A `#` inside a word (`12#eur`) is no
    /// comment: the line fails where it stands, never converts `12`.
    @Test func aCommentFollowsASpaceAndLabelsTheLine() {
        let engine = engine()
        let separators = [" ", "\t", "\u{0C}", "\u{0B}", "\u{3000}", "\u{00A0}", "\u{2009}", "\u{200F}", "\u{FEFF}"]
        for line in separators.map({ "12 eur in usd\($0)# Hotel #2" }) {
            var typed = state()
            let reply = engine.evaluate(line, state: &typed).reply
            #expect(reply.label == "Hotel #2" && reply.conversions.count == 1, "\(line)")
            var piped = state()
            var bytes = line
            let pipedReply = bytes.withUTF8 { engine.evaluate(.utf8($0), state: &piped, host: SilentHost(locale: engine.locale)).reply }
            #expect(pipedReply.label == "Hotel #2" && pipedReply.conversions.count == 1, "\(line) piped")
        }
        for line in ["12#eur in usd", "12 eur#x in usd"] {
            var typed = state()
            let reply = engine.evaluate(line, state: &typed).reply
            #expect(reply.failed && reply.conversions.isEmpty && reply.label == nil, "\(line): \(reply.lines)")
            var bytes = line
            let pipedReply = bytes.withUTF8 { engine.evaluate(.utf8($0), state: &typed, host: SilentHost(locale: engine.locale)).reply }
            #expect(pipedReply.failed && pipedReply.conversions.isEmpty, "\(line) piped")
        }
        var alone = state()
        #expect(engine.evaluate("# a note alone", state: &alone).reply.lines.isEmpty)
    }
}
