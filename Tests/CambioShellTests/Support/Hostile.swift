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
}
