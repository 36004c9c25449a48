import CambioCore
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// The output layer: the only writer of escape sequences, and replaceable, so that the modes
/// run in process.
@Suite struct OutputLayerTests {
    static let sources = Repository.url("Sources")

    @Test func noFileButTheOutputLayerWritesAnEscapeSequence() throws {
        let files =
            FileManager.default.enumerator(atPath: Self.sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".c") || $0.hasSuffix(".h") } ?? []
        #expect(files.count > 50)
        let escapes = [#"\u{1B}"#, #"\u{001B}"#, #"\033"#, #"\x1b"#, #"\x1B"#, #"\e["#]
        var offenders: [String] = []
        for file in files where !file.hasSuffix("Terminal/TerminalOutput.swift") {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            if escapes.contains(where: text.contains) { offenders.append(file) }
        }
        #expect(offenders.isEmpty, "escape sequences outside the output layer: \(offenders)")
    }

    @Test func stylesAppearOnlyWithColour() {
        let plain = TerminalOutput(color: false)
        #expect(plain.styled("€1.000", .result) == "€1.000" && plain.prompt("EUR") == "EUR › ")
        let colour = TerminalOutput(color: true)
        #expect(colour.styled("€1.000", .result) == "\u{1B}[1m€1.000\u{1B}[0m")
        #expect(colour.styled("note", .detail) == "\u{1B}[2mnote\u{1B}[0m")
    }

    final class Captured: @unchecked Sendable {
        var out: [UInt8] = []
        var err: [UInt8] = []
    }

    /// A pipe, in process: lines in through a descriptor, output and errors captured.
    @Test func aPipeRunsInProcessWithCapturedOutput() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment(["CAMBIO_OFFLINE": "1"])
        let text = Localization(localeID: "en_US")
        let paths = Paths(environment: environment, home: home.path)
        let store = Store(paths: paths, localized: text)
        let settings = Settings()
        let rates = RateController(environment: environment, settings: settings, offline: true, paths: paths, localized: text, warn: { _ in })
        let table = try SeedTableDecoder.bundled()
        let locale = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        var configuration = EngineConfiguration(locale: locale)
        configuration.showsDetails = false
        let engine = Engine(configuration: configuration, table: table)
        let session = Session(
            store: store, engine: engine, state: SessionState(base: .eur, recent: [], locale: locale), settings: settings,
            rates: rates, environment: environment, saveEachLine: false, persists: false)
        let captured = Captured()
        let output = TerminalOutput(
            color: false,
            out: {
                captured.out += $0; return nil
            }, err: { captured.err += $0 })
        session.output = output
        let runner = BatchRunner(session: session, renderer: ReplyRenderer(forTerminal: false, output: output))
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let input = Array("1 eur in usd\nfoo in usd\n100 peso in eur\n".utf8)
        _ = input.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        let status = runner.runLines(from: ends[0])
        close(ends[0])
        #expect(status == ExitStatus.failed)
        let out = String(decoding: captured.out, as: UTF8.self)
        let err = String(decoding: captured.err, as: UTF8.self)
        #expect(out.hasPrefix("€1.000 = $1.143\n") && out.contains("MX$100.000 = €"), "\(out)")
        #expect(err.contains("line 2, column 1: unknown currency “foo”"), "\(err)")
        #expect(err.contains("line 3: “peso” taken as MXN"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: paths.recentFile), "a pipe keeps no recent currencies")
    }
}
