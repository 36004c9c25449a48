import CEditLine
import CTerminal
import CambioCore
import CambioRates
import Glibc

/// The line editor: libedit with a prompt, history, and Cambio's completion on TAB.
/// This is the only file that talks to libedit.
final class LineEditor {
    /// What one call to `readLine` produced.
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C: the line was cancelled.
        case interrupted
        /// Ctrl-D on an empty line, or input closed.
        case endOfInput
        /// SIGTERM or SIGHUP arrived.
        case terminated(Int32)
    }

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    /// The result shown right of the line while typing, for the line so far (`nil`: none).
    var preview: ((String) -> String?)?
    /// Where the editor's own drawing goes (the output layer).
    var output = TerminalOutput(color: false)
    /// Whether the terminal takes cursor movement (not `TERM=dumb`, not `--plain`).
    var fullTerminal = true {
        didSet { cambio_set_full_terminal(fullTerminal ? 1 : 0) }
    }
    /// The right-hand prompt as a C string, and its columns when last drawn (0: none).
    private var rightPromptPointer: UnsafeMutablePointer<CChar>? = strdup("")
    private var shownPreviewColumns = 0
    private var shownLineColumns = 0

    /// The prompt as a C string that stays put while libedit reads it.
    private var promptPointer: UnsafeMutablePointer<CChar>? = strdup("› ")
    /// Produces candidates for the text before the cursor.
    var complete: ((String) -> Completer.Completion)?
    /// Writes a list of candidates under the line; the editor redraws the line after it.
    var showCandidates: (([Completer.Candidate]) -> Void)?
    /// The line and result of the last TAB, so that a second TAB lists the candidates.
    private var lastTab: (line: String, changed: Bool)?

    /// The editor currently reading, reached by libedit's C callbacks (which cannot capture).
    nonisolated(unsafe) private static var active: LineEditor?

    init?(program: String) {
        cambio_install_signal_handlers()
        guard let input = fdopen(STDIN_FILENO, "r"), let output = fdopen(STDOUT_FILENO, "w"),
            let errors = fdopen(STDERR_FILENO, "w"), let editLine = el_init(program, input, output, errors),
            let history = history_init()
        else { return nil }
        self.editLine = editLine
        self.history = history
        cambio_history_set_size(history, Self.historySize)
        cambio_history_set_unique(history, 1)
        cambio_el_set_history(editLine, history)
        cambio_el_set_editor(editLine, "emacs")
        cambio_el_set_signal(editLine, 1)
        cambio_el_use_own_reader(editLine)
        cambio_el_set_prompt(editLine) { _ in LineEditor.active?.promptPointer }
        cambio_el_set_rprompt(editLine) { _ in LineEditor.active?.updateRightPrompt() }
        cambio_set_redraw_after_resize { columns in LineEditor.active?.clearForRedraw(columns: Int(columns)) }
        cambio_el_add_function(editLine, "cambio-complete", "Complete a command, currency code or name") { _, _ in
            UInt8(LineEditor.active?.completeAtCursor() ?? CC_ERROR)
        }
        cambio_el_bind(editLine, "^I", "cambio-complete")
        // The user's ~/.editrc (or $EDITRC) last, so their bindings win.
        el_source(editLine, nil)
        LineEditor.active = self
    }

    deinit {
        if LineEditor.active === self { LineEditor.active = nil }
        free(promptPointer)
        free(rightPromptPointer)
        el_end(editLine)
        history_end(history)
    }

    /// The prompt; `\u{1}` brackets invisible sequences such as colours.
    var prompt: String = "› " {
        didSet {
            free(promptPointer)
            promptPointer = strdup(prompt)
        }
    }

    func readLine() -> Input {
        lastTab = nil
        var count: Int32 = 0
        let result = el_gets(editLine, &count)
        let signal = cambio_pending_termination()
        if signal != 0 { return .terminated(signal) }
        let interrupted = cambio_take_interrupt() != 0
        if interrupted {
            clearCancelledPreview()
            return .interrupted
        }
        if result != nil, count > 0 { clearAcceptedPreview() }
        shownPreviewColumns = 0
        // A read error (the terminal went away) ends input like Ctrl-D.
        guard let result, count > 0 else { return .endOfInput }
        var line = String(decoding: UnsafeBufferPointer(start: result, count: Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    /// True once after Ctrl-C arrived outside line editing (during `refresh`).
    static func takeInterrupt() -> Bool {
        cambio_drain_signal_pipe()
        return cambio_take_interrupt() != 0
    }

    /// Called by libedit on every redraw: the preview for the line as it is now. It is
    /// left out when it would not fit beside the line (libedit also drops it then).
    private func updateRightPrompt() -> UnsafeMutablePointer<CChar>? {
        // Never empty while previews are on: libedit redraws the right-hand prompt on every
        // keystroke only when it has one; with none it takes a fast path that skips this call.
        var text = preview == nil ? "" : " "
        var columns = 0
        if let preview {
            let line = lineBeforeCursor().whole
            if let result = preview(line) {
                let width = DisplayWidth.of(result)
                let used = DisplayWidth.of(promptText) + DisplayWidth.of(line) + 2
                if used + width < self.columns {
                    // Plain text: an attribute inside libedit's right-hand prompt leaks into what
                    // it draws next (results came out bold and faint, typed text faint).
                    text = result
                    columns = width
                }
            }
            shownLineColumns = DisplayWidth.of(promptText) + DisplayWidth.of(line)
        }
        shownPreviewColumns = columns
        free(rightPromptPointer)
        rightPromptPointer = strdup(text)
        return rightPromptPointer
    }

    /// After Enter, the preview drawn at the right of the accepted line is erased, so that the
    /// result is shown once, below.
    private func clearAcceptedPreview() {
        guard shownPreviewColumns > 0, fullTerminal else { return }
        shownPreviewColumns = 0
        // Up to the accepted line, past its text, erase to the end, and back down.
        output.write(TerminalOutput.eraseRight(ofColumn: shownLineColumns, onRowAbove: true))
    }

    /// After Ctrl-C the cancelled line stays on the screen, without the result that was
    /// beside it: the cursor is still on that line.
    private func clearCancelledPreview() {
        defer { shownPreviewColumns = 0 }
        guard shownPreviewColumns > 0, fullTerminal else { return }
        let rows = shownLineColumns / max(1, columns)
        let within = shownLineColumns % max(1, columns)
        // From the line's last row, past its text, erase to the end of that row.
        let down = rows - rowsAboveCursor(columns: columns)
        output.write(TerminalOutput.eraseRight(ofColumn: within, rowsDown: down))
    }

    /// After a resize, before libedit draws the line again: up to the line's first row (at
    /// `columns`, the width it is counted at) and clear to the end of the screen.
    func clearForRedraw(columns: Int) {
        output.write(TerminalOutput.clearFromRowsAbove(rowsAboveCursor(columns: columns)))
    }

    /// Rows of the line being edited above the cursor's row, at `columns` columns: where the
    /// line starts, so that a redraw after a resize can clear it all.
    func rowsAboveCursor(columns: Int) -> Int {
        guard columns > 0 else { return 0 }
        return (DisplayWidth.of(promptText) + DisplayWidth.of(lineBeforeCursor().before)) / columns
    }

    /// The prompt without its invisible colour sequences.
    private var promptText: String {
        var visible = ""
        var hidden = false
        for character in prompt {
            if character == "\u{1}" {
                hidden.toggle()
            } else if !hidden {
                visible.append(character)
            }
        }
        return visible
    }

    /// Lines entered in this session that are not in the history file yet.
    private var unsaved: [String] = []

    /// Adds a line to the history (libedit drops a repeat of the previous entry). A line
    /// longer than `HistoryFile.longestLine` is evaluated but not kept.
    func addHistory(_ line: String) {
        guard line.utf8.count <= HistoryFile.longestLine else { return }
        cambio_history_enter(history, line)
        unsaved.append(line)
    }

    /// Loads a history file written by `saveHistory`. A file libedit could not have written is
    /// not handed to it (its loader reads past the end of some damaged lines): overlong lines
    /// are left out, anything else moves the file aside (never over an earlier one) and the
    /// reason is returned.
    func loadHistory(from path: String) -> String? {
        switch HistoryFile.loadable(path) {
        case .missing:
            return nil
        case .load(let file, let temporary):
            cambio_history_load(history, file)
            if temporary { unlink(file) }
            return nil
        case .damaged(let reason):
            rename(path, HistoryFile.asideName(for: path))
            return reason
        }
    }

    /// Saves the history atomically and without losing other shells' lines: under a lock, the
    /// file as it is now plus this session's new lines go to a temporary file that replaces it
    /// only once it is checked whole: libedit neither syncs nor checks its writes, and on a
    /// full disk it leaves an empty or cut file that must never replace the good one.
    func saveHistory(to path: String) throws(AtomicFile.Failure) {
        guard !unsaved.isEmpty else { return }
        let lock = try FileLock(path: path + ".lock")
        defer { withExtendedLifetime(lock) {} }
        guard let merged = history_init() else {
            throw AtomicFile.Failure(path: path, reason: "libedit could not make a history")
        }
        defer { history_end(merged) }
        cambio_history_set_size(merged, Self.historySize)
        cambio_history_set_unique(merged, 1)
        if case .load(let file, let temporary) = HistoryFile.loadable(path) {
            cambio_history_load(merged, file)
            if temporary { unlink(file) }
        }
        for line in unsaved { cambio_history_enter(merged, line) }
        let expected = Int(cambio_history_count(merged))
        try AtomicFile.replace(path) { temporary throws(AtomicFile.Failure) in
            guard cambio_history_save(merged, temporary) >= 0 else {
                throw AtomicFile.Failure(path: path, reason: "libedit could not write the history")
            }
            try HistoryFile.confirm(temporary, holds: expected, for: path)
        }
        unsaved.removeAll()
    }

    /// Lines kept in the history file.
    static let historySize: Int32 = 1000

    /// Columns of the terminal as libedit sees them.
    var columns: Int {
        let reported = Int(cambio_el_terminal_columns(editLine))
        return reported > 0 ? reported : Platform.terminalColumns(STDIN_FILENO) ?? 80
    }

    private func lineBeforeCursor() -> (before: String, whole: String) {
        guard let info = cambio_el_line(editLine) else { return ("", "") }
        let start = UnsafeRawPointer(info.pointee.buffer)
        let cursor = UnsafeRawPointer(info.pointee.cursor)
        let end = UnsafeRawPointer(info.pointee.lastchar)
        guard let start, let cursor, let end else { return ("", "") }
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: cursor - start), as: UTF8.self)
        let whole = String(decoding: UnsafeRawBufferPointer(start: start, count: end - start), as: UTF8.self)
        return (before, whole)
    }

    private func completeAtCursor() -> Int32 {
        guard let complete else { return CC_ERROR }
        let (before, whole) = lineBeforeCursor()
        let completion = complete(before)
        let typed = String(before.suffix(completion.replacing))
        if completion.candidates.isEmpty {
            lastTab = (whole, false)
            return CC_ERROR
        }
        if let insert = completion.commonInsert(typed: typed), insert != typed {
            el_deletestr(editLine, Int32(typed.unicodeScalars.count))
            el_insertstr(editLine, insert)
            lastTab = (lineBeforeCursor().whole, true)
            return CC_REFRESH
        }
        if let lastTab, lastTab.line == whole, !lastTab.changed {
            showCandidates?(completion.candidates)
            self.lastTab = nil
            return CC_REDISPLAY
        }
        lastTab = (whole, false)
        return CC_ERROR
    }
}

