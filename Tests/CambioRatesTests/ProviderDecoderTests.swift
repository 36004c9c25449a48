import CambioCore
import Foundation
import Testing

@testable import CambioRates

@Suite struct ProviderDecoderTests {
    let now = Date(timeIntervalSince1970: 1_764_460_000)
    func code(_ text: String) -> CurrencyCode { CurrencyCode(text)! }
    func decimal(_ text: String) -> Decimal { ExactDecimal.parse(text)! }

    @Test func readsTheECBsDailyXML() throws {
        let table = try Provider.ecb.decode(Fixtures.ecb, fetchedAt: now)
        #expect(table.base == code("EUR"))
        #expect(table.date == "2026-07-06")
        #expect(table.rates.count == 30)
        #expect(table.rates[code("USD")] == decimal("1.1415"))
        #expect(table.rates[code("HUF")] == decimal("353.50"))
        #expect(table.source.id == "ecb")
        #expect(table.fetchedAt == now)
    }

    @Test func readsTheCurrencyAPIKeepingOnlyISOCurrencies() throws {
        let table = try Provider.currencyAPI.decode(Fixtures.currencyAPI, fetchedAt: now)
        #expect(table.date == "2026-07-06")
        #expect(table.rates.count == 161)
        #expect(table.rates[code("USD")] == decimal("1.14326597"))
        #expect(table.rates[code("BTC")] == nil)
    }

    @Test func readsExchangeRateAPIWithItsUpdateTime() throws {
        let table = try Provider.exchangeRateAPI.decode(Fixtures.exchangeRateAPI, fetchedAt: now)
        #expect(table.base == code("CZK"))
        #expect(table.date == "2026-02-18")
        #expect(table.updated == "2026-02-18 00:02 UTC")
        #expect(table.rates[code("CZK")] == 1)
        // Codes that are not current ISO 4217 (GGP, FOK, withdrawn ones) are left out.
        #expect(table.rates[code("GGP")] == nil)
        #expect(table.rates.count > 140)
        let usd = try Provider.exchangeRateAPI.decode(Fixtures.exchangeRateAPIUSD, fetchedAt: now)
        #expect(usd.base == code("USD") && usd.date == "2024-08-19")
    }

    @Test(arguments: ["946684800", "253402300800", "1723939200000000", "9223372036854775807"])
    func anUpdateTimeOutsideTheCalendarIsRefused(_ seconds: String) {
        // Found by fuzzing: a time in the year 54,632,203,195 gave a date no table may carry.
        let body = #"{"result":"success","time_last_update_unix":\#(seconds),"base_code":"USD","rates":{"USD":1,"EUR":0.9}}"#
        #expect(throws: ResponseProblem.self) { try Provider.exchangeRateAPI.decode(Array(body.utf8), fetchedAt: now) }
    }

