import CambioShell
import CambioTestSupport
import Foundation
import Testing

/// Faults a script meets.
@Suite struct PipeFaultTests {
    @Test func outputClosedEarlyEndsQuietly() throws {
        let home = try TemporaryDirectory()
        let input = home.path + "/input"
        try String(repeating: "1 eur in usd\n", count: 200_000).write(toFile: input, atomically: true, encoding: .utf8)
        let script = "\(TmuxScreen.quote(Cambio.executable)) < \(TmuxScreen.quote(input)) | head -1; echo status=${PIPESTATUS[0]}"
        let run = try Cambio.shell(script, environment: home.environment())
        #expect(run.stdout == "€1.000 = $1.117\nstatus=0\n")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    /// A full disk or a closed standard output loses results: said, and the run fails (a closed
    /// pipe, above, is a reader that has what it wanted).
    @Test(arguments: ["> /dev/full", ">&-"])
    func outputThatCannotBeWrittenIsAFailure(_ redirection: String) throws {
        let home = try TemporaryDirectory()
        let exe = TmuxScreen.quote(Cambio.executable)
        let oneShot = try Cambio.shell("\(exe) 1 eur in usd \(redirection); echo status=$? >&2", environment: home.environment())
        #expect(oneShot.stderr.contains("cannot write standard output") && oneShot.stderr.hasSuffix("status=1\n"), "\(oneShot.stderr)")
        let pipe = try Cambio.shell(
            "yes '1 eur in usd' | head -100000 | \(exe) \(redirection); echo status=${PIPESTATUS[2]} >&2", environment: home.environment())
        #expect(pipe.stderr.contains("cannot write standard output") && pipe.stderr.hasSuffix("status=1\n"), "\(pipe.stderr)")
        // Said once, not once a line.
        #expect(pipe.stderr.components(separatedBy: "cannot write").count == 2, "\(pipe.stderr)")
        for option in ["--version", "--help", "--man"] {
            let about = try Cambio.shell("\(exe) \(option) \(redirection); echo status=$? >&2", environment: home.environment())
            #expect(about.stderr.contains("cannot write standard output") && about.stderr.hasSuffix("status=1\n"), "\(option): \(about.stderr)")
        }
    }

    /// Standard input that cannot be read is no empty input: `cambio < /` (EISDIR) and a closed
    /// standard input are said, and the run fails.
    @Test(arguments: [("< /", "Is a directory"), ("<&-", "Bad file descriptor")])
    func inputThatCannotBeReadIsAFailure(_ redirection: String, _ reason: String) throws {
        let home = try TemporaryDirectory()
        let exe = TmuxScreen.quote(Cambio.executable)
        let run = try Cambio.shell("\(exe) \(redirection); echo status=$? >&2", environment: home.environment())
        #expect(run.stderr.contains("cannot read standard input: \(reason)") && run.stderr.hasSuffix("status=1\n"), "\(run.stderr)")
    }

    @Test func anUnwritableStateDirectoryWarnsAndConvertingGoesOn() throws {
        let home = try TemporaryDirectory()
        // A file where the state directory should be: nothing can be saved there, even by root.
        try home.write("state/cambio", "in the way")
        let run = try Cambio.run([], stdin: "1 eur in usd\n2 eur in usd\n", environment: home.environment())
        #expect(run.status == 0)
        #expect(run.stdout == "€1.000 = $1.117\n€2.000 = $2.234\n")
        // One line for reading the recent file (a pipe saves none); none per converted line.
        let warnings = run.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.allSatisfy { $0.hasPrefix("cambio: warning: ") })
    }
}
