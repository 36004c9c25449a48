import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// Dated lines: every conversion of the bundled history against an independent reading of the
/// ECB's own CSV, dates in every form, days without a publication, the legacy euro currencies.
@Suite struct DatedLinesTests: HistoryChecks {
    /// Random days, pairs and amounts converted with the day's rates, against Python's
    /// fractions over the CSV's text: the same exact value, rounded half to even.
    @Test func datedConversionsMatchTheCSVExactly() throws {
        let rows = ECBCSV.rows
        try #require(rows.count > 7000)
        let header = rows[0]
        var generator = SplitMix64(seed: 1999)
        var cases: [(line: String, reference: String)] = []
        while cases.count < 400 {
            let row = rows[1 + Int(generator.next() % UInt64(rows.count - 1))]
            // ROL and TRL (withdrawn before 2006, not current ISO codes) are not among the names read.
            let quoted = header.indices.filter {
                $0 > 0 && !header[$0].isEmpty && row[$0] != "N/A" && !row[$0].isEmpty && !["ROL", "TRL"].contains(header[$0])
            }
            // The euro as one side now and then.
            let from = generator.next() % 5 == 0 ? nil : quoted[Int(generator.next() % UInt64(quoted.count))]
            let to = quoted[Int(generator.next() % UInt64(quoted.count))]
            let amount = "\(generator.next() % 10_000_000).\(generator.next() % 100)"
            let fromCode = from.map { header[$0] } ?? "EUR"
            let fromRate = from.map { row[$0] } ?? "1"
            cases.append(("\(amount) \(fromCode) in \(header[to]) on \(row[0])", "\(amount) \(fromRate) \(row[to])"))
        }
        let script = """
            import sys
            from fractions import Fraction
            from decimal import Decimal, ROUND_HALF_EVEN
            for line in sys.stdin:
                amount, a, b = line.split()
                exact = Fraction(amount) * Fraction(b) / Fraction(a)
                scaled = exact * 1000
                whole, rest = divmod(scaled.numerator, scaled.denominator)
                if rest * 2 > scaled.denominator or (rest * 2 == scaled.denominator and whole % 2 == 1):
                    whole += 1
                print(f"{whole // 1000}.{whole % 1000:03d}")
            """
        let expected = try PythonReference.run(script: script, input: cases.map(\.reference))
        for (item, value) in zip(cases, expected) {
            let reply = evaluate(item.line)
            let text = try #require(reply.results.first, "\(item.line): \(reply.lines)")
            let result = String(text.split(separator: "=").last ?? "").filter { $0.isNumber || $0 == "." }
            #expect(result == value, "\(item.line) → \(text)")
        }
    }

    @Test func aWeekendOrHolidayUsesTheLastPublishedDayAndSaysWhich() {
        for (asked, used) in [
            ("2020-03-15", "2020-03-13"), ("2020-03-14", "2020-03-13"), ("2020-12-25", "2020-12-24"), ("2021-01-01", "2020-12-31"),
            ("2020-04-10", "2020-04-09"), ("2020-05-01", "2020-04-30"),
        ] {
            let reply = evaluate("1 eur in usd on \(asked)")
            let note = reply.lines.compactMap { line -> String? in if case .assumption(let text) = line { text } else { nil } }
            #expect(note.count == 1 && note[0].contains(asked) && note[0].contains(used), "\(asked): \(reply.lines)")
            #expect(reply.conversions.first?.date == used)
        }
        // A published day says nothing more.
        let plain = evaluate("1 eur in usd on 2020-03-13")
        #expect(!plain.lines.contains { if case .assumption = $0 { true } else { false } })
        #expect(plain.results == ["€1.000 = $1.110"])
    }

    @Test func theDayUsedIsInTheRecords() {
        let reply = evaluate("10 eur in usd on 2020-03-15")
        #expect(reply.conversions.first?.date == "2020-03-13")
        #expect(reply.conversions.first?.source == "ecb")
    }

