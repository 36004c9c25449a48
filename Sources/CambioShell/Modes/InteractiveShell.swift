import CambioCore
import CambioRates
import Foundation
import Glibc

/// The interactive currency shell on a terminal.
final class InteractiveShell {
    private let session: Session
    private let output: TerminalOutput
    private let plain: Bool
    private var renderer: ReplyRenderer
    private var color: Bool { output.color }

    init(session: Session, output: TerminalOutput, plain: Bool) {
        self.session = session
        self.output = output
        self.plain = plain
        // `--plain`: no rate details or notes, as in a pipe (what was taken still goes to
        // standard error).
        renderer = ReplyRenderer(forTerminal: !plain, output: output)
    }

    /// The table note last shown (in the banner or under a result): it is shown again only
    /// when the table changes.
    private var shownSource: String?
    /// Assumptions already said in this session (“$” taken as USD).
    private var saidAssumptions = SaidTexts()

    func run() -> Int32 {
        // libedit needs the character type of the user's locale; Debian often has only C.UTF-8.
        if setlocale(LC_CTYPE, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        guard let editor = LineEditor(program: "cambio") else {
            output.complain(session.engine.localized("fatal.lineEditor"))
            return 1
        }
        let history = editor.loadHistory(from: session.store.paths.historyFile)
        if let reason = history.damaged {
            session.warn(session.engine.localized("warning.historyDamaged", session.store.paths.historyFile, reason))
        }
        if history.skipped > 0 {
            session.warn(session.engine.localized("warning.historySkipped", session.store.paths.historyFile, String(history.skipped)))
        }
        editor.fullTerminal = !plain && Platform.environment["TERM"] != "dumb"
        editor.output = output
        editor.complete = { [unowned self] before in
            Completer.complete(before, engine: session.engine, recent: session.state.favourites, providers: session.providerNames)
        }
        // Results while typing: only with a full terminal (not --plain, NO_COLOR or TERM=dumb),
        // so that a screen reader hears each result once.
        if color {
            editor.preview = { [unowned self] line in
                session.previewEnabled ? session.engine.preview(line, in: session.state) : nil
            }
        }
        editor.showCandidates = { [unowned self] candidates in
            let columns = Platform.terminalColumns() ?? 80
            output.write("\n" + CandidateList.render(candidates, columns: columns, output: output, session.engine.localized))
        }
        session.waitForRefresh = { [unowned self] operation in waitWithProgress(operation) }
        // Ctrl-C cancels a dated line's fetch (and the line); SIGTERM and SIGHUP cancel it and
        // then end the shell, as at the prompt.
        session.stopRequested = { Signals.takeInterrupt() || Signals.termination != 0 }
        var banner = session.engine.localized("banner", App.version, session.engine.heldNote(now: Date(), pinned: session.state.pinnedSource))
        if session.baseFromRegion, session.state.base == session.state.locale.regionCurrency,
            let region = Locale(identifier: session.state.locale.money).region?.identifier
        {
            banner += " · " + session.engine.localized("banner.regionBase", session.state.base.rawValue, region)
        }
        if !session.state.pins.isEmpty { banner += " · " + session.engine.localized("banner.pins", PinnedPair.listed(session.state.pins)) }
        output.write(output.styled(Platform.terminalColumns().map { TextWrap.wrap(banner, width: $0) } ?? banner, .detail) + "\n")
        // The first prompt never waits for the network: a due refresh runs in the background,
        // and starts only once the prompt is on the screen, so that starting the fetch helper
        // does not compete with drawing it (on two cores it delayed the prompt by 25 ms).
        session.rates.startIfDue(after: 0.2)
        session.rates.startTimer()

        while true {
            showDelivered()
            editor.prompt = prompt()
            switch editor.readLine() {
            case .line(let line):
                // `quit` ends the session: it is not what the first ↑ of the next one should recall.
                if !line.trimmingSpaces().isEmpty, !isQuit(line) {
                    // A line the history cannot keep is said, never dropped unsaid.
                    if let notKept = editor.addHistory(line) {
                        let localized = session.engine.localized
                        let text =
                            switch notKept {
                            case .tooLong: localized("history.notKept.long", String(HistoryFile.longestLine))
                            case .nul: localized("history.notKept.nul")
                            }
                        output.write(output.styled(text, .detail) + "\n")
                    }
                    saveHistory(editor)
                }
                // Rates that arrived while the user was typing are used for this very line.
                showDelivered()
                if handle(line) { return 0 }
                session.rates.startIfDue()
            case .interrupted:
                output.write("\n")
            case .endOfInput:
                output.write("\n")
                saveHistory(editor)
                return 0
            case .terminated(let signal):
                saveHistory(editor)
                return 128 + signal
            }
        }
    }

    /// Whether the line is `quit` (or `exit`), which is not saved to history.
    private func isQuit(_ line: String) -> Bool {
        if case .success(.run(let invocation)) = session.engine.parse(line) { return invocation.word == "quit" }
        return false
    }

    private func prompt() -> String {
        let base = session.state.base
        return output.prompt(base.rawValue)
    }

    /// A background refresh that finished since the last prompt: one short line, before the
    /// prompt, never inside what the user is typing.
    private func showDelivered() {
        guard let result = session.rates.takeDelivered() else { return }
        let lines = session.report(result)
        // A failed background refresh is not worth interrupting for; `status` and `refresh` tell.
        guard let table = result.table else { return }
        session.adopt(table)
        renderer.width = Platform.terminalColumns()
        output.write(renderer.render(Reply(lines), input: "", caretIndent: nil, localized: session.engine.localized).out)
    }

    private func saveHistory(_ editor: LineEditor) {
        do {
            try editor.saveHistory(to: session.store.paths.historyFile)
        } catch {
            session.warn(session.engine.localized("warning.saveHistory", error.path, error.reason))
        }
    }

    /// Whether the program's name was said to be left out of a line (once a session).
    private var saidProgramName = false

    /// The line without `cambio ` before it (`cambio 12 eur in usd`), or nil when it has none.
    static func withoutProgramName(_ line: String) -> String? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.lowercased().hasPrefix("cambio "), trimmed.count > 7 else { return nil }
        let rest = trimmed.dropFirst(7).drop { $0 == " " }
        return rest.isEmpty ? nil : String(rest)
    }

