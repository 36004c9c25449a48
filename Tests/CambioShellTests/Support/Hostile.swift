import CambioTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension Tag {
    /// Found by trying the program as an attacker would (hostile input, files, providers,
    /// signals, a full disk).
    @Tag static var hostile: Self
    /// Found by trying the program as its users would.
    @Tag static var misread: Self
}

/// Checks the hostile tests share.
enum Hostile {
    static func hasTerminalControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
    }

    /// Runs `cambio-fetch` and measures that very process, whatever else runs. It is started by
    /// a small Python process, not by the test process: Linux counts into a child's peak the
    /// memory of the process it was spawned from until its exec, and the test process holds
    /// hundreds of MB by the time this runs (every locale's formatter, whole documents).
    static func measure(_ arguments: [String]) throws -> (output: String, seconds: Double, cpuSeconds: Double, peakKilobytes: Int) {
        let directory = URL(fileURLWithPath: Cambio.executable).deletingLastPathComponent().path
        let program = directory + "/cambio-fetch"
        let outputFile = try TemporaryDirectory()
        let path = outputFile.path + "/out"
        let script = """
            import os, resource, sys
            pid = os.fork()
            if pid == 0:
                fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(fd, 1)
                os.execv(sys.argv[2], sys.argv[2:])
            _, _, usage = os.wait4(pid, 0)
            print(usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
            """
        let started = Date()
        let run = try Cambio.shell(
            "python3 -c '\(script)' '\(path)' '\(program)' " + arguments.map { "'\($0)'" }.joined(separator: " "),
            environment: ProcessInfo.processInfo.environment)
        let seconds = Date().timeIntervalSince(started)
        let figures = run.stdout.split(separator: " ").map { String($0.filter { !$0.isWhitespace }) }
        guard figures.count == 2, let cpu = Double(figures[0]), let peak = Int(figures[1]) else {
            throw POSIXError(.ECHILD)
        }
        let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return (output, seconds, cpu, peak)
    }
}
