import CambioCore
import CambioRates
import Foundation
import Glibc

/// The interactive currency shell on a terminal.
final class InteractiveShell {
    private let store: Store
    private var engine: Engine
    private var state: SessionState
    private var settings: Settings
    private let color: Bool
    private var renderer: ReplyRenderer

    init(store: Store, engine: Engine, state: SessionState, color: Bool, settings: Settings) {
        self.store = store
        self.engine = engine
        self.state = state
        self.color = color
        self.settings = settings
        renderer = ReplyRenderer(forTerminal: true, color: color)
    }

    private func warn(_ text: String) { Platform.writeError("cambio: warning: \(text)\n") }

    func run() -> Int32 {
        // libedit needs the character type of the user's locale; Debian often has only C.UTF-8.
        if setlocale(LC_CTYPE, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        guard let editor = LineEditor(program: "cambio") else {
            Platform.writeError("cambio: cannot start the line editor\n")
            return 1
        }
        editor.loadHistory(from: store.paths.historyFile)
        editor.complete = { [unowned self] before in
            Completer.complete(before, engine: engine, recent: state.recent)
        }
        editor.showCandidates = { [unowned self] candidates in
            Platform.writeAll(STDOUT_FILENO, "\n" + CandidateList.render(candidates, columns: Platform.terminalColumns() ?? 80, color: color))
        }
        Platform.writeAll(
            STDOUT_FILENO,
            dim("cambio \(App.version) · \(engine.tableNote(state.table, now: Date())) · mid-market, indicative · “help”") + "\n")

        while true {
            editor.prompt = prompt()
            switch editor.readLine() {
            case .line(let line):
                if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    editor.addHistory(line)
                    saveHistory(editor)
                }
                if handle(line) { return 0 }
            case .interrupted:
                Platform.writeAll(STDOUT_FILENO, "\n")
            case .endOfInput:
                Platform.writeAll(STDOUT_FILENO, "\n")
                saveHistory(editor)
                return 0
            case .terminated:
                saveHistory(editor)
                return 0
            }
        }
    }

    private func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    private func prompt() -> String {
        let text = "\(state.base) › "
        return color ? "\u{1}\u{1B}[1;36m\u{1}\(state.base)\u{1}\u{1B}[0m\u{1} › " : text
    }

    private func saveHistory(_ editor: LineEditor) {
        do {
            try editor.saveHistory(to: store.paths.historyFile)
        } catch {
            warn("cannot save history to \(error.path): \(error.reason)")
        }
    }

    /// Evaluates a line and prints its reply; returns true when the shell should end.
    private func handle(_ line: String) -> Bool {
        let outcome = engine.evaluate(line, in: state)
        let indent = DisplayWidth.of("\(state.base) › ")
        let (out, err) = renderer.render(outcome.reply, input: line, caretIndent: indent)
        state = outcome.state
        Platform.writeAll(STDOUT_FILENO, out)
        Platform.writeError(err)
        if outcome.effects.contains(.saveRecent) { store.saveRecent(state.recent, warn: warn) }
        if outcome.effects.contains(.saveConfig) {
            settings.base = state.base
            settings.locale = state.locale.override
            store.save(settings, warn: warn)
        }
        if outcome.effects.contains(.localeChanged) {
            engine = Engine(locale: state.locale, table: state.table, environment: engine.environment, files: engine.files)
        }
        return outcome.effects.contains(.quit)
    }
}

/// The list a second TAB shows: code, symbol and name in columns that fit the terminal.
enum CandidateList {
    static func render(_ candidates: [Completer.Candidate], columns: Int, color: Bool) -> String {
        let shown = candidates.prefix(60)
        let symbolWidth = shown.map { $0.code?.rawValue == $0.symbol ? 0 : DisplayWidth.of($0.symbol) }.max() ?? 0
        let cells = shown.map { candidate -> String in
            guard let code = candidate.code else { return candidate.insert.trimmingCharacters(in: .whitespaces) }
            let symbol = candidate.symbol == code.rawValue ? "" : candidate.symbol
            return "\(code)  " + DisplayWidth.padRight(symbol, to: symbolWidth) + "  \(candidate.name)"
        }
        let width = min((cells.map { DisplayWidth.of($0) }.max() ?? 0) + 3, max(columns, 20))
        let perRow = max(1, columns / width)
        var text = ""
        for (index, cell) in cells.enumerated() {
            var shownCell = cell
            if DisplayWidth.of(shownCell) > columns - 1 { shownCell = String(shownCell.prefix(columns - 2)) + "…" }
            let last = index % perRow == perRow - 1 || index == cells.count - 1
            text += last ? shownCell + "\n" : DisplayWidth.padRight(shownCell, to: width)
        }
        if candidates.count > shown.count {
            text += (color ? "\u{1B}[2m" : "") + "… and \(candidates.count - shown.count) more" + (color ? "\u{1B}[0m" : "") + "\n"
        }
        return text
    }
}
