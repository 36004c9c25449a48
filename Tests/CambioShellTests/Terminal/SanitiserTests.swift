import CambioCore
import CambioFiles
import CambioRates
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// Text from outside — provider answers, redirect targets, system errors — reaches the terminal only
/// through the one sanitiser.
@Suite struct SanitiserTests {

    // 1. Escapes in a redirect's host, a provider's words or a system error never reach the terminal.
    @Test(.tags(.hostile)) func aRedirectToAHostileHostPrintsNoEscape() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        defer { server.stop() }
        let hostile = "http://%1b%5d52%3bc%3bcHduZWQ%3d%07%1b%5b41mRED%1b%5b0m.example/x"
        server.route("/v1/currencies/eur.json", .init(status: 302, headers: [("Location", hostile)], body: []))
        let run = try Cambio.run(
            ["--refresh", "1", "eur", "in", "usd"],
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.stdout == "€1.000 = $1.143\n")
        #expect(!Hostile.hasTerminalControls(run.stderr), "\(run.stderr.debugDescription)")
        #expect(run.stderr.contains("U+001B"), "\(run.stderr)")
    }

    @Test(.tags(.hostile)) func aProvidersOwnWordsAreShownThroughTheSanitiser() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v6/latest/EUR", .init(text: #"{"result": "error", "error-type": "\u009b31m\u202eevil\u001b]52;c;x\u0007"}"#))
        let run = try Cambio.run(
            ["--refresh", "1", "eur", "in", "usd"],
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "exchangerate-api"]))
        #expect(!Hostile.hasTerminalControls(run.stderr), "\(run.stderr.debugDescription)")
        #expect(run.stderr.contains("U+009B") && run.stderr.contains("U+202E"))
    }

    @Test(.tags(.hostile)) func everySentenceSanitisesWhatFillsIt() {
        var generator = SystemRandomNumberGenerator()
        let text = Localization(localeID: "en")
        for _ in 0..<500 {
            let scalars = (0..<12).compactMap { _ in Unicode.Scalar(UInt32.random(in: 0...0x20FF, using: &generator)) }
            var outside = ""
            outside.unicodeScalars.append(contentsOf: scalars)
            let message = FetchError.redirected(host: UntrustedText(outside), to: UntrustedText(outside)).message(text)
            #expect(!Hostile.hasTerminalControls(message), "\(message.debugDescription)")
            #expect(!Hostile.hasTerminalControls(text("warning.readConfig", outside, outside)))
        }
    }
}
