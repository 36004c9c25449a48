import CambioCore
import CambioRates
import Foundation
import Glibc

/// One-shot commands and pipes: evaluate, print results to standard output and errors to
/// standard error, and keep the same files as the shell. The network is used only when asked
/// (`--refresh`, or a `refresh` line). A signal stops the run between lines: what is done is
/// written and saved, then the process ends by it.
final class BatchRunner {
    private let session: Session
    private let renderer: ReplyRenderer
    private let format: OutputFormat
    /// Flush after every line (a terminal, or `--line-buffered`).
    private let lineBuffered: Bool
    private var output: [UInt8] = []
    /// When the lines being evaluated arrived.
    private var now = Date()
    /// Set when standard output is closed (`| head -1`): stop quietly.
    private var stopped = false
    /// What the run came to, for its exit status.
    private var summary = ExitStatus.Summary()
    /// Whether a TSV or CSV output has written its header line.
    private var headed = false
    /// Assumptions already said in this run.
    private var saidAssumptions = SaidTexts()
    /// `line {0}`, looked up once for the interface's language.
    private var lineLabelKept: (language: String, separator: Character, label: ReplyRenderer.LineLabel)?

    private func lineLabel(_ localized: Localization) -> ReplyRenderer.LineLabel {
        if let kept = lineLabelKept, kept.language == localized.language, kept.separator == localized.decimalSeparator { return kept.label }
        let label = ReplyRenderer.LineLabel(localized)
        lineLabelKept = (localized.language, localized.decimalSeparator, label)
        return label
    }
    /// Standard error's bytes of a line being written.
    private var lineErrors: [UInt8] = []
    /// Whether the run was told that its setting changes are not kept.
    private var saidThisRunOnly = false
    /// The signal that asked the run to stop (SIGINT, SIGTERM, SIGHUP).
    private var stoppedBy: Int32?
    /// Standard error's text not written yet. When both outputs are one file or pipe (`2>&1`),
    /// messages go into the results' buffer where they stand, so their order is kept without a
    /// write each; to a terminal a message is written at once; otherwise (a file, a pipe) in
    /// blocks, as the results are.
    private var errors: [UInt8] = []
    private let errorsWithResults: Bool
    private let errorsAtOnce: Bool

    init(session: Session, renderer: ReplyRenderer, format: OutputFormat = .text, lineBuffered: Bool = false) {
        Signals.install()
        self.session = session
        self.renderer = renderer
        self.format = format
        self.lineBuffered = lineBuffered
        var out = stat()
        var err = stat()
        let both = fstat(STDOUT_FILENO, &out) == 0 && fstat(STDERR_FILENO, &err) == 0
        // Not told apart (fstat failed), they are taken to be one.
        errorsWithResults = !Platform.isTerminal(STDERR_FILENO) && (!both || (out.st_dev == err.st_dev && out.st_ino == err.st_ino))
        errorsAtOnce = Platform.isTerminal(STDERR_FILENO)
        // A dated line's fetch is cancelled by a signal too, and the run then stops.
        session.stopRequested = { [unowned self] in
            if stoppedBy == nil { stoppedBy = Signals.stopRequest() }
            return stoppedBy != nil
        }
        // A refresh waits for its answer; a signal cancels it, and the run then stops.
        session.waitForRefresh = { [unowned self] operation in
            operation.start()
            while true {
                if stoppedBy == nil, let signal = Signals.stopRequest() {
                    stoppedBy = signal
                    operation.cancel()
                }
                if let result = operation.wait(until: .now() + 0.05) { return result }
            }
        }
    }

    /// Fetches rates now (`--refresh`), before any line: what came of it is said as a line's
    /// reply would be (a failure on standard error, the new table on a terminal).
    func refreshNow() {
        let report = session.refreshNow()
        if let table = report.table { session.adopt(table) }
        guard stoppedBy == nil else { return }
        _ = write(Reply(report.lines), effects: [], line: "", lineNumber: nil)
    }

    /// `--refresh` before a table (`--input`): what came of it is said now, and a signal that
    /// arrived while it waited ends the run, as it ends a pipe's.
    func refreshBeforeDocument() {
        refreshNow()
        flush()
        flushErrors()
        if let stoppedBy {
            session.save()
            Signals.end(by: stoppedBy)
        }
    }