/// Reading and writing libedit's history format outside a line editor (for checks and fuzzing).
public enum HistoryFile {
    /// Whether a file is one libedit could have written.
    public enum Check: Equatable {
        case missing
        case valid
        case damaged(String)
    }

    /// A history file must be UTF-8 text of at most 1 MiB that starts with libedit's header, ends
    /// with a newline, and holds no control characters, no line over 16 kB and no backslash
    /// but in the escapes libedit writes (`\040` for a space, `\134` for a backslash, `\M-C`
    /// outside a UTF-8 locale): its loader reads past its buffer on one it cannot decode.
    public static func check(_ path: String) -> Check {
        let text: String
        do {
            guard let read = try AtomicFile.read(path) else { return .missing }
            text = read
        } catch {
            return .damaged(error.reason)
        }
        guard text.hasPrefix("_HiStOrY_V2_\n"), text.hasSuffix("\n") else { return .damaged("not a history file") }
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            if line.count > longestLine { return .damaged(overlongReason) }
            if line.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return .damaged("control characters") }
            let bytes = Array(line)
            var index = 0
            while index < bytes.count {
                defer { index += 1 }
                guard bytes[index] == UInt8(ascii: "\\") else { continue }
                let rest = bytes.count - index - 1
                if rest >= 3, (48...51).contains(bytes[index + 1]), (48...55).contains(bytes[index + 2]),
                    (48...55).contains(bytes[index + 3])
                {
                    index += 3  // \040
                } else if rest >= 3, bytes[index + 1] == UInt8(ascii: "M"),
                    bytes[index + 2] == UInt8(ascii: "-") || bytes[index + 2] == UInt8(ascii: "^")
                {
                    index += 3  // \M-C, \M^B: a byte over 0x7F, written outside a UTF-8 locale
                } else if rest >= 2, bytes[index + 1] == UInt8(ascii: "^") {
                    index += 2  // \^A
                } else {
                    return .damaged("an escape libedit does not write")
                }
            }
        }
        return .valid
    }

    /// The longest line kept in history (bytes); longer ones are left out, never the file.
    public static let longestLine = 4096

    /// What to hand libedit for a history file.
    public enum Loadable: Equatable {
        case missing
        /// Load this file; `temporary` when it is a copy without overlong lines, to delete.
        case load(String, temporary: Bool)
        case damaged(String)
    }

    /// The file itself when libedit could have written it; a copy without its overlong lines
    /// when those are all that is wrong; otherwise why it is damaged.
    public static func loadable(_ path: String) -> Loadable {
        switch check(path) {
        case .missing: return .missing
        case .valid: return .load(path, temporary: false)
        case .damaged(let reason) where reason == overlongReason:
            guard let text = try? AtomicFile.read(path) else { return .damaged(reason) }
            let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.utf8.count <= longestLine }
            let copy = path + ".\(getpid()).loading"
            guard (try? AtomicFile.write(kept.joined(separator: "\n"), to: copy)) != nil, check(copy) == .valid else {
                unlink(copy)
                return .damaged(reason)
            }
            return .load(copy, temporary: true)
        case .damaged(let reason): return .damaged(reason)
        }
    }

    static let overlongReason = "a line is too long"

    /// Where a damaged history file is moved: `history.damaged`, or `.damaged.2`, `.3` … when
    /// an earlier one is there, so that none is overwritten.
    public static func asideName(for path: String) -> String {
        var candidate = path + ".damaged"
        var number = 2
        var status = stat()
        while lstat(candidate, &status) == 0 {
            candidate = path + ".damaged.\(number)"
            number += 1
        }
        return candidate
    }

    /// Checks that libedit wrote the whole history into `file` (`expected` entries, a valid
    /// file) and syncs it to disk; otherwise throws, so that the old file stays.
    static func confirm(_ file: String, holds expected: Int, for path: String) throws(AtomicFile.Failure) {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw AtomicFile.Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw AtomicFile.Failure(path: path, reason: String(cString: strerror(errno))) }
        guard check(file) == .valid, entries(atPath: file).count == expected else {
            throw AtomicFile.Failure(path: path, reason: "the history could not be written whole (is the disk full?); the old file is kept")
        }
    }

    /// The entries of a history file, oldest first, at most the editor's limit; none when the
    /// file is missing, unreadable or damaged.
    public static func entries(atPath path: String) -> [String] {
        guard check(path) == .valid, let history = history_init() else { return [] }
        defer { history_end(history) }
        cambio_history_set_size(history, LineEditor.historySize)
        cambio_history_load(history, path)
        var entries: [String] = []
        var entry = cambio_history_first(history)
        while let current = entry {
            entries.append(String(cString: current))
            entry = cambio_history_next(history)
        }
        return entries.reversed()
    }

    /// Writes entries, oldest first, as a history file; false when libedit could not.
    public static func write(_ entries: [String], toPath path: String) -> Bool {
        guard let history = history_init() else { return false }
        defer { history_end(history) }
        cambio_history_set_size(history, LineEditor.historySize)
        for entry in entries { cambio_history_enter(history, entry) }
        return cambio_history_save(history, path) >= 0
    }
}
