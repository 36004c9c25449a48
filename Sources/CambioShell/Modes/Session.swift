import CambioCore
import CambioFiles
import CambioRates
import Foundation

/// One running session, whatever its mode: evaluates lines, carries out their effects
/// (settings, recent currencies, locale, provider) and swaps in new rate tables.
final class Session {
    private(set) var store: Store
    private(set) var engine: Engine
    private(set) var state: SessionState
    private var settings: Settings
    let rates: RateController
    /// Write files after every line (the shell) or once at the end (pipes, one-shot).
    let saveEachLine: Bool
    /// Whether setting changes and recent currencies are written at all: the shell does; a
    /// script or pipe does only with `--save`, so that it never moves the user's base, locale
    /// or recents (its own changes apply to its own run).
    let persists: Bool
    private var recentChanged = false
    private var recentCleared = false
    /// The config keys this session changed and their new values (`nil`: removed), saved into
    /// the file as it is then: only what the user changed is written, never what an option or
    /// the environment chose for this run (`--locale`), and never over another shell's change.
    private var configChanges: [(key: String, value: String?)] = []

    private func change(_ key: String, _ value: String?) {
        configChanges.removeAll { $0.key == key }
        configChanges.append((key, value))
    }

    init(
        store: Store, engine: Engine, state: SessionState, settings: Settings, rates: RateController, saveEachLine: Bool,
        persists: Bool = true
    ) {
        self.persists = persists
        self.store = store
        self.engine = engine
        self.state = state
        self.settings = settings
        self.rates = rates
        self.saveEachLine = saveEachLine
    }

    /// Where warnings go (the output layer); the modes set it.
    var output = TerminalOutput(color: false)

    func warn(_ message: String) { output.writeError(engine.localized("warning", message) + "\n") }

    /// Evaluates a line and carries out its effects; requests (`refresh`, `source`) are left
    /// to the caller, which knows how to show progress.
    func evaluate(_ line: String) -> LineResult {
        settle(engine.evaluate(line, state: &state))
    }

    /// Evaluates a pipe's line. Its reply stays in the engine (`engine.reply`) when the line
    /// asked for no work and left the engine as it was; otherwise it is returned.
    func runInPlace(utf8 line: UnsafeBufferPointer<UInt8>, now: Date, refresh: () -> Void) -> (effects: Effects, result: LineResult?) {
        let (effects, request) = engine.evaluateInPlace(utf8: line, state: &state, now: now)
        guard request != nil || effects.contains(.localeChanged) else {
            settle(effects)
            return (effects, nil)
        }
        let reply = engine.withReply { $0 }
        let result = handle(
            settle(LineResult(reply: reply, effects: effects, request: request)), line: String(decoding: line, as: UTF8.self),
            refresh: refresh)
        return (result.effects, result)
    }

    /// Carries out a line's effects.
    private func settle(_ outcome: LineResult) -> LineResult {
        settle(outcome.effects)
        return outcome
    }

    private func settle(_ effects: Effects) {
        if effects.contains(.saveRecent) {
            recentChanged = true
            // After `recent clear` the file is replaced, not merged with what is on disk.
            if state.recent.isEmpty { recentCleared = true }
        }
        if effects.contains(.baseChanged) {
            settings.base = state.base
            change("base", state.base.rawValue)
        }
        if effects.contains(.localeChanged) {
            settings.locale = state.locale.override
            change("locale", state.locale.override)
        }
        if effects.contains(.feeChanged) {
            settings.fee = state.fee.map { $0 * Rational(100) }
            change("fee", settings.fee.map { $0.decimalText().text })
        }
        if effects.contains(.localeChanged) {
            engine = engine.rebuilt(locale: state.locale, table: state.table)
            store.localized = engine.localized
        }
        if saveEachLine { save() }
    }

    /// Whether the shell shows results while typing.
    var previewEnabled: Bool { settings.preview ?? true }

    /// Set when a setting or the recent currencies could not be written (said as a warning):
    /// a script that asked for `--save` fails.
    private(set) var saveFailed = false

    /// Writes what changed.
    func save() {
        store.saveLocaleFacts()
        if persists, recentChanged, !store.saveRecent(state.recent, replacing: recentCleared, warn: warn) { saveFailed = true }
        recentCleared = false
        if persists, !store.saveConfig(configChanges, warn: warn) { saveFailed = true }
        recentChanged = false
        configChanges = []
    }

    /// Uses a newly fetched table from now on.
    func adopt(_ table: RateTable) {
        state.table = table
        engine = engine.rebuilt(locale: state.locale, table: table)
        rates.noteCurrent(table)
    }

    /// The lines a refresh result gives, after adopting its table if there is one.
    func report(_ result: RefreshResult) -> (notes: [String], warnings: [String]) {
        var warnings: [String] = []
        if let problem = result.cacheProblem {
            warnings.append(engine.localized("warning.cacheWrite", problem.path, problem.reason))
        }
        guard let table = result.table else {
            return ([RateReport.failed(result, current: state.table, engine: engine)], warnings)
        }
        adopt(table)
        return ([RateReport.updated(table, engine.localized)], warnings)
    }

    /// Evaluates a line and carries out a `source` request; a `refresh` request is handed to
    /// `refresh`, which the caller implements with or without progress.
    func run(_ line: String, refresh: () -> Void) -> LineResult {
        handle(evaluate(line), line: line, refresh: refresh)
    }