    /// `swap` after a dated line reverses it with the rates of the same day; after a line of
    /// today's rates, with today's.
    @Test(arguments: ["12.50 eur in usd on 2020-03-15", "eur in usd on 2020-03-13", "3 × 12 eur + 5 usd in gbp on 2020-03-13"])
    func swapKeepsTheDay(_ line: String) {
        let engine = engine()
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        let dated = engine.evaluate(line, state: &state, now: now).reply
        let swapped = engine.evaluate("swap", state: &state, now: now).reply
        #expect(!dated.failed && !swapped.failed, "\(swapped.lines)")
        if let forward = dated.conversions.last, let back = swapped.conversions.first {
            #expect(back.date == "2020-03-13" && back.from == forward.to && back.to == forward.from, "\(back)")
            #expect(back.rate * forward.rate == .one, "\(back.rate) \(forward.rate)")
        } else {
            // A rate query: the rates of that day, the other way round.
            #expect(swapped.records.first.map { "\($0)" }?.contains("2020-03-13") == true, "\(swapped.records)")
        }
        // Then today's again: a line without a date resets it.
        _ = engine.evaluate("12.50 eur in usd", state: &state, now: now)
        #expect(engine.evaluate("swap", state: &state, now: now).reply.conversions.first?.date == table.date)
    }

