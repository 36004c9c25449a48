import CambioCore
import CambioFiles
import CambioRates
import CambioTestSupport
import Foundation
import Testing

@testable import CambioShell

/// The files Cambio reads at start: only regular files of this user, never followed or blocked on,
/// and numbers in them bounded.
@Suite(.serialized) struct StateFileTests {

    // 3. A huge refresh age is refused, not multiplied into a crash.
    @Test(.tags(.hostile), arguments: ["153722867280912931", "9223372036854775807", "-5", "0"])
    func aHugeRefreshAgeIsRefusedWithAWarning(_ minutes: String) throws {
        let home = try TemporaryDirectory()
        try home.write("config/cambio/config", "refresh-minutes = \(minutes)\n")
        let run = try Cambio.run(["status"], environment: home.environment(["CAMBIO_REFRESH_MINUTES": minutes]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("refresh-minutes") || run.stderr.contains("line 1"), "\(run.stderr)")
    }

    // 7, 12. A FIFO or a symlink at a state file: refused at once, never followed or waited on.
    @Test(
        .tags(.hostile),
        arguments: ["config/cambio/config", "state/cambio/recent", "cache/cambio/rates-currency-api.json", "cache/cambio/locale-facts"])
    func aFIFOAtAStateFileDoesNotHang(_ file: String) throws {
        let home = try TemporaryDirectory()
        try home.write(file, "")
        try FileManager.default.removeItem(atPath: home.path + "/" + file)
        #expect(mkfifo(home.path + "/" + file, 0o600) == 0)
        let started = Date()
        let run = try Cambio.run(["1", "eur", "in", "usd"], environment: home.environment())
        #expect(run.stdout == "€1.000 = $1.117\n")
        #expect(Date().timeIntervalSince(started) < 30, "the read of a FIFO hung")
    }

    @Test(.tags(.hostile)) func aSymlinkedConfigIsNotFollowed() throws {
        let home = try TemporaryDirectory()
        try home.write("elsewhere", "base = JPY\n")
        try home.write("config/cambio/placeholder", "")
        try FileManager.default.createSymbolicLink(atPath: home.path + "/config/cambio/config", withDestinationPath: home.path + "/elsewhere")
        let run = try Cambio.run(["100"], environment: home.environment())
        #expect(run.stdout.hasPrefix("€100.000"), "\(run.stdout)")
        #expect(run.stderr.contains("symbolic link"), "\(run.stderr)")
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.read(home.path + "/config/cambio/config") }
    }

    // 10. locale-facts is checked line by line: a planted escape makes the file be ignored.
    @Test(.tags(.hostile)) func plantedEscapesInLocaleFactsAreRejected() {
        let written = LocaleFacts()
        _ = written.value("number de_DE") { "1.234.567.890,123" }
        let text = written.serialized(stamp: "test")
        #expect(LocaleFacts().load(text, stamp: "test"))
        #expect(!LocaleFacts().load(text.replacingOccurrences(of: "1.234.567", with: "\u{1B}[H1.234"), stamp: "test"))
        #expect(!LocaleFacts().load(text.replacingOccurrences(of: "1.234.567", with: "\u{9B}31m1.234"), stamp: "test"))
    }

    // 18. Each value is checked against what its kind of fact can be: an escaped newline in a
    // money pattern, an unpaired isolate, a region currency that is no code.
    @Test(.tags(.hostile)) func aTamperedFactOfTheWrongShapeIsRejected() {
        let written = LocaleFacts()
        _ = written.value("money en_US EUR +") { "€1,234.57" }
        _ = written.value("number-grouping en_US") { "1,000\n10,000\n100,000" }
        _ = written.value("region-currency en_US") { "USD" }
        let text = written.serialized(stamp: "test")
        #expect(LocaleFacts().load(text, stamp: "test"))
        #expect(!LocaleFacts().load(text.replacingOccurrences(of: "€1,234.57", with: "€1,234\\n.57"), stamp: "test"))
        #expect(!LocaleFacts().load(text.replacingOccurrences(of: "€1,234.57", with: "\u{2068}€1,234.57"), stamp: "test"))
        #expect(!LocaleFacts().load(text.replacingOccurrences(of: "€1,234.57", with: "€1,234.57\u{2069}"), stamp: "test"))
        #expect(LocaleFacts().load(text.replacingOccurrences(of: "€1,234.57", with: "\u{2068}€\u{2069}1,234.57"), stamp: "test"))
        #expect(!LocaleFacts().load(text.replacingOccurrences(of: "\tUSD\n", with: "\tUS\n"), stamp: "test"))
    }

