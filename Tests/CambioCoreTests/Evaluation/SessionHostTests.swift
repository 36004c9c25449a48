import Foundation
import Testing

@testable import CambioCore

/// What only the host can do is asked of it by the line that needs it, once, and the line goes
/// on with the answer: `refresh`, `source`, `preview`, dated lines past the rates held, the
/// host's facts in `status`, `locale default`. The live preview asks a host nothing.
@Suite struct SessionHostTests {
    let table: RateTable
    let locale = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
    let now = ISO8601DateFormatter().date(from: "2026-12-01T12:00:00Z")!

    init() throws { table = try SeedTableDecoder.bundled() }

    func engine(store: RateStore? = nil) -> Engine {
        Engine(configuration: EngineConfiguration(locale: locale), store: store ?? RateStore(table: table))
    }

    func state() -> SessionState { SessionState(base: .eur, recent: [], locale: locale) }

    @Test func refreshAsksTheHostOnceAndUsesItsTableFromThatLineOn() throws {
        let host = RecordingHost()
        let fresh = try RateTable(
            base: .eur, date: "2026-11-30", source: RateSource(id: "ecb", attribution: "", isBundledSeed: false), rates: [.eur: 1, .usd: 2])
        host.refreshed = fresh
        var state = state()
        let engine = engine()
        let result = engine.evaluate("refresh", state: &state, host: host)
        #expect(host.refreshes == 1)
        #expect(result.reply.lines == [.note("rates updated")])
        #expect(engine.currentRates(pinned: nil).newest === fresh && result.effects.contains(.tableChanged))
        // The pairs it quotes use it; the others the table held before.
        #expect(engine.evaluate("1 eur in usd", in: state, host: host).reply.results == ["€1.000 = $2.000"])
        #expect(engine.evaluate("1 eur in jpy", in: state, host: host).reply.conversions.first?.date == table.date)
        // No table: the ones held stay.
        host.refreshed = nil
        let other = self.engine()
        var kept = self.state()
        _ = other.evaluate("refresh", state: &kept, host: host)
        #expect(host.refreshes == 2 && other.currentRates(pinned: nil).newest === table)
    }

