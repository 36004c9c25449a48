import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// The evaluator against an exact reference (Python's `fractions`): random conversions between
/// all 161 currencies of the bundled table, amounts from 1e-6 to 30 significant digits,
/// constructed exact ties and near-ties, the most extreme rate pairs. Every printed digit and
/// every machine-readable field must agree.
@Suite struct ConverterTests {
    static let reference = #"""
        import sys
        from fractions import Fraction as F

        def terminates(q):
            d = q.denominator
            for p in (2, 5):
                while d % p == 0:
                    d //= p
            return d == 1

        def plain(q, places):
            # q rounded half to even to `places` decimals, as digits with a point.
            n = round(q * 10**places)
            sign = "-" if n < 0 else ""
            digits = str(abs(n)).rjust(places + 1, "0")
            return sign + (digits[:-places] + "." + digits[-places:] if places else digits)

        def text(q, significant=40):
            if q == 0:
                return "0", True
            exact = terminates(q)
            a = abs(q)
            magnitude = len(str(a.numerator)) - len(str(a.denominator))
            if a < F(10) ** magnitude:
                magnitude -= 1
            if exact:
                places = 0
                while (q * 10**places).denominator != 1:
                    places += 1
            else:
                places = max(0, significant - 1 - magnitude)
            t = plain(q, places)
            if "." in t:
                t = t.rstrip("0").rstrip(".")
            return t, exact