    @Test func aRateWithTwentySignificantDigitsArrivesIntact() throws {
        let body = Fixtures.exchangeRateAPI(rates: #""EUR":1,"USD":1.1432659712345678901,"JPY":185.03730294"#)
        let table = try Provider.exchangeRateAPI.decode(Array(body.utf8), fetchedAt: now)
        #expect(table.rates[code("USD")]?.description == "1.1432659712345678901")
    }

    @Test(arguments: [
        (#""EUR":1,"USD":-1.1"#, "not positive"),
        (#""EUR":1,"USD":0"#, "not positive"),
        (#""EUR":1,"USD":"NaN""#, "not a number"),
        (#""EUR":1,"USD":NaN"#, "not valid JSON"),
        (#""USD":1.1"#, "base currency EUR is missing"),
        (#""EUR":1,"US":1.1"#, "not a three-letter code"),
        (#""EUR":1,"USD":1e999"#, "not a usable number"),
    ])
    func invalidRatesRefuseTheWholeTable(_ rates: String, _ reason: String) {
        let body = Array(Fixtures.exchangeRateAPI(rates: rates).utf8)
        #expect {
            try Provider.exchangeRateAPI.decode(body, fetchedAt: now)
        } throws: { error in
            (error as? ResponseProblem)?.reason.contains(reason) == true
        }
    }

    @Test(arguments: [
        (Provider.exchangeRateAPI, "", "empty"), (.exchangeRateAPI, "garbage", "not valid JSON"),
        (.exchangeRateAPI, "<html><body>Service down</body></html>", "HTML"),
        (.exchangeRateAPI, #"{"result":"error","error-type":"unsupported-code"}"#, "did not report success"),
        (.currencyAPI, "", "empty"), (.currencyAPI, #"{"date":"2026-13-01","eur":{"usd":1}}"#, "date"),
        (.currencyAPI, #"{"date":"2026-11-30","usd":{"eur":1}}"#, "no valid “eur”"),
        (.currencyAPI, #"{"date":"2026-11-30","eur":{"usd":1.1}}"#, "EUR is missing"),
    ])
    func malformedBodiesAreRefusedWithAReason(_ provider: Provider, _ body: String, _ reason: String) {
        #expect {
            try provider.decode(Array(body.utf8), fetchedAt: now)
        } throws: { error in
            (error as? ResponseProblem)?.reason.contains(reason) == true
        }
    }

    @Test func ecbXMLFaultsAreRefused() {
        let cut = Array(Fixtures.ecb.prefix(700))
        #expect(throws: ResponseProblem.self) { try Provider.ecb.decode(cut + Array("<Cube currency='USD' rate='".utf8), fetchedAt: now) }
        let negative = String(decoding: Fixtures.ecb, as: UTF8.self).replacingOccurrences(of: "rate='1.1415'", with: "rate='-1.1415'")
        #expect(throws: ResponseProblem.self) { try Provider.ecb.decode(Array(negative.utf8), fetchedAt: now) }
        #expect(throws: ResponseProblem.self) { try Provider.ecb.decode(Array("<html>maintenance</html>".utf8), fetchedAt: now) }
    }

    @Test func providerTextIsShownWithoutEscapeSequences() {
        let body = #"{"result":"error","error-type":"\u001b[31mevil\u0007"}"#
        #expect {
            try Provider.exchangeRateAPI.decode(Array(body.utf8), fetchedAt: now)
        } throws: { error in
            let reason = (error as? ResponseProblem)?.reason ?? "\u{1B}"
            return !reason.contains("\u{1B}") && !reason.contains("\u{7}")
        }
    }
}

extension ProviderDecoderTests {
    /// A pathological ECB file (2 MiB of `<Cube time>` elements) is refused in time linear in
    /// its size (it cost 3.7 s of CPU a fetch), and a daily file with several days stops at the
    /// second.
    @Test func aPathologicalECBFileIsRefusedQuickly() throws {
        let head = "<gesmes:Envelope xmlns:gesmes=\"http://www.gesmes.org/xml/2002-08-01\" xmlns=\"http://www.ecb.int/vocabulary/2002-08-01/eurofxref\"><Cube>"
        var body = Array(head.utf8)
        var day = Day(iso: "1999-01-04")!
        while body.count < 2 << 20 {
            body += Array("<Cube time='\(day.iso)'><Cube currency='USD' rate='1.1'/></Cube>".utf8)
            day = day.adding(days: 1)
        }
        let started = ContinuousClock.now
        #expect(throws: ResponseProblem.self) { try ProviderDecoders.ecbHistory(body) }
        #expect(throws: ResponseProblem.self) { try ProviderDecoders.ecb(body, fetchedAt: Date(), catalog: .bundled) }
        // Not a speed target: a guard against work that grows with the square of the size.
        #expect(ContinuousClock.now - started < .seconds(2))
        do {
            _ = try ProviderDecoders.ecbHistory(body)
        } catch {
            #expect(error.problem.key == "problem.tooManyDays", "\(error)")
        }
    }
}
