import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// The store against an independent reading of the ECB's CSV (Python's zipfile, csv and
/// fractions): any calendar day's rate is the last published day's, or a legacy currency's fixed
/// rate from its entry day; an average is the exact mean of the published days, rounded half to
/// even to as many decimals as the ECB quoted the currency with in the period (on its last
/// twenty published days at least).
@Suite struct RateStoreTests: HistoryChecks {
    /// The reference's reading of the CSV and the Council's fixed rates, shared by both scripts.
    static let reader = """
        import sys, zipfile, bisect, datetime
        from fractions import Fraction
        text = zipfile.ZipFile("\(ECBCSV.archive)").read("eurofxref-hist.csv").decode()
        lines = [line.split(",") for line in text.splitlines() if line.strip()]
        header = [cell.strip() for cell in lines[0]]
        rows = sorted(([cell.strip() for cell in line] for line in lines[1:]), key=lambda row: row[0])
        days = [row[0] for row in rows]
        column = {code: index for index, code in enumerate(header) if index > 0 and code}
        fixed = {"ATS": ("13.7603", "1999-01-01"), "BEF": ("40.3399", "1999-01-01"), "DEM": ("1.95583", "1999-01-01"),
            "ESP": ("166.386", "1999-01-01"), "FIM": ("5.94573", "1999-01-01"), "FRF": ("6.55957", "1999-01-01"),
            "IEP": ("0.787564", "1999-01-01"), "ITL": ("1936.27", "1999-01-01"), "LUF": ("40.3399", "1999-01-01"),
            "NLG": ("2.20371", "1999-01-01"), "PTE": ("200.482", "1999-01-01"), "GRD": ("340.750", "2001-01-01"),
            "SIT": ("239.640", "2007-01-01"), "CYP": ("0.585274", "2008-01-01"), "MTL": ("0.429300", "2008-01-01"),
            "SKK": ("30.1260", "2009-01-01"), "EEK": ("15.6466", "2011-01-01"), "LVL": ("0.702804", "2014-01-01"),
            "LTL": ("3.45280", "2015-01-01"), "HRK": ("7.53450", "2023-01-01"), "BGN": ("1.95583", "2026-01-01")}
        def cell(code, row, day):
            if code == "EUR": return "1"
            if code in fixed and fixed[code][1] <= day: return fixed[code][0]
            if code not in column: return None
            value = row[column[code]]
            return None if value in ("", "N/A") else value
        def decimals(text): return len(text.split(".")[1]) if "." in text else 0
        def half_even(value, places):
            scaled = value * 10 ** places
            whole, rest = divmod(scaled.numerator, scaled.denominator)
            if rest * 2 > scaled.denominator or (rest * 2 == scaled.denominator and whole % 2 == 1): whole += 1
            text = str(whole).rjust(places + 1, "0")
            return text[:len(text) - places] + ("." + text[len(text) - places:] if places else "")
        """

    /// The codes the CSV has columns for, and the legacy currencies it has none for.
    static let codes: [String] = {
        let header = ECBCSV.rows.first ?? []
        let legacy = LegacyEuro.all.map(\.code.rawValue)
        return Array(Set(header.dropFirst().filter { !$0.isEmpty } + legacy)).sorted()
    }()