    /// Evaluates a line and prints its reply; returns true when the shell should end.
    private func handle(_ typed: String) -> Bool {
        let indent = DisplayWidth.of("\(session.state.base) › ")
        let columns = Platform.terminalColumns()
        session.configure { $0.chartColumns = columns ?? 80 }
        // `cambio 12 eur in usd`, as the manual writes a one-shot: the rest of the line is run
        // here (said once; the caret's column is the rest's).
        var line = typed
        var unwrapped: String?
        if let rest = Self.withoutProgramName(typed) {
            line = rest
            if !saidProgramName {
                saidProgramName = true
                unwrapped = session.engine.localized("note.programName")
            }
        }
        let outcome = session.run(.text(line))
        var reply = outcome.reply
        if let unwrapped { reply.lines.insert(.assumption(unwrapped), at: 0) }
        reply.lines.removeAll { line in
            switch line {
            case .source(let text):
                if text == shownSource { return true }
                shownSource = text
                return false
            case .assumption(let text):
                // Said the first time in a session, not under every result.
                return !saidAssumptions.insert(text)
            default:
                return false
            }
        }
        renderer.width = columns
        let (out, err) = renderer.render(reply, input: line, caretIndent: indent, localized: session.engine.localized)
        output.write(out)
        output.writeError(err)
        return outcome.effects.contains(.quit)
    }

    /// `refresh`: waits with a spinner until done; Ctrl-C cancels and keeps the table, as do
    /// SIGTERM and SIGHUP (after which the shell saves and ends).
    private func waitWithProgress(_ operation: RefreshOperation) -> RefreshResult {
        _ = Signals.takeInterrupt()
        operation.start()
        let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        var label = session.engine.localized("rates.fetching", RateReport.order(session.rates.plan.providers, session.engine.localized))
        // One row only, so that “\r” and erase-to-end-of-line remove it all.
        let room = (Platform.terminalColumns() ?? 80) - 3
        if DisplayWidth.of(label) > room { label = String(label.prefix(max(1, room - 1))) + "…" }
        var frame = 0
        let animate = !plain && Platform.environment["TERM"] != "dumb"
        if !animate { output.write(label + " …\n") }
        while true {
            if animate {
                output.write(TerminalOutput.replacingLine("\(frames[frame % frames.count]) \(label)"))
                frame += 1
            }
            if Signals.takeInterrupt() || Signals.termination != 0 { operation.cancel() }
            if let result = operation.wait(until: .now() + 0.1) {
                if animate { output.write(TerminalOutput.replacingLine("")) }
                return result
            }
        }
    }
}
