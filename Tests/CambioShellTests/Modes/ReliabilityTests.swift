import CambioCore
import CambioRates
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// Processes killed with SIGKILL at random moments while they write settings, recent
/// currencies, rate caches and history: every file is the old or the new version.
@Suite(.serialized) struct ReliabilityTests {
    func start(_ arguments: [String], stdin: String, environment: [String: String], directory: String) throws -> Process {
        let input = directory + "/stdin-\(UInt32.random(in: 0...UInt32.max))"
        try Data(stdin.utf8).write(to: URL(fileURLWithPath: input))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Cambio.executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func checkFiles(_ home: TemporaryDirectory, _ round: Int) {
        if let config = home.read("config/cambio/config") {
            let (_, warnings) = Settings.parse(config)
            #expect(warnings.isEmpty, "round \(round): a partial settings file: \(config.debugDescription)")
        }
        if let recent = home.read("state/cambio/recent") {
            #expect(recent.isEmpty || recent.hasSuffix("\n"), "round \(round): a partial recent file: \(recent.debugDescription)")
            #expect(RecentFile.text(RecentFile.parse(recent)) == recent, "round \(round): \(recent.debugDescription)")
        }
        let cache = RateCache(directory: home.path + "/cache/cambio")
        if case .failure(let problem) = cache.load(.currencyAPI) {
            Issue.record("round \(round): a partial cache: \(problem.reason)")
        }
    }

    @Test func twoHundredKillsLeaveEveryFileWholeAndTheNextRunWorks() throws {
        let server = try LoopbackServer()
        server.route("/v1/currencies/eur.json", .init(text: LiveRatesTests.servedTable))
        let home = try TemporaryDirectory()
        let environment = home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"])
        let bases = ["usd", "eur", "jpy", "gbp", "chf"]
        for round in 0..<200 {
            let lines = "base \(bases[round % bases.count])\n1 chf in gbp\n\(round) eur in sek, nok\n"
            let process = try start(
                round % 3 == 0 ? ["--refresh"] : [], stdin: lines, environment: environment, directory: home.path)
            usleep(UInt32.random(in: 0...40_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            checkFiles(home, round)
        }
        let after = try Cambio.run(["10", "eur", "in", "usd"], environment: environment)
        #expect(after.status == 0)
        #expect(!after.stderr.contains("ignoring") && !after.stderr.contains("cannot read"), "\(after.stderr)")
    }

    @Test func aShellKilledWhileSavingHistoryKeepsAReadableHistory() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"])
        for round in 0..<20 {
            let shell = try PseudoTerminal(environment: environment)
            #expect(shell.waitFor("EUR › "))
            let mark = shell.mark
            shell.type("\(round) usd in gbp\r")
            // One round ends its save (the history is saved before the result is shown), so
            // that one line is there to recall however slow the disk is; the others are killed
            // at random moments of theirs.
            if round == 0 {
                #expect(shell.waitFor("£", then: "EUR › ", after: mark), "\(shell.plainOutput)")
            } else {
                usleep(UInt32.random(in: 0...30_000))
            }
            kill(shell.pid, SIGKILL)
            _ = shell.waitForExit()
            if let history = home.read("state/cambio/history") {
                #expect(history.hasPrefix(HistoryFile.header + "\n"), "round \(round): \(history.prefix(40).debugDescription)")
                #expect(history.hasSuffix("\n"), "round \(round): a cut history file")
            }
        }
        let shell = try PseudoTerminal(environment: environment)
        #expect(shell.waitFor("EUR › "))
        let mark = shell.mark
        shell.type("\u{1B}[A")
        #expect(shell.waitFor("usd in gbp", after: mark), "\(shell.plainOutput)")
        let cancelled = shell.mark
        shell.type("\u{3}")
        #expect(shell.waitFor("EUR › ", after: cancelled))
        shell.type("quit\r")
        #expect(shell.waitForExit() == 0)
    }
}
