import CambioCore
import CambioTestSupport
import Foundation
import Glibc
import Testing

@testable import CambioShell

/// The files two shells, a script and an option share.
@Suite(.serialized) struct ConfigFileTests {
    func shell(_ home: TemporaryDirectory, _ arguments: [String] = []) throws -> PseudoTerminal {
        try PseudoTerminal(arguments: arguments, environment: home.environment(["TERM": "xterm", "NO_COLOR": "1", "CAMBIO_OFFLINE": "1"]))
    }

    func type(_ shell: PseudoTerminal, _ line: String, expect: String) {
        let mark = shell.mark
        shell.type(line + "\r")
        #expect(shell.waitFor(expect, then: " › ", after: mark), "\(shell.plainOutput)")
    }

    /// A fee set and saved is the fee of the next start: one of 63 characters (`0.` and 61
    /// decimals) is kept and read back without a warning; one of 65 is refused when typed, with
    /// the limit, and the saved fee stays. (A fee of 22 decimals was saved, then refused with
    /// a warning on every later start.)
    @Test func aSavedFeeIsTheFeeOfTheNextStart() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment(["CAMBIO_OFFLINE": "1", "LANG": "en_US.UTF-8"])
        let fee = "0." + String(repeating: "3", count: 60) + "1"
        let saved = try Cambio.run(["--save", "fee", fee, "%"], environment: environment)
        #expect(saved.status == 0, "\(saved.stderr)")
        let shown = try Cambio.run(["--format", "json", "fee"], environment: environment)
        #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown.stderr)")
        #expect(shown.stdout.contains("\"" + fee + "\""), "\(shown.stdout)")
        let refused = try Cambio.run(["--save", "fee", fee + "11", "%"], environment: environment)
        #expect(refused.status != 0 && refused.stderr.contains("64"), "\(refused.stderr)")
        let still = try Cambio.run(["--format", "json", "fee"], environment: environment)
        #expect(still.stdout.contains("\"" + fee + "\"") && still.stderr.isEmpty, "\(still.stdout) \(still.stderr)")
    }

    @Test func aSettingChangedInTheShellKeepsCommentsAndUnknownKeys() throws {
        let home = try TemporaryDirectory()
        try home.write("config/cambio/config", "# mine\nbase = EUR\ncolour = red\n")
        let first = try shell(home)
        #expect(first.waitFor("EUR › "), "\(first.plainOutput)")
        type(first, "base jpy", expect: "JPY")
        first.type("quit\r")
        #expect(first.waitForExit() == 0)
        #expect(home.read("config/cambio/config") == "# mine\nbase = JPY\ncolour = red\n")
    }

    /// Two open shells undid each other's changes: A's `base jpy` was lost when B set a fee.
    @Test func twoShellsKeepEachOthersSettings() throws {
        let home = try TemporaryDirectory()
        let first = try shell(home)
        let second = try shell(home)
        #expect(first.waitFor("EUR › ") && second.waitFor("EUR › "))
        type(first, "base jpy", expect: "JPY")
        type(second, "fee 2 %", expect: "2")
        first.type("quit\r")
        second.type("quit\r")
        #expect(first.waitForExit() == 0 && second.waitForExit() == 0)
        let (settings, warnings) = Settings.parse(home.read("config/cambio/config") ?? "")
        #expect(warnings.isEmpty)
        #expect(settings.base == CurrencyCode("JPY") && settings.fee == Rational(2), "\(home.read("config/cambio/config") ?? "")")
    }

    /// A shell started with `--locale de_DE` saved `locale = de_DE` with any other setting, so a
    /// later shell in French spoke German. An option applies to its run only.
    @Test func anOptionIsNeverSavedWithAnotherSetting() throws {
        let home = try TemporaryDirectory()
        let first = try shell(home, ["--locale", "de_DE"])
        #expect(first.waitFor("EUR › "), "\(first.plainOutput)")
        type(first, "fee 2", expect: "2")
        first.type("quit\r")
        #expect(first.waitForExit() == 0)
        let text = home.read("config/cambio/config") ?? ""
        #expect(text.contains("fee = 2") && !text.contains("locale"), "\(text)")
    }

    /// A lock another process holds for ever hung `--save` after it printed its result.
    @Test func aHeldLockIsWaitedOnBrieflyThenTheWriteIsSkipped() throws {
        let home = try TemporaryDirectory()
        try home.write("state/cambio/recent.lock", "")
        let descriptor = open(home.path + "/state/cambio/recent.lock", O_RDWR)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        defer { close(descriptor) }
        let started = Date()
        let run = try Cambio.run(["--save", "1", "usd", "in", "gbp"], environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        #expect(Date().timeIntervalSince(started) < 20, "the held lock was waited on for too long")
        #expect(run.stdout.contains("£"))
        #expect(run.stderr.contains("locked by another process"), "\(run.stderr)")
        #expect(run.status == 1, "--save that could not save")
        #expect(home.read("state/cambio/recent") == nil)
    }
}
