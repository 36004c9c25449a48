import CambioCore
import CambioFiles
import CambioRates
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// Signals end a run only once what it did is written and saved.
@Suite(.serialized) struct SignalTests {

    /// A buffered pipe killed by a signal lost every result it had computed (0 of 5 lines out).
    @Test(.tags(.hostile), arguments: [SIGINT, SIGTERM, SIGHUP])
    func aPipeEndedByASignalWritesWhatItComputedFirst(_ signal: Int32) throws {
        let home = try TemporaryDirectory()
        let directory = try TemporaryDirectory()
        let output = directory.path + "/out"
        FileManager.default.createFile(atPath: output, contents: nil)
        let input = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Cambio.executable)
        process.environment = home.environment(["CAMBIO_OFFLINE": "1"])
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((1...5).map { "\($0) eur in usd\n" }.joined().utf8))
        // The five lines are evaluated and held in the output buffer once the program reads
        // its input again (its handlers are in place by then); then the signal. A fixed wait
        // was too short for a debug build on a loaded machine.
        let writing = input.fileHandleForWriting.fileDescriptor
        #expect(Self.waitUntilReadingInput(process.processIdentifier, emptying: writing), "the program never read its input again")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.split(separator: "\n").count == 5, "\(written)")
    }

    /// Whether the process took everything from the pipe `pipe` writes to and came to wait in
    /// `read` on its standard input again (`/proc/PID/syscall` names the call it is blocked in:
    /// 0 is `read` on x86-64, 63 on arm64; then the descriptor).
    static func waitUntilReadingInput(_ pid: Int32, emptying pipe: Int32, timeout: TimeInterval = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var unread: Int32 = 0
            let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? ""
            if ioctl(pipe, UInt(FIONREAD), &unread) == 0, unread == 0, call.hasPrefix("0 0x0 ") || call.hasPrefix("63 0x0 ") { return true }
            usleep(20_000)
        }
        return false
    }

    /// SIGTERM during `refresh` waited out the fetch, then the shell exited 0; at an idle
    /// prompt it exited 0 too. It cancels, saves, and exits 128 + N.
    @Test(.tags(.hostile)) func aShellEndedDuringARefreshCancelsItSavesAndEnds() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(text: "{}", stall: 60))
        let shell = try PseudoTerminal(
            environment: home.environment([
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
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(home.read("state/cambio/history")?.contains("\n1 usd in gbp\n") == true)
    }
}

extension SignalTests {
    /// `--input … --refresh` ignored SIGINT, SIGTERM and SIGHUP for the whole run, the refresh's
    /// wait included: a signal during a stalled refresh ends it as it ends a pipe.
    @Test(.tags(.hostile), arguments: [SIGINT, SIGTERM, SIGHUP])
    func aTableWaitingForARefreshEndsOnASignal(_ signal: Int32) throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(text: "{}", stall: 60))
        let directory = try TemporaryDirectory()
        let table = directory.path + "/table.csv"
        try Data("Date,Amount,Currency\n2024-01-02,10.00,USD\n".utf8).write(to: URL(fileURLWithPath: table))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Cambio.executable)
        process.arguments = ["--input", "csv", table, "--to", "eur", "--refresh"]
        process.environment = home.environment([
            "CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api", "CAMBIO_TIMEOUT": "120",
        ])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The request has reached the server: the run is waiting for its answer.
        #expect(server.waitForRequest(), "the request never came")
        let started = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// A table stops between rows on a signal, what it converted written, and ends by the signal.
    @Test(.tags(.hostile)) func aTableEndedByASignalWritesItsRowsFirst() throws {
        let home = try TemporaryDirectory()
        let directory = try TemporaryDirectory()
        let output = directory.path + "/out"
        FileManager.default.createFile(atPath: output, contents: nil)
        let input = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Cambio.executable)
        process.arguments = ["--input", "csv", "-", "--to", "eur"]
        process.environment = home.environment(["CAMBIO_OFFLINE": "1"])
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        // More than the first window, so that rows are written while the rest is awaited.
        var rows = "Date,Amount,Currency\n"
        for day in 0..<60_000 { rows += "2024-01-\(String(10 + day % 20)),\(day).50,USD\n" }
        input.fileHandleForWriting.write(Data(rows.utf8))
        #expect(Self.waitUntilReadingInput(process.processIdentifier, emptying: input.fileHandleForWriting.fileDescriptor))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        let written = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(written.count > 1_000 && written.last?.hasSuffix(",ecb,") == true, "\(written.count) lines")
    }

    /// A failed refresh before a table is said, and a run that converted every row ends with 3.
    @Test(.tags(.hostile)) func aFailedRefreshBeforeATableEndsWithItsStatus() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer()
        server.stop()
        let run = try Cambio.run(
            ["--input", "csv", "-", "--to", "eur", "--refresh"], stdin: "Description,Amount,Currency\nTaxi,10.00,USD\n",
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stdout.contains("Taxi,10.00,USD,8.7"), "\(run.stdout)")
        #expect(run.stderr.contains("refresh failed"), "\(run.stderr)")
    }
}
