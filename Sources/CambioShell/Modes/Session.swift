import CambioCore
import CambioFiles
import CambioRates
import Foundation

/// One running session, whatever its mode: evaluates lines, carries out their effects
/// (settings, recent currencies, a new locale or tables), and is the host the engine asks for
/// what only the program can do (`SessionHost`): refresh, choose a provider, switch the
/// preview, fetch a day's rates, say what it knows for `status`.
final class Session {
    private(set) var store: Store
    private(set) var engine: Engine
    private(set) var state: SessionState
    /// The central bank `source` pinned (`source nbp`), for `source`'s listing: kept apart from
    /// the state, which a line being evaluated has lent out.
    private var pinnedBank: String?
    private var settings: Settings
    /// True when no base is saved and the base is the region's currency (the banner says so).
    var baseFromRegion = false
    let rates: RateController
    /// The environment the locale was resolved from, for `locale default`.
    private let environment: [String: String]
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

    /// How a refresh the user asked for is waited on: the shell shows progress and lets
    /// Ctrl-C cancel it; a script waits, and a signal cancels it.
    /// Asked while a dated line's rates are fetched: true cancels the fetch (a signal arrived).
    /// Each mode says what a signal means to it.
    var stopRequested: () -> Bool = { false }
    var waitForRefresh: (RefreshOperation) -> RefreshResult = { operation in
        operation.start()
        while true {
            if Signals.stopRequest() != nil { operation.cancel() }
            if let result = operation.wait(until: .now() + 0.05) { return result }
        }
    }

    init(
        store: Store, engine: Engine, state: SessionState, settings: Settings, rates: RateController, environment: [String: String],
        saveEachLine: Bool, persists: Bool = true
    ) {
        self.persists = persists
        self.store = store
        self.engine = engine
        self.state = state
        pinnedBank = state.pinnedSource.flatMap { Banks.named($0)?.id }
        self.settings = settings
        self.rates = rates
        self.environment = environment
        self.saveEachLine = saveEachLine
    }

    /// Where warnings go (the output layer); the modes set it.
    var output = TerminalOutput(color: false)

    func warn(_ message: String) { output.writeError(engine.localized("warning", message) + "\n") }

    /// The engine's configuration changed (the terminal's width for a chart): the engine is
    /// rebuilt with it.
    func configure(_ change: (inout EngineConfiguration) -> Void) {
        var configuration = engine.configuration
        change(&configuration)
        guard configuration != engine.configuration else { return }
        engine = engine.with(configuration)
    }

    /// Evaluates a line (typed, or a pipe's bytes) and carries out its effects.
    func run(_ line: LineInput, now: Date = Date()) -> LineResult {
        let result = engine.evaluate(line, state: &state, now: now, host: self)
        settle(result.effects)
        return result
    }

    /// Converts a table row by row with this session's engine, state and host (`DocumentRunner`).
    func convert(_ input: DocumentInput, _ options: DocumentConverter.Options, now: Date, sink: DocumentConverter.Sink) throws(DocumentConverter
        .Failure) -> DocumentConverter.Output
    {
        try DocumentConverter(engine: engine).convert(input, options, state: &state, now: now, host: self, sink: sink)
    }

    private func change(_ key: String, _ value: String?) {
        configChanges.removeAll { $0.key == key }
        configChanges.append((key, value))
    }

    /// Carries out a line's effects.
    private func settle(_ effects: Effects) {
        guard !effects.isEmpty else {
            // A setting the host changed (`preview off`, `source ecb`) is saved with the line.
            if saveEachLine, !configChanges.isEmpty { save() }
            return
        }
        if effects.contains(.saveRecent) {
            recentChanged = true
            // After `recent clear` the file is replaced, not merged with what is on disk. Only
            // that command empties the list, and it is a setting change: a conversion's line
            // does not read the list here (a copy of it, retained and released, on every line).
            if effects.contains(.settingChanged), state.recent.isEmpty { recentCleared = true }
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
            settings.fee = state.fee.map(\.percent)
            change("fee", settings.fee.map { $0.decimalText().text })
        }
        if effects.contains(.pinsChanged) {
            settings.pins = state.pins
            change("pins", state.pins.isEmpty ? nil : PinnedPair.text(state.pins))
        }
        if effects.contains(.roundingChanged) {
            settings.rounding = state.rounding.isShown ? nil : state.rounding
            change("round", settings.rounding?.description)
        }
        if effects.contains(.localeChanged) || effects.contains(.tableChanged) {
            var configuration = engine.configuration
            configuration.locale = state.locale
            engine = engine.with(configuration)
            store.localized = engine.localized
            rates.noteCurrent(in: engine.store)
        }
        if saveEachLine { save() }
    }