    /// `help on` shows, for each locale, dates with another separator that read as it says:
    /// both orders of 25 December 2020, and one that both readings make a day, an error.
    @Test(arguments: ["en_US", "en_IN", "de_DE", "fr_FR", "tr_TR", "ar_EG", "nl_NL"])
    func theDateFormsInHelpReadAsTheySay(_ locale: String) throws {
        let engine = engine(locale)
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        let help = engine.evaluate("help on", state: &state, now: now).reply.results
        let line = try #require(help.first { $0.contains("12") && $0.contains("25") && $0.contains("2020,") }, "\(help)")
        let forms = line.trimmingCharacters(in: .whitespaces).prefix(22).components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(forms.count == 2, "\(line)")
        let reader = DateReader(localeID: locale)
        let christmas = try #require(Day(iso: "2020-12-25"))
        for form in forms { #expect(reader.read(form, today: Day.utc(now)) == .success(christmas), "\(locale): \(form)") }
        let next = try #require(help.firstIndex(of: line).map { help[$0 + 1] })
        let ambiguous = String(next.trimmingCharacters(in: .whitespaces).prefix(10))
        guard case .failure(.ambiguous) = reader.read(ambiguous, today: Day.utc(now)) else {
            return #expect(Bool(false), "\(locale): \(ambiguous)")
        }
    }

    @Test func outsideTheDataIsAClearError() {
        for (line, key) in [
            ("1 eur in usd on 1998-12-31", "before the euro's first reference rates (1999-01-04)"),
            ("1 eur in usd on 2026-12-01", "is in the future (today is 2026-11-30"), ("1 eur in usd on 2021-02-29", "no day of the calendar"),
            ("1 eur in usd on 15.03.20", "two-digit year"), ("1 eur in usd on soon", "is not a date"),
            ("base usd on 2020-01-01", "follows a conversion"),
        ] {
            let reply = evaluate(line)
            guard case .error(_, let message)? = reply.lines.first else {
                Issue.record("\(line): \(reply.lines)")
                continue
            }
            #expect(message.contains(key), "\(line): \(message)")
        }
    }

    /// Every date form in the locales that write them differently.
    @Test(arguments: [
        ("de_DE", "15.03.2020", "03/04/2020"), ("en_US", "3/15/2020", "03.04.2020"), ("en_GB", "15/03/2020", "03.04.2020"),
        ("fr_FR", "15/03/2020", "03.04.2020"), ("tr_TR", "15.03.2020", "03/04/2020"), ("en_IN", "15/03/2020", "03.04.2020"),
    ])
    func everyDateFormInALocale(locale: String, own: String, foreign: String) throws {
        let reader = DateReader(localeID: locale)
        let today = try #require(Day(iso: "2026-11-30"))
        let march15 = try #require(Day(iso: "2020-03-15"))
        #expect(try reader.read("2020-03-15", today: today).get() == march15)
        #expect(try reader.read(own, today: today).get() == march15, "\(locale) \(own)")
        #expect(try reader.read("2020/3/15", today: today).get() == march15)
        // Another separator: one reading only is a day…
        #expect(try reader.read("25.12.2020", today: today).get().iso == "2020-12-25")
        #expect(try reader.read("12-25-2020", today: today).get().iso == "2020-12-25")
        // …or both are, and it is an error that shows both.
        #expect(reader.read(foreign, today: today) == .failure(.ambiguous(foreign, Day(iso: "2020-04-03")!, Day(iso: "2020-03-04")!)))
        #expect(try reader.read("today", today: today).get() == today)
        #expect(try reader.read("yesterday", today: today).get().iso == "2026-11-29")
        #expect(try reader.read("-7d", today: today).get().iso == "2026-11-23")
        #expect(try reader.read("-2w", today: today).get().iso == "2026-11-16")
        #expect(try reader.read("-3m", today: today).get().iso == "2026-08-30")
        #expect(try reader.read("-1y", today: today).get().iso == "2025-11-30")
        #expect(reader.read("15.03.20", today: today) == .failure(.shortYear("15.03.20")))
        // The dated line reads it too, and says the day it used.
        let reply = evaluate("1 eur in usd on \(own)", locale)
        #expect(!reply.failed, "\(locale): \(reply.lines)")
        #expect(reply.conversions.first?.date == "2020-03-13")
    }

    @Test func theLocalesOwnFormIsReadInItsOrderOnly() throws {
        let today = try #require(Day(iso: "2026-11-30"))
        // The other order is never taken, but said: 15/03/2020 in en_US would be 2020-03-15.
        #expect(DateReader(localeID: "en_US").read("15/03/2020", today: today) == .failure(.otherOrder("15/03/2020", other: Day(iso: "2020-03-15")!)))
        #expect(DateReader(localeID: "en_IN").read("12/25/2020", today: today) == .failure(.otherOrder("12/25/2020", other: Day(iso: "2020-12-25")!)))
        #expect(DateReader(localeID: "de_DE").read("31.02.2020", today: today) == .failure(.noSuchDay("31.02.2020")))
        #expect(try DateReader(localeID: "en_US").read("03/04/2020", today: today).get().iso == "2020-03-04")
        #expect(try DateReader(localeID: "en_GB").read("03/04/2020", today: today).get().iso == "2020-04-03")
        // Digits of the locale's script, and its bidirectional marks.
        #expect(try DateReader(localeID: "ar_EG").read("١٥\u{200F}/٣\u{200F}/٢٠٢٠", today: today).get().iso == "2020-03-15")
        #expect(try DateReader(localeID: "he_IL").read("15.3.2020", today: today).get().iso == "2020-03-15")
        #expect(try DateReader(localeID: "hu_HU").read("2020. 03. 15.", today: today).get().iso == "2020-03-15")
    }

    /// Each legacy currency at its fixed rate, on any day after it joined, exactly.
    @Test func legacyCurrenciesConvertAtTheirIrrevocableRates() throws {
        for entry in LegacyEuro.all {
            let day = max(entry.since, Day(iso: "1999-01-04")!).adding(days: 40)
            let reply = evaluate("1000 \(entry.code) in eur on \(day.iso)")
            let conversion = try #require(reply.conversions.first, "\(entry.code): \(reply.lines)")
            #expect(conversion.rate == Rational(1) / Rational(entry.rate)!, "\(entry.code)")
            // Today as well, in every table.
            let today = evaluate("1000 \(entry.code) in eur")
            #expect(today.conversions.first?.rate == Rational(1) / Rational(entry.rate)!, "\(entry.code) today")
        }
        let marks = evaluate("100 dem in frf on 2001-06-01")
        #expect(marks.conversions.first?.rate == Rational(decimalText: "6.55957")! / Rational(decimalText: "1.95583")!)
        // Before it joined: the ECB's quote where it had one, else an error.
        let tolar = evaluate("100 sit in eur on 2005-06-01")
        #expect(tolar.conversions.first.map { $0.rate != Rational(1) / Rational(decimalText: "239.640")! } == true)
        #expect(evaluate("100 grd in eur on 2000-06-01").failed)
        #expect(evaluate("100 dem in usd on 1995-01-02").failed)
        // Names, in the interface's language.
        #expect(evaluate("100 deutsche mark in eur", "de_DE").results.first?.contains("51,129") == true)
    }

    /// Euro entry days that were holidays took the last market rate or failed: HRK on Sunday
    /// 2023-01-01 used 7.5365 instead of the fixed 7.53450, BGN on Thursday 2026-01-01 1.9558
    /// instead of 1.95583, GRD on 2001-01-01 was an error. The fixed rate holds from the entry
    /// day on, whatever the calendar; for every legacy currency, on its entry day and the days
    /// around it.
    @Test func theFixedRateHoldsFromTheEntryDayWhateverTheCalendar() throws {
        for entry in LegacyEuro.all where entry.since >= Day(iso: "1999-01-04")! {
            for offset in 0...3 {
                let day = entry.since.adding(days: offset)
                let reply = evaluate("1000 \(entry.code) in eur on \(day.iso)")
                let conversion = try #require(reply.conversions.first, "\(entry.code) on \(day.iso): \(reply.lines)")
                #expect(conversion.rate == Rational(1) / Rational(entry.rate)!, "\(entry.code) on \(day.iso)")
            }
        }
        // The last day before it, the ECB's quote (HRK's 7.5365 of Friday 2022-12-30).
        #expect(evaluate("eur in hrk on 2022-12-31").records.first?.fields.first { $0.key == "rate" }?.value == .decimal("7.5365"))
        let pair = evaluate("100 bgn in dem on 2026-01-01")
        #expect(pair.conversions.first?.rate == .one, "\(pair.lines)")
        #expect(evaluate("eur in hrk on 2023-01-01").records.first?.fields.first { $0.key == "rate" }?.value == .decimal("7.5345"))
    }

    /// Whether any currency joined between two days, asked first of every day without rates:
    /// what asking every currency gives, for the days around each entry day and random ones.
    @Test func anyJoiningBetweenTwoDaysIsAsEveryCurrencySays() {
        var pairs: [(Day, Day)] = []
        for entry in LegacyEuro.all {
            for used in -10...3 {
                for gap in 0...10 { pairs.append((entry.since.adding(days: used), entry.since.adding(days: used + gap))) }
            }
        }
        var random = SplitMix64(seed: 47)
        for _ in 0..<20_000 {
            let used = Day(number: 10_000 + Int(random.next() % 12_000))
            pairs.append((used, used.adding(days: Int(random.next() % 400))))
        }
        for (used, asked) in pairs {
            #expect(
                LegacyEuro.anyJoined(after: used, by: asked) == LegacyEuro.all.contains { $0.joined(after: used, by: asked) },
                "\(used.iso) → \(asked.iso)")
        }
    }

