import CambioCore
import CambioRates
import Foundation
import Glibc

/// Wires the engine, the files and the terminal together for the three ways Cambio runs:
/// the interactive shell, one command from the arguments, and lines from a pipe.
public struct App {
    public static let version = "0.1.0"
    /// The date of this version, for the man page.
    public static let releaseDate = "2026-11-30"

    /// A usage error in the interface's language.
    static func describe(_ error: Options.UsageError, _ localized: Localization) -> String {
        switch error.kind {
        case .unknownOption(let option):
            localized("usage.unknownOption", Sanitiser.quoted(option))
        case .missingValue(let option, let placeholder):
            localized("usage.missingValue", option, Help.synopsis(placeholder, localized))
        case .invalidValue(let option, let value, let allowed):
            localized("usage.invalidValue", option, Messages.alternatives(allowed, localized), Sanitiser.quoted(value))
        }
    }

    private let environment: [String: String]
    private var store: Store

    public init(environment: [String: String] = Platform.environment) {
        self.environment = environment
        // Until the config file is read, messages follow the environment.
        let localized = Localization(localeID: LocaleSettings.resolve(environment: environment, override: environment["CAMBIO_LOCALE"]).messages)
        store = Store(paths: Paths(environment: environment, home: Platform.homeDirectory), localized: localized)
    }

    /// Runs with the process's arguments (without the program name); returns the exit status.
    /// Writes what the program says about itself: a write that fails (a full disk, a closed
    /// output) is said and fails the run, as results do; a reader that left early does not.
    private func emit(_ text: String, _ output: TerminalOutput, _ localized: Localization) -> Int32 {
        output.deliver(Array(text.utf8), localized) == .failed ? ExitStatus.failed : ExitStatus.success
    }

    public mutating func run(_ arguments: [String]) -> Int32 {
        let early = store.localized
        // Messages before the mode is known are plain text; the modes make their own output.
        let plainOutput = TerminalOutput(color: false)
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            plainOutput.complain(Self.describe(error, early))
            return ExitStatus.usage
        }
        // What the program says about itself follows --locale too.
        var about = options.locale.flatMap { LocaleSettings.chosen($0) }.map { Localization(localeID: $0) } ?? early
        if options.showHelp {
            // Examples are written with the decimal mark of the locale that reads amounts.
            let numbers =
                options.locale.flatMap { LocaleSettings.chosen($0) }
                ?? LocaleSettings.resolve(environment: environment, override: environment["CAMBIO_LOCALE"]).numbers
            about.decimalSeparator = NumberConventions(localeID: numbers).decimalSeparator
            return emit(Usage.text(about, seedDate: SeedTableDecoder.bundledDate), plainOutput, about)
        }
        if options.showVersion {
            let seedSource = (try? SeedTableDecoder.bundled().source.id) ?? "?"
            let line = about("version.line", Self.version, SeedTableDecoder.bundledDate, seedSource, ICUVersion.icu, ICUVersion.cldr)
            return emit(line + "\n", plainOutput, about)
        }
        if options.showManual {
            return emit(
                ManPage.roff(about, version: Self.version, date: Self.releaseDate, seedDate: SeedTableDecoder.bundledDate), plainOutput, about)
        }
        if let shell = options.completion {
            return emit(CompletionScript.script(for: shell, about), plainOutput, about)
        }
        store.loadLocaleFacts()
        let interactive = options.input == nil && options.words.isEmpty && Platform.isTerminal(STDIN_FILENO)
        let warn: (String) -> Void = { plainOutput.writeError(early("warning", $0) + "\n") }