        for line in sys.stdin:
            kind, amount, rf, rt, k = line.split()
            rate = F(rt) / F(rf)
            if kind == "TIE":
                n, d = rate.numerator, rate.denominator
                two_five = 1
                m = n
                for p in (2, 5):
                    while m % p == 0:
                        m //= p
                        two_five *= p
                j = 2 * int(k) + 1
                a = F(j * d, 2000 * two_five)
                amount = plain(a, 40).rstrip("0").rstrip(".") if not terminates(a) else None
                places = 0
                while (a * 10**places).denominator != 1:
                    places += 1
                amount = plain(a, places)
                if kind == "TIE" and int(k) % 3 == 1:
                    amount = amount + "1" if "." in amount else amount + ".1"   # a near-tie just above
            q = F(amount) * rate
            is_tie = (q * 2000).denominator == 1 and (q * 2000).numerator % 2 == 1
            r, re_ = text(q)
            t, te = text(rate)
            print(amount, plain(q, 3), r, re_, t, te, is_tie)
        """#

    @Test func everyDigitMatchesTheExactReference() throws {
        let table = try SeedTableDecoder.bundled()
        let codes = table.rates.keys.sorted()
        var generator = SplitMix64(seed: 1999)
        var cases: [(kind: String, amount: String, from: CurrencyCode, to: CurrencyCode, k: Int)] = []
        func randomAmount() -> String {
            let digits = Int.random(in: 1...30, using: &generator)
            var text = String((0..<digits).map { _ in "0123456789".randomElement(using: &generator) ?? "1" })
            if text.first == "0" { text = "1" + text.dropFirst() }
            // Place the point so that values run from about 1e-6 to 1e24.
            let integerDigits = Int.random(in: -5...min(25, digits), using: &generator)
            if integerDigits <= 0 { return "0." + String(repeating: "0", count: -integerDigits) + text }
            if integerDigits >= digits { return text }
            return String(text.prefix(integerDigits)) + "." + String(text.dropFirst(integerDigits))
        }
        let ranked = codes.sorted { (table.rates[$0] ?? 0) < (table.rates[$1] ?? 0) }
        let extremes = Array(ranked.prefix(4) + ranked.suffix(4))
        for index in 0..<2400 {
            let pool = index % 8 == 0 ? extremes : codes
            guard let from = pool.randomElement(using: &generator), let to = pool.randomElement(using: &generator) else { continue }
            let kind = index % 3 == 0 ? "TIE" : "CASE"
            cases.append((kind, kind == "TIE" ? "0" : randomAmount(), from, to, Int.random(in: 0...5000, using: &generator)))
        }
        let input = cases.map { item in
            "\(item.kind) \(item.amount) \(table.rates[item.from] ?? 0) \(table.rates[item.to] ?? 0) \(item.k)"
        }
        let expected = try PythonReference.run(script: Self.reference, input: input)
        try #require(expected.count == cases.count)

        let settings = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let engine = Engine.configured(settings, table, showsDetails: false)
        let state = SessionState(base: .eur, recent: [], locale: settings)
        var ties = 0
        var compared = 0
        for (item, line) in zip(cases, expected) {
            let fields = line.split(separator: " ").map(String.init)
            try #require(fields.count == 7)
            let amount = fields[0]
            // The engine reads at most 30 significant digits; longer constructed amounts are skipped.
            guard amount.filter(\.isNumber).drop(while: { $0 == "0" }).count <= 30 else { continue }
            let outcome = engine.evaluate("\(amount) \(item.from) in \(item.to)", in: state)
            guard let conversion = outcome.reply.conversions.first else {
                Issue.record("\(amount) \(item.from) in \(item.to): \(outcome.reply.lines)")
                continue
            }
            compared += 1
            if fields[6] == "True" { ties += 1 }
            let context = "\(amount) \(item.from) in \(item.to)"
            #expect(conversion.roundedResult == fields[1], "\(context)")
            #expect(conversion.resultText.text == fields[2] && "\(conversion.resultText.exact)".capitalized == fields[3], "\(context)")
            #expect(conversion.rateText.text == fields[4] && "\(conversion.rateText.exact)".capitalized == fields[5], "\(context)")
            // What is printed is the reference's rounded value in the locale's style.
            let printed = outcome.reply.results.first ?? ""
            let reference = engine.formatter.format(Decimal(string: fields[1]) ?? 0, item.to)
            #expect(printed.hasSuffix("= " + reference), "\(context): \(printed) vs \(reference)")
        }
        #expect(compared > 2000)
        #expect(ties > 200, "constructed exact ties: \(ties)")
    }

    @Test func theTieThatDecimalGotWrongRoundsToEven() throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let outcome = Engine(locale: settings, table: table).evaluate(
            "138331.5 byn in sgd", in: SessionState(base: .eur, recent: [], locale: settings))
        #expect(outcome.reply.conversions.first?.resultText.text == "61569.9775")
        #expect(outcome.reply.conversions.first?.roundedResult == "61569.978")
    }

    /// A rate without a short exact decimal (a cross rate) keeps six significant digits.
    @Test func aSmallRateKeepsSixSignificantDigits() throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let state = SessionState(base: .eur, recent: [], locale: settings)
        let outcome = Engine(locale: settings, table: table).evaluate("vnd in usd", in: state)
        #expect(outcome.reply.lines.first == .result("₫1 = $0.0000380225", detail: "$1 = ₫26,300.211"))
        let bif = Engine(locale: LocaleSettings(numbers: "de_DE", money: "de_DE", messages: "de_DE"), table: table)
            .evaluate("bif in eur", in: SessionState(base: .eur, recent: [], locale: settings))
        guard case .result(let result, _) = bif.reply.lines.first else { return #expect(Bool(false)) }
        let text = result.string
        #expect(!text.contains("0,000\u{00A0}€") && text.contains("0,000"))
    }
}

extension ConverterTests: LineChecks {

    /// The amount echoed before `=` is the amount given: every decimal it has beyond three
    /// is kept, so that the line reads back to the same value (never `€0.000 = ₫3.007`).
    @Test(.tags(.misread), arguments: ["en_US", "de_DE", "fr_FR", "ar_EG", "en_IN"])
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
            #expect(run("\(echoed) in usd", locale).reply.conversions.first?.amount == Rational(decimalText: typed), "\(locale) \(typed): \(echoed)")
        }
    }

    /// Every amount printed reads back, however long: a 30-digit amount into VND (35 digits), a
    /// product of two 30-digit amounts, in locales with other marks and digits; a result too
    /// long to read back is refused, not printed.
    @Test(.tags(.misread), arguments: ["en_US", "de_DE", "en_IN", "ar_EG", "fr_CH"])
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
            #expect(read.amount == rounded, "\(locale): \(printed)")
        }
        let huge = String(repeating: "9", count: AmountParser.digitLimit)
        guard case .arithmetic(.tooLong)? = error(run("\(huge) byn in vnd", locale))?.kind else {
            return #expect(Bool(false), "\(locale): a result longer than the reader takes was printed")
        }
    }
}

/// What a rate beside a result shows: one way round for every line, and the digits its source
/// published; what an amount's echo shows: every decimal typed.
extension ConverterTests {
    func detail(_ outcome: Outcome) -> String? {
        for line in outcome.reply.lines { if case .result(_, let detail) = line { return detail } }
        return nil
    }

    /// The rate is shown the way round in which one unit buys at least one, however the amount
    /// was written (`5000 tl` and `5 bin tl`, a plain line and a calculation).
    @Test func theRateBesideAResultIsShownOneWayRound() throws {
        let plain = detail(run("5000 tl in eur", "tr_TR"))
        #expect(plain?.hasPrefix("€1 = ") == true, "\(plain ?? "")")
        #expect(detail(run("5 bin tl in eur", "tr_TR")) == plain)
        #expect(detail(run("2 × 2500 tl in eur", "tr_TR")) == plain)
        #expect(detail(run("100 eur in try", "tr_TR")) == plain)
        // Every pair of a sample, both ways: the unit on the left buys at least one on the right.
        let codes = ["EUR", "USD", "JPY", "GBP", "TRY", "KWD", "VND", "CHF"]
        for a in codes {
            for b in codes where a != b {
                let shown = try #require(detail(run("10 \(a) in \(b)")), "\(a) in \(b)")
                let sides = shown.components(separatedBy: " = ")
                let number = sides.last?.filter { $0.isNumber || $0 == "." } ?? ""
                #expect((Double(number) ?? 0) >= 1, "\(a) in \(b): \(shown)")
                #expect(detail(run("10 \(b) in \(a)")) == shown, "\(a)/\(b)")
            }
        }
    }

    /// A published rate keeps its digits (the ECB's 1.0299 of 2025-01-03 was shown as 1.030).
    @Test func aRateShowsTheDigitsItsSourcePublished() {
        let outcome = run("eur in usd on 2025-01-03")
        #expect(outcome.reply.lines.first == .result("€1 = $1.0299", detail: "$1 = €0.970968"), "\(outcome.reply.lines)")
        #expect(detail(run("100 eur in jpy on 2025-01-03")) == "€1 = ¥161.770", "\(run("100 eur in jpy on 2025-01-03").reply.lines)")
    }

    /// An amount is echoed with every decimal it was typed with, however many.
    @Test(arguments: [40, 41, 60, 300])
    func theEchoKeepsEveryDecimalTyped(_ zeros: Int) throws {
        let amount = "0." + String(repeating: "0", count: zeros) + "1"
        let outcome = run("\(amount) eur in vnd")
        let text = try #require(outcome.reply.results.first)
        #expect(text.hasPrefix("€" + amount + " = "), "\(text)")
    }
}