    @Test func aCurrencyTheECBDidNotPublishSaysWhereRatesWouldComeFrom() {
        let old = evaluate("1 eur in aed on 2020-05-05")
        guard case .error(let error, let message)? = old.lines.first else {
            Issue.record("\(old.lines)")
            return
        }
        #expect(message.contains("2024-03-02"))
        #expect(
            error.kind
                == .date(
                    .currencyMissing(
                        CurrencyCode("AED")!, Day(iso: "2020-05-05")!, snapshotsSince: RateStore.snapshotsSince, fetched: false, pinned: nil,
                        reason: nil)))
    }

    @Test func calculationsAndRatesTakeADateToo() {
        #expect(evaluate("eur in usd on 2020-03-13").results.first?.hasPrefix("€1 = $1.1") == true)
        let sum = evaluate("10 eur + 10 usd in usd on 2020-03-13")
        #expect(sum.results.first?.hasSuffix("$21.104") == true, "\(sum.lines)")
        #expect(evaluate("rates on 2001-02-02").results.contains { $0.hasPrefix("GRD") } == false)
        #expect(evaluate("rates usd on 2001-02-02").results.count == 1)
    }

}

extension DatedLinesTests: LineChecks {

    /// A withdrawn currency the history quotes is found by its code for a dated line; without
    /// a date the error says until when it has rates.
    @Test(.tags(.misread)) func withdrawnCurrenciesOfTheHistoryConvertOnTheirDays() {
        #expect(converted(run("1000000 trl in eur on 2003-01-02")) == ["TRL>EUR"])
        #expect(converted(run("1 eur in rol on 2004-01-05")) == ["EUR>ROL"])
        guard case .withdrawnCurrency(let code, _, let last)? = error(run("1 trl in eur"))?.kind else {
            return #expect(Bool(false), "\(run("1 trl in eur").reply.lines)")
        }
        #expect(code.rawValue == "TRL" && last.iso == "2004-12-31")
    }
}

extension DatedLinesTests {
    /// German writes `am` before a day: the same line as with `on`.
    @Test func germanAmIntroducesTheDate() {
        let am = evaluate("45,80 usd in eur am 30.03.2024", "de_DE")
        #expect(am.conversions.first?.date == "2024-03-28", "\(am.lines)")
        #expect(am.conversions.first?.rate == evaluate("45,80 usd in eur on 30.03.2024", "de_DE").conversions.first?.rate)
    }
}
