import Foundation

/// Evaluates command lines: (state, line) → (new state, reply, effects). It owns the
/// per-locale caches (formatter, parser, names) and does no I/O.
public final class Engine {
    public let catalog: CurrencyCatalog
    public let locale: LocaleSettings
    public let formatter: MoneyFormatter
    public let amountParser: AmountParser
    public let directory: CurrencyDirectory
    /// The environment the locale was resolved from, for `locale default`.
    public let environment: [String: String]
    public let files: SessionFiles?
    /// The interface's sentences in the user's language.
    public let localized: Localization
    /// Whether results carry the rate beside them; pipes and scripts, which never show it,
    /// turn this off and save the formatting.
    public var showsDetails = true
    /// Whether replies carry their conversions as data (`Reply.conversions`, for `--format
    /// json|tsv`); a pipe of text turns this off and saves building them.
    public var keepsRecords = true
    /// The rate providers' names, for completing `source` (the rates layer knows them).
    public var providerNames: [String] = []
    /// Lines the shell adds to `status` (provider settings, next refresh, cache file).
    public var statusExtras: () -> [(String, String)] = { [] }

    /// Currencies shown for a bare amount before the user has any recent ones.
    static let defaultTargets = ["USD", "EUR", "GBP", "JPY", "CHF"].compactMap(CurrencyCode.init)

