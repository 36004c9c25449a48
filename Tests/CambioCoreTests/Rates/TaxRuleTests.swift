import Foundation
import Testing

@testable import CambioCore

/// The jurisdictions' rules on real published figures: the BMF's monthly VAT rates reproduced
/// from the ECB's bundled days, and the NBP rule skipping a Polish holiday the ECB published on.
@Suite struct TaxRuleTests: HistoryChecks {
    /// Monthly rates the BMF published (`1 EUR = x`), as printed in its letters: 2002-03 (BMF
    /// IV D 1 - S 7329 - 16/02, BStBl 2002 I S. 348), 2002-08 (… 33/02, BStBl 2002 I S. 801),
    /// 2008-04 (StuB 10/2008 S. 406), 2009-06 (reproduced by Kiehl, Dokument 345344), 2010-01
    /// (NWB 6/2010 S. 454), 2013-01 (BMF 01.02.2013 IV D 3 - S 7329/12/10001), 2013-02 (BStBl
    /// 2013 I S. 271), 2013-12 (BStBl 2014 I S. 66). Ties among them: 2013-01 CZK (25.5625),
    /// 2010-01 SEK, 2002-03 GBP (five decimals, where the ECB's file wrote some with four).
    static let published: [String: String] = [
        "2002-03": "AUD 1,6695 NOK 7,7183 PLN 3,6229 DKK 7,4324 SEK 9,0594 GBP 0,61574 CHF 1,4678 HKD 6,8308 SGD 1,6016 ISK 87,97 "
            + "SKK 41,951 JPY 114,75 ZAR 10,0974 CZK 31,419 HUF 244,78 USD 0,8758 NZD 2,0261 CYP 0,57510 CAD 1,3903 MTL 0,3999",
        "2002-08": "AUD 1,8045 NOK 7,4284 PLN 4,0836 DKK 7,4270 SEK 9,2489 GBP 0,63633 CHF 1,4636 HKD 7,6265 SGD 1,7164 ISK 84,22 "
            + "SKK 43,928 JPY 116,31 CAD 1,5333 ZAR 10,3591 CZK 30,796 HUF 245,30 USD 0,9778 NZD 2,1076 CYP 0,57363",
        "2008-04": "AUD 1,6933 MXN 16,5608 BRL 2,6602 NZD 1,9960 NOK 7,9629 CNY 11,0237 PHP 65,790 DKK 7,4603 PLN 3,4421 "
            + "RON 3,6428 GBP 0,79487 RUB 37,0494 HKD 12,2728 SEK 9,3699 IDR 14497,21 CHF 1,5964 ISK 116,65 SGD 2,1493 JPY 161,56 "
            + "SKK 32,374 CAD 1,5965 ZAR 12,2729 KRW 1555,98 THB 49,752 HRK 7,2654 CZK 25,064 TRY 2,0500 HUF 253,75 MYR 4,9819 USD 1,5751",
        "2009-06": "AUD 1,7463 MXN 18,6813 BRL 2,7391 NZD 2,1967 NOK 8,9388 CNY 9,5786 PHP 67,036 DKK 7,4457 PLN 4,5084 RON 4,2131 "
            + "GBP 0,85670 RUB 43,5553 HKD 10,8638 SEK 10,8713 INR 66,9191 CHF 1,5148 IDR 14315,40 SGD 2,0357 JPY 135,39 ZAR 11,2718 "
            + "CAD 1,5761 THB 47,844 KRW 1768,80 CZK 26,545 HRK 7,2954 TRY 2,1675 HUF 280,46 USD 1,4016 MYR 4,9305",
        "2010-01": "AUD 1,5624 MYR 4,8170 BRL 2,5383 MXN 18,2820 NZD 1,9646 CNY 9,7436 NOK 8,1817 DKK 7,4424 PHP 65,702 PLN 4,0703 "
            + "GBP 0,88305 RON 4,1383 HKD 11,0783 RUB 42,5749 INR 65,5361 SEK 10,1939 IDR 13263,60 CHF 1,4765 SGD 1,9930 JPY 130,34 "
            + "ZAR 10,6492 CAD 1,4879 THB 47,150 KRW 1624,76 CZK 26,133 HRK 7,2938 TRY 2,1028 HUF 269,43 USD 1,4272",
        "2013-01": "AUD 1,2658 MXN 16,8760 BRL 2,6993 NZD 1,5877 NOK 7,3821 CNY 8,2698 PHP 54,105 DKK 7,4614 PLN 4,1424 GBP 0,83271 "
            + "RON 4,3835 HKD 10,3027 RUB 40,1847 INR 72,0716 SEK 8,6217 IDR 12837,99 CHF 1,2288 ILS 4,9706 SGD 1,6326 JPY 118,34 "
            + "ZAR 11,6957 CAD 1,3189 THB 39,924 KRW 1417,69 CZK 25,563 HRK 7,5746 TRY 2,3543 HUF 294,01 USD 1,3288 MYR 4,0413",
        "2013-02": "AUD 1,2951 BRL 2,6354 CNY 8,3282 DKK 7,4598 GBP 0,86250 HKD 10,3608 INR 71,9342 IDR 12933,75 ILS 4,9359 JPY 124,40 "
            + "CAD 1,3477 KRW 1452,82 HRK 7,5868 MYR 4,1403 MXN 16,9872 NZD 1,5929 NOK 7,4232 PHP 54,355 PLN 4,1700 RON 4,3839 "
            + "RUB 40,3342 SEK 8,5083 CHF 1,2298 SGD 1,6546 ZAR 11,8796 THB 39,839 CZK 25,475 TRY 2,3738 HUF 292,73 USD 1,3359",
        "2013-12": "AUD 1,5243 BRL 3,2133 CNY 8,3248 DKK 7,4602 GBP 0,83639 HKD 10,6254 INR 84,7631 IDR 16455,73 ILS 4,8019 JPY 141,68 "
            + "CAD 1,4580 KRW 1446,99 HRK 7,6365 MYR 4,4517 MXN 17,8278 NZD 1,6659 NOK 8,4053 PHP 60,552 PLN 4,1760 RON 4,4635 "
            + "RUB 45,0628 SEK 8,9597 CHF 1,2245 SGD 1,7244 ZAR 14,2234 THB 44,323 CZK 27,521 TRY 2,8276 HUF 300,24 USD 1,3704",
    ]

