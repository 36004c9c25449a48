import CambioCore
import CambioRates
import Foundation
import Glibc

/// One-shot commands and pipes: evaluate, print results to standard output and errors to
/// standard error, and keep the same files as the shell.
struct BatchRunner {
    let store: Store
    var engine: Engine
    var state: SessionState
    let renderer: ReplyRenderer
    var settings: Settings

    init(store: Store, engine: Engine, state: SessionState, renderer: ReplyRenderer, settings: Settings) {
        self.store = store
        self.engine = engine
        self.state = state
        self.renderer = renderer
        self.settings = settings
    }

    /// Evaluates the arguments as one line. Exit status 0, or 1 when the command failed.
    mutating func runOne(_ line: String) -> Int32 {
        let failed = evaluate(line, lineNumber: nil)
        finish()
        return failed ? 1 : 0
    }

    /// Evaluates every line of standard input in order; exit status 1 if any line failed.
    mutating func runLines() -> Int32 {
        var anyFailed = false
        var number = 0
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        readLoop: while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            pending += buffer[0..<count]
            var start = 0
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                number += 1
                if evaluateBytes(pending[start..<newline], lineNumber: number) { anyFailed = true }
                if stopped { break readLoop }
                start = newline + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty, !stopped {
            number += 1
            if evaluateBytes(pending[...], lineNumber: number) { anyFailed = true }
        }
        finish()
        return anyFailed ? 1 : 0
    }

    private var recentChanged = false
    private var settingsChanged = false

    /// Writes what changed once, at the end: a 100,000-line pipe does not rewrite files per line.
    private mutating func finish() {
        flush()
        let warn: (String) -> Void = { Platform.writeError("cambio: warning: \($0)\n") }
        if recentChanged { store.saveRecent(state.recent, warn: warn) }
        if settingsChanged {
            settings.base = state.base
            settings.locale = state.locale.override
            store.save(settings, warn: warn)
        }
    }

    private var output: [UInt8] = []
    /// Set when standard output is closed (`| head -1`): stop quietly.
    private var stopped = false

    private mutating func evaluateBytes(_ bytes: ArraySlice<UInt8>, lineNumber: Int) -> Bool {
        var slice = bytes
        if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
        // Invalid UTF-8 becomes U+FFFD, which the tokenizer reports with its column.
        return evaluate(String(decoding: slice, as: UTF8.self), lineNumber: lineNumber)
    }

    /// Returns true when the line failed.
    private mutating func evaluate(_ line: String, lineNumber: Int?) -> Bool {
        let outcome = engine.evaluate(line, in: state)
        let (out, err) = renderer.render(outcome.reply, input: line, caretIndent: nil, lineNumber: lineNumber)
        state = outcome.state
        if !out.isEmpty { emit(out) }
        if !err.isEmpty {
            flush()
            Platform.writeError(err)
        }
        if outcome.effects.contains(.saveRecent) { recentChanged = true }
        if outcome.effects.contains(.saveConfig) { settingsChanged = true }
        if outcome.effects.contains(.localeChanged) {
            engine = Engine(locale: state.locale, table: state.table, environment: engine.environment, files: engine.files)
        }
        if outcome.effects.contains(.quit) { stopped = true }
        return outcome.reply.failed
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
        if !Platform.writeAll(STDOUT_FILENO, String(decoding: output, as: UTF8.self)) { stopped = true }
        output.removeAll(keepingCapacity: true)
    }
}