    /// Whether the shell shows results while typing.
    var previewEnabled: Bool { settings.preview ?? true }

    /// Set when a setting or the recent currencies could not be written (said as a warning):
    /// a script that asked for `--save` fails.
    private(set) var saveFailed = false

    /// Set when a refresh the user asked for got no new table: the results come from the table
    /// in use, and the exit status of a script says so.
    private(set) var refreshFailed = false

    /// Writes what changed.
    func save() {
        store.saveLocaleFacts()
        if persists, recentChanged, !store.saveRecent(state.recent, replacing: recentCleared, warn: warn) { saveFailed = true }
        recentCleared = false
        if persists, !store.saveConfig(configChanges, warn: warn) { saveFailed = true }
        recentChanged = false
        configChanges = []
    }

    /// Adds a newly fetched table to the store (a background refresh, between lines): the
    /// pairs it quotes use it from the next line on.
    func adopt(_ table: RateTable) {
        engine.store.add(table)
        engine = engine.with()
        rates.noteCurrent(in: engine.store)
    }

    /// The newest table the session's lines use (what a failed refresh keeps using). The
    /// provider chosen is the source pinned; the state is not read, as a line may be changing it.
    var newestTable: RateTable? { engine.currentRates(pinned: rates.chosen?.rawValue).newest }

    /// What a refresh result says: the new table's source and day as a note, or why there is
    /// none as a warning; the cache's problem is said at once.
    func report(_ result: RefreshResult) -> [Reply.Line] {
        if let problem = result.cacheProblem { warn(engine.localized("warning.cacheWrite", problem.path, problem.reason)) }
        guard let table = result.table else {
            let text = RateReport.failed(result, current: newestTable, engine: engine)
            return [result.cancelled ? .note(text) : .warning(text)]
        }
        return [.note(RateReport.updated(table, engine.localized))]
    }

    /// Fetches rates now, waiting for them as the mode does.
    func refreshNow() -> RefreshReport {
        let result = waitForRefresh(rates.foregroundOperation())
        if result.table == nil, !result.cancelled { refreshFailed = true }
        return RefreshReport(lines: report(result), table: result.table)
    }

    // MARK: Dated rates

    /// What the session could not fetch, so that a ledger of dated lines does not ask again
    /// (and wait again) on every line.
    private var failedNeeds: Set<HistoryNeed> = []
    /// The ECB's 90-day file fetched in this run, on that UTC day: fetched again it says nothing
    /// new, so a day it does not cover is not asked for again.
    private var ecbFetchedOn: Day?
    /// The day the ECB's 90-day file was refused or failed: one file serves every day asked, so
    /// a refusal holds for all of them (it was asked again for each new day).
    private var ecbFailedOn: Day?
    /// Set when a fetch of dated rates could not reach its host: no further line waits on it.
    private var historyUnreachable = false
    /// Set once the run has said that fetched history cannot be cached.
    private var saidHistoryCacheFailed = false

    /// Says, once a run, that fetched history cannot be cached (it is used until the program ends).
    private func historyCacheFailed(_ failure: AtomicFile.Failure) {
        guard !saidHistoryCacheFailed else { return }
        saidHistoryCacheFailed = true
        warn(engine.localized("warning.historyCacheWrite", failure.path, failure.reason))
    }
}

extension Session: SessionHost {
    var providerNames: [String] { Provider.allCases.map(\.rawValue) + Banks.all.map(\.id) }

