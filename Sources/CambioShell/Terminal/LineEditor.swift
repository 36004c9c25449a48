import CEditLine
import CTerminal
import CambioCore
import CambioFiles
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
    /// The rows of the line that the terminal wrapped itself, at a width: a row that ends in a
    /// blank and is not among them may end with libedit's own newline (see `rewrapIfNeeded`).
    private var wrappedRows: (columns: Int, rows: Set<Int>) = (0, [])

    /// The editor currently reading, reached by libedit's C callbacks (which cannot capture).
    nonisolated(unsafe) private static var active: LineEditor?

    init?(program: String) {
        Signals.install()
        guard let input = fdopen(STDIN_FILENO, "r"), let output = fdopen(STDOUT_FILENO, "w"),
            let errors = fdopen(STDERR_FILENO, "w"), let editLine = el_init(program, input, output, errors),
            let history = history_init()
        else { return nil }
        self.editLine = editLine
        self.history = history
        cambio_history_set_size(history, Int32(HistoryFile.entryLimit))
        cambio_history_set_unique(history, 1)
        cambio_el_set_history(editLine, history)
        cambio_el_set_editor(editLine, "emacs")
        cambio_el_set_signal(editLine, 1)
        cambio_el_use_own_reader(editLine)
        cambio_el_set_prompt(editLine) { _ in LineEditor.active?.promptPointer }
        cambio_el_set_rprompt(editLine) { _ in LineEditor.active?.updateRightPrompt() }
        cambio_set_redraw_after_resize { columns in LineEditor.active?.clearForRedraw(columns: Int(columns)) }
        cambio_set_rewrap_if_needed { LineEditor.active?.rewrapIfNeeded() == true ? 1 : 0 }
        cambio_el_add_function(editLine, "cambio-complete", "Complete a command, currency code or name") { _, _ in
            UInt8(LineEditor.active?.completeAtCursor() ?? CC_ERROR)
        }
        cambio_el_bind(editLine, "^I", "cambio-complete")
        // Home, End, Insert, Delete and the page keys as tmux, screen, rxvt and the Linux console
        // send them: libedit knows only xterm's, and put the rest's last byte (`~`) in the line.
        for (key, function) in TerminalOutput.editingKeys { cambio_el_bind(editLine, key, function) }
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
        wrappedRows = (0, [])
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
                let used = DisplayWidth.asEdited(line, from: DisplayWidth.of(promptText)) + 2
                if used + width < self.columns {
                    // Plain text: an attribute inside libedit's right-hand prompt leaks into what
                    // it draws next (results came out bold and faint, typed text faint).
                    text = result
                    columns = width
                }
            }
            shownLineColumns = DisplayWidth.asEdited(line, from: DisplayWidth.of(promptText))
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
    /// `columns`, the width the terminal re-flowed it to), clear to the end of the screen, and
    /// have the terminal wrap the line's rows itself (see `TerminalOutput.clearForRedraw`).
    func clearForRedraw(columns: Int) {
        guard columns > 0 else { return }
        let (before, whole) = lineBeforeCursor()
        let start = DisplayWidth.of(promptText)
        let lineColumns = DisplayWidth.asEdited(whole, from: start)
        let rows = DisplayWidth.asEdited(before, from: start) / columns
        // A line taller than the screen cannot be laid out from its first row: it is cleared only.
        let fits = lineColumns / columns < lines
        output.write(TerminalOutput.clearForRedraw(rowsAbove: rows, lineColumns: fits ? lineColumns : 0, width: columns))
        wrappedRows = (columns, fits ? Set(0..<lineColumns / columns) : [])
    }

    /// Called each time libedit waits for a key, with the line drawn: whether it has to be drawn
    /// again (true: it was cleared). libedit never writes a row's trailing blanks and goes on
    /// to the next row with a newline; a terminal takes that for the end of a line, and a
    /// resize then re-flowed the rows apart and left the line's first rows above it as a copy
    /// (a recalled line, a completion, the line under a list of candidates, at any width). So
    /// when a row of the line ends in a blank that the terminal did not wrap here, the line is
    /// laid out again as `clearForRedraw` lays it out. A line taller than the screen is left.
    func rewrapIfNeeded() -> Bool {
        let columns = self.columns
        let (before, whole) = lineBeforeCursor()
        let start = DisplayWidth.of(promptText)
        let blank = Self.rowsEndingInBlank(whole, from: start, columns: columns)
        if blank.isEmpty || (wrappedRows.columns == columns && blank.isSubset(of: wrappedRows.rows)) { return false }
        let lineColumns = DisplayWidth.asEdited(whole, from: start)
        guard lineColumns / columns < lines else { return false }
        let rows = DisplayWidth.asEdited(before, from: start) / columns
        output.write(TerminalOutput.clearForRedraw(rowsAbove: rows, lineColumns: lineColumns, width: columns))
        wrappedRows = (columns, Set(0..<lineColumns / columns))
        return true
    }

    /// The rows of a line drawn from `column` at `columns` columns whose last cell is blank
    /// and that another row follows: a space or a tab there, or a wide character that does
    /// not fit and starts the next row (libedit leaves the cell empty).
    static func rowsEndingInBlank(_ text: String, from column: Int, columns: Int) -> Set<Int> {
        guard columns > 0 else { return [] }
        var rows: Set<Int> = []
        var column = column
        for scalar in text.unicodeScalars {
            let start = column
            column = DisplayWidth.asEdited(scalar: scalar, from: start)
            let lastCell = (start / columns + 1) * columns - 1
            guard column > start, lastCell < column else { continue }
            let wideAtTheMargin = lastCell == start && column - start == 2 && !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
            if scalar == " " || scalar == "\t" || wideAtTheMargin { rows.insert(start / columns) }
        }
        return rows.filter { ($0 + 1) * columns <= column }
    }

    /// Rows of the line being edited above the cursor's row, at `columns` columns: where the
    /// line starts, so that a redraw after a resize can clear it all.
    func rowsAboveCursor(columns: Int) -> Int {
        guard columns > 0 else { return 0 }
        return DisplayWidth.asEdited(lineBeforeCursor().before, from: DisplayWidth.of(promptText)) / columns
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

    /// Why a line typed is not kept in the history.
    enum NotKept {
        /// Longer than `HistoryFile.longestLine` bytes.
        case tooLong
        /// It holds a NUL byte, which no history entry can.
        case nul
    }

    /// Adds a line to the history (libedit drops a repeat of the previous entry). A line
    /// longer than `HistoryFile.longestLine`, or with a NUL in it, is evaluated but not kept:
    /// why is returned, for the shell to say.
    func addHistory(_ line: String) -> NotKept? {
        guard line.utf8.count <= HistoryFile.longestLine else { return .tooLong }
        guard !line.utf8.contains(0) else { return .nul }
        cambio_history_enter(history, line)
        unsaved.append(line)
        return nil
    }

    /// Loads the history file into the editor (libedit holds the entries in memory only). A
    /// file that is not a history file is moved aside (never over an earlier one) and the
    /// reason returned; lines that could not be decoded are left out, and their count returned.
    func loadHistory(from path: String) -> (damaged: String?, skipped: Int) {
        switch HistoryFile.read(path, legacy: LibeditHistory.legacyEntries) {
        case .missing:
            return (nil, 0)
        case .entries(let entries, let skipped):
            for entry in entries { cambio_history_enter(history, entry) }
            return (nil, skipped)
        case .damaged(let reason):
            rename(path, HistoryFile.asideName(for: path))
            return (reason, 0)
        }
    }

    /// Saves the history atomically and without losing other shells' lines: under a lock, the
    /// file as it is now plus this session's new lines replace it. What could not be saved
    /// stays to be saved with the next line.
    func saveHistory(to path: String) throws(AtomicFile.Failure) {
        guard !unsaved.isEmpty else { return }
        let lock = try FileLock(path: path + ".lock")
        defer { withExtendedLifetime(lock) {} }
        var current: [String] = []
        switch HistoryFile.read(path, legacy: LibeditHistory.legacyEntries) {
        case .entries(let entries, _): current = entries
        // Damaged since the start: moved aside, never overwritten.
        case .damaged: rename(path, HistoryFile.asideName(for: path))
        case .missing: break
        }
        try HistoryFile.write(current + unsaved, toPath: path)
        unsaved.removeAll()
    }

    /// Columns of the terminal as libedit sees them.
    var columns: Int {
        let reported = Int(cambio_el_terminal_columns(editLine))
        return reported > 0 ? reported : Platform.terminalColumns(STDIN_FILENO) ?? 80
    }

    /// Rows of the terminal as libedit sees them.
    private var lines: Int {
        let reported = Int(cambio_el_terminal_lines(editLine))
        return reported > 0 ? reported : 24
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
            // libedit draws the line anew under the list, with its own newlines.
            wrappedRows = (0, [])
            return CC_REDISPLAY
        }
        lastTab = (whole, false)
        return CC_ERROR
    }
}