    public init(
        locale: LocaleSettings, table: RateTable, environment: [String: String] = [:], files: SessionFiles? = nil,
        catalog: CurrencyCatalog = .bundled
    ) {
        self.catalog = catalog
        self.locale = locale
        self.environment = environment
        self.files = files
        formatter = MoneyFormatter(localeID: locale.money)
        amountParser = AmountParser(
            conventions: locale.numbers == locale.money ? formatter.conventions : NumberConventions(localeID: locale.numbers))
        var localized = Localization(localeID: locale.messages)
        localized.decimalSeparator = amountParser.conventions.decimalSeparator
        self.localized = localized
        let regionCurrency = CurrencyCode(
            LocaleFacts.shared.value("region-currency \(locale.money)") {
                let region = Locale(identifier: locale.money).region.map { Locale(identifier: "und_\($0.identifier)") }
                return region?.currency?.identifier ?? ""
            })
        // The region of `de_DE`, `ga_IE`, `sr_Latn_RS`: two capitals after the language.
        let region = locale.money.split(separator: "_").dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isUppercase) }.map(String.init)
        directory = CurrencyDirectory(
            catalog: catalog, codes: table.codes, languageID: locale.messages, regionCurrency: regionCurrency,
            regionFormerCurrency: region.flatMap(LegacyEuro.currency(ofRegion:)))
        currentTable = table
        work = Outcome(state: SessionState(base: .eur, recent: [], locale: locale, table: table), reply: Reply(), effects: [])
    }

    /// The rate history every dated line reads (shared by every engine of a process).
    public var history = HistoryLibrary.shared
    /// The day a dated line is being evaluated for, and the table it uses.
    var datedLine: (table: RateTable, asked: Day, used: Day)?
    /// Columns a chart may use (the shell sets the terminal's width).
    public var chartColumns = 80
    /// Whether a chart gives its series as records (`--format json|tsv`).
    public var wantsSeries = false
    var dateReaderCache: DateReader?
    var weekdayNamesCache: [String]?

    /// The table the engine was made for (its currencies are the directory's).
    private let currentTable: RateTable

    /// The same engine for another locale or table (the names and formats are rebuilt).
    public func rebuilt(locale: LocaleSettings, table: RateTable) -> Engine {
        let engine = Engine(locale: locale, table: table, environment: environment, files: files, catalog: catalog)
        engine.statusExtras = statusExtras
        engine.showsDetails = showsDetails
        engine.keepsRecords = keepsRecords
        engine.providerNames = providerNames
        engine.history = history
        engine.chartColumns = chartColumns
        engine.wantsSeries = wantsSeries
        return engine
    }

    /// The result of the line being typed, when it is already a complete conversion into one
    /// currency: `= 14,291 $`. It is the line evaluated as Enter would evaluate it, with its
    /// effects dropped (the state is a copy, nothing is written); `nil` when that evaluation
    /// fails or gives anything but one conversion.
    public func preview(_ line: String, in state: SessionState) -> String? {
        guard line.count <= 200 else { return nil }
        let kept = keepsRecords
        keepsRecords = true
        defer { keepsRecords = kept }
        let outcome = evaluate(line, in: state)
        guard !outcome.reply.failed, let money = outcome.reply.value else { return nil }
        return "= " + (money.currency.map { formatter.format(money.value, $0) } ?? formatter.formatNumber(money.value))
    }

    /// The longest line evaluated (bytes); a longer one is an error, in every mode.
    public static let lineLimit = 65_536

    /// Evaluates one line: the new state, the reply and the effects.
    public func evaluate(_ line: String, in state: SessionState, now: Date = Date()) -> Outcome {
        var outcome = Outcome(state: state, reply: Reply(), effects: [])
        evaluate(line, &outcome, now: now)
        return outcome
    }

    /// Evaluates one line against a session's state, changing it in place: the one evaluation
    /// every mode uses, without copying the state twice a line.
    public func evaluate(_ line: String, state: inout SessionState, now: Date = Date()) -> LineResult {
        let (effects, request) = lend(&state) { outcome in evaluate(line, &outcome, now: now) }
        return LineResult(reply: work.reply, effects: effects, request: request)
    }

    /// The same for a line given as UTF-8 bytes (a pipe's line), leaving the reply in the
    /// engine (`reply`, valid until the next line), where a pipe renders it without copying it.
    /// A line of a known shape is evaluated from its bytes; any other is decoded (invalid UTF-8
    /// becoming U+FFFD, which the tokenizer reports with its column) and evaluated as a
    /// `String`.
    public func evaluateInPlace(utf8 line: UnsafeBufferPointer<UInt8>, state: inout SessionState, now: Date = Date())
        -> (effects: Effects, request: ShellRequest?)
    {
        lend(&state) { outcome in
            if line.count > Self.lineLimit || !recognised(line, &outcome, now: now) {
                evaluate(String(decoding: line, as: UTF8.self), &outcome, now: now)
            }
        }
    }

    /// Gives the reply of the last line evaluated in place to `body`, without copying it (lent
    /// in place, which a plain argument read from the engine's property would not be).
    public func withReply<T>(_ body: (inout Reply) throws -> T) rethrows -> T {
        try body(&work.reply)
    }

    /// Runs an evaluation on the engine's working outcome with the session's state moved into
    /// it and back: neither the state nor the reply's storage is copied or allocated anew.
    @inline(__always) private func lend(_ state: inout SessionState, _ body: (inout Outcome) -> Void) -> (effects: Effects, request: ShellRequest?) {
        swap(&work.state, &state)
        work.reply.clear()
        work.effects = []
        work.request = nil
        body(&work)
        swap(&work.state, &state)
        return (work.effects, work.request)
    }

    /// The outcome every line is evaluated into (its state lent by the session).
    private var work: Outcome

    private func evaluate(_ line: String, _ outcome: inout Outcome, now: Date) {
        typedLine = line
        guard line.utf8.count <= Self.lineLimit else {
            fail(&outcome, CommandError(.lineTooLong(limit: Self.lineLimit), at: nil))
            return
        }
        // A line of a shape read before goes straight to the conversion with its own amount.
        var text = line
        if text.withUTF8({ bytes in recognised(bytes, &outcome, now: now) }) { return }
        defer { candidate = nil }
        let (read, slashes) = decimalSlashesRead(spaceGroupsJoined(line))
        // A line read otherwise than typed has no shape to keep: its bytes are not the reading.
        if !slashes.isEmpty { candidate = nil }
        switch Parser.parse(read) {
        case .failure(let error):
            fail(&outcome, pastedResult(line) ?? error)
        case .success(let command):
            let saved = outcome.state
            do {
                try run(command, &outcome, now: now)
                if !slashes.isEmpty { outcome.reply.lines.insert(contentsOf: slashes.map { .assumption($0) }, at: 0) }
            } catch let error as CommandError {
                outcome.state = saved
                outcome.effects = []
                outcome.reply = Reply()
                fail(&outcome, error)
            } catch {
                fail(&outcome, CommandError(.expected(.endOfLine, found: nil), at: nil))
            }
        }
    }

    /// The line being evaluated, for records that quote it (a line recognised by its shape
    /// sets it only when records are kept).
    private var typedLine = ""

    /// The shapes of conversion lines read so far (`LineShape`).
    private var shapes = ShapeTable()
    /// The shape of the line being evaluated when it is new: its run of digits and the bytes
    /// around it, kept if the line turns out to be a conversion of that amount.
    var candidate: (shape: LineShape, context: [UInt8], runs: [String])?
    /// Whether lines are recognised by their shape (tests compare with and without).
    public var recognisesShapes = true
    /// Lines evaluated through their shape (tests check that most are).
    private(set) var shapeHits = 0

    /// Evaluates a line whose shape is known into `outcome`; false (and `outcome` as it was)
    /// for a new shape or an amount that does not read: the full path then reads the line
    /// and says what is wrong.
    private func recognised(_ bytes: UnsafeBufferPointer<UInt8>, _ outcome: inout Outcome, now: Date) -> Bool {
        guard recognisesShapes, let shape = LineShape(bytes) else { return false }
        guard let entry = shapes.lookup(shape, in: bytes) else {
            candidate = (shape, shape.context(bytes), shape.texts(bytes))
            return false
        }
        do {
            switch entry.reading {
            case .conversion(let sign, let conversion):
                guard shape.count == 1 else { return false }
                let digits = UnsafeBufferPointer(rebasing: bytes[shape.run])
                // The conversion changes the state only once it has succeeded.
                var value = Rational.zero
                var notes: [String] = []
                if !amountParser.readPlain(sign: sign, digits: digits, into: &value) {
                    guard case .success(let amount) = amountParser.parse(sign: sign, digits: digits) else { return false }
                    if amount.separatorReadAsDecimal { notes.append(readAsNote(sign + String(decoding: digits, as: UTF8.self), amount)) }
                    value = amount.exact
                }
                try convert(value, conversion, notes: notes, &outcome, now: now)
            case .calculation(let calculation):
                if keepsRecords { typedLine = String(decoding: bytes, as: UTF8.self) }
                guard case .calculate(let expression, let targets, let adjust) = calculation.command, calculation.signs.count == shape.count
                else { return false }
                var texts = zip(calculation.signs, shape.texts(bytes)).map { $0 + $1 }.makeIterator()
                let newExpression = expression.replacingAmounts(&texts)
                let newAdjust = adjust.map { Adjustment(subtract: $0.subtract, percent: $0.percent.replacingAmounts(&texts), range: $0.range) }
                try calculate(newExpression, targets: targets, adjust: newAdjust, &outcome, now: now)
            }
        } catch {
            outcome.reply = Reply()
            return false
        }
        shapeHits &+= 1
        return true
    }

    /// A result line typed back whole (`€12.500 = $14.291`, copied from the screen): the
    /// error names the line that converts again, rather than a currency missing after `=`.
    private func pastedResult(_ line: String) -> CommandError? {
        let parts = line.components(separatedBy: " = ")
        guard parts.count == 2,
            case .success(.convert(_?, _, let fromTargets)) = Parser.parse(spaceGroupsJoined(parts[0])), fromTargets.isEmpty,
            case .success(.convert(let amount?, let to, let toTargets)) = Parser.parse(spaceGroupsJoined(parts[1])), toTargets.isEmpty,
            let currency = amount.symbol ?? to
        else { return nil }
        let conversion = parts[0].trimmingCharacters(in: .whitespaces) + " in " + currency.text
        return CommandError(.pastedResult(conversion: conversion), at: parts[0].count + 1..<line.count)
    }

    /// In a locale that groups digits with a space (fr_FR: a narrow no-break space), an
    /// ordinary space typed between groups is read as that grouping space where it can only
    /// be one: digits, one space, exactly three digits, and no digit after (`1 234,5`). Two
    /// numbers in a row mean nothing else, and every character keeps its column.
    func spaceGroupsJoined(_ line: String) -> String {
        guard let grouping = amountParser.conventions.groupingSeparator, grouping.isWhitespace, line.contains(" ") else { return line }
        let primary = amountParser.conventions.primaryGroupSize
        var characters = Array(line)
        var changed = false
        for index in characters.indices where characters[index] == " " {
            guard index > 0, characters[index - 1].isASCII, characters[index - 1].isNumber else { continue }
            // The digits before: a whole group of 1…3 digits (or a group after another).
            var start = index - 1
            while start > 0, characters[start - 1].isASCII, characters[start - 1].isNumber { start -= 1 }
            guard index - start <= primary, start == 0 || !characters[start - 1].isLetter else { continue }
            var end = index + 1
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            guard end - index - 1 == primary else { continue }
            characters[index] = grouping
            changed = true
        }
        return changed ? String(characters) : line
    }

    /// Persian writes the decimal point as a slash (`۱۲/۵` is 12.5), and a slash is division
    /// everywhere else: in a Persian locale a slash between two digits with no space around it
    /// is read as the decimal separator, and the reply says so (division is `۱۲ ÷ ۵`, or the
    /// slash with spaces). Every character keeps its column.
    func decimalSlashesRead(_ line: String) -> (String, [String]) {
        guard amountParser.conventions.localeID.hasPrefix("fa"), line.contains("/") else { return (line, []) }
        var characters = Array(line)
        var notes: [String] = []
        for index in characters.indices.dropFirst().dropLast() where characters[index] == "/" {
            guard characters[index - 1].isNumber, characters[index + 1].isNumber else { continue }
            characters[index] = "\u{066B}"
            var start = index - 1
            while start > 0, characters[start - 1].isNumber { start -= 1 }
            var end = index + 1
            while end + 1 < characters.count, characters[end + 1].isNumber { end += 1 }
            let typed = String(characters[start...end]).replacingOccurrences(of: "\u{066B}", with: "/")
            let value = amountParser.parse(String(characters[start...end]))
            if case .success(let amount) = value {
                notes.append(localized("note.decimalSlash", Messages.quoted(typed), formatter.formatNumberGiven(amount.exact)))
            }
        }
        return (notes.isEmpty ? line : String(characters), notes)
    }

    private func fail(_ outcome: inout Outcome, _ error: CommandError) {
        outcome.reply.lines = [.error(error, message: Messages.describe(error, localized: localized, name: directory.name))]
    }

    func run(_ command: Command, _ outcome: inout Outcome, now: Date) throws {
        switch command {
        case .empty:
            break
        case .convert(let amountReference, let fromReference, let toReferences):
            var notes: [String] = []
            var parsed: ParsedAmount?
            if let amountReference {
                parsed = try parseAmount(amountReference, notes: &notes)
            }
            // `EURUSD`: a pair written as one word, asked for its rate.
            if parsed == nil, toReferences.isEmpty, let fromReference, let (from, to) = pair(fromReference) {
                try showRates(from: from, targets: [to], notes: notes, &outcome, now: now)
                return
            }
            var conversion = ResolvedConversion(from: nil, targets: [], notes: [])
            conversion.from = try fromReference.map { reference in
                do {
                    return try resolve(reference, notes: &conversion.notes)
                } catch let error where parsed == nil && toReferences.isEmpty {
                    throw nearlyACommand(reference) ?? error
                }
            }
            conversion.targets = try toReferences.flatMap { try resolveTargets($0, notes: &conversion.notes) }
            guard let parsed, let amountReference else {
                try showRates(
                    from: conversion.from ?? outcome.state.base, targets: conversion.targets, notes: notes + conversion.notes,
                    &outcome, now: now)
                return
            }
            // The line's shape, when its one run of digits is this amount, reads the same
            // for every amount: later lines of it need no parsing.
            if let candidate, candidate.runs.count == 1, let sign = Self.sign(of: amountReference.text, digits: candidate.runs[0]) {
                shapes.remember(candidate.shape, context: candidate.context, .conversion(sign: sign, conversion))
            }
            try convert(parsed.exact, conversion, notes: notes, &outcome, now: now)
        case .swap:
            guard let last = outcome.state.last, let first = last.to.first else {
                throw CommandError(.nothingToSwap, at: nil)
            }
            // After a dated line, the other way round with the rates of the same day.
            if let day = last.day, datedLine == nil {
                try dated(.swap, on: day, at: nil, &outcome, now: now)
                return
            }
            // After a line into several currencies, say which pair is swapped.
            let notes = last.to.count > 1 ? [localized("note.swapped", first.rawValue, last.from.rawValue)] : []
            if let amount = last.amount {
                try show(amount, from: first, targets: [last.from], notes: notes, &outcome, now: now)
            } else {
                try showRates(from: first, targets: [last.from], notes: notes, &outcome, now: now)
            }
        case .calculate(let expression, let targets, let adjust):
            // Its shape, when its runs of digits are its amounts in order, reads the same for
            // any amounts.
            if let candidate {
                let amounts = expression.amounts + (adjust?.percent.amounts ?? [])
                if amounts.count == candidate.runs.count {
                    let signs = zip(amounts, candidate.runs).compactMap { Self.sign(of: $0.text, digits: $1) }
                    if signs.count == amounts.count {
                        shapes.remember(candidate.shape, context: candidate.context, .calculation(ShapeTable.Calculation(command, signs: signs)))
                    }
                }
            }
            try calculate(expression, targets: targets, adjust: adjust, &outcome, now: now)
        case .dated(let inner, let date):
            candidate = nil
            try dated(inner, date, &outcome, now: now)
        case .chart(let argument, let range):
            try chart(argument, range: range, &outcome, now: now)
        case .fee(let argument, let range):
            try setFee(argument, range: range, &outcome)
        case .base(let reference):
            guard let reference else {
                let base = outcome.state.base
                outcome.reply.lines.append(.result("\(base) (\(directory.name(of: base)))"))
                outcome.reply.records.append(Record("base", [("code", .text(base.rawValue)), ("name", .text(directory.name(of: base)))]))
                return
            }
            var notes: [String] = []
            let code = try resolve(reference, notes: &notes)
            outcome.state.base = code
            outcome.effects.formUnion([.saveConfig, .baseChanged])
            outcome.reply.lines += notes.map { .assumption($0) }
            outcome.reply.lines.append(.note(localized("note.base", code.rawValue, directory.name(of: code))))
            outcome.reply.records.append(Record("base", [("code", .text(code.rawValue)), ("name", .text(directory.name(of: code)))]))
        case .recent(let clear):
            if clear {
                outcome.state.recent = []
                outcome.effects.insert(.saveRecent)
                outcome.reply.lines.append(.note(localized("note.recentCleared")))
            } else if outcome.state.recent.isEmpty {
                outcome.reply.lines.append(.note(localized("note.noRecent")))
            } else {
                outcome.reply.lines += currencyRows(outcome.state.recent, minorUnits: false)
                outcome.reply.records += currencyRecords(outcome.state.recent)
            }
        case .list(let filter):
            try list(filter: filter, &outcome)
        case .rates(let references):
            var notes: [String] = []
            let codes = try references.map { try resolve($0, notes: &notes) }
            rates(codes, notes: notes, &outcome, now: now)
        case .locale(let argument, let range):
            try setLocale(argument, range: range, &outcome)
        case .status:
            status(&outcome, now: now)
        case .refresh:
            outcome.request = .refresh
        case .source(let name):
            outcome.request = .source(name)
        case .preview(let on):
            outcome.request = .preview(on)
        case .help(let topic):
            try outcome.reply.lines += Help.lines(topic: topic, localized, dateLocale: locale.numbers).map { .result($0) }
        case .quit:
            outcome.effects.insert(.quit)
        }
    }

    // MARK: Conversions and rates

    /// Converts an amount as a line resolved it.
    private func convert(
        _ amount: Rational, _ conversion: ResolvedConversion, notes: [String], _ outcome: inout Outcome, now: Date
    ) throws {
        try show(
            amount, from: conversion.from ?? outcome.state.base, targets: conversion.targets,
            notes: notes.isEmpty ? conversion.notes : conversion.notes.isEmpty ? notes : notes + conversion.notes, &outcome, now: now)
    }

    /// The currencies a conversion or rate query goes into: each named once (`usd, dollars`
    /// is one), or the recent currencies (from the base) or the base when none is named.
    private func targets(_ requested: [CurrencyCode], from: CurrencyCode, _ state: SessionState) -> [CurrencyCode] {
        if requested.count > 1 {
            var seen: Set<CurrencyCode> = []
            return requested.filter { seen.insert($0).inserted }
        }
        if requested.isEmpty { return from == state.base ? recentTargets(excluding: from, state) : [state.base] }
        return requested
    }

    /// Refuses a result too long to be typed back: every amount shown reads back, and the
    /// amount reader takes `AmountParser.digitLimit` significant digits, three of them after
    /// the point (and one more for a fee's figure). Only a conversion of an amount of over a
    /// thousand digits comes near; a calculation stops at 4,096 bits, well below.
    private func readable(_ value: Rational) throws {
        // Below 2^4000 a value has at most 1,205 digits: one subtraction for every line.
        guard value.numerator.bitWidth - value.denominator.bitWidth > 4000 else { return }
        if let magnitude = value.decimalMagnitude, magnitude + 1 > AmountParser.digitLimit - 4 {
            throw CommandError(.arithmetic(.tooLong(limit: AmountParser.digitLimit)), at: nil)
        }
    }

    /// The rate between two currencies of the table, or the error naming the one it lacks.
    private func requiredRate(_ table: RateTable, from: CurrencyCode, to target: CurrencyCode) throws -> Rational {
        guard let rate = rate(table, from: from, to: target) else {
            let missing = table.contains(from) ? target : from
            // A withdrawn currency (TRL) has rates only in the history, until it was withdrawn.
            if datedLine == nil, let name = catalog.withdrawnName(missing), let last = history.bundled.lastDay(of: missing) {
                throw CommandError(.withdrawnCurrency(missing, name: name, last: last), at: nil)
            }
            throw CommandError(.currencyNotInTable(missing, table: describe(table, missing: missing)), at: nil)
        }
        return rate
    }

    /// An amount converted into each target: one result line each (with the rate beside it
    /// on a terminal), the first result as `ans`, and the conversion as the one `swap` reverses.
    private func show(
        _ amount: Rational, from: CurrencyCode, targets requested: [CurrencyCode], notes: [String], _ outcome: inout Outcome, now: Date
    ) throws {
        let targets = targets(requested, from: from, outcome.state)
        let table = outcome.state.table
        outcome.reply.lines.reserveCapacity(notes.count + targets.count + 1)
        for note in notes { outcome.reply.lines.append(.assumption(note)) }
        var answer = Rational.zero
        for (index, target) in targets.enumerated() {
            let rate = try requiredRate(table, from: from, to: target)
            let result = amount * rate
            try readable(result)
            // The rate is only shown beside results; a pipe does without it (and the division).
            var detail: String?
            if showsDetails {
                let inverse = table.rate(from: target, to: from) ?? .zero
                detail = rate >= .one || inverse < .one
                    ? "\(formatter.unit(from)) = \(formatter.formatRate(rate, target))"
                    : "\(formatter.unit(target)) = \(formatter.formatRate(inverse, from))"
            }
            resultLine.removeAll(keepingCapacity: true)
            formatter.writeGiven(amount, from, into: &resultLine)
            resultLine.append(contentsOf: Self.equals)
            formatter.write(result, target, into: &resultLine)
            let fee = from != target && outcome.state.hasFee ? outcome.state.fee : nil
            if let fee { resultLine += feeSuffix(result * (.one + fee), target, fee).utf8 }
            outcome.reply.lines.append(.result(resultLine.withUnsafeBufferPointer(ResultText.init(utf8:)), detail: detail))
            if index == 0 {
                answer = result
                // The one result, for the preview (which keeps records).
                if keepsRecords, targets.count == 1, from != target { outcome.reply.value = Money(result, target) }
            }
            if keepsRecords {
                var conversion = Conversion(
                    amount: amount.decimal, from: from, to: target, rate: rate, result: result, date: table.date,
                    source: table.source.id)
                if let fee { conversion.charge(fee, giving: result * (.one + fee)) }
                conversion.exactAmount = amount
                outcome.reply.conversions.append(conversion)
            }
        }
        // The table's date and source, for a terminal (a pipe shows results only).
        if showsDetails { outcome.reply.lines.append(.source(tableNote(table, now: now))) }
        // The first result is `ans`; the conversion is the one `swap` reverses.
        if let first = targets.first {
            outcome.state.setLast(amount, from: from, to: targets, day: datedLine?.asked, answer: answer, in: first)
        }
        if outcome.state.use(from, then: targets) { outcome.effects.insert(.saveRecent) }
    }

    /// The rate of `from` in each target, both ways (`EURUSD`, `eur in usd` without an amount).
    private func showRates(
        from: CurrencyCode, targets requested: [CurrencyCode], notes: [String], _ outcome: inout Outcome, now: Date
    ) throws {
        let targets = targets(requested, from: from, outcome.state)
        let table = outcome.state.table
        for note in notes { outcome.reply.lines.append(.assumption(note)) }
        for target in targets {
            let rate = try requiredRate(table, from: from, to: target)
            let inverse = table.rate(from: target, to: from) ?? .zero
            outcome.reply.lines.append(
                .result(
                    "\(formatter.unit(from)) = \(formatter.formatRate(rate, target))",
                    detail: "\(formatter.unit(target)) = \(formatter.formatRate(inverse, from))"))
            outcome.reply.records.append(
                .rate(from: from, to: target, rate: rate, inverse: inverse, date: table.date, source: table.source.id))
        }
        if showsDetails { outcome.reply.lines.append(.source(tableNote(table, now: now))) }
        outcome.state.setLastRates(from: from, to: targets, day: datedLine?.asked)
        if outcome.state.use(from, then: targets) { outcome.effects.insert(.saveRecent) }
    }

    /// ` (14,541 $ with the 1,75 % fee)`: `charged`, the result with the fee, beside it.
    private func feeSuffix(_ charged: Rational, _ code: CurrencyCode, _ fee: Rational) -> String {
        " (" + localized("note.feeResult", formatter.format(charged, code), percentText(fee)) + ")"
    }

    /// `fee 1,75 %` or `no fee`, for `fee` and after setting it.
    private func feeNote(_ fee: Rational?) -> String {
        fee.map { localized("note.fee", percentText($0)) } ?? localized("note.feeOff")
    }

    /// The fee in percent as a plain decimal (`1.75`, `0` for none), for records.
    private static func feePercent(_ fee: Rational?) -> String {
        ((fee ?? .zero) * Rational(100)).decimalText().text
    }

    /// A fraction as a percentage in the locale: `1,75 %`.
    private func percentText(_ fraction: Rational) -> String {
        formatter.formatPercentNumber(fraction * Rational(100)) + " %"
    }

    // MARK: Arithmetic

    /// A calculated value: an exact number, with a currency when it is money, or a percentage.
    private struct Quantity {
        var value: Rational
        var currency: CurrencyCode?
        var isPercent = false
        /// The value as written back in the reply (`12,500 €`, `3`, `15 %`, `(…)`).
        var text = ""
        /// While a fee is charged (`charging`): the value in the charged currency with the fee
        /// on every amount converted into it (money), or the value again (a number).
        var charged = Rational.zero
    }

    /// The largest numerator or denominator kept (bits); a calculation past it stops.
    static let bitLimit = 4096

    /// While set, a calculation is evaluated a second time for the figure with the card fee:
    /// every amount of money (typed, `ans`, or given a currency) that is not in `target` is
    /// counted at its rate into `target` plus the fee, once, however the line reaches it;
    /// money already in `target` is counted as it is. `charged` records whether any amount was.
    private var charging: (target: CurrencyCode, fee: Rational, charged: Bool)?

    /// The calculation's value with the card fee, in `target`: the fee rule (README, "A card
    /// fee") is that a card charges its fee on each amount converted from one currency into
    /// another, once, and never on money already in the target currency; a part that is
    /// subtracted counts with its fee as well (`€100 − $50` is €100 less what the $50 cost).
    /// `nil` when nothing is converted (no fee applies) or the value is no money.
    private func chargedValue(_ expression: Expression, factor: Rational, into target: CurrencyCode, fee: Rational, _ state: SessionState)
        throws -> Rational?
    {
        charging = (target, fee, false)
        defer { charging = nil }
        var ignoredNotes: [String] = []
        var ignoredParts: [Conversion] = []
        let value = try quantity(expression, state, notes: &ignoredNotes, parts: &ignoredParts)
        guard !value.isPercent else { return nil }
        // A calculation of plain numbers converted is an amount in the base currency.
        let charged = value.currency == nil ? try chargedLeaf(value.value, state.base, state) : value.charged
        guard charging?.charged == true else { return nil }
        return charged * factor
    }

    /// An amount of money as charged into the target (`charging`).
    private func chargedLeaf(_ value: Rational, _ currency: CurrencyCode?, _ state: SessionState) throws -> Rational {
        guard let currency, let charge = charging else { return value }
        guard currency != charge.target else { return value }
        charging?.charged = true
        return value * (try requiredRate(state.table, from: currency, to: charge.target)) * (.one + charge.fee)
    }

    private func calculate(
        _ typed: Expression, targets references: [CurrencyReference], adjust: Adjustment?, _ outcome: inout Outcome, now: Date
    ) throws {
        var notes: [String] = []
        var parts: [Conversion] = []
        let state = outcome.state
        // One amount in parentheses and nothing else (`(€12.50)`, `(12.50 eur) in usd`) is how
        // accounts and bank statements write a negative amount: read so, and said. Parentheses
        // around a calculation, or before the currency (`(12) eur`), group as always.
        var expression = typed
        var accounting = false
        if case .group(let inner) = typed, case .amount(let amount, _, _) = inner, amount.text.first.map({ !"-−+".contains($0) }) ?? false {
            expression = .negate(inner, range: typed.range.lowerBound..<typed.range.lowerBound + 1)
            accounting = true
        }
        var total = try quantity(expression, state, notes: &notes, parts: &parts)
        if accounting { notes.append(localized("note.accounting", Messages.quoted("(" + total.text.dropFirst() + ")"))) }
        if total.isPercent { throw CommandError(.arithmetic(.percentAlone), at: expression.range) }
        let targets = try references.flatMap { try resolveTargets($0, notes: &notes) }
        let base = state.base
        // One amount written another way (`12k eur`, `1,5 Mio. jpy`, `(12) eur`, `- 12 eur`) and
        // no target: the same as the amount written out, converted into the base currency or
        // the recent ones.
        if targets.isEmpty, adjust == nil, expression.isOneAmount {
            try show(total.value, from: total.currency ?? base, targets: [], notes: notes, &outcome, now: now)
            return
        }
        // A calculation of plain numbers converted into a target is in the base currency: the
        // line shows that amount, as a bare amount would (`3 × 12,5 in usd`: `37,500 € = …`).
        var echo = total.currency == nil && !targets.isEmpty ? formatter.formatGiven(total.value, base) : total.text
        // `+ 2 %` after the targets: applied before converting (the same, exactly), so that a
        // record's amount times its rate is its result.
        var factor = Rational.one
        if let adjust {
            let percent = try quantity(adjust.percent, state, notes: &notes, parts: &parts)
            factor = adjust.subtract ? .one - percent.value : .one + percent.value
            echo += (adjust.subtract ? " − " : " + ") + percent.text
            total.value = total.value * factor
        }
        let fee = state.hasFee ? state.fee : nil
        outcome.reply.lines += notes.map { .assumption($0) }
        // The parts converted inside the calculation, shown beside it (not in pipes).
        if showsDetails {
            for part in parts {
                outcome.reply.lines.append(
                    .note(
                        localized(
                            "note.part", formatter.formatGiven(part.exactAmount ?? .zero, part.from), formatter.format(part.result, part.to))))
            }
        }
        if keepsRecords {
            for var part in parts {
                part.isPart = true
                outcome.reply.conversions.append(part)
            }
        }
        let table = state.table
        let from = total.currency ?? base
        guard !targets.isEmpty else {
            // The value itself: money in its currency, or a plain number; money in another
            // currency than the base is also shown in the base, as a bare amount is.
            let value = total.value
            try readable(value)
            var shown = total.currency.map { formatter.format(value, $0) } ?? formatter.formatNumber(value)
            var charged: Rational?
            if let fee, let currency = total.currency {
                charged = try chargedValue(expression, factor: factor, into: currency, fee: fee, state)
                if let charged { shown += feeSuffix(charged, currency, fee) }
            }
            outcome.reply.lines.append(.result(echo + " = " + shown))
            outcome.state.answer = (value, total.currency ?? base)
            outcome.reply.value = Money(value, total.currency)
            if keepsRecords { outcome.reply.records.append(expressionRecord(echo, value, total.currency, fee: fee, charged: charged)) }
            if let currency = total.currency, currency != base {
                try inBase(expression, total: value, from: currency, factor: factor, fee: fee, &outcome, now: now)
            }
            if let currency = total.currency, outcome.state.use(currency, then: currency == base ? [] : [base]) {
                outcome.effects.insert(.saveRecent)
            }
            return
        }
        var first: (result: Rational, target: CurrencyCode)?
        for target in targets {
            let rate = try requiredRate(table, from: from, to: target)
            let result = total.value * rate
            try readable(result)
            let charged = try fee.flatMap { try chargedValue(expression, factor: factor, into: target, fee: $0, state) }
            var text = echo + " = " + formatter.format(result, target)
            if let fee, let charged { text += feeSuffix(charged, target, fee) }
            let detail = showsDetails && from != target ? "\(formatter.unit(from)) = \(formatter.formatRate(rate, target))" : nil
            outcome.reply.lines.append(.result(text, detail: detail))
            if first == nil { first = (result, target) }
            if keepsRecords {
                var conversion = Conversion(
                    amount: total.value.decimal, from: from, to: target, rate: rate,
                    result: result, date: table.date, source: table.source.id)
                if let fee, let charged { conversion.charge(fee, giving: charged) }
                conversion.exactAmount = total.value
                outcome.reply.conversions.append(conversion)
                outcome.reply.records.append(expressionRecord(echo, result, target, fee: fee, charged: charged))
            }
        }
        if showsDetails { outcome.reply.lines.append(.source(tableNote(table, now: now))) }
        if let first {
            if targets.count == 1 { outcome.reply.value = Money(first.result, first.target) }
            // `swap` converts the result back: the calculation's value was never one amount the
            // user typed.
            outcome.state.setLast(
                first.result, from: from, to: [first.target], day: datedLine?.asked, answer: first.result, in: first.target)
        }
        if outcome.state.use(from, then: targets) { outcome.effects.insert(.saveRecent) }
    }

    /// A calculation without a target whose money is not in the base currency: its value in
    /// the base as well, on a line of its own, as the bare amount would show it (`3 × 250 tl`
    /// is ₺750.000, which is €13.986). The calculation's value stays `ans`.
    private func inBase(
        _ expression: Expression, total: Rational, from currency: CurrencyCode, factor: Rational, fee: Rational?, _ outcome: inout Outcome,
        now: Date
    ) throws {
        let table = outcome.state.table
        let base = outcome.state.base
        let rate = try requiredRate(table, from: currency, to: base)
        let result = total * rate
        try readable(result)
        let charged = try fee.flatMap { try chargedValue(expression, factor: factor, into: base, fee: $0, outcome.state) }
        var text = formatter.formatGiven(total, currency) + " = " + formatter.format(result, base)
        if let fee, let charged { text += feeSuffix(charged, base, fee) }
        let detail = showsDetails ? "\(formatter.unit(currency)) = \(formatter.formatRate(rate, base))" : nil
        outcome.reply.lines.append(.result(text, detail: detail))
        if showsDetails { outcome.reply.lines.append(.source(tableNote(table, now: now))) }
        if keepsRecords {
            var conversion = Conversion(
                amount: total.decimal, from: currency, to: base, rate: rate, result: result, date: table.date, source: table.source.id)
            if let fee, let charged { conversion.charge(fee, giving: charged) }
            conversion.exactAmount = total
            outcome.reply.conversions.append(conversion)
        }
        // The one value of the line stays the calculation's (the preview shows it).
        outcome.state.setLast(total, from: currency, to: [base], day: datedLine?.asked, answer: total, in: currency)
    }

    /// The calculation as data: what it says, its exact and rounded value, its currency, and
    /// with a fee the figure with it, as the line shows them.
    private func expressionRecord(_ echo: String, _ value: Rational, _ currency: CurrencyCode?, fee: Rational?, charged: Rational?) -> Record {
        let exact = value.decimalText(significantDigits: Conversion.significantDigits)
        let (negative, digits) = value.roundedDigits(fractionDigits: MoneyFormatter.fractionDigits)
        var fields: [(key: String, value: Record.Value)] = [
            ("typed", .text(Messages.visible(typedLine))), ("expression", .text(echo)), ("result", .decimal(exact.text)),
            ("result_exact", .flag(exact.exact)),
            ("rounded", .decimal(negative ? "-" + digits : digits)), ("currency", .text(currency?.rawValue ?? "")),
        ]
        if let fee, let charged { fields += Conversion.feeFields(fee, charged) }
        return Record("expression", fields)
    }

    private func quantity(_ expression: Expression, _ state: SessionState, notes: inout [String], parts: inout [Conversion]) throws -> Quantity {
        var result: Quantity
        switch expression {
        case .amount(let reference, let currencyReference, let scale):
            let parsed = try parseAmount(reference, notes: &notes)
            var value = parsed.exact
            if scale > 0 { value = value * Rational(significand: .one, exponent: scale) }
            let code = try currencyReference.map { try resolve($0, notes: &notes) }
            // Money as the formatter writes it; a plain number as typed (`3`, `1,07`).
            result = Quantity(value: value, currency: code, text: code.map { formatter.formatGiven(value, $0) } ?? formatter.formatPercentNumber(value))
            if charging != nil { result.charged = try chargedLeaf(value, code, state) }
        case .answer(let range):
            guard let answer = state.answer else { throw CommandError(.arithmetic(.noAnswer), at: range) }
            // Written with every decimal it has (up to 40), as a typed amount is: rounded to three,
            // `ans × 2` would read `1,143 $ × 2 = 2,287 $`.
            result = Quantity(value: answer.value, currency: answer.currency, text: formatter.formatGiven(answer.value, answer.currency))
            if charging != nil { result.charged = try chargedLeaf(answer.value, answer.currency, state) }
        case .percent(let inner, let range):
            let value = try quantity(inner, state, notes: &notes, parts: &parts)
            guard value.currency == nil, !value.isPercent else { throw CommandError(.arithmetic(.percentAlone), at: range) }
            let hundredth = Rational(negative: false, significand: .one, exponent: -2)
            result = Quantity(value: value.value * hundredth, currency: nil, isPercent: true, text: value.text + " %")
            result.charged = result.value
        case .negate(let inner, _):
            result = try quantity(inner, state, notes: &notes, parts: &parts)
            result.value = -result.value
            result.charged = -result.charged
            // A sign before a sign is bracketed (`2 × −(−€108.732)`), never `−-`.
            let signed = result.text.first.map { "-−+".contains($0) } ?? false
            result.text = "−" + (signed ? "(" + result.text + ")" : result.text)
        case .group(let inner):
            result = try quantity(inner, state, notes: &notes, parts: &parts)
            result.text = "(" + result.text + ")"
        case .tagged(let inner, let currencyReference):
            result = try quantity(inner, state, notes: &notes, parts: &parts)
            guard result.currency == nil, !result.isPercent else {
                throw CommandError(.expected(.connectorOrEnd, found: currencyReference.text), at: currencyReference.range)
            }
            let code = try resolve(currencyReference, notes: &notes)
            result.currency = code
            result.text += " " + code.rawValue
            if charging != nil { result.charged = try chargedLeaf(result.value, code, state) }
        case .converted(let inner, let target, let range):
            let value = try quantity(inner, state, notes: &notes, parts: &parts)
            if value.isPercent { throw CommandError(.arithmetic(.percentAlone), at: range) }
            let to = try resolve(target, notes: &notes)
            let converted = try part(value.value, from: value.currency ?? state.base, to: to, state, &parts)
            result = Quantity(value: converted, currency: to, text: value.text + " in " + to.rawValue)
            // A conversion inside the line is no second charge: its amounts are charged once,
            // into the line's target (a plain number converted is in the base currency).
            if charging != nil { result.charged = value.currency == nil ? try chargedLeaf(value.value, state.base, state) : value.charged }
        case .percentOf(let percent, let base, let range):
            let share = try quantity(percent, state, notes: &notes, parts: &parts)
            let whole = try quantity(base, state, notes: &notes, parts: &parts)
            if whole.isPercent { throw CommandError(.arithmetic(.percentFirst), at: range) }
            result = Quantity(value: whole.value * share.value, currency: whole.currency, text: share.text + " × " + whole.text)
            result.charged = whole.charged * share.value
        case .binary(let op, let left, let right, let range):
            let a = try quantity(left, state, notes: &notes, parts: &parts)
            let b = try quantity(right, state, notes: &notes, parts: &parts)
            result = try combine(op, a, b, at: range, state, &parts)
            result.text = a.text + " " + op.rawValue + " " + b.text
        }
        // Exact, but not without bound: reduce a fraction that grew, and stop one that stays huge.
        if result.value.numerator.bitWidth > 256 || result.value.denominator.bitWidth > 256 {
            result.value = result.value.reduced()
            if result.value.numerator.bitWidth > Self.bitLimit || result.value.denominator.bitWidth > Self.bitLimit {
                throw CommandError(.arithmetic(.tooLarge), at: expression.range)
            }
        }
        if charging != nil, result.charged.numerator.bitWidth > 256 || result.charged.denominator.bitWidth > 256 {
            result.charged = result.charged.reduced()
            if result.charged.numerator.bitWidth > Self.bitLimit || result.charged.denominator.bitWidth > Self.bitLimit {
                throw CommandError(.arithmetic(.tooLarge), at: expression.range)
            }
        }
        return result
    }

    /// Two values combined; with a fee being charged (`charging`), their charged figures too,
    /// which are all in the one target currency.
    private func combine(_ op: Operator, _ a: Quantity, _ b: Quantity, at range: Range<Int>, _ state: SessionState, _ parts: inout [Conversion]) throws
        -> Quantity
    {
        func quantity(_ value: Rational, _ currency: CurrencyCode?, percent: Bool = false, charged: @autoclosure () -> Rational) -> Quantity {
            var result = Quantity(value: value, currency: currency, isPercent: percent)
            if charging != nil { result.charged = charged() }
            return result
        }
        switch op {
        case .add, .subtract:
            let sign: Rational = op == .add ? .one : -.one
            if b.isPercent, !a.isPercent { return quantity(a.value * (.one + sign * b.value), a.currency, charged: a.charged * (.one + sign * b.value)) }
            if a.isPercent, b.isPercent { return quantity(a.value + sign * b.value, nil, percent: true, charged: a.value + sign * b.value) }
            if a.isPercent { throw CommandError(.arithmetic(.percentFirst), at: range) }
            switch (a.currency, b.currency) {
            case (nil, nil):
                return quantity(a.value + sign * b.value, nil, charged: a.value + sign * b.value)
            case (let x?, let y?):
                // Money in another currency is converted into the left one's.
                let right = x == y ? b.value : try part(b.value, from: y, to: x, state, &parts)
                return quantity(a.value + sign * right, x, charged: a.charged + sign * b.charged)
            default:
                throw CommandError(.arithmetic(.numberAndMoney), at: range)
            }
        case .multiply:
            // A percentage times a number is a percentage still (`15 % × 2` is 30 %, no value
            // of its own); times money, it is money (`80 eur × 15 %`).
            if a.isPercent, b.isPercent || b.currency == nil { return quantity(a.value * b.value, nil, percent: true, charged: a.value * b.value) }
            if b.isPercent, a.currency == nil { return quantity(a.value * b.value, nil, percent: true, charged: a.value * b.value) }
            if a.currency != nil, b.currency != nil { throw CommandError(.arithmetic(.moneyTimesMoney), at: range) }
            return quantity(a.value * b.value, a.currency ?? b.currency, charged: a.charged * b.charged)
        case .divide:
            guard let quotient = b.value.isZero ? nil : Optional(b.value) else {
                throw CommandError(.arithmetic(.divisionByZero), at: range)
            }
            if b.isPercent || a.isPercent {
                if b.currency != nil { throw CommandError(.arithmetic(.numberByMoney), at: range) }
                let value = (a.value / quotient) ?? .zero
                return quantity(value, a.currency, percent: a.isPercent && !b.isPercent, charged: (a.charged / quotient) ?? .zero)
            }
            switch (a.currency, b.currency) {
            case (_, nil):
                return quantity((a.value / quotient) ?? .zero, a.currency, charged: (a.charged / quotient) ?? .zero)
            case (let x?, let y?):
                // Money by money is a plain ratio, in the left one's currency.
                let divisor = x == y ? quotient : try part(quotient, from: y, to: x, state, &parts)
                guard !divisor.isZero else { throw CommandError(.arithmetic(.divisionByZero), at: range) }
                let ratio = (a.value / divisor) ?? .zero
                return quantity(ratio, nil, charged: ratio)
            case (nil, let y?):
                // `1/3 eur`: the currency after a quotient of numbers is the whole term's, and the
                // quotient is the amount charged.
                let value = (a.value / quotient) ?? .zero
                let charged = charging == nil ? .zero : try chargedLeaf(value, y, state)
                return quantity(value, y, charged: charged)
            }
        }
    }

    /// Converts money inside a calculation, keeping the conversion to show and record.
    private func part(_ value: Rational, from: CurrencyCode, to: CurrencyCode, _ state: SessionState, _ parts: inout [Conversion]) throws
        -> Rational
    {
        guard from != to else { return value }
        let rate = try requiredRate(state.table, from: from, to: to)
        let result = value * rate
        guard charging == nil else { return result }
        var conversion = Conversion(
            amount: value.decimal, from: from, to: to, rate: rate, result: result,
            date: state.table.date, source: state.table.source.id)
        conversion.exactAmount = value
        parts.append(conversion)
        return result
    }

    /// `fee`, `fee off`, `fee 1,75 %`.
    private func setFee(_ argument: String?, range: Range<Int>?, _ outcome: inout Outcome) throws {
        guard let argument else {
            outcome.reply.lines.append(.result(feeNote(outcome.state.fee)))
            outcome.reply.records.append(Record("fee", [("percent", .decimal(Self.feePercent(outcome.state.fee)))]))
            return
        }
        let word = TextFolding.fold(argument)
        if word == "off" || word == "aus" || word == "kapali" || word == "none" {
            outcome.state.fee = nil
        } else {
            var number = argument.trimmingCharacters(in: .whitespaces)
            if number.hasSuffix("%") || number.hasSuffix("٪") { number = String(number.dropLast()).trimmingCharacters(in: .whitespaces) }
            if number.hasPrefix("%") || number.hasPrefix("٪") { number = String(number.dropFirst()).trimmingCharacters(in: .whitespaces) }
            switch amountParser.parse(number) {
            case .failure where !number.contains(where: \.isNumber):
                throw CommandError(.badFee(argument), at: range)
            case .failure(let error):
                // The amount's own problem (`1.75` in de_DE), with its caret.
                let column = (range?.lowerBound ?? 0) + (argument.count - argument.drop { $0.isWhitespace }.count) + error.offset
                throw CommandError(
                    .badAmount(error.kind, localeID: amountParser.conventions.localeID, example: amountParser.conventions.exampleAmount),
                    at: range == nil ? nil : column..<column + 1)
            case .success(let parsed):
                guard !parsed.exact.isNegative, parsed.exact < Rational(100) else { throw CommandError(.badFee(argument), at: range) }
                // `fee 0` is no fee.
                outcome.state.fee = parsed.exact.isZero ? nil : parsed.exact * Rational(negative: false, significand: .one, exponent: -2)
            }
        }
        outcome.effects.formUnion([.saveConfig, .feeChanged])
        outcome.reply.lines.append(.note(feeNote(outcome.state.fee)))
    }

    /// What stands before `digits` in an amount as the parser gave it, when that is all of it
    /// but a sign (`-12,50` → `-`); `nil` otherwise.
    private static func sign(of text: String, digits: String) -> String? {
        guard text.hasSuffix(digits) else { return nil }
        let sign = String(text.dropLast(digits.count))
        return ["", "-", "+", "−"].contains(sign) ? sign : nil
    }

    /// `table.rate(from:to:)`, remembered per pair: a ledger converts between the same few.
    private func rate(_ table: RateTable, from: CurrencyCode, to: CurrencyCode) -> Rational? {
        if rateCache.table !== table || rateCache.rates.count >= 4096 { rateCache = (table, CurrencyMap()) }
        if let known = rateCache.rates[from, to] { return known }
        let rate = table.rate(from: from, to: to)
        if let rate { rateCache.rates[from, to] = rate }
        return rate
    }

    private var rateCache: (table: RateTable?, rates: CurrencyMap<Rational>) = (nil, CurrencyMap())

    /// The bytes of a result line being written (reused).
    private var resultLine: [UInt8] = []
    private static let equals = Array(" = ".utf8)

    private func recentTargets(excluding code: CurrencyCode, _ state: SessionState) -> [CurrencyCode] {
        let recent = state.recent.filter { $0 != code && state.table.contains($0) }
        if !recent.isEmpty { return recent }
        return Self.defaultTargets.filter { $0 != code && state.table.contains($0) }
    }

    /// `rates of 2026-07-06 (147 days old, currency-api, bundled seed)`
    public func tableNote(_ table: RateTable, now: Date) -> String {
        // The same table on the same day gives the same note; a pipe asks for it on every line.
        let day = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        if let cached = noteCache, cached.day == day, cached.table === table { return cached.text }
        let text = makeTableNote(table, now: now)
        noteCache = (day, table, text)
        return text
    }

    private var noteCache: (day: Int, table: RateTable, text: String)?

    private func makeTableNote(_ table: RateTable, now: Date) -> String {
        if let dated = datedLine, dated.table === table { return datedNote(table, used: dated.used) }
        var details: [String] = []
        if let age = DataDate.age(of: table.date, now: now) { details.append(AgeText.days(age, localized)) }
        details.append(table.source.isBundledSeed ? localized("table.seed", table.source.id) : table.source.id)
        return localized("table.note", table.date, details.joined(separator: ", "))
    }

    private func rates(_ codes: [CurrencyCode], notes: [String], _ outcome: inout Outcome, now: Date) {
        let state = outcome.state
        let base = state.base
        let list = codes.isEmpty ? ordered(state.table.rates.keys.filter { $0 != base }.sorted(), state) : codes
        outcome.reply.lines += notes.map { .assumption($0) }
        outcome.reply.lines.append(.heading("\(formatter.unit(base)) (\(base), \(directory.name(of: base)))"))
        var rows: [(String, String, String)] = []
        for code in list {
            guard let rate = state.table.rate(from: base, to: code), let inverse = state.table.rate(from: code, to: base)
            else { continue }
            outcome.reply.records.append(
                .rate(from: base, to: code, rate: rate, inverse: inverse, date: state.table.date, source: state.table.source.id))
            rows.append(
                (
                    "\(code)  \(formatter.formatRate(rate, code))",
                    "\(formatter.unit(code)) = \(formatter.formatRate(inverse, base))",
                    directory.name(of: code)
                ))
        }
        let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        let inverseWidth = rows.map { DisplayWidth.of($0.1) }.max() ?? 0
        for row in rows {
            outcome.reply.lines.append(
                .result(DisplayWidth.padRight(row.0, to: width) + "   " + DisplayWidth.padRight(row.1, to: inverseWidth) + "   " + row.2))
        }
        outcome.reply.lines.append(.source(tableNote(state.table, now: now)))
        if !codes.isEmpty {
            outcome.state.use(codes)
            outcome.effects.insert(.saveRecent)
        }
    }

    /// Recent currencies first, then the rest by code.
    private func ordered(_ codes: [CurrencyCode], _ state: SessionState) -> [CurrencyCode] {
        let recent = state.recent.filter(codes.contains)
        return recent + codes.filter { !recent.contains($0) }
    }

    // MARK: Lists

    private func list(filter: String?, _ outcome: inout Outcome) throws {
        var codes = ordered(outcome.state.table.codes, outcome.state)
        if let filter {
            let folded = TextFolding.fold(filter)
            let typed = filter.trimmingCharacters(in: .whitespaces)
            codes = codes.filter { code in
                guard let entry = directory.entry(code) else { return false }
                let symbol = formatter.symbol(for: code)
                // A sign alone (`$`, `€`, `₺`) folds to nothing: the currencies written with it.
                if folded.isEmpty {
                    return symbol.contains(typed) || CurrencyDirectory.symbols[typed]?.contains(code.rawValue) == true
                }
                return code.rawValue.lowercased().hasPrefix(folded.lowercased())
                    || entry.foldedNames.contains { $0.contains(folded) } || symbol == typed
            }
            if codes.isEmpty {
                throw CommandError(
                    .unknownCurrency(filter, suggestions: directory.suggestions(for: folded)), at: nil)
            }
        }
        outcome.reply.lines += currencyRows(codes, minorUnits: true)
        outcome.reply.records += currencyRecords(codes)
        if filter == nil {
            outcome.reply.lines.append(.note(localized("note.listCount", String(codes.count))))
        }
    }

    private func currencyRecords(_ codes: [CurrencyCode]) -> [Record] {
        codes.map { code in
            Record(
                "currency",
                [
                    ("code", .text(code.rawValue)), ("symbol", .text(formatter.symbol(for: code))), ("name", .text(directory.name(of: code))),
                    ("minor_units", catalog[code]?.minorUnits.map { .integer($0) } ?? .absent),
                ])
        }
    }

    private func currencyRows(_ codes: [CurrencyCode], minorUnits: Bool) -> [Reply.Line] {
        // A symbol that is only the code again says nothing: leave the column empty.
        let symbols = codes.map { formatter.symbol(for: $0) == $0.rawValue ? "" : formatter.symbol(for: $0) }
        let names = codes.map { directory.name(of: $0) }
        let symbolWidth = symbols.map { DisplayWidth.of($0) }.max() ?? 0
        let nameWidth = names.map { DisplayWidth.of($0) }.max() ?? 0
        return codes.indices.map { index in
            var text = "\(codes[index])  " + DisplayWidth.padRight(symbols[index], to: symbolWidth) + "  "
            if minorUnits {
                let units = catalog[codes[index]]?.minorUnits.map(String.init) ?? "–"
                text += DisplayWidth.padRight(names[index], to: nameWidth) + "  " + units
            } else {
                text += names[index]
            }
            return .result(text)
        }
    }

    // MARK: Settings and status

    private func setLocale(_ argument: String?, range: Range<Int>?, _ outcome: inout Outcome) throws {
        guard let argument else {
            let settings = outcome.state.locale
            let origin = settings.override != nil ? localized("locale.origin.set") : localized("locale.origin.environment")
            outcome.reply.lines.append(
                .result(localized("locale.show", settings.numbers, settings.money, settings.messages, origin)))
            let example = formatter.format(Decimal(string: "1234.5") ?? 0, outcome.state.base)
            outcome.reply.lines.append(.note(localized("locale.example", amountParser.conventions.exampleAmount, example)))
            return
        }
        let word = TextFolding.fold(argument)
        if word == "default" || word == "reset" {
            outcome.state.locale = LocaleSettings.resolve(environment: environment, override: nil)
        } else {
            guard let id = LocaleSettings.normalize(argument), LocaleSettings.isKnown(id) else {
                throw CommandError(.unknownLocale(argument), at: range)
            }
            outcome.state.locale = LocaleSettings.resolve(environment: environment, override: id)
        }
        outcome.effects.formUnion([.saveConfig, .localeChanged])
        let settings = outcome.state.locale
        let preview = MoneyFormatter(localeID: settings.money)
        // Confirmed in the language just chosen (`locale tr` answers in Turkish).
        let chosen = Localization(localeID: settings.messages)
        outcome.reply.lines.append(
            .note(
                chosen(
                    "locale.set", settings.money, preview.conventions.exampleAmount,
                    preview.format(Decimal(string: "1234.5") ?? 0, outcome.state.base))))
    }

    private func status(_ outcome: inout Outcome, now: Date) {
        let state = outcome.state
        let table = state.table
        var rows: [(String, String)] = [
            (localized("status.rates"), table.source.isBundledSeed ? localized("status.seedTable", table.source.id) : table.source.id),
            (localized("status.attribution"), table.source.attribution),
            (
                localized("status.dataDate"),
                table.date + (DataDate.age(of: table.date, now: now).map { " (\(AgeText.days($0, localized)))" } ?? "")
            ),
        ]
        if let updated = table.updated { rows.append((localized("status.published"), updated)) }
        if let fetched = table.fetchedAt {
            rows.append((localized("status.fetched"), AgeText.since(fetched, now: now, localized)))
        } else {
            rows.append((localized("status.fetched"), localized("status.neverFetched")))
        }
        rows += statusExtras()
        rows += historyRows()
        rows += [
            (localized("status.currencies"), localized("status.currencyCount", String(table.rates.count), table.base.rawValue)),
            (localized("status.base"), "\(state.base) (\(directory.name(of: state.base)))"),
            (
                localized("status.locale"),
                localized(
                    "status.localeValue", state.locale.numbers, state.locale.money,
                    // A locale without texts of its own is answered in English: say so.
                    Localization.language(for: state.locale.messages)
                        == (state.locale.messages.split(separator: "_").first.map { $0.lowercased() } ?? "")
                        ? state.locale.messages : localized("status.messagesFallback", state.locale.messages))
            ),
            (
                localized("status.recent"),
                state.recent.isEmpty ? localized("status.none") : state.recent.map(\.rawValue).joined(separator: " ")
            ),
            (localized("status.fee"), state.fee.map(percentText) ?? localized("status.none")),
        ]
        if let files {
            rows += [
                (localized("status.config"), files.config), (localized("status.history"), files.history),
                (localized("status.recentFile"), files.recent),
            ]
        }
        let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        outcome.reply.lines += rows.map { .result(DisplayWidth.padRight($0.0, to: width) + "  " + Messages.visible($0.1)) }
        outcome.reply.lines.append(
            .note(localized("status.disclaimer")))
        // The same as data, under names that do not change with the language.
        var fields: [(key: String, value: Record.Value)] = [
            ("source", .text(table.source.id)), ("bundled", .flag(table.source.isBundledSeed)),
            ("attribution", .text(table.source.attribution)), ("date", .text(table.date)),
            ("age_days", DataDate.age(of: table.date, now: now).map { .integer($0) } ?? .absent),
            ("fetched", .text(table.fetchedAt.map(UTC.timestamp) ?? "")), ("currencies", .integer(table.rates.count)),
            ("base", .text(state.base.rawValue)), ("locale_numbers", .text(state.locale.numbers)),
            ("locale_money", .text(state.locale.money)), ("locale_messages", .text(state.locale.messages)),
            ("recent", .text(state.recent.map(\.rawValue).joined(separator: " "))),
            ("fee_percent", .decimal(Self.feePercent(state.fee))),
        ]
        if let files {
            fields += [("config", .text(files.config)), ("history", .text(files.history)), ("recent_file", .text(files.recent))]
        }
        outcome.reply.records.append(Record("status", fields))
    }

    // MARK: Reading amounts and currencies

    private func parseAmount(_ reference: AmountReference, notes: inout [String]) throws -> ParsedAmount {
        switch amountParser.parse(reference.text) {
        case .success(let parsed):
            if parsed.separatorReadAsDecimal { notes.append(readAsNote(reference.text, parsed)) }
            return parsed
        case .failure(let error):
            let column = reference.range.lowerBound + error.offset
            throw CommandError(
                .badAmount(error.kind, localeID: amountParser.conventions.localeID, example: amountParser.conventions.exampleAmount),
                at: column..<column + 1)
        }
    }

    /// “12.50” read as 12,500 (de_DE writes 1.234,5).
    private func readAsNote(_ text: String, _ parsed: ParsedAmount) -> String {
        localized(
            "note.readAs", Messages.quoted(text), formatter.formatNumberGiven(parsed.exact), amountParser.conventions.localeID,
            amountParser.conventions.exampleAmount)
    }

    /// The symbols this locale's formatter writes, by the text (spaces and bidi marks
    /// normalised); built when a line first names a currency by something other than a code.
    private var localSymbols: [String: [CurrencyCode]]?

    private static func symbolKey(_ text: String) -> String {
        text.filter { !NumberConventions.bidiMarks.contains($0) }.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func localSymbol(_ text: String) -> CurrencyCode? {
        if localSymbols == nil {
            var map: [String: [CurrencyCode]] = [:]
            for code in directory.codes { map[Self.symbolKey(formatter.symbol(for: code)), default: []].append(code) }
            localSymbols = map
        }
        guard let codes = localSymbols?[Self.symbolKey(text)], codes.count == 1 else { return nil }
        return codes[0]
    }

    /// The table in use, for saying what it lacks and what would have it.
    private func describe(_ table: RateTable, missing: CurrencyCode) -> CommandError.TableDescription {
        let bundled = (try? SeedTableDecoder.bundled()).flatMap { $0.contains(missing) && !table.source.isBundledSeed ? $0.date : nil }
        return CommandError.TableDescription(source: table.source.id, date: table.date, count: table.rates.count, bundledDate: bundled)
    }

    /// `EURUSD` (or `eurusd`): two codes of the table run together, when the word is no
    /// currency itself.
    func pair(_ reference: CurrencyReference) -> (CurrencyCode, CurrencyCode)? {
        let text = reference.text
        guard text.count == 6, text.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        if case .found = directory.resolve(text) { return nil }
        guard let from = CurrencyCode(text.prefix(3)), let to = CurrencyCode(text.suffix(3)), directory.contains(from),
            directory.contains(to)
        else { return nil }
        return (from, to)
    }

    /// A line that is no currency but whose first word is nearly a command (`hlep`, `stauts`).
    private func nearlyACommand(_ reference: CurrencyReference) -> CommandError? {
        guard let typed = reference.text.split(separator: " ").first else { return nil }
        let first = TextFolding.fold(typed)
        guard first.count >= 3 else { return nil }
        let start = reference.range.lowerBound
        // A command's own argument typed alone (`clear`): the command with it.
        for declaration in CommandDeclaration.all {
            if case .keywords(let words) = declaration.argument, words.contains(first) {
                return CommandError(.unknownCommand(String(typed), suggestion: "\(declaration.word) \(first)"), at: start..<start + typed.count)
            }
        }
        let limit = first.count >= 5 ? 2 : 1
        let closest = CommandDeclaration.words.map { ($0, Levenshtein.distance(first, $0, transpositions: true)) }.min { $0.1 < $1.1 }
        guard let (word, distance) = closest, distance <= limit else { return nil }
        return CommandError(.unknownCommand(String(typed), suggestion: word), at: start..<start + typed.count)
    }

    /// The targets one reference names: itself, or when it is no currency but contains
    /// `and` (`usd and gbp`), each part.
    private func resolveTargets(_ reference: CurrencyReference, notes: inout [String]) throws -> [CurrencyCode] {
        do {
            return [try resolve(reference, notes: &notes)]
        } catch {
            let words = reference.text.split(separator: " ", omittingEmptySubsequences: false)
            guard words.contains(where: { Parser.joiners.contains(TextFolding.fold($0)) }) else { throw error }
            var parts: [CurrencyReference] = []
            var current: [Substring] = []
            var offset = reference.range.lowerBound
            var partStart = offset
            for word in words {
                if Parser.joiners.contains(TextFolding.fold(word)) {
                    if !current.isEmpty {
                        let text = current.joined(separator: " ")
                        parts.append(CurrencyReference(text: text, range: partStart..<partStart + text.count))
                    }
                    current = []
                    partStart = offset + word.count + 1
                } else {
                    if current.isEmpty { partStart = offset }
                    current.append(word)
                }
                offset += word.count + 1
            }
            if !current.isEmpty {
                let text = current.joined(separator: " ")
                parts.append(CurrencyReference(text: text, range: partStart..<partStart + text.count))
            }
            guard parts.count > 1 else { throw error }
            return try parts.map { try resolve($0, notes: &notes) }
        }
    }

    /// Looks a currency up; a phrase whose first word is a code but whose rest is not part of
    /// a name is a missing connector (`12 eur usd`).
    public func resolve(_ reference: CurrencyReference, notes: inout [String]) throws -> CurrencyCode {
        // A ledger names the same few currencies on every line: each phrase is resolved, and
        // its note written (or its error found), once.
        let start = reference.range.lowerBound
        switch resolved[reference.text] {
        case .found(let code, let note)?:
            if let note { notes.append(note) }
            return code
        case .failed(let kind, let range)?:
            throw CommandError(kind, at: range.map { $0.lowerBound + start..<$0.upperBound + start })
        case nil:
            break
        }
        if resolved.count >= 4096 { resolved.removeAll(keepingCapacity: true) }
        var added: [String] = []
        do {
            let code = try resolveUncached(reference, notes: &added)
            resolved[reference.text] = .found(code, note: added.first)
            notes += added
            return code
        } catch let error as CommandError {
            resolved[reference.text] = .failed(error.kind, range: error.range.map { $0.lowerBound - start..<$0.upperBound - start })
            throw error
        }
    }

    /// What a phrase resolved to, or why it did not (the error's columns from the phrase's start).
    private enum Resolution {
        case found(CurrencyCode, note: String?)
        case failed(CommandError.Kind, range: Range<Int>?)
    }

    private var resolved: [String: Resolution] = [:]

    private func resolveUncached(_ reference: CurrencyReference, notes: inout [String]) throws -> CurrencyCode {
        // What this locale writes for a currency reads back as that currency (`$` is MXN in
        // es_MX, `F CFA` is XOF, `$ US` is USD in fr_CA).
        if CurrencyCode(reference.text).map(directory.contains) != true, let code = localSymbol(reference.text) {
            // Say so where the sign means something else elsewhere (`$`, `¥`, `kr`).
            switch directory.resolve(reference.text) {
            case .found(let other, .symbol(_, let explained)) where other != code || explained:
                notes.append(localized("note.symbolTaken", Messages.quoted(reference.text), code.rawValue, directory.name(of: code)))
            case .found(_, .chosen), .ambiguous:
                notes.append(localized("note.symbolTaken", Messages.quoted(reference.text), code.rawValue, directory.name(of: code)))
            default:
                break
            }
            return code
        }
        switch directory.resolve(reference.text) {
        case .found(let code, let via):
            switch via {
            case .symbol(let symbol, explained: true), .chosen(let symbol):
                notes.append(localized("note.symbolTaken", Messages.quoted(symbol), code.rawValue, directory.name(of: code)))
            default:
                break
            }
            return code
        case .ambiguous(let candidates):
            throw CommandError(.ambiguousCurrency(reference.text, candidates: candidates), at: reference.range)
        case .notInTable(let code):
            throw CommandError(.currencyNotInTable(code, table: describe(currentTable, missing: code)), at: reference.range)
        case .unknown(let suggestions):
            let words = reference.text.split(separator: " ")
            if words.count > 1, let code = CurrencyCode(words[0]), directory.contains(code) {
                let start = reference.range.lowerBound + words[0].count
                let second = reference.text.dropFirst(words[0].count).prefix { $0 == " " }.count + start
                throw CommandError(.expected(.connectorOrEnd, found: String(words[1])), at: second..<second + words[1].count)
            }
            throw CommandError(.unknownCurrency(reference.text, suggestions: suggestions), at: reference.range)
        }
    }
}
