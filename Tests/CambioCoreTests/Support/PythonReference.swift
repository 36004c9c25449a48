import Foundation

/// An independent exact reference: Python's integers and `fractions`, run once over a batch
/// of cases. Each case is one line of input; the script prints one line per case.
enum PythonReference {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    static func run(script: String, input: [String]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cambio-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scriptFile = directory.appendingPathComponent("reference.py")
        let inputFile = directory.appendingPathComponent("input")
        let outputFile = directory.appendingPathComponent("output")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        try (input.joined(separator: "\n") + "\n").write(to: inputFile, atomically: true, encoding: .utf8)
        FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptFile.path]
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Unavailable(description: "python3 exited with \(process.terminationStatus)") }
        let output = try String(contentsOf: outputFile, encoding: .utf8)
        return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
