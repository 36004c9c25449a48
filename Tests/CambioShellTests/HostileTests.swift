import CambioCore
import CambioFiles
import CambioRates
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// What a hostile provider, a hostile local user or a full or strange file system tried, and
/// what Cambio must do instead: each test failed before its fix.
@Suite(.serialized) struct HostileTests {
    let home: TemporaryDirectory
    init() throws { home = try TemporaryDirectory() }

    func environment(_ extra: [String: String] = [:]) -> [String: String] { home.environment(extra) }

    static func hasTerminalControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
    }

    // 1. Escapes in a redirect's host, a provider's words or a system error never reach the terminal.
    @Test func aRedirectToAHostileHostPrintsNoEscape() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let hostile = "http://%1b%5d52%3bc%3bcHduZWQ%3d%07%1b%5b41mRED%1b%5b0m.example/x"
        server.route("/v1/currencies/eur.json", .init(status: 302, headers: [("Location", hostile)], body: []))
        let run = try Cambio.run(
            ["--refresh", "1", "eur", "in", "usd"],
            environment: environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.stdout == "€1.000 = $1.143\n")
        #expect(!Self.hasTerminalControls(run.stderr), "\(run.stderr.debugDescription)")
        #expect(run.stderr.contains("U+001B"), "\(run.stderr)")
    }

    @Test func aProvidersOwnWordsAreShownThroughTheSanitiser() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v6/latest/EUR", .init(text: #"{"result": "error", "error-type": "\u009b31m\u202eevil\u001b]52;c;x\u0007"}"#))
        let run = try Cambio.run(
            ["--refresh", "1", "eur", "in", "usd"],
            environment: environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "exchangerate-api"]))
        #expect(!Self.hasTerminalControls(run.stderr), "\(run.stderr.debugDescription)")
        #expect(run.stderr.contains("U+009B") && run.stderr.contains("U+202E"))
    }

    @Test func everySentenceSanitisesWhatFillsIt() {
        var generator = SystemRandomNumberGenerator()
        let text = Localization(localeID: "en")
        for _ in 0..<500 {
            let scalars = (0..<12).compactMap { _ in Unicode.Scalar(UInt32.random(in: 0...0x20FF, using: &generator)) }
            var outside = ""
            outside.unicodeScalars.append(contentsOf: scalars)
            let message = FetchError.redirected(host: UntrustedText(outside), to: UntrustedText(outside)).message(text)
            #expect(!Self.hasTerminalControls(message), "\(message.debugDescription)")
            #expect(!Self.hasTerminalControls(text("warning.readConfig", outside, outside)))
        }
    }

    // 2. A full disk never empties the history.
    @Test func aFullDiskKeepsTheHistoryWhole() throws {
        let path = home.path + "/state/cambio/history"
        try home.write("state/cambio/history", "")
        let old = (0..<900).map { "\($0) eur in usd" }
        try HistoryFile.write(old, toPath: path)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        #expect(before.utf8.count > 8192)
        // Files may grow to 8 KiB: rewriting the 13 KiB history fails as on a full disk.
        let shell = try PseudoTerminal(environment: environment(["TERM": "xterm", "NO_COLOR": "1"]), fileSizeLimit: 8192)
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        let mark = shell.mark
        shell.type("1 eur in gbp\r")
        #expect(shell.waitFor("£", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
        #expect(shell.plainOutput.contains("cannot save history"), "\(shell.plainOutput)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        #expect(HistoryFile.entries(atPath: path).count == 900)
    }

    /// Found by a hostile tester: one line with an ideographic space (what a Japanese input
    /// method types) stopped every later save; other spaces came back changed.
    @Test func everyLineTypedIsSavedAndRecalledByteForByte() throws {
        let typed = [
            "１５００　円", "1 eur\u{2028}in usd", "2 eur\u{2029}in usd", "3\u{205F}eur", "4\u{2003}eur", "5\u{2009}eur",
            "6\u{200A}eur", "back\\slash \\040", "7 usd in gbp", "8 usd in gbp",
        ]
        let shell = try PseudoTerminal(environment: environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"]))
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        for line in typed {
            let mark = shell.mark
            shell.type(line + "\r")
            #expect(shell.waitFor("\n", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        }
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
        #expect(!shell.plainOutput.contains("cannot save history"), "\(shell.plainOutput)")
        let path = home.path + "/state/cambio/history"
        #expect(HistoryFile.entries(atPath: path) == typed)
        let again = try PseudoTerminal(environment: environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"]))
        #expect(again.waitFor("EUR › "))
        let mark = again.mark
        again.type(String(repeating: "\u{1B}[A", count: typed.count))
        #expect(again.waitFor("１５００　円", after: mark), "\(again.plainOutput)")
        again.type("\u{3}quit\r")
        #expect(again.waitForExit() == 0)
    }

    /// A buffered pipe killed by a signal lost every result it had computed (0 of 5 lines out).
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aPipeEndedByASignalWritesWhatItComputedFirst(_ signal: Int32) throws {
        let directory = try TemporaryDirectory()
        let output = directory.path + "/out"
        FileManager.default.createFile(atPath: output, contents: nil)
        let input = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Cambio.executable)
        process.environment = environment(["CAMBIO_OFFLINE": "1"])
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((1...5).map { "\($0) eur in usd\n" }.joined().utf8))
        // The five lines are evaluated and held in the output buffer; then the signal.
        usleep(500_000)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.split(separator: "\n").count == 5, "\(written)")
    }

    /// SIGTERM during `refresh` waited out the fetch, then the shell exited 0; at an idle
    /// prompt it exited 0 too. It cancels, saves, and exits 128 + N.
    @Test func aShellEndedDuringARefreshCancelsItSavesAndEnds() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(text: "{}", stall: 60))
        let shell = try PseudoTerminal(
            environment: environment([
                "TERM": "xterm", "NO_COLOR": "1", "CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api",
                "CAMBIO_TIMEOUT": "120", "CAMBIO_REFRESH_MINUTES": "525600",
            ]))
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        shell.type("1 usd in gbp\r")
        #expect(shell.waitFor("£"), "\(shell.plainOutput)")
        shell.type("refresh\r")
        usleep(500_000)
        let started = Date()
        kill(shell.pid, SIGTERM)
        #expect(shell.waitForExit(timeout: 20) == 128 + SIGTERM)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(home.read("state/cambio/history")?.contains("\n1 usd in gbp\n") == true)
    }

    /// A UTF-8 lead byte cut short right before Enter swallowed the Enter.
    @Test func anEnterAfterACutCharacterStillEndsTheLine() throws {
        let shell = try PseudoTerminal(environment: environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"]))
        #expect(shell.waitFor("EUR › "), "\(shell.plainOutput)")
        var mark = shell.mark
        shell.type(bytes: Array("12 eur".utf8) + [0xC3, 0x0D])
        #expect(shell.waitFor("not UTF-8", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        mark = shell.mark
        shell.type(bytes: [0xE2, 0x82] + Array("1 eur in usd\r".utf8))
        #expect(shell.waitFor("EUR › ", after: mark), "\(shell.plainOutput)")
        mark = shell.mark
        shell.type("2 eur in usd\r")
        #expect(shell.waitFor("€2.000 = $2.287", then: "EUR › ", after: mark), "\(shell.plainOutput)")
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
    }

    /// The writer allowed 1,000 lines of 4 KiB and the reader refused a file over 1 MiB, the one
    /// just written included: no line was saved again. One limit for both, the oldest dropped.
    @Test func aHistoryNearItsLimitKeepsTheNewestLines() throws {
        let path = home.path + "/history"
        let long = (0..<1000).map { "\($0) " + String(repeating: "x", count: 4000) }
        try HistoryFile.write(long, toPath: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.utf8.count <= HistoryFile.byteLimit)
        let read = HistoryFile.entries(atPath: path)
        #expect(read.count > 200 && read.last == long.last, "\(read.count)")
        try HistoryFile.write(read + ["new line"], toPath: path)
        #expect(HistoryFile.entries(atPath: path).last == "new line")
    }

    @Test func aHistoryFileCutShortKeepsItsWholeLines() throws {
        let path = home.path + "/history"
        try HistoryFile.write(["1 eur in usd", "2 eur in usd"], toPath: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try String(text.dropLast(8)).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(HistoryFile.read(path) == .entries(["1 eur in usd", "2 eur"], skipped: 0))
        try "".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(HistoryFile.read(path) == .damaged("not a history file"))
    }

    // 3. A huge refresh age is refused, not multiplied into a crash.
    @Test(arguments: ["153722867280912931", "9223372036854775807", "-5", "0"])
    func aHugeRefreshAgeIsRefusedWithAWarning(_ minutes: String) throws {
        try home.write("config/cambio/config", "refresh-minutes = \(minutes)\n")
        let run = try Cambio.run(["status"], environment: environment(["CAMBIO_REFRESH_MINUTES": minutes]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("refresh-minutes") || run.stderr.contains("line 1"), "\(run.stderr)")
    }

    // 4. A huge Retry-After is bounded.
    @Test func aHugeRetryAfterIsBounded() throws {
        #expect(FetchError.retryAfter("9223372036854775807") == FetchError.maximumRetryAfter)
        #expect(FetchError.retryAfter("120") == 120)
        #expect(FetchError.retryAfter("-1") == nil && FetchError.retryAfter("soon") == nil)
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(status: 503, headers: [("Retry-After", "9223372036854775807")], body: []))
        let run = try Cambio.run(
            [], stdin: "refresh\nstatus\n1 eur in usd\n",
            environment: environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.stdout.hasSuffix("€1.000 = $1.143\n"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("retry after 86400 s"), "\(run.stderr)")
    }

    // 5. A compressed answer is never inflated: its size is what arrives, and it is refused.
    @Test func aGzipBombIsRefusedWithoutInflating() throws {
        let zeros = try TemporaryDirectory()
        let made = try Cambio.shell("head -c 268435456 /dev/zero | gzip -1 > '\(zeros.path)/bomb.gz'", environment: environment())
        try #require(made.status == 0)
        let bomb = try [UInt8](Data(contentsOf: URL(fileURLWithPath: zeros.path + "/bomb.gz")))
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: bomb))
        let fetch = try Self.measure(["--timeout", "10", server.baseURL + "/v1/currencies/eur.json"])
        #expect(fetch.output.contains(#""reason":"problem.compressed","arguments":["gzip"]"#), "\(fetch.output)")
        #expect(fetch.peakKilobytes < 200_000, "the helper grew to \(fetch.peakKilobytes) KiB")
        #expect(fetch.seconds < 2)
    }

    // 18. Waiting for a server that never answers costs no CPU.
    @Test func aStalledServerIsWaitedOnNotPolled() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(text: "{}", stall: 30))
        let fetch = try Self.measure(["--timeout", "2", server.baseURL + "/v1/currencies/eur.json"])
        #expect(fetch.output.contains("timeout"), "\(fetch.output)")
        #expect(fetch.cpuSeconds < 0.5, "\(fetch.cpuSeconds) s of CPU in \(fetch.seconds) s")
    }

    /// Runs `cambio-fetch` and measures that very process (wait4), whatever else runs.
    static func measure(_ arguments: [String]) throws -> (output: String, seconds: Double, cpuSeconds: Double, peakKilobytes: Int) {
        let directory = URL(fileURLWithPath: Cambio.executable).deletingLastPathComponent().path
        let program = directory + "/cambio-fetch"
        let outputFile = try TemporaryDirectory()
        let path = outputFile.path + "/out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else { throw POSIXError(.ENOENT) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return (output, Date().timeIntervalSince(started), cpu, usage.ru_maxrss)
    }

    // 6. Plain http only to a literal loopback address or exactly `localhost`.
    @Test(arguments: [
        ("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("[::1]", true), ("127.0.0.1.evil.example", false),
        ("127.0.0.1.nip.io", false), ("localhost.evil.example", false), ("127.0.0.256", false), ("1127.0.0.1", false),
    ])
    func onlyLiteralLoopbackMayUsePlainHTTP(_ host: String, _ allowed: Bool) {
        #expect(RequestPolicy.isLoopback(host) == allowed, "\(host)")
        if case .success = RequestPolicy.validate("http://\(host)/x") { #expect(allowed) } else { #expect(!allowed) }
    }

    // 7, 12. A FIFO or a symlink at a state file: refused at once, never followed or waited on.
    @Test(arguments: ["config/cambio/config", "state/cambio/recent", "cache/cambio/rates-currency-api.json", "cache/cambio/locale-facts"])
    func aFIFOAtAStateFileDoesNotHang(_ file: String) throws {
        try home.write(file, "")
        try FileManager.default.removeItem(atPath: home.path + "/" + file)
        #expect(mkfifo(home.path + "/" + file, 0o600) == 0)
        let started = Date()
        let run = try Cambio.run(["1", "eur", "in", "usd"], environment: environment())
        #expect(run.stdout == "€1.000 = $1.143\n")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aSymlinkedConfigIsNotFollowed() throws {
        try home.write("elsewhere", "base = JPY\n")
        try home.write("config/cambio/placeholder", "")
        try FileManager.default.createSymbolicLink(atPath: home.path + "/config/cambio/config", withDestinationPath: home.path + "/elsewhere")
        let run = try Cambio.run(["100"], environment: environment())
        #expect(run.stdout.hasPrefix("€100.000"), "\(run.stdout)")
        #expect(run.stderr.contains("symbolic link"), "\(run.stderr)")
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.read(home.path + "/config/cambio/config") }
    }

    @Test func historyThatIsAFIFOIsNotReadEither() throws {
        let path = home.path + "/history"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(HistoryFile.read(path) == .damaged("not a regular file"))
    }

    // 8. One overlong line costs that line, never the file; nothing overwrites an earlier .damaged.
    @Test func anOverlongHistoryLineIsLeftOutNotTheFile() throws {
        let path = home.path + "/history"
        #expect(LibeditHistory.writeLegacy(["1 eur in usd", String(repeating: "9", count: 20_000), "2 eur in usd"], toPath: path))
        #expect(HistoryFile.entries(atPath: path) == ["1 eur in usd", "2 eur in usd"])
        let long = String(repeating: "9", count: 5000)
        try "\(HistoryFile.header)\n1 eur in usd\n\(long)\n2 eur in usd\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(HistoryFile.read(path) == .entries(["1 eur in usd", "2 eur in usd"], skipped: 1))
        try "first".write(toFile: path + ".damaged", atomically: false, encoding: .utf8)
        #expect(HistoryFile.asideName(for: path) == path + ".damaged.2")
    }

    // 9. Rates no currency has are refused.
    @Test(arguments: ["1e100", "1e-100", "1e13", "0.0000000000001"])
    func extremeRatesAreRefused(_ rate: String) {
        let body = #"{"date": "2026-11-29", "eur": {"eur": 1, "usd": \#(rate), "jpy": 180}}"#
        #expect(throws: ResponseProblem.self) { try Provider.currencyAPI.decode(Array(body.utf8), fetchedAt: Date(), catalog: .bundled) }
    }

    // 10. locale-facts is checked line by line: a planted escape makes the file be ignored.
    @Test func plantedEscapesInLocaleFactsAreRejected() {
        let written = LocaleFacts()
        _ = written.value("number de_DE") { "1.234.567.890,123" }
        let text = written.serialized(stamp: "test")
        #expect(LocaleFacts().load(text, stamp: "test"))
        #expect(!LocaleFacts().load(text.replacingOccurrences(of: "1.234.567", with: "\u{1B}[H1.234"), stamp: "test"))
        #expect(!LocaleFacts().load(text.replacingOccurrences(of: "1.234.567", with: "\u{9B}31m1.234"), stamp: "test"))
    }

    // 11. Environment text is echoed without credentials, queries or controls.
    @Test func aBadProviderURLIsShownWithoutSecrets() throws {
        let run = try Cambio.run(
            ["--refresh", "1", "eur"],
            environment: environment(["CAMBIO_PROVIDER_URL": "ftp://user:s3cret@mirror.example/x?token=abc\u{1B}[31m", "CAMBIO_PROVIDER": "ecb"]))
        #expect(!run.stderr.contains("s3cret") && !run.stderr.contains("token") && !run.stderr.contains("abc"), "\(run.stderr)")
        #expect(!Self.hasTerminalControls(run.stderr))
        #expect(run.stderr.contains("mirror.example"))
    }

    // 13. A huge line is one error; the next line is converted; memory does not grow with it.
    /// However the length is made up (digits, or a plain conversion padded with spaces that
    /// the shortcut would have answered from what was kept), and where the line ends.
    @Test(arguments: [
        String(repeating: "1", count: 3_000_000) + " eur in usd\n", "12 eur in usd" + String(repeating: " ", count: 3_000_000) + "\n",
        "12 eur in usd" + String(repeating: " ", count: Engine.lineLimit) + "\n",
    ])
    func aHugeLineIsAnErrorAndTheNextOneWorks(_ huge: String) throws {
        let input = huge + "1 eur in usd\n"
        let run = try Cambio.run([], stdin: input, environment: environment())
        #expect(run.stdout == "€1.000 = $1.143\n")
        #expect(run.stderr.hasPrefix("line 1: the line is longer than 65536 bytes"), "\(run.stderr.prefix(200))")
        #expect(run.status == 1)
    }

    // 14. A relative HOME is ignored like relative XDG variables.
    @Test func aRelativeHomeIsIgnored() {
        let paths = Paths(environment: ["HOME": "foo"], home: Platform.homeDirectory(environment: ["HOME": "foo"]))
        #expect(paths.configDirectory.hasPrefix("/"))
        #expect(Platform.homeDirectory(environment: ["HOME": "/tmp/x"]) == "/tmp/x")
    }

    // 15. Temporary files a killed writer left are cleaned on the next write; fresh ones stay.
    @Test func staleTemporaryFilesAreRemovedOnTheNextWrite() throws {
        try home.write("config/cambio/config", "base = EUR\n")
        let stale = home.path + "/config/cambio/.config.123.456.tmp"
        let fresh = home.path + "/config/cambio/.config.124.457.tmp"
        try home.write("config/cambio/.config.123.456.tmp", "half")
        try home.write("config/cambio/.config.124.457.tmp", "writing")
        var old = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, stale, &old, 0) == 0)
        let run = try Cambio.run(["--save", "base", "usd"], environment: environment())
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
    }

    // 16. Loose provider answers are refused.
    @Test func duplicateKeysImpossibleDatesAndShrunkenTablesAreRefused() throws {
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
        let environment = environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"])
        #expect(try Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment).stdout == "€1.000 = $2.000\n")
        server.route("/v1/currencies/eur.json", .init(text: #"{"date": "2026-11-30", "eur": {"eur": 1, "usd": 3}}"#))
        let shrunk = try Cambio.run(["--refresh", "1", "eur", "in", "usd"], environment: environment)
        #expect(shrunk.stdout == "€1.000 = $2.000\n")
        #expect(shrunk.stderr.contains("only 2 currencies"), "\(shrunk.stderr)")
    }

    @Test func aRedirectToAnotherPortIsNotFollowed() throws {
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
            environment: environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.stdout == "€1.000 = $1.143\n")
        #expect(run.stderr.contains("redirected"), "\(run.stderr)")
        #expect(other.requestedPaths.isEmpty)
    }

    // 17. A config of a hundred thousand bad lines gets three warnings and a count.
    @Test func aFloodOfBadConfigLinesIsCounted() throws {
        try home.write("config/cambio/config", (0..<60_000).map { "bogus \($0)" }.joined(separator: "\n") + "\n")
        let run = try Cambio.run(["1", "eur", "in", "usd"], environment: environment())
        #expect(run.stdout == "€1.000 = $1.143\n")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 4, "\(lines.prefix(6))")
        #expect(lines.last?.contains("59997 more lines") == true)
    }

    // 19. `--refresh` that gets nothing says so in its exit status.
    @Test func aFailedRefreshHasItsOwnExitStatus() throws {
        let server = try LoopbackServer()
        server.stop()
        let run = try Cambio.run(
            ["--refresh", "1", "eur", "in", "usd"],
            environment: environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.stdout == "€1.000 = $1.143\n")
        #expect(run.status == 3, "\(run.stderr)")
        let failing = try Cambio.run(
            ["--refresh", "1", "xyz", "in", "usd"],
            environment: environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(failing.status == 1)
    }
}

extension HostileTests {
    @Test func whatWasWrongWithAnAnswerIsSaidInTheUsersLanguage() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(contentType: "text/html", text: "<html>maintenance</html>"))
        let run = try Cambio.run(
            ["--refresh", "1", "eur", "in", "usd"],
            environment: environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api", "LANG": "de_DE.UTF-8"]))
        #expect(run.stderr.contains("eine HTML-Seite (text/html), keine Kurse"), "\(run.stderr)")
        #expect(!run.stderr.contains("an HTML page"))
    }
}