    /// Any calendar day from the first publication to the last, weekends and holidays among
    /// them, currencies the ECB stopped or started quoting, the legacy currencies on the days
    /// around their entry: the rate of the last day published on or before it, or the fixed
    /// rate from the entry day on; a currency the day has no rate for is an error, never an
    /// older day's rate. The record names the day used, the day asked and why they differ.
    @Test func anyDayConvertsAtTheRateOfTheLastPublishedDay() throws {
        let first = try #require(Day(iso: "1999-01-04")), last = try #require(Day(iso: "2026-10-30"))
        // The seed's day has currency-api's table too: other currencies answer on it.
        let seedDay = try #require(Day(iso: table.date))
        var generator = SplitMix64(seed: 22)
        var cases: [(line: String, day: Day, reference: String)] = []
        let codes = Self.codes + ["EUR", "EUR", "EUR"]
        while cases.count < 1500 {
            let from: String, to: String, day: Day
            if generator.next() % 4 == 0 {
                // A legacy currency within a week of the day it joined.
                let entry = LegacyEuro.all[Int(generator.next() % UInt64(LegacyEuro.all.count))]
                day = entry.since.adding(days: Int(generator.next() % 15) - 7)
                from = entry.code.rawValue
                to = codes[Int(generator.next() % UInt64(codes.count))]
            } else {
                day = first.adding(days: Int(generator.next() % UInt64(last.number - first.number + 1)))
                from = codes[Int(generator.next() % UInt64(codes.count))]
                to = codes[Int(generator.next() % UInt64(codes.count))]
            }
            guard day != seedDay else { continue }
            let amount = "\(generator.next() % 1_000_000).\(generator.next() % 100)"
            let (a, b) = generator.next() % 2 == 0 ? (from, to) : (to, from)
            cases.append(("\(amount) \(a) in \(b) on \(day.iso)", day, "\(amount) \(a) \(b) \(day.iso)"))
        }
        let script =
            Self.reader + "\n" + """
                for line in sys.stdin:
                    amount, a, b, day = line.split()
                    at = bisect.bisect_right(days, day) - 1
                    if at < 0:
                        print("missing"); continue
                    row = rows[at]
                    x, y = cell(a, row, day), cell(b, row, day)
                    if x is None or y is None:
                        print("missing"); continue
                    exact = Fraction(amount) * Fraction(y) / Fraction(x)
                    weekday = datetime.date.fromisoformat(day).weekday()
                    reason = "" if row[0] == day else ("weekend" if weekday >= 5 else "holiday")
                    print(half_even(exact, 3), x, y, row[0], reason)
                """
        let expected = try PythonReference.run(script: script, input: cases.map(\.reference))
        try #require(expected.count == cases.count)
        let engine = engine()
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        var missing = 0
        for (item, answer) in zip(cases, expected) {
            let reply = engine.evaluate(item.line, state: &state, now: now).reply
            let parts = answer.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 5 else {
                missing += 1
                #expect(reply.failed && reply.conversions.isEmpty, "\(item.line): the ECB has no rate, yet \(reply.lines)")
                continue
            }
            let conversion = try #require(reply.conversions.first, "\(item.line): \(reply.lines)")
            let rate = try #require(Rational(decimalText: parts[2])) / #require(Rational(decimalText: parts[1]))
            #expect(conversion.rate == rate, "\(item.line): rate \(parts[2]) / \(parts[1])")
            let fields = Dictionary(uniqueKeysWithValues: Record(conversion).fields.map { ($0.key, $0.value) })
            #expect(fields["rounded"] == .decimal(parts[0]), "\(item.line) → \(reply.lines)")
            #expect(fields["date"] == .text(parts[3]) && fields["source"] == .text("ecb"), "\(item.line): \(fields)")
            #expect(fields["date_asked"] == .text(item.day.iso) && fields["substitution"] == .text(parts[4]), "\(item.line): \(fields)")
            // A day other than the one asked is said.
            let said = reply.lines.contains { if case .assumption(let text) = $0 { text.contains(parts[3]) } else { false } }
            #expect(said == !parts[4].isEmpty, "\(item.line): \(reply.lines)")
        }
        // Both kinds were tried.
        #expect(missing > 50 && missing < cases.count / 2, "\(missing) of \(cases.count) without a rate")
    }

