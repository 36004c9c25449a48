import CambioTestSupport
import Foundation

/// Runs the built `cambio` binary the way a user or a script would.
enum Cambio {
    /// The binary SwiftPM built next to the test bundle, or in `CAMBIO_TEST_PROGRAMS` (a
    /// directory: Scripts/test runs these tests once more against the release build, which
    /// is linked and optimised differently).
    static var executable: String {
        if let directory = ProcessInfo.processInfo.environment["CAMBIO_TEST_PROGRAMS"], !directory.isEmpty {
            return URL(fileURLWithPath: directory).appendingPathComponent("cambio").path
        }
        let here = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return here.appendingPathComponent("cambio").path
    }

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs with files for all three streams (so stdin is not a terminal), then reads them.
    static func run(_ arguments: [String], stdin: String = "", environment: [String: String]) throws -> Run {
        try execute(executable, arguments, stdin: stdin, environment: environment)
    }

    /// Runs a bash command line (for pipelines such as `cambio < input | head -1`).
    static func shell(_ script: String, environment: [String: String]) throws -> Run {
        try execute("/bin/bash", ["-c", script], stdin: "", environment: environment)
    }

    private static func execute(_ program: String, _ arguments: [String], stdin: String, environment: [String: String]) throws -> Run {
        let directory = try TemporaryDirectory()
        let input = directory.path + "/stdin"
        let output = directory.path + "/stdout"
        let errors = directory.path + "/stderr"
        try Data(stdin.utf8).write(to: URL(fileURLWithPath: input))
        FileManager.default.createFile(atPath: output, contents: nil)
        FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errors)), as: UTF8.self))
    }
}
