import CambioCore
import CambioFiles
import CambioRates
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// A hostile or broken provider: every fault keeps the table in use and the cache untouched, and says why.
@Suite struct ProviderFaultTests {

    // 4. A huge Retry-After is bounded.
    @Test(.tags(.hostile)) func aHugeRetryAfterIsBounded() throws {
        let home = try TemporaryDirectory()
        #expect(FetchError.retryAfter("9223372036854775807") == FetchError.maximumRetryAfter)
        #expect(FetchError.retryAfter("120") == 120)
        #expect(FetchError.retryAfter("-1") == nil && FetchError.retryAfter("soon") == nil)
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(status: 503, headers: [("Retry-After", "9223372036854775807")], body: []))
        let run = try Cambio.run(
            [], stdin: "refresh\nstatus\n1 eur in usd\n",
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.stdout.hasSuffix("€1.000 = $1.143\n"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("retry after 86400 s"), "\(run.stderr)")
    }

    // 5. A compressed answer is never inflated: its size is what arrives, and it is refused.
    @Test(.tags(.hostile)) func aGzipBombIsRefusedWithoutInflating() throws {
        let home = try TemporaryDirectory()
        let zeros = try TemporaryDirectory()
        let made = try Cambio.shell("head -c 268435456 /dev/zero | gzip -1 > '\(zeros.path)/bomb.gz'", environment: home.environment())
        try #require(made.status == 0)
        let bomb = try [UInt8](Data(contentsOf: URL(fileURLWithPath: zeros.path + "/bomb.gz")))
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: bomb))
        let fetch = try Hostile.measure(["--timeout", "10", server.baseURL + "/v1/currencies/eur.json"])
        #expect(fetch.output.contains(#""reason":"problem.compressed","arguments":["gzip"]"#), "\(fetch.output)")
        #expect(fetch.peakKilobytes < 200_000, "the helper grew to \(fetch.peakKilobytes) KiB")
        // CPU time, which a loaded machine does not stretch as it does the time on the clock.
        // (Inflating the 256 MiB takes about 0.7 s of CPU here; refusing it, about 0.01 s.)
        #expect(fetch.cpuSeconds < 0.25, "\(fetch.cpuSeconds) s of CPU")
    }

    // 18. Waiting for a server that never answers costs no CPU.
    @Test(.tags(.hostile)) func aStalledServerIsWaitedOnNotPolled() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(text: "{}", stall: 30))
        let fetch = try Hostile.measure(["--timeout", "2", server.baseURL + "/v1/currencies/eur.json"])
        #expect(fetch.output.contains("timeout"), "\(fetch.output)")
        #expect(fetch.cpuSeconds < 0.5, "\(fetch.cpuSeconds) s of CPU in \(fetch.seconds) s")
    }

    // 6. Plain http only to a literal loopback address or exactly `localhost`.
    @Test(
        .tags(.hostile),
        arguments: [
            ("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("[::1]", true), ("127.0.0.1.evil.example", false),
            ("127.0.0.1.nip.io", false), ("localhost.evil.example", false), ("127.0.0.256", false), ("1127.0.0.1", false),
        ])
    func onlyLiteralLoopbackMayUsePlainHTTP(_ host: String, _ allowed: Bool) {
        #expect(RequestPolicy.isLoopback(host) == allowed, "\(host)")
        if case .success = RequestPolicy.validate("http://\(host)/x") { #expect(allowed) } else { #expect(!allowed) }
    }

    // 9. Rates no currency has are refused.
    @Test(.tags(.hostile), arguments: ["1e100", "1e-100", "1e13", "0.0000000000001"])
    func extremeRatesAreRefused(_ rate: String) {
        let body = #"{"date": "2026-11-29", "eur": {"eur": 1, "usd": \#(rate), "jpy": 180}}"#
        #expect(throws: ResponseProblem.self) { try Provider.currencyAPI.decode(Array(body.utf8), fetchedAt: Date(), catalog: .bundled) }
    }

    // 11. Environment text is echoed without credentials, queries or controls.
    @Test(.tags(.hostile)) func aBadProviderURLIsShownWithoutSecrets() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(
            ["--refresh", "1", "eur"],
            environment: home.environment(["CAMBIO_PROVIDER_URL": "ftp://user:s3cret@mirror.example/x?token=abc\u{1B}[31m", "CAMBIO_PROVIDER": "ecb"])
        )
        #expect(!run.stderr.contains("s3cret") && !run.stderr.contains("token") && !run.stderr.contains("abc"), "\(run.stderr)")
        #expect(!Hostile.hasTerminalControls(run.stderr))
        #expect(run.stderr.contains("mirror.example"))
    }

    // 16. Loose provider answers are refused.
    @Test(.tags(.hostile)) func duplicateKeysImpossibleDatesAndShrunkenTablesAreRefused() throws {
        let home = try TemporaryDirectory()
        let duplicate = #"{"date": "2026-11-29", "eur": {"eur": 1, "usd": 1.1, "usd": 99}}"#
        #expect(throws: ResponseProblem.self) { try Provider.currencyAPI.decode(Array(duplicate.utf8), fetchedAt: Date(), catalog: .bundled) }
        for date in ["0000-01-01", "9999-12-31", "1998-12-31"] {
            let body = #"{"date": "\#(date)", "eur": {"eur": 1, "usd": 1.1}}"#
            #expect(throws: ResponseProblem.self) { try Provider.currencyAPI.decode(Array(body.utf8), fetchedAt: Date(), catalog: .bundled) }
        }
        // A full table is cached; then the provider answers with EUR and one other currency.
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(text: LiveRatesTests.servedTable))
        let environment = home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"])
        #expect(try Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment).stdout == "€1.000 = $2.000\n")
        server.route("/v1/currencies/eur.json", .init(text: #"{"date": "2026-11-30", "eur": {"eur": 1, "usd": 3}}"#))
        let shrunk = try Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment)
        #expect(shrunk.stdout == "€1.000 = $2.000\n")
        #expect(shrunk.stderr.contains("only 2 currencies"), "\(shrunk.stderr)")
    }

    @Test(.tags(.hostile)) func aRedirectToAnotherPortIsNotFollowed() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        let other = try LoopbackServer()
        defer {
            server.stop()
            other.stop()
        }
        other.route("/v1/currencies/eur.json", .init(text: LiveRatesTests.servedTable))
        server.route(
            "/v1/currencies/eur.json", .init(status: 302, headers: [("Location", "\(other.baseURL)/v1/currencies/eur.json")], body: []))
        let run = try Cambio.run(
            ["--refresh", "1", "eur", "in", "usd"],
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.stdout == "€1.000 = $1.143\n")
        #expect(run.stderr.contains("redirected"), "\(run.stderr)")
        #expect(other.requestedPaths.isEmpty)
    }

    @Test(.tags(.hostile)) func whatWasWrongWithAnAnswerIsSaidInTheUsersLanguage() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(contentType: "text/html", text: "<html>maintenance</html>"))
        let run = try Cambio.run(
            ["--refresh", "1", "eur", "in", "usd"],
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api", "LANG": "de_DE.UTF-8"]))
        #expect(run.stderr.contains("eine HTML-Seite (text/html), keine Kurse"), "\(run.stderr)")
        #expect(!run.stderr.contains("an HTML page"))
    }

    // 19. `--refresh` that gets nothing says so in its exit status.
    @Test(.tags(.hostile)) func aFailedRefreshHasItsOwnExitStatus() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        server.stop()
        let run = try Cambio.run(
            ["--refresh", "1", "eur", "in", "usd"],
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.stdout == "€1.000 = $1.143\n")
        #expect(run.status == 3, "\(run.stderr)")
        let failing = try Cambio.run(
            ["--refresh", "1", "xyz", "in", "usd"],
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(failing.status == 1)
    }
}

extension ProviderFaultTests {
    /// A redirect to the same URL again and again is a loop, not "another host" (it said so).
    @Test func aSameHostRedirectLoopIsSaidToBeOne() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/v1/currencies/eur.json", .init(status: 302, headers: [("Location", "\(server.baseURL)/v1/currencies/eur.json")], body: []))
        let run = try Cambio.run(
            ["--refresh", "1", "eur", "in", "usd"],
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.stderr.contains("on the same host: a loop") && !run.stderr.contains("another host"), "\(run.stderr)")
    }
}