    /// Does the work a line asks of the session (`refresh`, `source`, `preview`).
    private func handle(_ result: LineResult, line: @autoclosure () -> String, refresh: () -> Void) -> LineResult {
        guard result.request != nil else { return result }
        var outcome = result
        switch outcome.request {
        case .refresh:
            refresh()
        case .preview(let on):
            if let on {
                settings.preview = on
                change("preview", on ? "on" : "off")
                if saveEachLine { save() }
            }
            let state = previewEnabled ? engine.localized("preview.on") : engine.localized("preview.off")
            // Asked (`preview`), it is the answer, in every mode; set, a note.
            let text = engine.localized("note.preview", state)
            outcome.reply.lines.append(on == nil ? .result(text) : .note(text))
        case .source(let name):
            switch source(name) {
            case .success(let lines):
                outcome.reply.lines += lines.map { .result($0) }
                // Results keep coming from the table in use until the chosen provider's rates
                // arrive: say whose they are, in every mode.
                if let chosen = rates.chosen, chosen.rawValue != state.table.source.id {
                    outcome.reply.lines.append(
                        .assumption(
                            engine.localized(
                                "source.notYet", chosen.displayName, state.table.source.id,
                                state.table.source.isBundledSeed
                                    ? engine.localized("source.bundledOn", state.table.date) : state.table.date)))
                }
            case .failure(let error):
                outcome.reply.lines.append(
                    .error(error, message: Messages.describe(error, localized: engine.localized, name: engine.directory.name)))
            }
        case .fetchHistory(let need):
            outcome = fetchHistory(need, result: outcome, line: line())
        case nil:
            break
        }
        return outcome
    }

    /// What the session could not fetch, so that a ledger of dated lines does not ask again
    /// (and wait again) on every line.
    private var failedNeeds: Set<Engine.HistoryNeed> = []
    /// Set when a fetch of dated rates could not reach its host: no further line waits on it.
    private var historyUnreachable = false
    /// Set once the run has said that fetched history cannot be cached.
    private var saidHistoryCacheFailed = false

    /// Fetches the rates a dated line needs (the ECB's newer days, or a day's snapshot), then
    /// evaluates the line again. Offline, or when the fetch fails, the line's error stands,
    /// with the reason added.
    private func fetchHistory(_ need: Engine.HistoryNeed, result: LineResult, line: String) -> LineResult {
        guard !rates.isOffline, !historyUnreachable else { return result }
        let fetcher = rates.historyFetcher
        var failure: FetchError?
        func attempt(_ need: Engine.HistoryNeed) {
            guard !failedNeeds.contains(need) else { return }
            let outcome: Result<Void, FetchError>
            switch need {
            case .ecb: outcome = fetcher.fetchECB(into: engine.history, cacheFailed: historyCacheFailed)
            case .snapshot(let day):
                outcome = fetcher.fetchSnapshot(day, into: engine.history, cacheFailed: historyCacheFailed).map { _ in () }
            }
            if case .failure(let error) = outcome {
                failure = error
                failedNeeds.insert(need)
                // Only an answer (a 404 for a day without a snapshot) leaves the host worth asking.
                if case .httpStatus = error {} else if case .invalidResponse = error {} else { historyUnreachable = true }
            }
        }
        attempt(need)
        guard failure == nil || !historyUnreachable else {
            return withReason(result, failure)
        }
        var again = evaluate(line)
        // Still not there (a day between the bundle and the ECB's last 90 days, or a
        // currency the ECB lacks): that day's snapshot, or what the line asks for next.
        if case .fetchHistory(let next)? = again.request, next != need || failure == nil {
            let fallback: Engine.HistoryNeed
            if case .ecb(let day) = next { fallback = .snapshot(day) } else { fallback = next }
            if fallback != need {
                attempt(fallback)
                again = evaluate(line)
            }
        }
        return withReason(again, failure)
    }

    /// Says, once a run, that fetched history cannot be cached (it is used until the program ends).
    private func historyCacheFailed(_ failure: AtomicFile.Failure) {
        guard !saidHistoryCacheFailed else { return }
        saidHistoryCacheFailed = true
        warn(engine.localized("warning.historyCacheWrite", failure.path, failure.reason))
    }

    /// The line's error with why the fetch failed added.
    private func withReason(_ result: LineResult, _ failure: FetchError?) -> LineResult {
        var result = result
        result.request = nil
        if let failure {
            let reason = engine.localized("history.fetchFailed", failure.message(engine.localized))
            result.reply.lines = result.reply.lines.map { line in
                if case .error(let error, let message) = line { return .error(error, message: message + " " + reason) }
                return line
            }
        }
        return result
    }

    /// `source`, `source NAME`, `source auto`: the lines to show, or an error.
    func source(_ name: String?) -> Result<[String], CommandError> {
        guard let name else { return .success(RateReport.sources(chosen: rates.chosen, engine.localized)) }
        let chosen: Provider?
        if name.lowercased() == "auto" {
            chosen = nil
        } else if let provider = Provider(name: name) {
            chosen = provider
        } else {
            return .failure(CommandError(.unknownProvider(name, known: Provider.allCases.map(\.rawValue)), at: nil))
        }
        rates.choose(chosen)
        // The shell fetches from the new provider in the background; scripts only when asked.
        if saveEachLine { rates.startIfDue() }
        settings.source = chosen
        change("source", chosen?.rawValue)
        if saveEachLine { save() }
        let label = chosen?.displayName ?? engine.localized("source.defaultOrder", RateReport.order(Provider.defaultOrder, engine.localized))
        return .success([engine.localized("source.chosen", label)])
    }
}
