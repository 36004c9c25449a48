import CambioTestSupport
import Foundation
import Testing

/// Transcripts: a locale, the lines typed and the exact output, one file each in
/// `Transcripts/`, run through the built program as a pipe (offline, in a fresh home), so that
/// a case is added by writing a file, not Swift.
///
///     # What the transcript shows.
///     # locale: de_DE                  the locale (LANG)
///     # options: --format json         arguments, if any
///     > 12,50 eur in usd               a line typed
///     12,500 € = 14,291 $              standard output, in order
///     ! line 2: “peso” taken as MXN    standard error, in order
///
/// `CAMBIO_UPDATE_TRANSCRIPTS=1 swift test --filter TranscriptTests` writes what the program
/// says under each file's lines (read the diff before committing it).
@Suite struct TranscriptTests {
    static let directory = Repository.url("Tests/CambioShellTests/Transcripts")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
    }

    struct Transcript {
        var header: [String] = []
        var locale = "en_US"
        var options: [String] = []
        var input: [String] = []
        var output: [String] = []
        var errors: [String] = []

        init(_ text: String) {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("# locale: ") {
                    locale = String(line.dropFirst(10))
                    header.append(line)
                } else if line.hasPrefix("# options: ") {
                    options = line.dropFirst(11).split(separator: " ").map(String.init)
                    header.append(line)
                } else if line.hasPrefix("#") {
                    header.append(line)
                } else if line.hasPrefix("> ") {
                    input.append(String(line.dropFirst(2)))
                } else if line.hasPrefix("! ") {
                    errors.append(String(line.dropFirst(2)))
                } else if !line.isEmpty {
                    output.append(line)
                }
            }
        }

        /// The file with the program's output under its lines.
        func written(output: [String], errors: [String]) -> String {
            (header + input.map { "> " + $0 } + output + errors.map { "! " + $0 }).joined(separator: "\n") + "\n"
        }
    }

    @Test func thereAreTranscriptsInEveryLocaleAsked() {
        let locales = Set(
            Self.files.compactMap { name -> String? in
                let text = (try? String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
                return Transcript(text).locale
            })
        #expect(locales.isSuperset(of: ["de_DE", "en_US", "en_IN", "tr_TR", "ar_EG", "he_IL"]), "\(locales)")
    }

    @Test(arguments: files)
    func theTranscriptReadsAsWritten(_ name: String) throws {
        let url = Self.directory.appendingPathComponent(name)
        let transcript = Transcript(try String(contentsOf: url, encoding: .utf8))
        let home = try TemporaryDirectory()
        let run = try Cambio.run(
            transcript.options, stdin: transcript.input.map { $0 + "\n" }.joined(),
            environment: home.environment(["LANG": transcript.locale + ".UTF-8", "CAMBIO_OFFLINE": "1"]))
        let output = run.stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let errors = run.stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        if ProcessInfo.processInfo.environment["CAMBIO_UPDATE_TRANSCRIPTS"] == "1" {
            try transcript.written(output: output, errors: errors).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(output == transcript.output, "\(name): standard output\n\(run.stdout)")
        #expect(errors == transcript.errors, "\(name): standard error\n\(run.stderr)")
    }
}
