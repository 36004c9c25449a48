import CambioTestSupport
import Foundation

/// The built binary in a real terminal emulator (tmux), so that tests read the screen as a
/// person sees it: what is drawn, redrawn and erased, not the byte stream.
final class TmuxScreen {
    private let socket = "cambio-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let session = "s"

    init(environment: [String: String], columns: Int = 80, rows: Int = 24, arguments: [String] = []) throws {
        let assignments = environment.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let command = "env -i \(assignments) \(Self.quote(Cambio.executable)) \(arguments.map(Self.quote).joined(separator: " ")); sleep 600"
        try tmux(["new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows), command])
    }

    deinit { try? tmux(["kill-server"]) }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        // A file, not a pipe: the tmux server inherits the descriptor and never closes it.
        let path = NSTemporaryDirectory() + "\(socket)-\(UInt32.random(in: 0...UInt32.max)).out"
        defer { unlink(path) }
        try Self.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, output: path)
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Runs a command with every signal unblocked and at its default: the test runner's
    /// threads block signals, and a tmux server started with them blocked never answers.
    private static func run(_ arguments: [String], output: String) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard status == 0 else { throw POSIXError(.ENOENT) }
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) < 0, errno == EINTR {}
    }

    /// Types text literally, one character at a time like a person.
    func type(_ text: String) {
        for character in text {
            _ = try? tmux(["send-keys", "-t", session, "-l", String(character)])
            usleep(15_000)
        }
    }

    /// Presses named keys: Enter, BSpace, Tab, Up, C-c, C-d.
    func press(_ keys: String...) {
        for key in keys {
            _ = try? tmux(["send-keys", "-t", session, key])
            usleep(15_000)
        }
    }

    func resize(columns: Int) {
        _ = try? tmux(["resize-window", "-t", session, "-x", String(columns)])
    }

    /// The screen's text now.
    var screen: String { (try? tmux(["capture-pane", "-t", session, "-p"])) ?? "" }

    /// The screen with its attributes as escape sequences (`capture-pane -e`).
    var styledScreen: String { (try? tmux(["capture-pane", "-t", session, "-p", "-e"])) ?? "" }

    /// The screen (and the scrollback above it) with the rows tmux wrapped itself joined into
    /// lines (`capture-pane -J`), trailing blanks cut: a line drawn once is one line here at
    /// any width, and a copy left behind by a redraw is a line of its own.
    func joinedLines(scrollback: Bool = true) -> [String] {
        let text = (try? tmux(["capture-pane", "-t", session, "-p", "-J"] + (scrollback ? ["-S", "-"] : []))) ?? ""
        return text.split(separator: "\n").compactMap { row in
            var line = String(row)
            while line.hasSuffix(" ") { line.removeLast() }
            return line.isEmpty ? nil : line
        }
    }

    /// Waits until the screen satisfies `condition`; true when it did.
    @discardableResult
    func waitUntil(timeout: TimeInterval = 10, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if condition(screen) { return true }
            usleep(50_000)
        } while Date() < deadline
        return condition(screen)
    }

    /// The screen line holding the prompt that is being edited (the last one).
    func promptLine(_ prompt: String = "EUR ›") -> String {
        screen.split(separator: "\n").last { $0.contains(prompt) }.map(String.init) ?? ""
    }
}
