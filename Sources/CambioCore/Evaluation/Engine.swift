import Foundation

/// The one evaluator of every mode (the shell, the live preview, one-shot commands, pipes):
/// (state, line) → (new state, reply, effects), as a pipeline.
///
///     recognise ─► repair ─► parse ─► evaluate ─► reply
///
/// A line of a shape read before (`LineShape`) goes straight to its conversion or calculation
/// with its own amounts; any other is mended where it is written otherwise than the grammar
/// reads (`InputRepair`), parsed (`Parser`, commands by their declarations), and evaluated: a
/// query by the converter or the calculator (on a day by `DatedLines`), a command by its
/// handler (`CommandTable`). A line that fails leaves the state as it was and replies with the
/// error. What only the program around it can do, it asks of the host (`SessionHost`). The
/// engine owns the per-locale caches (names, formats, shapes) and does no I/O.
public final class Engine {
    public let configuration: EngineConfiguration
    public var locale: LocaleSettings { configuration.locale }
    public let catalog: CurrencyCatalog
    public let formatter: MoneyFormatter
    public let amountParser: AmountParser
    /// The interface's sentences in the user's language.
    public let localized: Localization
    public let resolver: Resolver
    public var directory: CurrencyDirectory { resolver.directory }
    /// Every table the program holds, which every line asks for its rates (shared by every
    /// engine of a process).
    public let store: RateStore
    let converter: Converter
    let calculator: Calculator
    let dates: DatedLines
    let banks: BankLines
    let repair: InputRepair

    /// The commands the parser reads.
    public static let grammar = CommandTable.grammar

    /// An engine whose current rates are `table` alone (the bundled history answers days).
    public convenience init(locale: LocaleSettings, table: RateTable, catalog: CurrencyCatalog = .bundled) {
        self.init(configuration: EngineConfiguration(locale: locale), store: RateStore(table: table), catalog: catalog)
    }

    /// The same with a configuration.
    public convenience init(configuration: EngineConfiguration, table: RateTable, catalog: CurrencyCatalog = .bundled) {
        self.init(configuration: configuration, store: RateStore(table: table), catalog: catalog)
    }

