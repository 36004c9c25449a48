import CambioCore
import CambioRates
import Foundation
import Glibc

/// One-shot commands and pipes: evaluate, print results to standard output and errors to
/// standard error, and keep the same files as the shell. The network is used only when asked
/// (`--refresh`, or a `refresh` line).
struct BatchRunner {
    private let session: Session
    private let renderer: ReplyRenderer
    private let format: OutputFormat
    /// Flush after every line (a terminal, or `--line-buffered`).
    private let lineBuffered: Bool
    private var output: [UInt8] = []
    /// Text output a machine format replaces.
    private var discarded: [UInt8] = []
    /// When the lines being evaluated arrived.
    private var now = Date()
    /// Set when standard output is closed (`| head -1`): stop quietly.
    private var stopped = false
    /// Set when standard output could not be written for another reason (a full disk, an
    /// error of the device): said, and the exit status says the run failed.
    private var outputFailed = false
    /// Assumptions already said in this run.
    private var saidAssumptions: Set<String> = []
    /// Whether the run was told that its setting changes are not kept.
    private var saidThisRunOnly = false
    /// Set when `--refresh` got no new table: the results come from the table in use, and the
    /// exit status says so (`refreshFailedStatus`) unless a command failed.
    private var refreshFailed = false



    init(session: Session, renderer: ReplyRenderer, format: OutputFormat = .text, lineBuffered: Bool = false) {
        Signals.install()
        self.session = session
        self.renderer = renderer
        self.format = format
        self.lineBuffered = lineBuffered
    }

    /// The signal that asked the run to stop (SIGINT, SIGTERM, SIGHUP): the lines done so far
    /// are written and the process then ends by it.
    private var stoppedBy: Int32?

    /// Fetches rates now, waiting for them (a signal cancels the fetch); failures are one line
    /// on standard error.
    mutating func refreshNow() {
        let operation = session.rates.foregroundOperation()
        operation.start()
        var finished: RefreshResult?
        while finished == nil {
            if stoppedBy == nil, let signal = Signals.stopRequest() {
                stoppedBy = signal
                operation.cancel()
            }
            finished = operation.wait(until: .now() + 0.05)
        }
        guard let result = finished, stoppedBy == nil else { return }
        let (notes, warnings) = session.report(result)
        for warning in warnings { session.warn(warning) }
        if result.table == nil {
            refreshFailed = true
            for note in notes { renderer.output.complain(note) }
        } else if renderer.forTerminal {
            for note in notes { emit(note + "\n") }
        }
    }

    /// Evaluates the arguments as one line. Exit status 0, or 1 when the command failed.
    mutating func runOne(_ line: String) -> Int32 {
        let failed = stoppedBy == nil && evaluate(line, lineNumber: nil)
        finish()
        return status(anyFailed: failed)
    }