    /// Random months and years over every currency the ECB quoted (and the legacy ones): the
    /// mean of the days published in the period, exactly, then rounded half to even to the
    /// decimals the ECB quoted the currency with in the period; a currency without a rate on one
    /// of the days has no average (an error that says so).
    @Test func anAverageIsTheMeanOfThePublishedDaysRoundedAsPublished() throws {
        var generator = SplitMix64(seed: 2024)
        var cases: [(line: String, period: String)] = []
        while cases.count < 300 {
            let code = Self.codes[Int(generator.next() % UInt64(Self.codes.count))]
            let period: String
            if generator.next() % 4 == 0 {
                period = String(1999 + Int(generator.next() % 27))
            } else {
                let month = Int(generator.next() % (27 * 12 + 9))
                period = String(format: "%04d-%02d", 1999 + month / 12, 1 + month % 12)
            }
            cases.append(("1 eur in \(code) average \(period)", "\(code) \(period)"))
        }
        let script =
            Self.reader + "\n" + """
                def quoted(code, window):
                    return [row[column[code]] for row in window if code in column and row[column[code]] not in ("", "N/A")]
                def scale(code, inside):
                    # The period's days, and at least the last twenty published up to its end.
                    end = days.index(inside[-1][0]) + 1
                    window = rows[max(0, min(end - len(inside), end - 20)):end]
                    if code not in fixed: return max((decimals(text) for text in quoted(code, window)), default=0)
                    # A legacy currency: the decimals its market quotes need, and its fixed
                    # rate's only when the fixed rate is in the period (from the day it
                    # joined, or published as a quote with more decimals, as LVL's
                    # 0.702804 on 2013-12-31).
                    rate = Fraction(fixed[code][0])
                    found = [decimals(text.rstrip("0") if "." in text else text) for text in quoted(code, window) if Fraction(text) != rate]
                    places = max(found, default=0)
                    fixed_places = decimals(fixed[code][0].rstrip("0"))
                    published = fixed_places > places and [row for row in inside if code in column and row[column[code]] not in ("", "N/A") and Fraction(row[column[code]]) == rate]
                    if inside[-1][0] >= fixed[code][1] or published: places = max(places, decimals(fixed[code][0]))
                    return places
                for line in sys.stdin:
                    code, period = line.split()
                    inside = [row for row in rows if row[0].startswith(period + "-")]
                    values = [cell(code, row, row[0]) for row in inside]
                    if not inside or None in values:
                        print("missing"); continue
                    mean = sum(Fraction(value) for value in values) / len(values)
                    print(half_even(mean, scale(code, inside)), len(values), inside[0][0], inside[-1][0])
                """
        let expected = try PythonReference.run(script: script, input: cases.map(\.period))
        try #require(expected.count == cases.count)
        let engine = engine()
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        var missing = 0
        for (item, answer) in zip(cases, expected) {
            let reply = engine.evaluate(item.line, state: &state, now: now).reply
            let parts = answer.split(separator: " ").map(String.init)
            guard parts.count == 4 else {
                missing += 1
                #expect(reply.failed && reply.conversions.isEmpty, "\(item.line): a day has no rate, yet \(reply.lines)")
                continue
            }
            let conversion = try #require(reply.conversions.first, "\(item.line): \(reply.lines)")
            let fields = Dictionary(uniqueKeysWithValues: Record(conversion).fields.map { ($0.key, $0.value) })
            // The record writes the exact decimal, trailing zeros aside.
            #expect(conversion.rate == Rational(decimalText: parts[0]), "\(item.line): \(fields)")
            #expect(
                fields["period_days"] == .integer(Int(parts[1]) ?? 0) && fields["date"] == .text(parts[2] + "/" + parts[3]), "\(item.line): \(fields)"
            )
            #expect(fields["period"] == .text(item.period.split(separator: " ")[1].description) && fields["source"] == .text("ecb"))
        }
        #expect(missing > 10 && missing < cases.count / 2, "\(missing) of \(cases.count) without an average")
        // A legacy currency before its entry is rounded as the ECB quoted it, not to its
        // fixed rate's decimals: MTL in 2001 to four (0.429300 has six), HRK to four (7.53450).
        for (line, rate) in [
            ("1 eur in mtl average 2001", "0.4030"), ("1 eur in hrk average 2010-05", "7.2630"), ("1 eur in lvl average 2005", "0.6962"),
        ] {
            #expect(evaluate(line).conversions.first?.rate == Rational(decimalText: rate), "\(line)")
        }
        // A legacy currency without a column of its own over a range across its entry day:
        // no average (it had no rate before), and no trap on the way to saying so.
        let greek = evaluate("eur in grd average 2000-12-01..2001-01-31")
        #expect(greek.failed && greek.conversions.isEmpty, "\(greek.lines)")
        #expect(evaluate("1 eur in grd average 2001-01").conversions.first?.rate == Rational(decimalText: "340.750"))
        // Rounded as the ECB wrote the currency in the period: SEK to four decimals, though the
        // ECB wrote it once with five (9.08725 on 2004-01-08: that month to five); GBP in 2000
        // to four, in 2024 to five.
        for (line, rate) in [
            ("1 eur in sek average 2024-03", "11.3054"), ("1 eur in sek average 2025", "11.0663"), ("1 eur in sek average 2004-01", "9.13677"),
            ("1 eur in gbp average 2000-07", "0.6230"), ("1 eur in gbp average 2024-03", "0.85524"),
        ] {
            #expect(evaluate(line).conversions.first?.rate == Rational(decimalText: rate), "\(line)")
        }
        // A period not over is said so, with the days so far to ask for; one not begun has
        // no such days, and says so rather than suggest a range in the future.
        let november = evaluate("eur in usd average 2026-11")
        #expect(november.failed && "\(november.lines)".contains("2026-11-01..2026-11-29"), "\(november.lines)")
        for line in ["eur in usd average 2027-01", "eur in usd average 2030", "eur in usd average 2027-01-01..2027-01-31"] {
            let reply = evaluate(line)
            let message = reply.lines.compactMap { line -> String? in if case .error(_, let message) = line { message } else { nil } }.joined()
            #expect(reply.failed && message.contains("has not begun") && !message.contains(".."), "\(line): \(message)")
        }
        // One the BMF published: USD in March 2024, 1.0872 over 20 days.
        let march = evaluate("100 usd in eur average 2024-03")
        #expect(march.conversions.first?.rate == Rational(1) / Rational(decimalText: "1.0872")!, "\(march.lines)")
        #expect(march.conversions.first.map { Record($0).fields.first { $0.key == "period_days" }?.value } == .integer(20))
    }

    /// A currency that joined the euro on a holiday (every one joined on 1 January) is at its
    /// fixed rate on that day, though the day's rates are the last publication's, which quoted
    /// its market rate: the line says so, and says nothing of it on the day before or for a
    /// pair without it.
    @Test func aCurrencyAtTheFixedRateItTookOnAHolidayIsSaid() {
        func notes(_ line: String) -> [String] { evaluate(line).lines.compactMap { if case .assumption(let text) = $0 { text } else { nil } } }
        #expect(notes("100 bgn in eur on 2026-01-01").contains("BGN is at its fixed rate to the euro, in force from 2026-01-01, not at the ECB's quote of 2025-12-31"))
        #expect(notes("100 usd in hrk on 2023-01-01").contains("HRK is at its fixed rate to the euro, in force from 2023-01-01, not at the ECB's quote of 2022-12-30"))
        for line in ["100 bgn in eur on 2025-12-31", "100 eur in usd on 2026-01-01", "100 bgn in eur on 2026-01-02"] {
            #expect(!notes(line).contains { $0.contains("fixed rate") }, "\(line): \(notes(line))")
        }
    }

    /// A period that ends on a weekend right after the last day held is whole: the ECB
    /// publishes nothing on Saturdays and Sundays (October 2026 ends on a Saturday and the
    /// bundle on Friday the 30th). One that ends on a later working day is not held.
    @Test func aPeriodEndingOnAWeekendAfterTheLastDayHeldIsWhole() throws {
        let history = BundledHistory.shared
        let last = history.lastDay
        try #require(last.weekday == 5, "the bundle ends on a Friday")
        let monday = last.adding(days: -4)
        let held = history.indices(from: monday, through: last)
        for end in [last, last.adding(days: 1), last.adding(days: 2)] {
            let reply = evaluate("100 eur in usd average \(monday.iso)..\(end.iso)")
            let conversion = try #require(reply.conversions.first, "\(end.iso): \(reply.lines)")
            let fields = Dictionary(uniqueKeysWithValues: Record(conversion).fields.map { ($0.key, $0.value) })
            #expect(fields["period_days"] == .integer(held.count), "\(fields)")
            #expect(fields["date"] == .text(history.day(at: held.lowerBound).iso + "/" + last.iso), "\(fields)")
        }
        // So is a dated line of that weekend: its rates are the Friday's, and said so; the
        // Monday after is past the days held.
        for weekend in [last.adding(days: 1), last.adding(days: 2)] {
            let reply = evaluate("100 eur in usd on \(weekend.iso)")
            let conversion = try #require(reply.conversions.first, "\(weekend.iso): \(reply.lines)")
            let fields = Dictionary(uniqueKeysWithValues: Record(conversion).fields.map { ($0.key, $0.value) })
            #expect(fields["date"] == .text(last.iso) && fields["substitution"] == .text("weekend"), "\(fields)")
        }
        #expect(evaluate("100 eur in usd on \(last.adding(days: 3).iso)").failed)
        // A period wholly past the days held says none of its rates is here.
        let past = evaluate("100 eur in usd average \(last.adding(days: 3).iso)..\(last.adding(days: 7).iso)")
        let said = past.lines.compactMap { line -> String? in if case .error(_, let message) = line { message } else { nil } }.joined()
        #expect(past.failed && said.hasPrefix("none of the ECB's rates of"), "\(said)")
        // The month the bundle ends in is whole when no working day of it follows.
        let month = String(last.iso.prefix(7))
        let whole = evaluate("100 eur in usd average \(month)")
        #expect((whole.conversions.count == 1) == !last.adding(days: 3).iso.hasPrefix(month), "\(whole.lines)")
        let nextMonday = evaluate("100 eur in usd average \(monday.iso)..\(last.adding(days: 3).iso)")
        #expect(nextMonday.failed && nextMonday.conversions.isEmpty, "\(nextMonday.lines)")
    }

    /// The day used, the day asked and why they differ, for a published day, a weekend, a
    /// holiday and an average; a line without a date names the day and source of its rate.
    @Test(arguments: [
        ("89.99 gbp in usd on 2024-03-27", "2024-03-27", "2024-03-27", "", "", Record.Value.absent),
        ("89.99 gbp in usd on 2024-03-30", "2024-03-28", "2024-03-30", "weekend", "", .absent),
        ("89.99 gbp in usd on 2024-03-29", "2024-03-28", "2024-03-29", "holiday", "", .absent),
        ("89.99 gbp in usd average 2024-03", "2024-03-01/2024-03-28", "", "", "2024-03", .integer(20)),
        ("89.99 gbp in usd", "2026-10-30", "", "", "", .absent),
        ("89.99 aed in usd", "2026-07-06", "", "", "", .absent),
    ])
    func recordsSayWhichDay(_ line: String, _ date: String, _ asked: String, _ substitution: String, _ period: String, _ days: Record.Value)
        throws
    {
        let reply = evaluate(line, in: RateStore([table]))
        let fields = Dictionary(
            uniqueKeysWithValues: Record(try #require(reply.conversions.first, "\(reply.lines)")).fields.map { ($0.key, $0.value) })
        #expect(fields["date"] == .text(date) && fields["date_asked"] == .text(asked), "\(fields)")
        #expect(fields["substitution"] == .text(substitution) && fields["period"] == .text(period) && fields["period_days"] == days, "\(fields)")
        #expect(fields["source"] == .text(line.contains("aed") ? "currency-api" : "ecb"))
    }

    /// Without a date a pair converts with the newest table that quotes both of its currencies:
    /// offline the ECB's last bundled day for its currencies, the seed's day for the others; a
    /// fresher table of any source wins for the currencies it has; one rate never mixes two.
    @Test func nowIsTheNewestDayHeldThatQuotesThePair() throws {
        let store = RateStore([table])
        func used(_ line: String) -> [String] {
            evaluate(line, in: store).conversions.map { "\($0.source) \($0.date) \($0.rate.decimalText(significantDigits: 6).text)" }
        }
        #expect(used("12 eur in usd") == ["ecb 2026-10-30 1.1172"])
        #expect(used("12 aed in usd").first?.hasPrefix("currency-api 2026-07-06 ") == true)
        let fresh = try RateTable(
            base: .eur, date: "2026-11-29", source: RateSource(id: "currency-api", attribution: "", isBundledSeed: false),
            rates: [.eur: 1, .usd: Decimal(string: "1.2")!, CurrencyCode("AED")!: Decimal(string: "4.4")!])
        store.add(fresh)
        #expect(used("12 eur in usd") == ["currency-api 2026-11-29 1.2"])
        #expect(used("12 aed in usd") == ["currency-api 2026-11-29 0.272727"])
        // DKK is not in the fresher table: the ECB's day, for both of the pair's currencies.
        #expect(used("12 usd in dkk").first?.hasPrefix("ecb 2026-10-30 ") == true)
        // Pinned, the ECB's newest day answers although a fresher table of another source is held.
        let engine = Engine(
            configuration: EngineConfiguration(locale: LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")), store: store)
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        state.pinnedSource = "ecb"
        #expect(engine.evaluate("12 eur in usd", state: &state, now: now).reply.conversions.first?.date == "2026-10-30")
    }

    /// A line whose value joins money of several currencies takes every rate from one table,
    /// the newest that quotes all of them and the targets: `a + b` is `b + a`, exactly, and
    /// every conversion of the line (its parts too) names that day and source. Offline, AED is
    /// only in the seed, so a sum with AED is the seed's, though the ECB's newer day has EUR
    /// and USD; a sum of the ECB's currencies stays the ECB's; on a dated line the day's.
    @Test func aSumOfSeveralCurrenciesTakesOneTable() throws {
        let store = RateStore([table])
        let aed = try #require(CurrencyCode("AED"))
        let seedRate = { (from: CurrencyCode, to: CurrencyCode) in try #require(self.table.rate(from: from, to: to)) }
        let expected = try (Rational(12) + Rational(5) * seedRate(aed, .eur)) * seedRate(.eur, .usd)
        for (line, swapped) in [
            ("12 eur + 5 aed in usd", "5 aed + 12 eur in usd"), ("(12 eur + 5 aed) in usd", "(5 aed in eur) + 12 eur in usd"),
            ("12 eur + 5 aed in usd on \(table.date)", "5 aed + 12 eur in usd on \(table.date)"),
        ] {
            let one = evaluate(line, in: store), other = evaluate(swapped, in: store)
            let result = try #require(one.conversions.last, "\(line): \(one.lines)")
            #expect(result.result == expected, "\(line): \(result.result)")
            #expect(other.conversions.last?.result == expected, "\(swapped): \(other.lines)")
            for conversion in one.conversions + other.conversions {
                #expect(conversion.source == "currency-api" && conversion.date == table.date, "\(line): \(conversion.source) \(conversion.date)")
            }
        }
        let ecb = evaluate("12 eur + 5 usd in gbp", in: store).conversions
        #expect(!ecb.isEmpty && ecb.allSatisfy { $0.source == "ecb" && $0.date == "2026-10-30" }, "\(ecb.map(\.date))")
        // Pinned to the ECB, which has no AED: the pair's own error, which says how to unpin.
        let engine = Engine(
            configuration: EngineConfiguration(locale: LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")), store: store)
        var state = SessionState(base: .eur, recent: [], locale: engine.locale, pinnedSource: "ecb")
        let pinned = engine.evaluate("12 eur + 5 aed in usd", state: &state, now: now).reply
        #expect(pinned.failed && pinned.conversions.isEmpty)
        // Held, but in no one table together: a table of EUR and USD alone, newer than the seed,
        // and the seed's AED are never mixed.
        let narrow = try RateTable(
            base: .eur, date: "2026-11-29", source: RateSource(id: "exchangerate-api", attribution: "", isBundledSeed: false),
            rates: [.eur: 1, .usd: Decimal(string: "1.2")!])
        store.add(narrow)
        let mixed = evaluate("12 eur + 5 aed in usd", in: store)
        #expect(mixed.conversions.allSatisfy { $0.date == table.date && $0.source == "currency-api" }, "\(mixed.lines)")
    }

    /// A published day is taken once: a later answer that gives it otherwise changes nothing
    /// and is reported; a day between the bundle and the fetched days is a gap no fetch fills.
    @Test func aFetchedDayIsTakenOnceAndTheGapBeforeItIsNamed() throws {
        let store = RateStore([table])
        func days(_ usd: String, _ numbers: ClosedRange<Int>) -> [(Day, [CurrencyCode: Decimal])] {
            numbers.compactMap { Day(iso: String(format: "2026-11-%02d", $0)) }.map { ($0, [.eur: 1, .usd: Decimal(string: usd)!]) }
        }
        let from = try #require(Day(iso: "2026-11-10"))
        let through = try #require(Day(iso: "2026-11-20"))
        #expect(store.addECB(days("1.2", 10...20), from: from, through: through).isEmpty)
        // The same days again, and one of them otherwise: that one is kept as held, and named.
        var again = days("1.2", 10...20)
        again[3].1[.usd] = Decimal(string: "12")!
        #expect(store.addECB(again, from: from, through: through).map(\.iso) == ["2026-11-13"])
        #expect(store.fetchedDays.allSatisfy { $0.1[.usd] == Decimal(string: "1.2")! })
        // Before 2026-11-10 and after the bundle's last day: the gap, with its end.
        let gap = store.day(try #require(Day(iso: "2026-11-05")), pinned: nil)
        #expect(gap.ecb == nil && gap.ecbFetchedFrom == from)
        // Past the days held: no gap, the last day held.
        let past = store.day(try #require(Day(iso: "2026-11-25")), pinned: nil)
        #expect(past.ecbFetchedFrom == nil && past.ecbHeldThrough?.iso == "2026-11-20")
    }

    /// A conversion that fails at a later target (pinned to the ECB, which has no AED) changes
    /// nothing: the evaluator keeps no copy of the state for a conversion, by this rule. The
    /// same through a line's shape (seen twice, then recognised).
    @Test func aConversionThatFailsAtALaterTargetLeavesTheState() throws {
        let engine = Engine(
            configuration: EngineConfiguration(locale: LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")),
            store: RateStore([table]))
        let codes = try ["GBP", "JPY", "NOK"].map { try #require(CurrencyCode($0)) }
        var state = SessionState(base: .eur, recent: Array(codes.prefix(2)), locale: engine.locale, pinnedSource: "ecb")
        _ = engine.evaluate("5 chf in sek", state: &state, now: now)
        let before = state
        for amount in ["12", "13", "14", "15"] {
            var tried = before
            let reply = engine.evaluate("\(amount) eur in usd, nok, aed", state: &tried, now: now).reply
            #expect(reply.failed && reply.conversions.isEmpty, "\(reply.lines)")
            #expect(tried.recent == before.recent && tried.last == before.last && tried.pinnedSource == "ecb", "\(amount)")
        }
        #expect(!engine.evaluate("16 eur in usd, nok", state: &state, now: now).reply.failed)
        #expect(Array(state.recent.prefix(3)) == [.eur, .usd, codes[2]])
    }

    private func evaluate(_ line: String, in store: RateStore) -> Reply {
        let engine = Engine(
            configuration: EngineConfiguration(locale: LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")), store: store)
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        return engine.evaluate(line, state: &state, now: now).reply
    }

    /// The weekday names of the notes are the ones ICU gives each language of the messages.
    @Test(arguments: ["en", "de", "pl", "tr"])
    func weekdayNamesAreICUs(_ language: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: language)
        let names = Localization(localeID: language)("weekday.short").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(names == calendar.shortWeekdaySymbols, "\(language)")
    }
}
