import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// `… at RATE` and `… at CHARGED`: the amount at the bank's rate, beside the day's mid-market
/// rate and the markup between them, exactly.
@Suite struct BankRateTests: HistoryChecks {
    func reply(_ line: String, _ locale: String = "en_US") -> Reply { evaluate(line, locale) }

    @Test func theIssuesExampleSaysHowFarTheBanksRateLies() {
        #expect(
            reply("100 eur in usd on 2024-01-02 at 1.0720").results == ["€100.000 = $107.200 at 1.0720: 2.15 % below the ECB's 1.0956 of 2024-01-02"])
        // What was charged gives the same rate.
        #expect(
            reply("100 eur in usd on 2024-01-02 at 107,20 $", "de_DE").results == [
                "100,000\u{00A0}€ = 107,200\u{00A0}$ zum Kurs 1,0720: 2,15 % unter dem EZB-Kurs 1,0956 vom 2024-01-02"
            ])
        #expect(reply("100 eur in usd on 2024-01-02 at USD 107.20").results == reply("100 eur in usd on 2024-01-02 at 1.072").results)
        // A weekend: the rate of the Friday before, said as every dated line says it.
        let weekend = reply("100 eur in usd on 2024-01-06 at 1.1")
        #expect(weekend.results == ["€100.000 = $110.000 at 1.1000: 0.72 % above the ECB's 1.0921 of 2024-01-05"])
        #expect(weekend.lines.contains { if case .assumption(let text) = $0 { text.contains("2024-01-05") } else { false } })
    }

    /// Random days, pairs, amounts and bank rates: the record's result is the amount times the
    /// bank's rate and its markup the exact ratio to the mid-market rate, less one, in percent.
    @Test(.tags(.reference)) func recordsStateTheRateTheMidRateAndTheMarkupExactly() throws {
        var random = SplitMix64(seed: 23)
        let codes = ["USD", "JPY", "GBP", "CHF", "SEK", "PLN"]
        for _ in 0..<150 {
            let from = codes[Int.random(in: 0..<codes.count, using: &random)]
            var to = codes[Int.random(in: 0..<codes.count, using: &random)]
            if to == from { to = "EUR" }
            let day = Day(number: Day(iso: "2015-01-01")!.number + Int.random(in: 0..<3000, using: &random))
            let amount = "\(Int.random(in: 1...99_999, using: &random)).\(Int.random(in: 10...99, using: &random))"
            let rateText = "0.\(Int.random(in: 1...9_999_999, using: &random))"
            let line = "\(amount) \(from) in \(to) on \(day.iso) at \(rateText)"
            let reply = reply(line)
            let conversion = try #require(reply.conversions.first, "\(line): \(reply.lines)")
            let rate = try #require(Rational(decimalText: rateText))
            #expect(conversion.rate == rate, "\(line)")
            #expect(conversion.result == (Rational(decimalText: amount) ?? .zero) * rate, "\(line)")
            let mid = try #require(conversion.midRate)
            // The mid-market rate is the day's mid-market conversion's.
            let plain = evaluate("\(amount) \(from) in \(to) on \(day.iso)")
            #expect(plain.conversions.first?.rate == mid, "\(line)")
            let record = Record(conversion)
            let markup = record.fields.first { $0.key == "markup_percent" }?.value
            let exact = ((rate / mid ?? .one) - .one).percent
            #expect(markup == .decimal(exact.decimalText(significantDigits: 12).text), "\(line)")
        }
    }

    /// A rate is read as every amount of the locale is: `1.0720` in tr_TR is the grouping mark's
    /// error with its caret, in ar_EG read as the decimal point and said.
    @Test func aRateIsReadInTheLocale() {
        let turkish = reply("100 eur in usd on 2024-01-02 at 1.0720", "tr_TR")
        let error = turkish.lines.compactMap { if case .error(let error, _) = $0 { error } else { nil } }.first
        #expect(error?.range == 33..<34, "\(turkish.lines)")
        #expect(reply("100 eur in usd on 2024-01-02 at 1,0720", "tr_TR").conversions.first?.rate == Rational(decimalText: "1.072"))
        let arabic = reply("100 eur in usd on 2024-01-02 at 1.0720", "ar_EG")
        #expect(arabic.conversions.first?.rate == Rational(decimalText: "1.072"))
        #expect(arabic.lines.contains { if case .assumption(let text) = $0 { text.contains("1.0720") } else { false } })
    }

    @Test func aClauseThatIsNoRateSaysWhatWorks() {
        for (line, column) in [
            ("100 eur in usd at", 15), ("100 eur in usd at abc", 18), ("100 eur in usd at -1", 18), ("100 eur in usd at 90 €", 18),
            ("eur in usd at 1.1", 11), ("100 eur in usd, gbp at 1.1", 20),
        ] {
            let reply = reply(line)
            let error = reply.lines.compactMap { if case .error(let error, _) = $0 { error } else { nil } }.first
            #expect(error?.range?.lowerBound == column, "\(line): \(reply.lines)")
            #expect(reply.conversions.isEmpty && reply.results.isEmpty, "\(line)")
        }
        // Several targets: the rate is fine, the line has a conversion too many, and says so.
        let several = reply("100 eur in usd, gbp at 1.1")
        let message = several.lines.compactMap { if case .error(_, let message) = $0 { message } else { nil } }.first ?? ""
        #expect(message.contains("makes 2") && message.contains("give one target") && !message.contains("is no bank rate"), "\(message)")
    }

    /// An average's mid-market rate is the period's mean, and the text says so: it named the
    /// period's first day, whose rate was another (1.0813 on 2024-03-01).
    @Test func anAveragesRateNamesItsPeriod() {
        let text = reply("100 eur in usd average 2024-03 at 1.1").results.first ?? ""
        #expect(text.contains("mean 1.0872 of 2024-03") && !text.contains("2024-03-01"), "\(text)")
    }

    /// `swap` after a line at a bank's rate on a day uses that day's rates (it used today's).
    @Test func aSwapAfterADatedBankRateUsesThatDay() {
        let engine = engine()
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        _ = engine.evaluate("100 eur in usd on 2024-01-02 at 1.2", state: &state, now: now)
        let swapped = engine.evaluate("swap", state: &state, now: now).reply
        #expect(swapped.conversions.first?.origin.date == "2024-01-02", "\(swapped.results)")
        #expect(swapped.results == evaluate("100 usd in eur on 2024-01-02").results)
        _ = engine.evaluate("100 eur in usd average 2024-03 at 1.1", state: &state, now: now)
        let averaged = engine.evaluate("swap", state: &state, now: now).reply
        #expect(averaged.results == evaluate("100 usd in eur average 2024-03").results)
    }

    /// A tiny bank rate is shown as given, not as zero.
    @Test func aTinyRateIsShownAsGiven() {
        let rate = "0." + String(repeating: "0", count: 48) + "1"
        let text = reply("100 eur in usd at \(rate)").results.first ?? ""
        #expect(text.contains("at \(rate):"), "\(text)")
    }
}