    /// Evaluates every line of standard input in order; exit status 1 if any line failed.
    mutating func runLines(from input: Int32 = STDIN_FILENO) -> Int32 {
        var anyFailed = false
        var number = 0
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        // Of a line longer than the engine reads, only enough is kept to say so: memory stays
        // flat whatever arrives.
        var overlong = false
        let keep = Engine.lineLimit + 1
        readLoop: while stoppedBy == nil {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR {
                stoppedBy = Signals.stopRequest()
                continue
            }
            if count <= 0 { break }
            // The lines of one read are evaluated at one moment (the clock is read once).
            now = Date()
            if overlong, let newline = buffer[0..<count].firstIndex(of: UInt8(ascii: "\n")) {
                pending += buffer[(newline + 1)..<count]
                overlong = false
            } else if overlong {
                continue
            } else {
                pending += buffer[0..<count]
            }
            if pending.count > keep, !pending.contains(UInt8(ascii: "\n")) {
                pending.removeSubrange(keep...)
                pending.append(UInt8(ascii: "\n"))
                overlong = true
            }
            var start = 0
            while let newline = Self.newline(in: pending, from: start) {
                number += 1
                if evaluateBytes(pending[start..<newline], lineNumber: number) { anyFailed = true }
                if stopped { break readLoop }
                // A signal stops the run between lines: what is done is written first.
                if let signal = Signals.stopRequest() {
                    stoppedBy = signal
                    break readLoop
                }
                start = newline + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty, !stopped, stoppedBy == nil {
            number += 1
            if evaluateBytes(pending[...], lineNumber: number) { anyFailed = true }
        }
        finish()
        return status(anyFailed: anyFailed)
    }

    /// The run's exit status: 1 when a line failed, the results could not be written or what
    /// `--save` asked for could not be saved; 3 when `--refresh` got no new rates but all else
    /// worked; 0 otherwise.
    private func status(anyFailed: Bool) -> Int32 {
        if anyFailed || outputFailed || session.saveFailed { return ExitStatus.failed }
        return refreshFailed ? ExitStatus.refreshFailed : ExitStatus.success
    }

    /// The index of the next newline at or after `start` (memchr).
    private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, let base = buffer.baseAddress,
                let found = memchr(base + start, 0x0A, buffer.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private mutating func finish() {
        flush()
        session.save()
        if let stoppedBy { Signals.end(by: stoppedBy) }
    }

    private mutating func evaluateBytes(_ bytes: ArraySlice<UInt8>, lineNumber: Int) -> Bool {
        var slice = bytes
        if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
        return slice.withUnsafeBufferPointer { line in
            let (effects, result) = session.runInPlace(utf8: line, now: now) { refreshNow() }
            // Invalid UTF-8 becomes U+FFFD, which the tokenizer reported with its column.
            if let result { return report(result.reply, effects: effects, line: String(decoding: line, as: UTF8.self), lineNumber: lineNumber) }
            let engine = session.engine
            return engine.withReply { reply in report(reply, effects: effects, line: String(decoding: line, as: UTF8.self), lineNumber: lineNumber) }
        }
    }

    /// Returns true when the line failed.
    private mutating func evaluate(_ line: String, lineNumber: Int?) -> Bool {
        let outcome = session.run(line) { refreshNow() }
        return report(outcome.reply, effects: outcome.effects, line: line, lineNumber: lineNumber)
    }

    /// Writes what a line gave; true when it failed. `line` is read only for errors.
    private mutating func report(_ reply: Reply, effects: Effects, line: @autoclosure () -> String, lineNumber: Int?) -> Bool {
        // A setting changed in a script lasts for the script: say so, once.
        if effects.contains(.saveConfig), !session.persists, !saidThisRunOnly {
            saidThisRunOnly = true
            renderer.output.complain(session.engine.localized("note.thisRunOnly"))
        }
        let err: String
        let data = format.render(reply, line: lineNumber ?? 1)
        // What was taken is said the first time (“$” taken as USD), not on every line of a ledger.
        if reply.lines.contains(where: { if case .assumption = $0 { true } else { false } }) {
            var told = reply
            told.lines.removeAll { line in
                guard case .assumption(let text) = line else { return false }
                return !saidAssumptions.insert(text).inserted
            }
            err = render(told, data: data, line: line(), lineNumber: lineNumber)
        } else {
            err = render(reply, data: data, line: line(), lineNumber: lineNumber)
        }
        if lineBuffered { flush() }
        if !err.isEmpty {
            flush()
            renderer.output.writeError(err)
        }
        if effects.contains(.quit) { stopped = true }
        return reply.failed
    }

    /// Standard output's text into the buffer (or the machine format instead); standard
    /// error's text is returned.
    private mutating func render(_ reply: Reply, data: String?, line: @autoclosure () -> String, lineNumber: Int?) -> String {
        if let data {
            let err = renderer.render(reply, into: &discarded, input: line(), caretIndent: nil, lineNumber: lineNumber, localized: session.engine.localized)
            discarded.removeAll(keepingCapacity: true)
            emit(data)
            return err
        }
        let err = renderer.render(reply, into: &output, input: line(), caretIndent: nil, lineNumber: lineNumber, localized: session.engine.localized)
        if output.count >= 1 << 16 { flush() }
        return err
    }

    private mutating func emit(_ text: String) {
        output += text.utf8
        if output.count >= 1 << 16 { flush() }
    }

    private mutating func flush() {
        guard !output.isEmpty, !stopped else {
            output.removeAll()
            return
        }
        switch renderer.output.deliver(output, session.engine.localized) {
        case .written: break
        case .readerGone: stopped = true
        case .failed:
            stopped = true
            outputFailed = true
        }
        output.removeAll(keepingCapacity: true)
    }
}
