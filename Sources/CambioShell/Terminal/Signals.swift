import CTerminal
import Glibc

/// The signals a run answers (SIGINT, SIGTERM, SIGHUP, and SIGWINCH for the shell): each one
/// becomes a flag that the modes look at between lines and while they wait, so that what is
/// done is written and saved before the process ends.
enum Signals {
    /// Turns the signals into flags (and a byte on the self-pipe the line editor waits on).
    static func install() { cambio_install_signal_handlers() }

    /// SIGTERM or SIGHUP, when one arrived; 0 otherwise.
    static var termination: Int32 { cambio_pending_termination() }

    /// True once after Ctrl-C (SIGINT) arrived; clears it.
    static func takeInterrupt() -> Bool {
        cambio_drain_signal_pipe()
        return cambio_take_interrupt() != 0
    }

    /// The signal that asks a script to stop (SIGTERM, SIGHUP, or SIGINT), when one arrived.
    /// Reads two flags and makes no system call: a pipe asks after every line.
    static func stopRequest() -> Int32? {
        let terminating = termination
        if terminating != 0 { return terminating }
        return cambio_take_interrupt() != 0 ? SIGINT : nil
    }

    /// Ends the process as `signal` would have, now that its work is written: the default
    /// action, so that whoever started it sees it ended by that signal (128 + N in a shell).
    static func end(by signal: Int32) -> Never {
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
        exit(128 + signal)
    }
}
