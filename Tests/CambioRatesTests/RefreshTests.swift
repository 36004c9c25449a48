import CambioCore
import CambioNetwork
import CambioTestSupport
import Foundation
import Testing

@testable import CambioRates

/// How a test fetches: libcurl in this process, or the real `cambio-fetch` helper process
/// that the shell uses (built next to the test bundle).
enum Via: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inProcess, helper

    var transport: any Transport {
        switch self {
        case .inProcess: CurlTransport()
        case .helper: HelperTransport.besideThisProgram()
        }
    }

    var testDescription: String { rawValue }
}

/// Refreshes against a real HTTP server on 127.0.0.1.
@Suite struct RefreshTests {
    let server: LoopbackServer
    let home: TemporaryDirectory
    let cache: RateCache

    init() throws {
        server = try LoopbackServer()
        home = try TemporaryDirectory()
        cache = RateCache(directory: home.path + "/cache")
        server.route(Provider.ecb.path, .init(headers: [("Content-Type", "text/xml")], body: Fixtures.ecb))
        server.route(Provider.currencyAPI.path, .init(body: Fixtures.currencyAPI))
        server.route(
            Provider.exchangeRateAPI.path,
            .init(text: Fixtures.exchangeRateAPI(rates: #""EUR":1,"USD":1.1432659712345678901,"JPY":185.03730294"#)))
    }

    func refresh(_ providers: [Provider], timeout: TimeInterval = 2, via: Via = .inProcess) -> RefreshResult {
        RefreshOperation(
            plan: RefreshPlan(providers: providers, baseURLOverride: server.baseURL, timeout: timeout), cache: cache,
            transport: via.transport
        ).runNow()
    }

    @Test(arguments: Provider.allCases, Via.allCases)
    func eachProviderIsFetchedDecodedAndCached(_ provider: Provider, via: Via) throws {
        let result = refresh([provider], via: via)
        let table = try #require(result.table)
        #expect(table.source.id == provider.rawValue)
        #expect(result.failures.isEmpty)
        let cached = try #require(try cache.load(provider).get())
        #expect(cached.rates == table.rates)
        #expect(cached.date == table.date)
    }

    @Test func theExactRateSurvivesTheCache() throws {
        _ = refresh([.exchangeRateAPI])
        let cached = try #require(try cache.load(.exchangeRateAPI).get())
        #expect(cached.rates[CurrencyCode("USD")!]?.description == "1.1432659712345678901")
        #expect(cached.updated == "2025-11-30 00:02 UTC")
    }

    static let faults: [(String, LoopbackServer.Response, String)] = [
        ("404", .init(status: 404, contentType: "text/plain", text: "nope"), "HTTP 404"),
        ("500", .init(status: 500, contentType: "text/plain", text: "boom"), "HTTP 500"),
        ("503", .init(status: 503, headers: [("Retry-After", "120")], body: []), "HTTP 503, retry after 120 s"),
        ("stall", .init(text: "{}", stall: 4), "did not answer within 1 s"),
        ("cut", .init(headers: [], body: Fixtures.currencyAPI, cutAfter: 500), "cut off"),
        ("empty", .init(body: []), "empty"),
        ("garbage", .init(text: "\u{1B}[2J garbage"), "not valid JSON"),
        ("huge", .init(body: [UInt8](repeating: 0x20, count: 5 << 20)), "more than 2 MiB"),
        ("negative", .init(text: #"{"date":"2026-11-30","eur":{"eur":1,"usd":-1.1}}"#), "not positive"),
        ("zero", .init(text: #"{"date":"2026-11-30","eur":{"eur":1,"usd":0}}"#), "not positive"),
        ("nan", .init(text: #"{"date":"2026-11-30","eur":{"eur":1,"usd":"NaN"}}"#), "not a number"),
        ("no base", .init(text: #"{"date":"2026-11-30","eur":{"usd":1.1}}"#), "EUR is missing"),
        ("html", .init(contentType: "text/html", text: "<html><body>Maintenance</body></html>"), "HTML page"),
        ("http/0.9", LoopbackServer.Response.raw(Array("SSH-2.0-OpenSSH_9.6\r\n".utf8)), "not HTTP"),
        ("10 MB header", .init(headers: [("X-Padding", String(repeating: "a", count: 10 << 20))], body: Array("{}".utf8)), "headers"),
    ]

    @Test(arguments: faults.indices, Via.allCases)
    func aFaultKeepsTheCachedTableAndSaysWhy(_ index: Int, via: Via) throws {
        let (name, response, reason) = Self.faults[index]
        _ = refresh([.currencyAPI])
        let path = cache.path(for: .currencyAPI)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        server.route(Provider.currencyAPI.path, response)
        let result = refresh([.currencyAPI], timeout: 1, via: via)
        #expect(result.table == nil, "\(name)")
        let message = result.mainFailure?.message(Localization(localeID: "en")) ?? ""
        #expect(message.contains(reason), "\(name): \(message)")
        #expect(message.contains("127.0.0.1"), "\(name): \(message)")
        #expect(!message.contains("\u{1B}"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(name) changed the cache")
    }

    @Test(arguments: Via.allCases)
    func aRefusedConnectionIsReportedAsSuch(via: Via) throws {
        let port = server.port
        server.stop()
        let plan = RefreshPlan(providers: [.ecb], baseURLOverride: "http://127.0.0.1:\(port)", timeout: 2)
        let result = RefreshOperation(plan: plan, cache: cache, transport: via.transport).runNow()
        #expect(result.mainFailure == .connectionRefused(host: "127.0.0.1:\(port)"))
    }

    @Test func failoverTakesTheNextProviderWholeNeverMixingTables() throws {
        server.route(Provider.currencyAPI.path, .init(status: 500, contentType: "text/plain", text: ""))
        let result = refresh([.currencyAPI, .ecb])
        let table = try #require(result.table)
        #expect(table.source.id == "ecb")
        #expect(table.rates.count == 30)
        #expect(result.failures.map(\.provider) == [.currencyAPI])
    }

    @Test(arguments: Via.allCases)
    func cancellingMidFlightReportsCancelledAndTriesNoFallback(via: Via) throws {
        server.route(Provider.currencyAPI.path, .init(text: "{}", stall: 5))
        let operation = RefreshOperation(
            plan: RefreshPlan(providers: [.currencyAPI, .ecb], baseURLOverride: server.baseURL, timeout: 10), cache: cache,
            transport: via.transport)
        operation.start()
        usleep(300_000)
        operation.cancel()
        let result = try #require(operation.wait(until: .now() + 3))
        #expect(result.cancelled)
        #expect(result.table == nil)
        #expect(result.mainFailure == .cancelled)
        #expect(!server.requestedPaths.contains(Provider.ecb.path))
        #expect(try cache.load(.currencyAPI).get() == nil)
    }

    @Test func plainHTTPIsOnlyForLoopbackAndOfflineModeNeverConnects() {
        let remote = RefreshOperation(
            plan: RefreshPlan(providers: [.ecb], baseURLOverride: "http://example.com", timeout: 1), cache: cache,
            transport: CurlTransport()
        ).runNow()
        #expect(remote.mainFailure == .insecureURL(host: "example.com"))
        let offline = RefreshOperation(
            plan: RefreshPlan(providers: [.ecb], baseURLOverride: server.baseURL, offline: true), cache: cache,
            transport: CurlTransport()
        ).runNow()
        #expect(offline.mainFailure == .offlineMode)
        #expect(server.requestedPaths.isEmpty)
    }

    @Test func aRedirectToAnotherHostIsNotFollowed() throws {
        server.route(
            Provider.ecb.path,
            .init(status: 302, headers: [("Location", "http://127.0.0.2:\(server.port)\(Provider.ecb.path)")], body: []))
        let result = refresh([.ecb])
        #expect(result.mainFailure == .redirected(host: "127.0.0.1:\(server.port)", to: "127.0.0.2:\(server.port)"))
    }

    @Test func aReadOnlyCacheDirectoryStillGivesTheTableInMemory() throws {
        try FileManager.default.createDirectory(atPath: cache.directory, withIntermediateDirectories: true)
        chmod(cache.directory, 0o500)
        defer { chmod(cache.directory, 0o700) }
        guard getuid() != 0 else {
            // root ignores directory permissions; a file in the way makes the directory unusable instead.
            chmod(cache.directory, 0o700)
            try FileManager.default.removeItem(atPath: cache.directory)
            try "not a directory".write(toFile: cache.directory, atomically: true, encoding: .utf8)
            let result = refresh([.ecb])
            #expect(result.table != nil)
            #expect(result.cacheProblem != nil)
            return
        }
        let result = refresh([.ecb])
        #expect(result.table != nil)
        #expect(result.cacheProblem != nil)
    }

    @Test func theHelperReportCarriesEveryFailureAndTheBodyIntact() {
        let failures: [FetchError] = [
            .offline(host: "h"), .connectionRefused(host: "h:1"), .timeout(host: "h", seconds: 7),
            .httpStatus(host: "h", code: 503, retryAfter: 120), .httpStatus(host: "h", code: 404, retryAfter: nil),
            .invalidResponse(host: "h", reason: Problem("problem.other", "a \"quoted\"\nreason\t")), .tooLarge(host: "h", limit: 2 << 20),
            .tls(host: "h"),
            .redirected(host: "h", to: "evil.example"), .insecureURL(host: "example.com"), .badURL("ftp://x"), .cancelled,
            .offlineMode, .other(host: "h", description: "network error -1: ünïcode"), .helperMissing(path: "/x/cambio-fetch"),
        ]
        for failure in failures {
            #expect(HelperReport.decode(HelperReport.encode(.failure(failure))) == .failure(failure))
        }
        let body: [UInt8] = Array("{\"eur\":1}\n".utf8) + [0, 0xFF, 0x0A]
        #expect(HelperReport.decode(HelperReport.encode(.success(body))) == .success(body))
        #expect(HelperReport.decode(Array("Segmentation fault".utf8)) == nil)
        #expect(HelperReport.decode(Array(#"{"error":"timeout","host":"h"}"#.utf8)) == nil)
    }

    @Test func aMissingHelperIsNamedWithItsPath() throws {
        let transport = HelperTransport(executable: home.path + "/nowhere/cambio-fetch")
        let plan = RefreshPlan(providers: [.ecb], baseURLOverride: server.baseURL, timeout: 2)
        let result = RefreshOperation(plan: plan, cache: cache, transport: transport).runNow()
        #expect(result.mainFailure == .helperMissing(path: UntrustedText(home.path + "/nowhere/cambio-fetch")))
        let message = result.mainFailure?.message(Localization(localeID: "en")) ?? ""
        #expect(message.contains("nowhere/cambio-fetch is missing"), "\(message)")
        #expect(server.requestedPaths.isEmpty)
    }
}

extension RefreshTests {
    /// An IPv6 host is written in brackets before its port (`::1:44941` read as one address).
    @Test func anIPv6HostIsShownInBrackets() {
        #expect(RequestPolicy.displayHost(URL(string: "http://[::1]:44941/x")!).raw == "[::1]:44941")
        #expect(RequestPolicy.displayHost(URL(string: "https://example.com/x")!).raw == "example.com")
        #expect(RequestPolicy.displayHost(URL(string: "http://127.0.0.1:8080/x")!).raw == "127.0.0.1:8080")
    }
}
