import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

@Suite struct SessionStateTests {
    /// The recent list after a conversion, by its rule: the currency converted from, then the
    /// targets in their order, then the earlier list without them, cut to its limit.
    static func expected(_ recent: [CurrencyCode], _ first: CurrencyCode, _ rest: [CurrencyCode]) -> [CurrencyCode] {
        let used = [first] + rest
        var list: [CurrencyCode] = []
        for code in used + recent where !list.contains(code) { list.append(code) }
        return Array(list.prefix(SessionState.recentLimit))
    }

    /// `use(_:then:)` moves the codes in place; it gives the list the rule gives, and says
    /// whether it changed, over random conversions from a few codes (the same pair again,
    /// a code already listed, a new one into a full list, more targets than the limit).
    @Test func theRecentListFollowsItsRule() {
        let codes: [CurrencyCode] = ["EUR", "USD", "GBP", "JPY", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "TRY"].compactMap {
            CurrencyCode($0)
        }
        var random = SplitMix64(seed: 26)
        let settings = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        for _ in 0..<200 {
            var state = SessionState(base: .eur, recent: [], locale: settings)
            for _ in 0..<60 {
                let pool = codes.prefix(Int.random(in: 2...codes.count, using: &random))
                let first = pool.randomElement(using: &random) ?? .eur
                var rest: [CurrencyCode] = []
                for _ in 0..<Int.random(in: 0...10, using: &random) {
                    if let code = pool.randomElement(using: &random), code != first, !rest.contains(code) { rest.append(code) }
                }
                let before = state.recent
                let want = Self.expected(before, first, rest)
                let changed = state.use(first, then: rest)
                #expect(state.recent == want, "\(before) + \(first) \(rest)")
                // Unchanged is said when nothing moved (the same pair again); a list that
                // ends as it began after a code came and went may say either.
                if want != before || before.count > rest.count { #expect(changed == (want != before), "\(before) + \(first) \(rest)") }
            }
        }
    }
}