    /// Evaluates the arguments as one line.
    func runOne(_ line: String) -> Int32 {
        if stoppedBy == nil {
            let result = session.run(.text(line))
            if write(result.reply, effects: result.effects, line: line, lineNumber: nil) { summary.lineFailed = true }
        }
        return finish()
    }

    /// Evaluates every line of standard input in order.
    func runLines(from input: Int32 = STDIN_FILENO) -> Int32 {
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
            if count < 0 {
                // Standard input that cannot be read (a directory, a closed descriptor) is no
                // empty input: said, and the run fails.
                let reason = String(cString: strerror(errno))
                flush()
                emitError("cambio: " + session.engine.localized("error.stdinUnreadable", reason) + "\n")
                summary.inputFailed = true
                break
            }
            if count == 0 { break }
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
            // The lines are read in place (no reference to the buffer is counted for each).
            let (start, ended) = pending.withUnsafeBufferPointer { all -> (Int, Bool) in
                var start = 0
                while let newline = Self.newline(in: all, from: start) {
                    number += 1
                    if evaluate(UnsafeBufferPointer(rebasing: all[start..<newline]), lineNumber: number) { summary.lineFailed = true }
                    if stopped { return (start, true) }
                    // A signal stops the run between lines: what is done is written first.
                    if let signal = Signals.stopRequest() {
                        stoppedBy = signal
                        return (start, true)
                    }
                    start = newline + 1
                }
                return (start, false)
            }
            if ended { break readLoop }
            pending.removeFirst(start)
        }
        if !pending.isEmpty, !stopped, stoppedBy == nil {
            number += 1
            if pending.withUnsafeBufferPointer({ evaluate($0, lineNumber: number) }) { summary.lineFailed = true }
        }
        return finish()
    }

    /// The index of the next newline at or after `start` (memchr).
    private static func newline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, buffer.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Writes and saves what is left; the run's exit status (or, after a signal, the end by it).
    private func finish() -> Int32 {
        flush()
        flushErrors()
        session.save()
        if let stoppedBy { Signals.end(by: stoppedBy) }
        summary.saveFailed = session.saveFailed
        summary.refreshFailed = session.refreshFailed
        return ExitStatus.of(summary)
    }

    /// The first conversion at the current rates (not a day's or a period's asked for) whose
    /// rates are older than `maxAge` days: their age, source and day.
    static func stale(_ conversions: [Conversion], maxAge: Int, today: Day) -> (age: Int, source: String, date: String)? {
        for conversion in conversions where conversion.origin.asked == nil && conversion.origin.period == nil {
            guard let day = Day(iso: String(conversion.origin.date.prefix(10))) else { continue }
            let age = today.number - day.number
            if age > maxAge { return (age, conversion.origin.source, day.iso) }
        }
        return nil
    }

    /// Evaluates one line of a pipe; true when it failed.
    private func evaluate(_ bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> Bool {
        let line = bytes.last == UInt8(ascii: "\r") ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes
        let result = session.run(.utf8(line), now: now)
        // Invalid UTF-8 becomes U+FFFD, which the tokenizer reported with its column.
        return write(result.reply, effects: result.effects, line: String(decoding: line, as: UTF8.self), lineNumber: lineNumber)
    }

    /// The most days a result's rates may be old (`--max-age`, the `max-age` setting).
    var maxAge: Int?

    /// Writes what a line gave; true when it failed. `line` is read only for errors. A result at
    /// rates older than `maxAge` is not written: said, and the run ends with its own status.
    private func write(_ reply: Reply, effects: Effects, line: @autoclosure () -> String, lineNumber: Int?) -> Bool {
        if let maxAge, let stale = Self.stale(reply.conversions, maxAge: maxAge, today: Day.utc(now)) {
            summary.staleRates = true
            let prefix = lineNumber.map { session.engine.localized("pipe.line", String($0)) + ": " } ?? ""
            emitError(
                "cambio: " + prefix
                    + Sanitiser.visible(session.engine.localized("error.staleRates", String(stale.age), stale.source, stale.date, String(maxAge)))
                    + "\n")
            return false
        }
        // A setting changed in a script lasts for the script: say so, once.
        if effects.contains(.settingChanged), !session.persists, !saidThisRunOnly {
            saidThisRunOnly = true
            emitError("cambio: " + session.engine.localized("note.thisRunOnly") + "\n")
        }
        let localized = session.engine.localized
        // A setting changed is confirmed on standard output as its record is (a terminal
        // shows the note itself).
        if effects.contains(.settingChanged), format == .text, !renderer.forTerminal {
            for case .note(let text) in reply.lines { output += Sanitiser.visible(text).utf8 + [0x0A] }
        }
        let err: String
        // The kinds of lines the reply has, in one look at each (their texts are not copied).
        var hasAssumption = false
        var resultsAndAssumptions = true
        var failed = false
        for index in reply.lines.indices {
            switch reply.lines[index] {
            case .result: continue
            case .assumption: hasAssumption = true
            case .error:
                failed = true
                resultsAndAssumptions = false
            default: resultsAndAssumptions = false
            }
        }
        // What was taken is said the first time (“$” taken as USD), not on every line of a ledger.
        if hasAssumption {
            // Nothing for standard error but assumptions: the results as they are, without
            // copying the reply, and each assumption not said before as the renderer says it.
            // So go a reply of results and assumptions alone (a dated line on a day without
            // rates) and one whose assumptions were all said before (a ledger's dated lines
            // repeat the same days' notes).
            if format == .text, !renderer.forTerminal, !failed,
                resultsAndAssumptions
                    || reply.lines.allSatisfy({ line in
                        switch line {
                        case .assumption(let text): saidAssumptions.contains(text)
                        case .warning, .error: false
                        default: true
                        }
                    })
            {
                if !lineErrors.isEmpty { lineErrors.removeAll(keepingCapacity: true) }
                for index in reply.lines.indices {
                    guard case .assumption(let text) = reply.lines[index], saidAssumptions.insert(text) else { continue }
                    ReplyRenderer.appendPipeAssumption(text, lineNumber: lineNumber, line: lineLabel(localized), to: &lineErrors)
                }
                reply.appendResults(to: &output)
                if output.count >= 1 << 16 { flush() }
                if lineBuffered { flush() }
                if !lineErrors.isEmpty { lineErrors.withUnsafeBufferPointer { emitError(bytes: $0) } }
                if effects.contains(.quit) { stopped = true }
                return false
            }
            var told = reply
            told.lines.removeAll { line in
                guard case .assumption(let text) = line else { return false }
                return !saidAssumptions.insert(text)
            }
            err = render(told, line: line(), lineNumber: lineNumber, localized)
        } else {
            err = render(reply, line: line(), lineNumber: lineNumber, localized)
        }
        if lineBuffered { flush() }
        if !err.isEmpty { emitError(err) }
        if effects.contains(.quit) { stopped = true }
        return failed
    }

    /// Standard error's part of a line, in order with the results: straight out when lines are
    /// read one by one or standard error is a terminal, into the results' buffer when both go to
    /// one file, else held back and written in large pieces.
    private func emitError(_ text: String) {
        var text = text
        text.withUTF8 { emitError(bytes: $0) }
    }

    private func emitError(bytes: UnsafeBufferPointer<UInt8>) {
        if lineBuffered {
            flush()
            renderer.output.writeError(bytes: Array(bytes))
        } else if errorsWithResults {
            output += bytes
            if output.count >= 1 << 16 { flush() }
        } else if errorsAtOnce {
            renderer.output.writeError(bytes: Array(bytes))
        } else {
            errors += bytes
            if errors.count >= 1 << 16 { flushErrors() }
        }
    }

    /// Writes standard error's text held back.
    private func flushErrors() {
        guard !errors.isEmpty else { return }
        renderer.output.writeError(bytes: errors)
        errors.removeAll(keepingCapacity: true)
    }

    /// Standard output's part of a reply into the buffer: its text, or its records in a machine
    /// format (which renders no text to throw away); standard error's part is returned.
    private func render(_ reply: Reply, line: @autoclosure () -> String, lineNumber: Int?, _ localized: Localization) -> String {
        if format != .text {
            output += format.render(reply, line: lineNumber ?? 1, headed: &headed).utf8
            if output.count >= 1 << 16 { flush() }
            return renderer.errors(reply, input: line(), lineNumber: lineNumber, localized: localized)
        }
        let err = renderer.render(reply, into: &output, input: line(), caretIndent: nil, lineNumber: lineNumber, localized: localized)
        if output.count >= 1 << 16 { flush() }
        return err
    }

    private func flush() {
        guard !output.isEmpty, !stopped else {
            output.removeAll()
            return
        }
        switch renderer.output.deliver(output, session.engine.localized) {
        case .written: break
        case .readerGone: stopped = true
        case .failed:
            stopped = true
            summary.outputFailed = true
        }
        output.removeAll(keepingCapacity: true)
    }
}
