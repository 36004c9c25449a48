import Foundation
import Testing

@testable import CambioCore

/// Every registered source through its recorded answers: each rate, its units and its
/// direction, read back from the table exactly, against an independent reading of the same
/// text (patterns over the bytes, not the decoders' walk).
@Suite struct BankSourceTests {
    static func fixture(_ name: String) -> [UInt8] { Fixtures.bytes("banks/" + name) }

    /// `(day, code, value, units)` read by a pattern.
    typealias Row = (day: String, code: String, value: String, units: Int)

    static func matches(_ pattern: String, _ text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).map { index in Range(match.range(at: index), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    /// Decodes `body` with `bank` for a request covering `from…through`, and checks each of
    /// `rows` against the tables (of `kind`): the rate from the currency into the home currency
    /// is value ÷ units (home per foreign), or its inverse (foreign per home).
    func check(_ bank: any Bank, _ body: [UInt8], from: String, through: String, kind: RateKind = .mid, series: String = "", rows: [Row]) throws {
        let request = BankRequest(path: "/", series: series, covers: Day(iso: from)!...Day(iso: through)!, notFoundIsEmpty: false)
        let tables = try bank.decode(body, request)
        #expect(!rows.isEmpty)
        var checked = 0
        for row in rows {
            let day = try #require(Day(iso: row.day))
            let table = try #require(tables.first { $0.day == day && $0.kind == kind }, "\(bank.id) has no \(kind) table of \(row.day)")
            let source = RateSource(id: bank.id, attribution: bank.attribution, isBundledSeed: false)
            let rates = try #require(RateTable(table, home: bank.home, quoting: bank.quoting, source: source))
            let code = try #require(CurrencyCode(row.code))
            let decimal = try #require(ExactDecimal.parse(row.value.replacingOccurrences(of: ",", with: ".")))
            let value = try #require(Rational(decimal))
            let perUnit = try #require(Rational.ratio(value, Rational(row.units)))
            switch bank.quoting {
            case .homePerForeign: #expect(rates.rate(from: code, to: bank.home) == perUnit, "\(bank.id) \(row.day) \(row.code)")
            case .foreignPerHome: #expect(rates.rate(from: bank.home, to: code) == perUnit, "\(bank.id) \(row.day) \(row.code)")
            }
            #expect(table.quotes[code] == BankQuote(value: ExactDecimal.parse(row.value.replacingOccurrences(of: ",", with: "."))!, units: row.units))
            checked += 1
        }
        #expect(checked == rows.count)
    }

    @Test func nbpTablesAAndB() throws {
        for (name, series) in [("nbp-api-tables-A-2026-03-01_2026-03-05.json", "A"), ("nbp-api-tables-B-2026-03-01_2026-03-05.json", "B")] {
            let text = String(decoding: Self.fixture(name), as: UTF8.self)
            var rows: [Row] = []
            for table in Self.matches(#""effectiveDate":"([0-9-]+)","rates":\[(.*?)\]"#, text) {
                for rate in Self.matches(#""code":"([A-Z]{3})","mid":([0-9.]+)"#, table[1]) { rows.append((table[0], rate[0], rate[1], 1)) }
            }
            #expect(rows.count == (series == "A" ? 128 : 116))
            try check(NBP(), Self.fixture(name), from: "2026-03-01", through: "2026-03-05", series: series, rows: rows)
        }
    }

    @Test func tcmbBulletinsEveryKindAndUnit() throws {
        for (name, day) in [
            ("tcmb-kurlar-04122015-full.iso-8859-9.xml", "2015-12-04"),
            ("tcmb-kurlar-today-2023-11-17-trimmed.xml", "2023-11-17"),
        ] {
            let body = Self.fixture(name)
            let text = String(decoding: body.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
            for (element, kind) in [
                ("ForexBuying", RateKind.buying), ("ForexSelling", .selling), ("BanknoteBuying", .banknoteBuying),
                ("BanknoteSelling", .banknoteSelling),
            ] {
                let pattern = #"CurrencyCode="([A-Z]{3})">\s*<Unit>([0-9]+)</Unit>.*?<"# + element + ">([0-9.]+)</" + element + ">"
                let rows = Self.matches(pattern, text).map { (day, $0[0], $0[2], Int($0[1]) ?? 0) }
                try check(TCMB(), body, from: day, through: day, kind: kind, rows: rows)
            }
            // The yen's rate is for 100 yen.
            if day == "2015-12-04" {
                let request = BankRequest(path: "/", covers: Day(iso: day)!...Day(iso: day)!, notFoundIsEmpty: true)
                let buying = try TCMB().decode(body, request).first { $0.kind == .buying }
                #expect(buying?.quotes[CurrencyCode("JPY")!] == BankQuote(value: Decimal(string: "2.3488")!, units: 100))
                #expect(buying?.label == "2015/231")
            }
        }
    }

    @Test func hmrcMonthlyFiles() throws {
        for (name, first, last) in [
            ("hmrc-monthly-exrates-2015-01.xml", "2015-01-01", "2015-01-31"), ("hmrc-monthly-exrates-2024-01.xml", "2024-01-01", "2024-01-31"),
            ("hmrc-monthly-exrates-2026-08.xml", "2026-08-01", "2026-08-31"),
        ] {
            let text = String(decoding: Self.fixture(name), as: UTF8.self)
            let rows = Self.matches(#"<currencyCode>([A-Z]{3})</currencyCode>\s*<rateNew>([0-9.]+)</rateNew>"#, text).map { (first, $0[0], $0[1], 1) }
            try check(HMRC(), Self.fixture(name), from: first, through: last, rows: rows)
        }
    }

    @Test func bankOfCanadaDays() throws {
        let text = String(decoding: Self.fixture("boc-valet-group-FX_RATES_DAILY-from-2026-03-12.json"), as: UTF8.self)
        var rows: [Row] = []
        for day in Self.matches(#"\{\s*"d":\s*"([0-9-]+)",(.*?)\}\s*\}"#, text) {
            for rate in Self.matches(#""FX([A-Z]{3})CAD":\s*\{\s*"v":\s*"([0-9.]+)""#, day[1] + "}") { rows.append((day[0], rate[0], rate[1], 1)) }
        }
        #expect(rows.count == 5 * 23)
        try check(
            BankOfCanada(), Self.fixture("boc-valet-group-FX_RATES_DAILY-from-2026-03-12.json"), from: "2026-03-05", through: "2026-03-19", rows: rows
        )
    }

    /// The Bank of Canada's annual averages, in Valet's form, with the rates it published for
    /// 2023 and 2024 (USD 1.3497 and 1.3698, EUR 1.4597 and 1.4818 Canadian dollars).
    static let bocAnnual = #"""
        {"observations": [{"d": "2023-01-01", "FXAEURCAD": {"v": "1.4597"}, "FXAUSDCAD": {"v": "1.3497"}},
        {"d": "2024-01-01", "FXAEURCAD": {"v": "1.4818"}, "FXAUSDCAD": {"v": "1.3698"}}]}
        """#

    @Test func bankOfCanadaAnnualAverages() throws {
        let bank = BankOfCanada()
        let request = bank.request(for: try #require(Day(iso: "2024-06-30")), series: "annual", today: try #require(Day(iso: "2026-12-06")))
        #expect(request.path == "/valet/observations/group/FX_RATES_ANNUAL/json?start_date=2024-01-01&end_date=2024-12-31")
        let wide = BankRequest(
            path: "/", series: "annual", covers: try #require(Day(iso: "2023-01-01"))...(try #require(Day(iso: "2024-12-31"))), notFoundIsEmpty: false
        )
        let tables = try bank.decode(Array(Self.bocAnnual.utf8), wide)
        #expect(tables.map(\.day.iso) == ["2023-01-01", "2024-01-01"])
        #expect(tables.last?.quotes[.usd] == BankQuote(value: Decimal(string: "1.3698") ?? 0, units: 1))
        // A daily answer's series names are no annual one's.
        let daily = BankRequest(path: "/", series: "", covers: wide.covers, notFoundIsEmpty: false)
        #expect(try bank.decode(Array(Self.bocAnnual.utf8), daily).isEmpty)
    }

    @Test func cnbYearOfFixings() throws {
        let text = String(decoding: Self.fixture("cnb-api-exrates-daily-year-2026.json"), as: UTF8.self)
        let rows = Self.matches(#""currencyCode":"([A-Z]{3})","amount":([0-9]+),"validFor":"([0-9-]+)","rate":([0-9.]+)"#, text).map {
            ($0[2], $0[0], $0[3], Int($0[1]) ?? 0)
        }
        #expect(rows.count == 1950)
        try check(CNB(), Self.fixture("cnb-api-exrates-daily-year-2026.json"), from: "2026-01-01", through: "2026-04-02", rows: rows)
    }

    @Test func treasuryQuarters() throws {
        try check(
            Treasury(), Self.fixture("treasury-rates_of_exchange-Brazil-Real-2001H1.reformatted.json"), from: "2001-01-01", through: "2001-06-30",
            rows: [("2001-06-30", "BRL", "2.36", 1), ("2001-03-31", "BRL", "2.043", 1)])
        // A name that reads as no one currency is left out, never guessed.
        #expect(Treasury.code(country: "Brazil", currency: "Real") == CurrencyCode("BRL"))
        #expect(Treasury.code(country: "Euro Zone", currency: "Euro") == CurrencyCode("EUR"))
        #expect(Treasury.code(country: "Brazil", currency: "Peso") == nil)
        #expect(Treasury.code(country: "Atlantis", currency: "Dollar") == nil)
    }

    /// An answer that speaks of a day outside the span asked, is not the format, or has a
    /// rate that is no number is refused whole.
    @Test func badAnswersAreRefusedWhole() throws {
        let nbp = NBP()
        let request = BankRequest(path: "/", series: "A", covers: Day(iso: "2026-03-01")!...Day(iso: "2026-03-03")!, notFoundIsEmpty: true)
        #expect(throws: SourceProblem.self) { try nbp.decode(Self.fixture("nbp-api-tables-A-2026-03-01_2026-03-05.json"), request) }
        let bad: [String] = [
            "<html>busy</html>", "[]x", #"[{"table":"A","no":"1","effectiveDate":"2026-03-02","rates":[{"code":"USD","mid":"abc"}]}]"#,
            #"[{"table":"A","no":"1","effectiveDate":"2026-03-02","rates":[{"code":"USD","mid":0}]}]"#,
            #"[{"table":"A","no":"1","effectiveDate":"2026-03-02","rates":[{"code":"USD","mid":1e40}]}]"#,
            #"[{"table":"B","no":"1","effectiveDate":"2026-03-02","rates":[{"code":"USD","mid":3.6}]}]"#,
        ]
        for body in bad {
            #expect(throws: SourceProblem.self, "\(body)") { try nbp.decode(Array(body.utf8), request) }
        }
        // Found by a hostile trial: a currency twice (the second value won), a rate with an
        // exponent, a bulletin cut short, two tables of one day.
        let twice = #"[{"table":"A","no":"1","effectiveDate":"2026-03-02","rates":[{"code":"EUR","mid":4.2304},{"code":"EUR","mid":9.0}]}]"#
        let exponent = #"[{"table":"A","no":"1","effectiveDate":"2026-03-02","rates":[{"code":"EUR","mid":4.2e1}]}]"#
        let sameDay =
            #"[{"table":"A","no":"1","effectiveDate":"2026-03-02","rates":[{"code":"EUR","mid":4.2304}]},"#
            + #"{"table":"A","no":"2","effectiveDate":"2026-03-02","rates":[{"code":"EUR","mid":4.3}]}]"#
        for body in [twice, exponent, sameDay] {
            #expect(throws: SourceProblem.self, "\(body)") { try nbp.decode(Array(body.utf8), request) }
        }
        let bulletin = Self.fixture("tcmb-kurlar-04122015-full.iso-8859-9.xml")
        let tcmbDay = BankRequest(path: "/", covers: Day(iso: "2015-12-04")!...Day(iso: "2015-12-04")!, notFoundIsEmpty: true)
        #expect(throws: SourceProblem.self) { try TCMB().decode(Array(bulletin.prefix(2000)), tcmbDay) }
        let hmrc = HMRC()
        let month = hmrc.request(for: Day(iso: "2024-01-15")!, series: "", today: Day(iso: "2026-12-06")!)
        #expect(month.path == "/api/v2/exchange_rates/files/monthly_xml_2024-01.xml")
        #expect(throws: SourceProblem.self) { try hmrc.decode(Self.fixture("hmrc-monthly-exrates-2026-08.xml"), month) }
        let january = Self.fixture("hmrc-monthly-exrates-2024-01.xml")
        #expect(throws: SourceProblem.self) { try hmrc.decode(Array(january.prefix(20_000)), month) }
    }

    /// The paths below each base URL are the services' own.
    @Test func requestsUseTheServicesPaths() {
        let today = Day(iso: "2026-03-05")!
        #expect(
            NBP().request(for: Day(iso: "2026-03-03")!, series: "A", today: today).path
                == "/api/exchangerates/tables/A/2026-03-01/2026-03-05/?format=json")
        #expect(TCMB().request(for: Day(iso: "2015-12-04")!, series: "", today: today).path == "/kurlar/201512/04122015.xml")
        #expect(CNB().request(for: Day(iso: "2026-03-03")!, series: "", today: today).path == "/cnbapi/exrates/daily-year?lang=EN&year=2026")
        #expect(
            BankOfCanada().request(for: Day(iso: "2026-03-19")!, series: "", today: Day(iso: "2026-03-19")!).path
                == "/valet/observations/group/FX_RATES_DAILY/json?start_date=2026-03-12")
        #expect(Set(Banks.all.map(\.id)).count == Banks.all.count)
        for rule in TaxRule.all { #expect(Banks.named(rule.source) != nil || rule.source == "ecb", "\(rule.id)") }
    }
}
