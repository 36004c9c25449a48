import Foundation
import Testing

@testable import CambioCore

/// `pin` and `unpin`: a traveller's pairs, which bare amounts and lone currencies follow.
@Suite struct PinCommandTests: LineChecks {
    /// Lines evaluated one after another in one session; the outcome of each.
    func session(_ lines: [String], _ locale: String = "en_US", recent: [CurrencyCode] = []) -> [Outcome] {
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        let engine = Engine(locale: settings, table: Seed.table)
        var state = SessionState(base: .eur, recent: recent, locale: settings)
        return lines.map { line in
            let outcome = engine.evaluate(line, in: state)
            state = outcome.state
            return outcome
        }
    }

    /// With a pin, a bare amount goes along it from its first currency, one line, however many
    /// recent currencies there are; a currency alone goes into its partners either way.
    @Test func aBareAmountGoesAlongThePins() {
        let recent = ["USD", "GBP", "CHF", "JPY", "TRY", "PLN", "CZK", "SEK"].compactMap { CurrencyCode($0) }
        let outcomes = session(["pin try eur", "450", "450 try", "450 eur", "450 usd", "450 usd in gbp"], recent: recent)
        #expect(outcomes[0].state.pins == [PinnedPair(from: CurrencyCode("TRY")!, to: .eur)])
        #expect(outcomes[0].effects.contains(.pinsChanged) && outcomes[0].effects.contains(.saveConfig))
        #expect(converted(outcomes[1]) == ["TRY>EUR"], "\(outcomes[1].reply.lines)")
        #expect(converted(outcomes[2]) == ["TRY>EUR"])
        #expect(converted(outcomes[3]) == ["EUR>TRY"])
        // A currency with no pin, and a line that names its targets, are as before.
        #expect(converted(outcomes[4]) == ["USD>EUR"])
        #expect(converted(outcomes[5]) == ["USD>GBP"])
        // The figure is the conversion's: 450 TRY in EUR, exactly as the line says it.
        #expect(outcomes[1].reply.results == run("450 try in eur").reply.results)
    }

    /// Several pins: each source once, each into its own targets; unpinning returns to the
    /// recent currencies.
    @Test func severalPinsAndUnpinning() throws {
        let outcomes = session(["pin try eur usd", "pin gbp eur", "450", "unpin try usd", "450", "unpin", "450", "pin", "unpin"])
        #expect(converted(outcomes[2]) == ["TRY>EUR", "TRY>USD", "GBP>EUR"], "\(outcomes[2].reply.lines)")
        #expect(converted(outcomes[4]) == ["TRY>EUR", "GBP>EUR"])
        #expect(outcomes[6].state.pins.isEmpty)
        #expect(converted(outcomes[6]).allSatisfy { $0.hasPrefix("EUR>") } && !converted(outcomes[6]).isEmpty)
        #expect(outcomes[7].reply.results == ["no pairs pinned — “pin try eur” pins one"])
        #expect(!outcomes[8].effects.contains(.pinsChanged))
    }

    /// `unpin CUR` removes the pairs with that currency, on either side.
    @Test func unpinningACurrencyRemovesItsPairs() {
        let outcomes = session(["pin try eur", "pin usd try", "pin gbp chf", "unpin try"])
        #expect(outcomes[3].state.pins == [PinnedPair(from: CurrencyCode("GBP")!, to: CurrencyCode("CHF")!)])
    }

    /// A pin is a pair: one currency alone, or too many pairs, is an error and changes nothing.
    @Test func aPinNeedsTwoCurrencies() {
        let one = run("pin try")
        #expect(error(one)?.kind == .pinNeedsTwo && one.state.pins.isEmpty)
        let same = run("pin try try")
        #expect(error(same)?.kind == .pinNeedsTwo)
        let many = session(["pin eur usd gbp chf jpy try pln czk sek nok dkk huf aud cad nzd sgd hkd", "pin eur zar"])
        #expect(many[0].state.pins.count == 16)
        #expect(error(many[1])?.kind == .tooManyPins(limit: 16) && many[1].state.pins.count == 16)
    }

    /// The settings file's text reads back as the pins written, and a damaged one is refused.
    @Test func thePinsTextReadsBack() {
        let pins = [PinnedPair(from: CurrencyCode("TRY")!, to: .eur), PinnedPair(from: CurrencyCode("TRY")!, to: .usd)]
        #expect(PinnedPair.parse(PinnedPair.text(pins)) == pins)
        #expect(PinnedPair.text(pins) == "TRY EUR, TRY USD")
        for bad in ["TRY", "TRY EUR USD", "TRY TRY", "TRY EURO", "TRY EUR; USD GBP", "1 2"] { #expect(PinnedPair.parse(bad) == nil, "\(bad)") }
    }

    /// Completion offers the pinned currencies before the recent ones.
    @Test func favouritesPutThePinsFirst() {
        var state = SessionState(base: .eur, recent: [.usd, .eur], locale: LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US"))
        state.pins = [PinnedPair(from: CurrencyCode("TRY")!, to: .eur)]
        #expect(state.favourites == [CurrencyCode("TRY")!, .eur, .usd])
    }
}