/// libedit's history outside a line editor: the format earlier versions wrote, and what the
/// in-memory history recalls (for the fuzz targets' properties).
public enum LibeditHistory {
    /// The entries of a history file in libedit's own format (an earlier version's), oldest
    /// first, or `nil` when libedit could not have written it: its loader reads past its buffer
    /// on some damaged lines, so only a file that passes `libeditFileIsLoadable` is handed to it.
    /// Overlong lines are left out.
    public static func legacyEntries(_ path: String) -> [String]? {
        guard let text = try? AtomicFile.read(path, limit: HistoryFile.libeditByteLimit), text.hasPrefix("_HiStOrY_V2_\n"),
            text.hasSuffix("\n")
        else { return nil }
        let lines: [ArraySlice<UInt8>] = Array(text.utf8).split(separator: UInt8(ascii: "\n")).dropFirst().filter {
            $0.count <= HistoryFile.longestLine
        }
        guard lines.allSatisfy({ libeditLineIsLoadable($0) }) else { return nil }
        let copy = path + ".\(getpid()).loading"
        defer { unlink(copy) }
        let kept = "_HiStOrY_V2_\n" + lines.map { String(decoding: $0, as: UTF8.self) + "\n" }.joined()
        guard (try? AtomicFile.write(kept, to: copy)) != nil, let legacy = history_init() else { return nil }
        defer { history_end(legacy) }
        cambio_history_set_size(legacy, Int32(HistoryFile.entryLimit))
        cambio_history_load(legacy, copy)
        var entries: [String] = []
        var entry = cambio_history_first(legacy)
        while let current = entry {
            entries.append(String(cString: current))
            entry = cambio_history_next(legacy)
        }
        return entries.reversed()
    }