    public init(configuration: EngineConfiguration, store: RateStore, catalog: CurrencyCatalog = .bundled) {
        let locale = configuration.locale
        self.configuration = configuration
        self.catalog = catalog
        self.store = store
        // Amounts are written with the separators they are read with (`MoneyFormatter`).
        formatter = MoneyFormatter(localeID: locale.money, numbers: locale.numbers)
        amountParser = AmountParser(conventions: formatter.conventions)
        writesLakhs = locale.numbers.hasSuffix("_IN")
        var localized = Localization(localeID: locale.messages)
        localized.decimalSeparator = amountParser.conventions.decimalSeparator
        self.localized = localized
        let regionCurrency = locale.regionCurrency
        // The region of `de_DE`, `ga_IE`, `sr_Latn_RS`: two capitals after the language.
        let region = locale.money.split(separator: "_").dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isUppercase) }.map(String.init)
        let directory = CurrencyDirectory(
            catalog: catalog, codes: store.codes, languageID: locale.messages, regionCurrency: regionCurrency,
            regionFormerCurrency: region.flatMap(LegacyEuro.currency(ofRegion:)), joiningWords: Parser.joiners,
            historical: Set(store.history.codes))
        resolver = Resolver(directory: directory, amountParser: amountParser, formatter: formatter, localized: localized, store: store)
        dates = DatedLines(store: store, localized: localized, locale: locale)
        banks = BankLines(store: store, localized: localized, dates: dates)
        converter = Converter(
            formatter: formatter, localized: localized, catalog: catalog, store: store, dates: dates, banks: banks,
            showsDetails: configuration.showsDetails)
        calculator = Calculator(
            resolver: resolver, converter: converter, formatter: formatter, localized: localized, showsDetails: configuration.showsDetails)
        repair = InputRepair(amountParser: amountParser, formatter: formatter, localized: localized)
        work = LineContext(
            state: SessionState(base: .eur, recent: [], locale: locale), reply: Reply(), effects: [], now: Date(), dated: nil, typed: "",
            keepsRecords: configuration.keepsRecords, host: SilentHost(locale: locale))
    }

    /// Whether the locale's numbers are India's, where `₹5L` is five lakh (read once: the
    /// parser asks on every line it reads).
    let writesLakhs: Bool

    lazy var previewHost = SilentHost(locale: locale)

    /// The longest line evaluated (bytes); a longer one is an error, in every mode.
    public static let lineLimit = 65_536

    /// Evaluates one line against a session's state, changing it in place: the one evaluation
    /// of every mode (the shell, the preview, one-shot commands, pipes, a document's rows).
    /// `host`: what the session can do (`nil`: nothing, as for the preview); `records`: whether
    /// the reply carries records and its one value (`nil`: as the configuration says).
    ///
    /// The reply shares its storage with the engine's until the next line, which then reuses it
    /// when the caller has let go of the reply, and copies nothing when it has not.
    public func evaluate(
        _ line: LineInput, state: inout SessionState, now: Date = Date(), host: (any SessionHost)? = nil, records: Bool? = nil
    ) -> LineResult {
        // The session's state is moved into the engine's working line and back: neither it nor
        // the reply's storage is copied or allocated anew.
        swap(&work.state, &state)
        work.reply.clear()
        work.effects = []
        work.now = now
        // The same host line after line: stored only when it changes (a reference counted
        // and another given up, on every line of a pipe).
        let host = host ?? previewHost
        if work.host !== host { work.host = host }
        work.keepsRecords = records ?? configuration.keepsRecords
        switch line {
        case .text(let text): evaluate(text, &work)
        case .utf8(let bytes): evaluate(utf8: bytes, text: nil, &work)
        case .row(let row): evaluate(row, &work)
        }
        swap(&work.state, &state)
        return LineResult(reply: work.reply, effects: work.effects)
    }

    /// The line every evaluation works on (its state lent by the session).
    var work: LineContext

    /// A comment's text as a record carries it: trimmed, at most `labelLimit` characters, made
    /// visible by the sanitiser (it is the user's text, but records reach terminals).
    static func label(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces()
        return trimmed.isEmpty ? nil : Sanitiser.visible(trimmed.prefix(labelLimit))
    }

    /// The longest label kept (characters).
    static let labelLimit = 500

    /// Evaluates a line given as text.
    func evaluate(_ line: String, _ context: inout LineContext) {
        var bytes = line
        bytes.withUTF8 { evaluate(utf8: $0, text: line, &context) }
    }

    /// Evaluates a line: what stands before its `# comment`, which is its label. `text`: the
    /// line as a `String`, when the caller has one.
    func evaluate(utf8 line: UnsafeBufferPointer<UInt8>, text: String?, _ context: inout LineContext) {
        guard let hash = Comment.start(line) else {
            evaluate(code: line, text: text, &context)
            return
        }
        evaluate(code: UnsafeBufferPointer(rebasing: line[..<hash]), text: nil, &context)
        context.reply.label = Self.label(String(decoding: UnsafeBufferPointer(rebasing: line[(hash + 1)...]), as: UTF8.self))
    }

    /// Evaluates a line without its comment: recognised by its shape, or mended, parsed and
    /// run, and then taught to the recogniser.
    private func evaluate(code bytes: UnsafeBufferPointer<UInt8>, text: String?, _ context: inout LineContext) {
        let tooLong = bytes.count > Self.lineLimit
        // A line of a shape read before goes straight to the conversion with its own amount.
        // A rule or a pinned central bank answers through the parser's reading alone.
        var learning: LineShape?
        if !tooLong, configuration.recognisesShapes, BankLines.sessionChoice(context.state) == nil {
            switch recogniser.recognise(bytes) {
            case .known(let shape, let entry): if evaluate(bytes, shape, as: entry.reading, &context) { return }
            case .worthKeeping(let shape): learning = shape
            case .unknown: break
            }
        }
        // Invalid UTF-8 becomes U+FFFD, which the tokenizer reports with its column.
        let line = text ?? String(decoding: bytes, as: UTF8.self)
        context.typed = line
        guard !tooLong else {
            fail(&context, CommandError(.lineTooLong(limit: Self.lineLimit), at: nil))
            return
        }
        let (read, slashes) = repair.decimalSlashesRead(repair.spaceGroupsJoined(line))
        switch parse(read) {
        case .failure(let error):
            fail(&context, repair.pastedResult(line, Self.grammar) ?? error)
        case .success(let command):
            // A conversion changes the state only once it has succeeded (the recogniser relies
            // on it too): it keeps no copy, which the state's first change would then have to
            // copy again, list of recent currencies and all.
            let saved: SessionState?
            if case .convert = command { saved = nil } else { saved = context.state }
            do throws(CommandError) {
                try run(command, &context)
            } catch {
                if let saved { context.state = saved }
                context.reply.clear()
                context.effects = []
                fail(&context, error)
                return
            }
            // A line read otherwise than typed (decimal slashes) has no shape to keep: its bytes
            // are not the reading.
            if !slashes.isEmpty {
                context.reply.lines.insert(contentsOf: slashes.map { .assumption($0) }, at: 0)
            } else if let learning, let reading = reading(of: command, learning, in: bytes) {
                recogniser.teach(learning, bytes, reading)
            }
        }
    }

    func fail(_ context: inout LineContext, _ error: CommandError) {
        context.reply.lines = [.error(error, message: Messages.describe(error, localized: localized, name: directory.name))]
    }

    /// Evaluates a parsed line: a query, a dated one, or a command.
    func run(_ command: Command, _ context: inout LineContext) throws(CommandError) {
        // While a rule is set (`rule pl`) or a central bank pinned (`source nbp`), a line that
        // takes rates takes the rule's or the bank's.
        if context.dated == nil, let choice = BankLines.sessionChoice(context.state), BankLines.takesRates(command) {
            try banks.run(command, choice, at: nil, self, &context)
            return
        }
        switch command {
        case .empty:
            break
        case .convert(let amount, let from, let to):
            try convert(amount, from: from, to: to, &context)
        case .calculate(let expression, let targets, let adjust):
            try calculator.calculate(expression, targets: targets, adjust: adjust, &context)
        case .dated(let inner, let date):
            try dates.run(inner, date, self, &context)
        case .averaged(let inner, let period):
            try dates.runAverage(inner, period, self, &context)
        case .atRate(let inner, let clause):
            try BankRate.run(inner, clause, self, &context)
        case .chosen(let inner, let reference):
            try banks.run(inner, try banks.choice(reference, host: context.host), at: reference.range, self, &context)
        case .run(let invocation):
            try CommandTable.run(invocation, self, &context)
        }
    }

    /// `12 eur in usd`, `eur in usd`, `EURUSD`, `1500`: an amount converted, or a rate shown.
    private func convert(
        _ amountReference: AmountReference?, from fromReference: CurrencyReference?, to toReferences: [CurrencyReference],
        _ context: inout LineContext
    ) throws(CommandError) {
        var notes: [String] = []
        let parsed = try amountReference.map { (reference) throws(CommandError) in try resolver.amount(reference, notes: &notes) }
        // `EURUSD`: a pair written as one word, asked for its rate.
        if parsed == nil, toReferences.isEmpty, let fromReference, let (from, to) = resolver.pair(fromReference) {
            try converter.showRates(from: from, targets: [to], notes: notes, &context)
            return
        }
        let conversion: ResolvedConversion
        do throws(CommandError) {
            conversion = try resolve(fromReference, toReferences)
        } catch  where parsed == nil && toReferences.isEmpty {
            // Only the source was resolved: a word that is no currency may be a command mistyped.
            throw fromReference.flatMap { resolver.nearlyACommand($0, Self.grammar) } ?? error
        }
        guard let parsed else {
            try converter.showRates(
                from: conversion.from ?? context.state.base, targets: conversion.targets, notes: notes + conversion.notes, &context)
            return
        }
        try converter.convert(parsed.exact, conversion, notes: notes, &context)
    }

    /// The currencies of a conversion: its source, when one is written, and its targets, with
    /// what was taken in reading them.
    func resolve(_ from: CurrencyReference?, _ targets: [CurrencyReference]) throws(CommandError) -> ResolvedConversion {
        var conversion = ResolvedConversion(from: nil, targets: [], notes: [])
        conversion.from = try from.map { (reference) throws(CommandError) in try resolver.currency(reference, notes: &conversion.notes) }
        conversion.targets = try resolver.targets(targets, notes: &conversion.notes)
        return conversion
    }

    // MARK: Shapes

    /// The shapes of conversion lines read so far (`LineShape`).
    var recogniser = LineRecogniser()
    /// Lines evaluated through their shape (tests check that most are).
    var shapeHits = 0
}