    @Test func theBMFsPublishedMonthlyRatesAreReproducedExactly() throws {
        let store = RateStore()
        let today = Day(iso: "2026-12-06")!
        var compared = 0
        for (month, list) in Self.published {
            let period = try #require(DatedLines.isoPeriod(month))
            let table = try store.average(period, pinned: nil, today: today, rounding: .ecbDecimalsHalfUp)
            let words = list.split(separator: " ")
            for index in stride(from: 0, to: words.count, by: 2) {
                let code = try #require(CurrencyCode(String(words[index])))
                let printed = try #require(Decimal(string: words[index + 1].replacingOccurrences(of: ",", with: ".")))
                #expect(table.rates[code] == printed, "\(month) \(code): \(table.rates[code].map { "\($0)" } ?? "none") against the BMF's \(printed)")
                compared += 1
            }
        }
        #expect(compared > 200)
    }

    /// The same through a line: `by de` takes the BMF's rate of the day's month.
    /// Each line of a reply as text.
    static func texts(_ reply: Reply) -> [String] {
        reply.lines.map { line in
            switch line {
            case .result(let text, _): "\(text)"
            case .error(_, let message): message
            case .assumption(let text), .note(let text), .heading(let text), .source(let text), .chart(let text), .warning(let text): text
            case .table(let table): "\(table.lines)"
            }
        }
    }

    @Test func aLineByDeUsesTheMonthsMean() {
        let reply = evaluate("100 eur in czk on 2013-01-20 by de")
        #expect(Self.texts(reply).contains { $0.hasSuffix("2,556.300") }, "\(Self.texts(reply))")
        #expect(reply.conversions.first?.origin.rule == "de")
        #expect(reply.conversions.first?.origin.period?.period.iso == "2013-01")
    }

    /// The NBP published no table on 2023-11-01 (All Saints' Day), a day the ECB published:
    /// the rule takes 2023-10-31 for 2023-11-02 — the last working day before, in Poland.
    @Test func theNBPRuleSkipsAPolishHoliday() throws {
        // The NBP's table A numbers run on from 211/A/NBP/2023 (Tue 2023-10-31, USD 4.1684) to
        // 212/A/NBP/2023 (Thu 2023-11-02, USD 4.1963): none on Wednesday, All Saints' Day.
        let tables = [
            BankTable(
                day: Day(iso: "2023-10-31")!, kind: .mid, series: "A", label: "211/A/NBP/2023",
                quotes: [.usd: BankQuote(value: Decimal(string: "4.1684")!, units: 1)]),
            BankTable(
                day: Day(iso: "2023-11-02")!, kind: .mid, series: "A", label: "212/A/NBP/2023",
                quotes: [.usd: BankQuote(value: Decimal(string: "4.1963")!, units: 1)]),
        ]
        let store = RateStore()
        #expect(store.history.index(onOrBefore: Day(iso: "2023-11-01")!).map { store.history.day(at: $0) } == Day(iso: "2023-11-01"))
        store.addBank(NBP(), tables, series: "A", covers: Day(iso: "2023-10-31")!...Day(iso: "2023-11-02")!)
        guard case .table(let used) = store.bankTable(NBP(), series: "A", kind: .mid, day: Day(iso: "2023-11-02")!, before: true, quoting: []) else {
            Issue.record("no table")
            return
        }
        #expect(used.day.iso == "2023-10-31")
        #expect(used.rate(from: .usd, to: .pln) == Rational(Decimal(string: "4.1684")!))
        // Through a line, with nothing to fetch: 100 USD at 4.1684.
        let engine = Engine(
            configuration: EngineConfiguration(locale: LocaleSettings(numbers: "pl_PL", money: "pl_PL", messages: "pl_PL")), store: store)
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        let reply = engine.evaluate("100 usd in pln on 2023-11-02 by pl", state: &state, now: now).reply
        let texts = Self.texts(reply)
        #expect(texts.contains { $0.contains("416,840") }, "\(texts)")
        #expect(texts.contains { $0.contains("2023-10-31") && $0.contains("2023-11-02") }, "\(texts)")
        #expect(reply.conversions.first?.origin.source == "nbp" && reply.conversions.first?.origin.rule == "pl")
        // The ECB's rate of that day is another: never used for a line by pl.
        let ecb = Self.texts(engine.evaluate("100 usd in pln on 2023-11-02", state: &state, now: now).reply)
        #expect(!ecb.contains { $0.contains("416,840") }, "\(ecb)")
    }
}