    func refresh() -> RefreshReport { refreshNow() }

    func source(_ name: String?) throws(CommandError) -> SourceChoice {
        let localized = engine.localized
        guard let name else { return SourceChoice(lines: RateReport.sources(chosen: rates.chosen, pinned: pinnedBank, localized), chosen: nil) }
        // A central bank: its rates answer every line of this session (its table of the day,
        // or the last before it), fetched as lines need them.
        if let bank = Banks.named(name) {
            pinnedBank = bank.id
            return SourceChoice(lines: [.result(localized("source.chosen", bank.name))], chosen: (bank.id, bank.name))
        }
        pinnedBank = nil
        let chosen: Provider?
        if name.lowercased() == "auto" {
            chosen = nil
        } else if let provider = Provider(name: name) {
            chosen = provider
        } else {
            throw CommandError(.unknownProvider(name, known: Provider.allCases.map(\.rawValue) + Banks.all.map(\.id)), at: nil)
        }
        rates.choose(chosen)
        // The shell fetches from the new provider in the background; scripts only when asked.
        if saveEachLine { rates.startIfDue() }
        settings.source = chosen
        change("source", chosen?.rawValue)
        let label = chosen?.displayName ?? localized("source.defaultOrder", RateReport.order(Provider.defaultOrder, localized))
        return SourceChoice(lines: [.result(localized("source.chosen", label))], chosen: chosen.map { ($0.rawValue, $0.displayName) })
    }

    func preview(_ on: Bool?) -> Bool {
        if let on {
            settings.preview = on
            change("preview", on ? "on" : "off")
        }
        return previewEnabled
    }

    /// Fetches the rates a dated line needs (the ECB's newer days, or a day's snapshot). Only an
    /// answer (a 404 for a day without a snapshot) leaves the host worth asking again.
    func fetch(_ need: HistoryNeed) -> HistoryFetch {
        guard !rates.isOffline, !historyUnreachable, !failedNeeds.contains(need) else { return .unavailable }
        let fetcher = rates.historyFetcher
        let outcome: Result<Void, FetchError>
        switch need {
        case .ecb:
            let today = Day.utc(Date())
            guard ecbFetchedOn != today, ecbFailedOn != today else { return .unavailable }
            let fetched = fetcher.fetchECB(into: engine.store, cacheFailed: historyCacheFailed, stop: stopRequested)
            if case .success(let kept) = fetched {
                ecbFetchedOn = today
                if let first = kept.first {
                    warn(engine.localized("warning.publishedDaysKept", first.iso, String(kept.count)))
                }
            }
            if case .failure(let error) = fetched, error != .cancelled { ecbFailedOn = today }
            outcome = fetched.map { _ in () }
        case .snapshot(let day):
            outcome = fetcher.fetchSnapshot(day, into: engine.store, cacheFailed: historyCacheFailed, stop: stopRequested).map { _ in () }
        case .bank(let id, let series, let day):
            guard let bank = Banks.named(id) else { return .unavailable }
            outcome = fetcher.fetchBank(bank, series: series, day: day, into: engine.store, cacheFailed: historyCacheFailed, stop: stopRequested)
        }
        guard case .failure(let error) = outcome else { return .fetched }
        // A fetch the user cancelled may be asked for again.
        if error == .cancelled { return .failed(error.message(engine.localized)) }
        failedNeeds.insert(need)
        switch error {
        case .httpStatus, .invalidResponse: break
        default: historyUnreachable = true
        }
        return .failed(error.message(engine.localized))
    }

    func statusFacts(now: Date, _ localized: Localization) -> (rates: [Fact], files: [Fact]) {
        let paths = store.paths
        return (
            rates.statusFacts(now: now, localized),
            [
                Fact("config", localized("status.config"), paths.configFile), Fact("history", localized("status.history"), paths.historyFile),
                Fact("recent_file", localized("status.recentFile"), paths.recentFile),
            ]
        )
    }

    func environmentLocale() -> LocaleSettings { LocaleSettings.resolve(environment: environment, override: nil) }
}