    @Test func sourceHandsTheHostTheNameAndSaysWhoseRatesAreUsed() {
        let host = RecordingHost()
        let engine = engine()
        _ = engine.evaluate("source", in: state(), host: host)
        _ = engine.evaluate("source auto", in: state(), host: host)
        let chosen = engine.evaluate("source ecb", in: state(), host: host)
        #expect(host.sources == [nil, "auto", "ecb"])
        // Only currency-api's table is held: the ECB's rates are not there yet, and a line says so.
        #expect(chosen.state.pinnedSource == "ecb")
        #expect(
            chosen.reply.lines.contains {
                if case .assumption(let text) = $0 { text.contains("ECB") && text.contains("held") } else { false }
            })
        let failing = engine.evaluate("1 eur in usd", in: chosen.state, host: host).reply
        #expect(failing.failed)
        // `source currency-api` pins the table held, and `source auto` unpins.
        let pinned = engine.evaluate("source currency-api", in: state(), host: host)
        #expect(pinned.state.pinnedSource == "currency-api" && !engine.evaluate("1 eur in usd", in: pinned.state, host: host).reply.failed)
        #expect(engine.evaluate("source auto", in: pinned.state, host: host).state.pinnedSource == nil)
        let unknown = engine.evaluate("source nope", in: state(), host: host)
        #expect(unknown.reply.failed)
    }

    @Test func previewAsksTheHostToSwitchOrTell() {
        let host = RecordingHost()
        let engine = engine()
        let off = engine.evaluate("preview off", in: state(), host: host)
        let asked = engine.evaluate("preview", in: state(), host: host)
        #expect(host.previews == [false, nil])
        #expect(off.reply.lines.first.map { if case .note = $0 { true } else { false } } == true)
        #expect(asked.reply.results == ["live results while typing: off"])
    }

    @Test func aDatedLinePastTheHistoryAsksTheHostForTheDayAndGoesOn() {
        let store = RateStore(table: table)
        let host = RecordingHost()
        let day = Day(iso: "2026-11-20")!
        host.onFetch = { need in
            guard need == .ecb(day) else { return .unavailable }
            store.addECB([(day, [.eur: 1, .usd: Decimal(string: "1.25")!])], from: Day(iso: "2026-11-02")!, through: Day(iso: "2026-11-30")!)
            return .fetched
        }
        let engine = engine(store: store)
        let reply = engine.evaluate("10 eur in usd on 2026-11-20", in: state(), now: now, host: host).reply
        #expect(host.fetches == [.ecb(day)])
        #expect(reply.results == ["€10.000 = $12.500"], "\(reply.lines)")
        // Held now: not asked again.
        _ = engine.evaluate("20 eur in usd on 2026-11-20", in: state(), now: now, host: host)
        #expect(host.fetches == [.ecb(day)])
    }

    @Test func aFetchThatFailsIsTheLinesErrorWithTheReason() {
        let host = RecordingHost()
        host.onFetch = { _ in .failed("the server refused the connection") }
        let reply = engine().evaluate("10 eur in usd on 2026-11-20", in: state(), now: now, host: host).reply
        #expect(host.fetches == [.ecb(Day(iso: "2026-11-20")!), .snapshot(Day(iso: "2026-11-20")!)])
        guard case .error(_, let message)? = reply.lines.first else { return #expect(Bool(false), "\(reply.lines)") }
        #expect(message.contains("refused the connection"), "\(message)")
        // A host that does not fetch: the error names what is held, without a reason.
        let silent = RecordingHost()
        let offline = engine().evaluate("10 eur in usd on 2026-11-20", in: state(), now: now, host: silent).reply
        #expect(
            offline.failed
                && !offline.lines.contains { if case .error(_, let text) = $0 { text.contains("(") && text.contains("failed") } else { false } })
    }

    @Test func aCurrencyTheECBLacksAsksForTheDaysSnapshot() throws {
        let store = RateStore(table: table)
        let host = RecordingHost()
        let day = Day(iso: "2025-05-05")!
        let snapshot = try RateTable(
            base: .eur, date: day.iso, source: RateSource(id: "currency-api", attribution: "", isBundledSeed: false),
            rates: [.eur: 1, CurrencyCode("AED")!: 4])
        host.onFetch = { need in
            guard need == .snapshot(day) else { return .unavailable }
            store.addSnapshot(snapshot)
            return .fetched
        }
        let reply = engine(store: store).evaluate("1 eur in aed on 2025-05-05", in: state(), now: now, host: host).reply
        #expect(host.fetches == [.snapshot(day)])
        #expect(reply.conversions.first?.result == Rational(4) && reply.conversions.first?.source == "currency-api", "\(reply.lines)")
    }

    @Test func statusShowsTheHostsFactsAndLocaleDefaultTakesItsLocale() {
        let host = RecordingHost()
        let engine = engine()
        let status = engine.evaluate("status", in: state(), host: host).reply
        #expect(host.statusAsked == 1)
        #expect(status.results.contains { $0.contains("a recording host") })
        #expect(status.records.first?.fields.contains { $0.key == "provider_test" } == true)
        let reset = engine.evaluate("locale default", in: state(), host: host)
        #expect(reset.state.locale.numbers == "tr_TR" && reset.effects.contains(.localeChanged))
    }

    /// The preview evaluates with a host that does nothing: typing a dated line past the
    /// history fetches nothing, and shows nothing.
    @Test func thePreviewAsksNoHost() {
        #expect(engine().preview("10 eur in usd on 2026-11-20", in: state()) == nil)
        #expect(engine().preview("refresh", in: state()) == nil)
    }
}