        let settings = store.loadSettings(warn: warn)
        let rates = RateController(
            environment: environment, settings: settings, offline: options.offline, paths: store.paths, localized: early,
            warn: warn)
        // Every table held, read when a line first needs it.
        let rateStore = RateStore()
        rates.fill(rateStore, early)
        let override = options.locale ?? environment["CAMBIO_LOCALE"].flatMap { $0.isEmpty ? nil : $0 } ?? settings.locale
        if let requested = options.locale ?? environment["CAMBIO_LOCALE"], !requested.isEmpty,
            LocaleSettings.chosen(requested).map(LocaleSettings.isKnown) != true
        {
            plainOutput.complain(early("usage.unknownLocale", Sanitiser.quoted(requested)))
            return ExitStatus.usage
        }
        let locale = LocaleSettings.resolve(environment: environment, override: override)
        // The base is the one saved, else CAMBIO_BASE, else the currency of the money locale's
        // region (USD in en_US, INR in en_IN), else the euro: a bare amount is in the user's
        // own money. A neutral locale (C, POSIX, nothing set) names no region.
        var fromEnvironment: CurrencyCode?
        if let raw = environment["CAMBIO_BASE"], !raw.isEmpty {
            if let code = CurrencyCode(raw.uppercased()), rateStore.codes.contains(code) {
                fromEnvironment = code
            } else {
                warn(early("warning.baseUnknown", Sanitiser.quoted(raw)))
            }
        }
        let moneyNamed = override != nil || LocaleSettings.namesMoneyLocale(environment)
        let regional = moneyNamed ? locale.regionCurrency.flatMap { rateStore.codes.contains($0) ? $0 : nil } : nil
        var base = settings.base ?? fromEnvironment ?? regional ?? .eur
        if !rateStore.codes.contains(base) {
            warn(early("warning.baseMissing", base.rawValue))
            base = .eur
        }
        var state = SessionState(base: base, recent: store.loadRecent(warn: warn), locale: locale, pinnedSource: rates.chosen?.rawValue)
        state.fee = settings.fee.map(\.ofPercent)
        state.pins = settings.pins
        if let rounding = settings.rounding { state.rounding = rounding }
        // Documents are books' figures: the currency's minor units unless the user said.
        if options.input != nil, settings.rounding == nil { state.rounding = .minor }
        if let complaint = Self.apply(options, to: &state, early) {
            plainOutput.complain(complaint)
            return ExitStatus.usage
        }
        let color = !options.plain && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        let stdoutIsTerminal = Platform.isTerminal(STDOUT_FILENO)
        var configuration = EngineConfiguration(locale: locale)
        var renderer = ReplyRenderer(forTerminal: stdoutIsTerminal && !options.plain, output: TerminalOutput(color: color && stdoutIsTerminal))
        if !interactive {
            if renderer.forTerminal { renderer.width = Platform.terminalColumns() }
            configuration.showsDetails = renderer.forTerminal
            // `--max-age` reads each result's rate day from its conversion record.
            configuration.keepsRecords = options.format != .text || (options.maxAge ?? settings.maxAgeDays) != nil
            configuration.wantsSeries = options.format != .text
            configuration.chartColumns = renderer.width ?? 80
        }
        let engine = Engine(configuration: configuration, store: rateStore)
        store.localized = engine.localized
        let session = Session(
            store: store, engine: engine, state: state, settings: settings, rates: rates, environment: environment,
            saveEachLine: interactive, persists: interactive || options.save)
        session.baseFromRegion = settings.base == nil && fromEnvironment == nil && regional != nil && base == regional
        if interactive {
            let output = TerminalOutput(color: color)
            session.output = output
            return InteractiveShell(session: session, output: output, plain: options.plain).run()
        }
        session.output = renderer.output
        if options.input != nil {
            // Signals become flags (the runner installs them): a table stops between rows.
            if options.refresh { BatchRunner(session: session, renderer: renderer).refreshBeforeDocument() } else { Signals.install() }
            let status = DocumentRunner.run(options, session: session, output: renderer.output, maxAge: options.maxAge ?? settings.maxAgeDays)
            return status == ExitStatus.success && session.refreshFailed ? ExitStatus.refreshFailed : status
        }
        // `cambio prices … --format ledger` (or csv): the price file's syntax, not records.
        let isPrices = options.words.first?.lowercased() == "prices"
        let runner = BatchRunner(
            session: session, renderer: renderer, format: isPrices && options.priceSyntax != nil ? .text : options.format,
            lineBuffered: options.lineBuffered || stdoutIsTerminal)
        runner.maxAge = options.maxAge ?? settings.maxAgeDays
        if options.refresh { runner.refreshNow() }
        if !options.words.isEmpty {
            var words = options.words
            // `cambio prices eur usd 2024 --format ledger`: the syntax is the command's.
            if let syntax = options.priceSyntax, OutputFormat(rawValue: syntax) == nil || isPrices {
                guard isPrices else {
                    plainOutput.complain(early("usage.priceFormat", syntax))
                    return ExitStatus.usage
                }
                words += ["format", syntax]
            }
            // Joined word by word: the generic `joined(separator:)` costs a one-shot command
            // a tenth of its time in the runtime's first look at its types.
            var line = ""
            for (index, word) in words.enumerated() {
                if index > 0 { line += " " }
                line += word
            }
            return runner.runOne(line)
        }
        return runner.runLines()
    }

    /// The options that set the session's state for a run (`--round`, `--rule`, `--source`),
    /// applied; the complaint for one that cannot be, or `nil`.
    private static func apply(_ options: Options, to state: inout SessionState, _ early: Localization) -> String? {
        if let text = options.rounding {
            guard let rounding = Rounding(setting: text, keeping: state.rounding) else {
                return early("error.badRounding", Sanitiser.quoted(text))
            }
            state.rounding = rounding
        }
        if options.rule != nil, options.source != nil {
            return early("error.ruleAndSource")
        }
        if let id = options.rule {
            guard let rule = TaxRule.named(id) else {
                return early("error.bank.unknownRule", Sanitiser.quoted(id), TaxRule.all.map(\.id).joined(separator: ", "))
            }
            state.rule = rule.id
        }
        if let name = options.source {
            let providers = Provider.allCases.map(\.rawValue)
            guard let id = Banks.named(name)?.id ?? Provider(name: name)?.rawValue else {
                return early("error.bank.unknownSource", Sanitiser.quoted(name), (providers + Banks.all.map(\.id)).joined(separator: ", "))
            }
            state.pinnedSource = id
        }
        return nil
    }
}