    /// Whether a line is one libedit could have written: no control characters, and no
    /// backslash but in the escapes it writes (`\040` for a space, `\134` for a backslash,
    /// `\M-C` outside a UTF-8 locale).
    public static func libeditLineIsLoadable(_ line: some Collection<UInt8>) -> Bool {
        if line.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return false }
        let bytes = Array(line)
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "\\") else { continue }
            let rest = bytes.count - index - 1
            if rest >= 3, (48...51).contains(bytes[index + 1]), (48...55).contains(bytes[index + 2]), (48...55).contains(bytes[index + 3]) {
                index += 3  // \040
            } else if rest >= 3, bytes[index + 1] == UInt8(ascii: "M"), bytes[index + 2] == UInt8(ascii: "-") || bytes[index + 2] == UInt8(ascii: "^")
            {
                index += 3  // \M-C, \M^B: a byte over 0x7F, written outside a UTF-8 locale
            } else if rest >= 2, bytes[index + 1] == UInt8(ascii: "^") {
                index += 2  // \^A
            } else {
                return false
            }
        }
        return true
    }

    /// Writes entries, oldest first, in libedit's own format, as earlier versions did (for the
    /// tests of reading such files).
    public static func writeLegacy(_ entries: [String], toPath path: String) -> Bool {
        guard let legacy = history_init() else { return false }
        defer { history_end(legacy) }
        cambio_history_set_size(legacy, Int32(HistoryFile.entryLimit))
        for entry in entries { cambio_history_enter(legacy, entry) }
        return cambio_history_save(legacy, path) >= 0
    }

    /// The entries as libedit gives them back after they were entered one by one, oldest
    /// first: what ↑ recalls.
    public static func recall(_ entries: [String]) -> [String] {
        guard let history = history_init() else { return [] }
        defer { history_end(history) }
        cambio_history_set_size(history, Int32(HistoryFile.entryLimit))
        for entry in entries { cambio_history_enter(history, entry) }
        var recalled: [String] = []
        var entry = cambio_history_first(history)
        while let current = entry {
            recalled.append(String(cString: current))
            entry = cambio_history_next(history)
        }
        return recalled.reversed()
    }
}