    /// Through the program: a tampered money pattern in the file changes no result.
    @Test(.tags(.hostile)) func aTamperedMoneyPatternChangesNoResult() throws {
        let home = try TemporaryDirectory()
        let clean = try Cambio.run(["1", "eur", "in", "usd"], environment: home.environment())
        let path = home.path + "/cache/cambio/locale-facts"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let tampered = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("money en_US USD +") ? line.replacingOccurrences(of: "$", with: "$\\nX") : String(line)
        }.joined(separator: "\n")
        #expect(tampered != text)
        try tampered.write(toFile: path, atomically: true, encoding: .utf8)
        let again = try Cambio.run(["1", "eur", "in", "usd"], environment: home.environment())
        #expect(again.stdout == clean.stdout, "\(again.stdout.debugDescription)")
    }

    /// The currencies' names are remembered in a file of their own, written by the first run
    /// that reads a name and never by one that reads codes only; a tampered names file is
    /// ignored and changes no result.
    @Test(.tags(.hostile)) func namesAreRememberedApartAndATamperedFileChangesNothing() throws {
        let home = try TemporaryDirectory()
        let names = home.path + "/cache/cambio/locale-names"
        _ = try Cambio.run(["1", "eur", "in", "usd"], environment: home.environment())
        #expect(!FileManager.default.fileExists(atPath: names))
        let clean = try Cambio.run(["1", "schweizer", "franken", "in", "usd"], environment: home.environment())
        let text = try String(contentsOfFile: names, encoding: .utf8)
        #expect(text.contains("\tSwiss Franc\n"), "\(text.prefix(300))")
        let again = try Cambio.run(["1", "schweizer", "franken", "in", "usd"], environment: home.environment())
        #expect(again.stdout == clean.stdout)
        #expect(try String(contentsOfFile: names, encoding: .utf8) == text)
        try text.replacingOccurrences(of: "\tSwiss Franc\n", with: "\tSwiss\u{1B}[2J Franc\n").write(toFile: names, atomically: true, encoding: .utf8)
        let tampered = try Cambio.run(["1", "schweizer", "franken", "in", "usd"], environment: home.environment())
        #expect(tampered.stdout == clean.stdout && !tampered.stdout.contains("\u{1B}"), "\(tampered.stdout.debugDescription)")
        #expect(try String(contentsOfFile: names, encoding: .utf8) == text, "the names were asked again and saved")
    }

    // 14. A relative HOME is ignored like relative XDG variables.
    @Test(.tags(.hostile)) func aRelativeHomeIsIgnored() throws {
        let home = try TemporaryDirectory()
        let paths = Paths(environment: ["HOME": "foo"], home: Platform.homeDirectory(environment: ["HOME": "foo"]))
        #expect(paths.configDirectory.hasPrefix("/"))
        #expect(Platform.homeDirectory(environment: ["HOME": "/tmp/x"]) == "/tmp/x")
    }

    // 15. Temporary files a killed writer left are cleaned on the next write; fresh ones stay.
    @Test(.tags(.hostile)) func staleTemporaryFilesAreRemovedOnTheNextWrite() throws {
        let home = try TemporaryDirectory()
        try home.write("config/cambio/config", "base = EUR\n")
        let stale = home.path + "/config/cambio/.config.123.456.tmp"
        let fresh = home.path + "/config/cambio/.config.124.457.tmp"
        try home.write("config/cambio/.config.123.456.tmp", "half")
        try home.write("config/cambio/.config.124.457.tmp", "writing")
        var old = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, stale, &old, 0) == 0)
        let run = try Cambio.run(["--save", "base", "usd"], environment: home.environment())
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
    }

    // 17. A config of a hundred thousand bad lines gets three warnings and a count.
    @Test(.tags(.hostile)) func aFloodOfBadConfigLinesIsCounted() throws {
        let home = try TemporaryDirectory()
        try home.write("config/cambio/config", (0..<60_000).map { "bogus \($0)" }.joined(separator: "\n") + "\n")
        let run = try Cambio.run(["1", "eur", "in", "usd"], environment: home.environment())
        #expect(run.stdout == "€1.000 = $1.117\n")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 4, "\(lines.prefix(6))")
        #expect(lines.last?.contains("59997 more lines") == true)
    }
}
