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
