import CambioTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built binary running on a real pseudo-terminal (`forkpty`), driven by keystrokes.
final class PseudoTerminal {
    private let master: Int32
    let pid: pid_t
    private(set) var output = ""
    /// The start of a UTF-8 sequence a read cut off, kept until the rest arrives.
    private var unfinished: [UInt8] = []
    private var exitStatus: Int32?

    /// - Parameter fileSizeLimit: bytes any file the program writes may grow to (RLIMIT_FSIZE,
    ///   with SIGXFSZ ignored, so that writes past it fail with EFBIG as on a full disk).
    /// - Parameter addressSpaceLimit: bytes of address space the program may map (RLIMIT_AS).
    init(
        arguments: [String] = [], environment: [String: String], columns: UInt16 = 80, rows: UInt16 = 24,
        fileSizeLimit: rlim_t? = nil, addressSpaceLimit: rlim_t? = nil
    ) throws {
        // Everything the child needs is prepared before fork: after it, only execve runs.
        guard let path = strdup(Cambio.executable) else { throw POSIXError(.ENOMEM) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([Cambio.executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            free(path)
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        var descriptor: Int32 = -1
        let child = forkpty(&descriptor, nil, nil, &size)
        if child == 0 {
            // The test runner's threads block signals; a user's shell does not.
            var none = sigset_t()
            sigemptyset(&none)
            sigprocmask(SIG_SETMASK, &none, nil)
            if let fileSizeLimit {
                var limit = rlimit(rlim_cur: fileSizeLimit, rlim_max: fileSizeLimit)
                setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
                signal(SIGXFSZ, SIG_IGN)
            }
            if let addressSpaceLimit {
                var limit = rlimit(rlim_cur: addressSpaceLimit, rlim_max: addressSpaceLimit)
                setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
            }
            execve(path, argv, envp)
            _exit(127)
        }
        guard child > 0 else { throw POSIXError(.EAGAIN) }
        pid = child
        master = descriptor
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Types text; `\r` is Enter, `\t` TAB, `\u{3}` Ctrl-C, `\u{4}` Ctrl-D, `\u{1B}[A` Up.
    func type(_ text: String) { type(bytes: Array(text.utf8)) }

    /// Types raw bytes (which need not be UTF-8).
    func type(bytes: [UInt8]) {
        // Like a person, start a moment after the prompt appeared: libedit prints the prompt
        // just before it switches the terminal to raw mode.
        usleep(50_000)
        for byte in bytes {
            var value = byte
            _ = write(master, &value, 1)
            usleep(2_000)
        }
    }

    /// Reads until `text` has appeared after `offset` in the output; true when it did.
    @discardableResult
    func waitFor(_ text: String, after offset: String.Index? = nil, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let searched = offset.map { output[$0...] } ?? output[...]
            if searched.contains(text) { return true }
            pump(milliseconds: 50)
        }
        return (offset.map { output[$0...] } ?? output[...]).contains(text)
    }

    /// Waits for `text` after `offset` and then for `next` after it (a result, then the
    /// next prompt), so that keys are typed only once the shell reads again.
    @discardableResult
    func waitFor(_ text: String, then next: String, after offset: String.Index, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let found = output[offset...].range(of: text), output[found.upperBound...].contains(next) { return true }
            pump(milliseconds: 50)
        } while Date() < deadline
        return false
    }

    /// Resizes the window, as a terminal does (the kernel sends SIGWINCH).
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// The most resident memory the program has had, in bytes (`VmHWM`).
    var peakResident: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// Where the output ends now, to wait only for what comes next.
    var mark: String.Index { output.endIndex }

    /// Reads what the program wrote, waiting up to `milliseconds`; false when nothing came.
    @discardableResult
    private func pump(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        unfinished += buffer[0..<count]
        // A read may end inside a character: decode up to its start and keep the rest.
        var end = unfinished.count
        var back = 0
        while back < 4, end > 0, unfinished[end - 1] & 0xC0 == 0x80 {
            end -= 1
            back += 1
        }
        if end > 0, unfinished[end - 1] >= 0xC0 {
            let lead = unfinished[end - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            end = back + 1 >= length ? unfinished.count : end - 1
        } else {
            end = unfinished.count
        }
        output += String(decoding: unfinished[0..<end], as: UTF8.self)
        unfinished.removeFirst(end)
        return true
    }

    /// Waits for the process to end and returns its exit status (nil on timeout).
    func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            pump(milliseconds: 20)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                // What the program wrote last may still wait in the terminal: read it all.
                while pump(milliseconds: 100) {}
                if !unfinished.isEmpty {
                    output += String(decoding: unfinished, as: UTF8.self)
                    unfinished = []
                }
                return exitStatus
            }
        }
        return nil
    }

    /// Output with escape sequences removed, for readable failure messages.
    var plainOutput: String {
        output.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }
}
