import Foundation

/// Converts amounts and shows rates: each target's exact result, formatted once, with the rate
/// beside it on a terminal, the record of it, the last conversion for `swap` and `ans`, and the
/// recent currencies. Each rate is a quote of the store (`quote`): the newest table that quotes
/// the pair, or a dated line's day or an averaged line's period.
final class Converter {
    let formatter: MoneyFormatter
    let localized: Localization
    let catalog: CurrencyCatalog
    let store: RateStore
    let dates: DatedLines
    let banks: BankLines
    let showsDetails: Bool

    /// Currencies shown for a bare amount before the user has any recent ones.
    static let defaultTargets = ["USD", "EUR", "GBP", "JPY", "CHF"].compactMap(CurrencyCode.init)

    init(
        formatter: MoneyFormatter, localized: Localization, catalog: CurrencyCatalog, store: RateStore, dates: DatedLines, banks: BankLines,
        showsDetails: Bool
    ) {
        self.banks = banks
        self.formatter = formatter
        self.localized = localized
        self.catalog = catalog
        self.store = store
        self.dates = dates
        self.showsDetails = showsDetails
    }

    /// Converts an amount as a line resolved it.
    func convert(_ amount: Rational, _ conversion: ResolvedConversion, notes: [String], _ line: inout LineContext) throws(CommandError) {
        // A bare amount, while pairs are pinned, goes along each: from its first currency.
        if conversion.from == nil, conversion.targets.isEmpty, !line.state.pins.isEmpty {
            var sources: [CurrencyCode] = []
            for pin in line.state.pins where !sources.contains(pin.from) { sources.append(pin.from) }
            for (index, from) in sources.enumerated() {
                let targets = line.state.pins.filter { $0.from == from }.map(\.to)
                try show(amount, from: from, targets: targets, notes: index == 0 ? notes + conversion.notes : [], &line)
            }
            return
        }
        try show(
            amount, from: conversion.from ?? line.state.base, targets: conversion.targets,
            notes: notes.isEmpty ? conversion.notes : conversion.notes.isEmpty ? notes : notes + conversion.notes, &line)
    }

    /// The currencies a conversion or rate query goes into: each named once (`usd, dollars`
    /// is one), or the recent currencies (from the base) or the base when none is named.
    @inline(__always) func targets(_ requested: [CurrencyCode], from: CurrencyCode, _ line: LineContext) -> [CurrencyCode] {
        if requested.count > 1 {
            // A few targets (nearly every list) are compared with those kept; a long list
            // (up to the line's 512 tokens) through a set.
            guard requested.count > 16 else {
                // Most lists name each currency once: then the list itself, not a copy; else
                // what stands before the first repeat, and each later code not yet kept.
                guard let repeated = requested.indices.first(where: { requested[..<$0].contains(requested[$0]) }) else { return requested }
                var targets = Array(requested[..<repeated])
                for code in requested[repeated...] where !targets.contains(code) { targets.append(code) }
                return targets
            }
            var seen: Set<CurrencyCode> = []
            return requested.filter { seen.insert($0).inserted }
        }
        if requested.isEmpty {
            // A currency alone goes into its pinned partners, else as it always did.
            if !line.state.pins.isEmpty {
                let partners = line.state.pinnedPartners(of: from)
                if !partners.isEmpty { return partners }
            }
            return from == line.state.base ? recentTargets(excluding: from, line) : [line.state.base]
        }
        return requested
    }

    /// The recent currencies that have a rate from `code` (else the default ones).
    private func recentTargets(excluding code: CurrencyCode, _ line: LineContext) -> [CurrencyCode] {
        let quoted = { (target: CurrencyCode) in target != code && (try? self.quote(from: code, to: target, line)) != nil }
        let recent = line.state.recent.filter(quoted)
        if !recent.isEmpty { return recent }
        return Self.defaultTargets.filter(quoted)
    }

    /// Refuses a result too long to be typed back: every amount shown reads back, and the
    /// amount reader takes `AmountParser.digitLimit` significant digits, three of them after
    /// the point (and one more for a fee's figure). Only a conversion of an amount of over a
    /// thousand digits comes near; a calculation stops at 4,096 bits, well below.
    func readable(_ value: Rational) throws(CommandError) {
        // Below 2^4000 a value has at most 1,205 digits: one subtraction for every line.
        guard value.numerator.bitWidth - value.denominator.bitWidth > 4000 else { return }
        if let magnitude = value.decimalMagnitude, magnitude + 1 > AmountParser.digitLimit - 4 {
            throw CommandError(.arithmetic(.tooLong(limit: AmountParser.digitLimit)), at: nil)
        }
    }

    // MARK: Quotes

    /// The rate of a pair and the table it is of (for a bundled day, made only when a note or
    /// a record asks for it), and whether it is a dated line's ECB table.
    struct Quote {
        let rate: Rational
        /// The table of the rate; `nil` for a bundled ECB day (`bundled`), which is made a
        /// table only for a note or a record that names it, by the store that holds it. Flat,
        /// so that a copy is a retain: an enum of enums (a table, or an ECB day that is a bundled
        /// index or a table) is copied and ended through the runtime's witnesses, once a target.
        private let held: RateTable?
        private let bundled: (index: Int, legacyDay: Day)
        let isDaysECB: Bool

        init(rate: Rational, table: RateTable) {
            self.rate = rate
            held = table
            bundled = (0, Day(number: 0))
            isDaysECB = false
        }

        init(rate: Rational, day: ECBDay) {
            self.rate = rate
            switch day {
            case .bundled(let index, let legacyDay): (held, bundled) = (nil, (index, legacyDay))
            case .table(let table): (held, bundled) = (table, (0, Day(number: 0)))
            }
            isDaysECB = true
        }

        /// The table of the rate (`store`: the one that holds a bundled day).
        func table(_ store: RateStore) -> RateTable {
            held ?? store.bundledTable(bundled.index, legacyDay: bundled.legacyDay)
        }

        /// The day and source of the rate, for its record: a bundled day's without making its
        /// table (a table of rows on random days would make one a row).
        func origin(_ store: RateStore, asked: Day? = nil, substitution: Substitution? = nil) -> RateOrigin {
            guard held == nil else { return RateOrigin(table(store), asked: asked, substitution: substitution) }
            return RateOrigin(
                date: BundledHistory.shared.day(at: bundled.index).iso, source: RateSource.ecbBundled.id, asked: asked, substitution: substitution,
                base: .eur)
        }
    }

    /// The rate of `from` in `to` for the line: now (the newest table that quotes both, of the
    /// pinned source when one is), on a dated line's day, or over an averaged line's period.
    @inline(__always) func quote(from: CurrencyCode, to: CurrencyCode, _ line: LineContext) throws(CommandError) -> Quote {
        // A line without a date (nearly every line of a pipe) asks the current rates alone.
        if line.dated == nil, let known = knownQuote(from: from, to: to, pinned: line.state.pinnedSource) { return known }
        return try quote(from: from, to: to, dated: line.dated, pinned: line.state.pinnedSource, host: line.host)
    }

    /// A current quote remembered, while the store and the pinned source are as they were.
    @inline(__always) private func knownQuote(from: CurrencyCode, to: CurrencyCode, pinned: String?) -> Quote? {
        guard quotesGeneration == store.generation, quotesPinned == pinned else { return nil }
        return quotes[from, to]
    }

    /// The same with the line's rates given apart (a calculation keeps them while it recurses).
    func quote(from: CurrencyCode, to: CurrencyCode, dated: DatedLine?, pinned: String?, host: any SessionHost) throws(CommandError) -> Quote {
        switch dated {
        case nil: return try currentQuote(from: from, to: to, pinned: pinned)
        case .day(let rates)?: return try dates.quote(from: from, to: to, rates, pinned: pinned, host: host)
        case .average(let table)?: return try dates.quote(from: from, to: to, average: table)
        case .bank(let rates)?: return try banks.quote(from: from, to: to, rates)
        }
    }

    /// The one table a line converts with when its value joins several currencies (`12 eur +
    /// 5 aed in usd`): a rate never mixes two days or two sources, so neither does a sum, and
    /// `a + b` is `b + a`. It is the newest table that quotes every one of `codes` (now; or on
    /// a dated line's day, its ECB table when that quotes them all, else the day's other
    /// tables, fetching a snapshot of the day as a pair would); `nil` when the rates a pair
    /// would take are one table already (an average, or the ECB's day), or when a currency is
    /// in no table (the pair's error says so). Throws when each is held but no one table holds
    /// them all.
    func lineTable(quoting codes: [CurrencyCode], dated: DatedLine?, pinned: String?, host: any SessionHost) throws(CommandError) -> RateTable? {
        func quotesAll(_ table: RateTable) -> Bool { codes.allSatisfy(table.contains) }
        switch dated {
        case nil:
            let view = currentRates(pinned: pinned)
            for holding in view.holdings {
                if let table = holding.table, quotesAll(table) { return table }
            }
            // A currency no table has: the pair's own error says so, and what would work.
            if codes.contains(where: { view.table(having: $0) == nil }) { return nil }
        case .day(let rates)?:
            if let ecb = rates.ecb, codes.allSatisfy(ecb.contains) { return nil }
            func held() -> RateTable? { store.otherTables(on: rates.asked, pinned: pinned).first(where: quotesAll) }
            if let table = held() { return table }
            // A currency the ECB lacks is looked for as a pair would look for it (a snapshot of
            // the day fetched when it may be); its error, if any, is the pair's.
            if let lacking = codes.first(where: { rates.ecb?.contains($0) != true }), let other = codes.first(where: { $0 != lacking }) {
                _ = try dates.quote(from: lacking, to: other, rates, pinned: pinned, host: host)
            }
            if let table = held() { return table }
            let tables = store.otherTables(on: rates.asked, pinned: pinned)
            if codes.contains(where: { code in rates.ecb?.contains(code) != true && !tables.contains { $0.contains(code) } }) { return nil }
        case .average?:
            return nil
        case .bank(let rates)?:
            if let table = rates.tables.first(where: quotesAll) { return table }
            if codes.contains(where: { code in !rates.tables.contains { $0.contains(code) } }) { return nil }
        }
        throw CommandError(.noCommonTable(codes), at: nil)
    }

    /// The tables "now" chooses from, for the pinned source (kept while the store is unchanged).
    func currentRates(pinned: String?) -> CurrentRates {
        if let current, current.generation == store.generation, current.pinned == pinned { return current }
        let view = store.current(pinned: pinned)
        current = view
        quotes = CurrencyMap()
        quotesGeneration = view.generation
        quotesPinned = pinned
        return view
    }

    private var current: CurrentRates?
    /// The pairs quoted from `current`, remembered: a ledger converts between the same few.
    private var quotes = CurrencyMap<Quote>()
    /// The store's generation and the pinned source `quotes` are of.
    private var quotesGeneration = -1
    private var quotesPinned: String?

    private func currentQuote(from: CurrencyCode, to: CurrencyCode, pinned: String?) throws(CommandError) -> Quote {
        let view = currentRates(pinned: pinned)
        if let known = quotes[from, to] { return known }
        guard let table = view.table(quoting: from, to), let rate = table.rate(from: from, to: to) else {
            throw missing(from: from, to: to, in: view)
        }
        if quotes.count >= 4096 { quotes = CurrencyMap() }
        let quote = Quote(rate: rate, table: table)
        quotes[from, to] = quote
        return quote
    }

    /// The error for a pair no current table quotes: the currency missing, and the newest table
    /// that lacks it; a withdrawn one (TRL) has rates only in the history, until it was withdrawn.
    private func missing(from: CurrencyCode, to: CurrencyCode, in view: CurrentRates) -> CommandError {
        let missing = view.table(having: from) == nil ? from : to
        if let name = catalog.withdrawnName(missing), let last = store.history.lastDay(of: missing) {
            return CommandError(.withdrawnCurrency(missing, name: name, last: last), at: nil)
        }
        let other = missing == from ? to : from
        guard let table = view.table(having: other) ?? view.newest else {
            return CommandError(.nothingHeld(source: view.pinned ?? ""), at: nil)
        }
        return CommandError(.currencyNotInTable(missing, table: CommandError.TableDescription(table, missing: missing, pinned: view.pinned)), at: nil)
    }

    /// The currencies the line's rates publish, sorted (for `rates`): the current tables', a
    /// day's tables', or a period's.
    func publishedCodes(_ line: LineContext) -> [CurrencyCode] {
        var codes: Set<CurrencyCode> = []
        switch line.dated {
        case nil:
            for holding in currentRates(pinned: line.state.pinnedSource).holdings {
                if let table = holding.table { codes.formUnion(table.rates.keys) }
            }
        case .day(let rates)?:
            if let ecb = rates.ecb { codes.formUnion(ecb.table(store).rates.keys) }
            for table in store.otherTables(on: rates.asked, pinned: line.state.pinnedSource) { codes.formUnion(table.rates.keys) }
        case .average(let table)?:
            codes.formUnion(table.rates.keys)
        case .bank(let rates)?:
            for table in rates.tables { codes.formUnion(table.codes) }
        }
        return codes.sorted()
    }

    /// What a record says of a quote's rates: its table's day and source, and a dated line's
    /// day asked and why another was used.
    func origin(_ quote: Quote, _ dated: DatedLine?) -> RateOrigin {
        if case .bank(let rates)? = dated {
            let table = quote.table(store)
            let why = banks.why(table, asked: rates.asked, choice: rates.choice, today: rates.today)
            return RateOrigin(table, asked: rates.asked, substitution: why, rule: rates.choice.rule)
        }
        guard case .day(let rates)? = dated else { return quote.origin(store) }
        return quote.origin(store, asked: rates.asked, substitution: quote.isDaysECB ? rates.substitution : nil)
    }

    /// An amount converted into each target: one result line each (with the rate beside it
    /// on a terminal), the first result as `ans`, and the conversion as the one `swap` reverses.
    func show(_ amount: Rational, from: CurrencyCode, targets requested: [CurrencyCode], notes: [String], _ line: inout LineContext)
        throws(CommandError)
    {
        let targets = targets(requested, from: from, line)
        line.reply.lines.reserveCapacity(notes.count + targets.count + 1)
        for note in notes { line.reply.lines.append(.assumption(note)) }
        var answer = Rational.zero
        var used = UsedTables()
        let rounding = line.state.rounding
        // The given amount and ` = ` begin every result line: written once, and kept for the
        // other targets when there are others (a copy goes through the runtime). A result line
        // is written in place as its text (no byte array copied into it).
        var given = ResultText()
        var givenKept = false
        // The rate is only shown beside results; a pipe does without it (and the division), and
        // so does a document's row, which has no result line and keeps its records alone.
        let details = showsDetails && !line.isTableRow
        for (index, target) in targets.enumerated() {
            // The rate is read from the quote where it is used, not copied out (a copy of its
            // two integers goes through the runtime's value witnesses).
            let quote = try quote(from: from, to: target, line)
            let result = amount * quote.rate
            try readable(result)
            var detail: String?
            if details {
                detail = formatter.rateDetail(from: from, to: target, rate: quote.rate)
                used.add(quote.table(store), target)
            }
            // Whether a fee applies, asked before the fee is read: no optional fee is made (and
            // ended, through the runtime) on a line without one.
            let charged = from != target && line.state.hasFee
            if !line.isTableRow {
                var text: ResultText
                if givenKept {
                    text = given
                } else {
                    text = ResultText()
                    formatter.writeGiven(amount, from, into: &text)
                    withUnsafeBytes(of: (UInt8(ascii: " "), UInt8(ascii: "="), UInt8(ascii: " "))) { text.append(utf8: $0) }
                    if targets.count > 1 {
                        given = text
                        givenKept = true
                    }
                }
                formatter.write(result, target, rounding: rounding, into: &text)
                if charged, let fee = line.state.fee {
                    var suffix = feeSuffix(result * (.one + fee), target, fee, rounding)
                    suffix.withUTF8 { text.append(utf8: UnsafeRawBufferPointer($0)) }
                }
                line.reply.lines.append(.result(consume text, detail: detail))
            }
            if line.keepsRecords {
                var conversion = Conversion(
                    amount: amount, from: from, to: target, rate: quote.rate, result: result, origin: origin(quote, line.dated))
                if charged, let fee = line.state.fee { conversion.charge(fee, giving: result * (.one + fee)) }
                conversion.rounding = rounding
                line.reply.conversions.append(consume conversion)
            }
            if index == 0 {
                // The one result, for the preview (which keeps records).
                if line.keepsRecords, targets.count == 1, from != target { line.reply.value = Money(result, target) }
                // Moved, not copied: its last use.
                answer = consume result
            }
        }
        // The tables' days and sources, for a terminal (a pipe shows results only).
        if details { line.reply.lines += sourceNotes(used, line) }
        guard !line.isTableRow else { return }
        // The first result is `ans`; the conversion is the one `swap` reverses.
        if let first = targets.first {
            line.state.setLast(amount, from: from, to: targets, asked: line.asked, answer: answer, in: first)
        }
        if !isDefault(requested, from: from, line), line.state.use(from, then: targets) { line.effects.insert(.saveRecent) }
    }

    /// Whether a line without a target from the base went into the default currencies (the
    /// recent list is empty): they are shown, never made recent, so `recent clear` lasts until
    /// the user converts.
    @inline(__always) func isDefault(_ requested: [CurrencyCode], from: CurrencyCode, _ line: LineContext) -> Bool {
        requested.isEmpty && from == line.state.base && line.state.recent.allSatisfy { $0 == from }
    }

    /// The rate of `from` in each target, both ways (`EURUSD`, `eur in usd` without an amount).
    func showRates(from: CurrencyCode, targets requested: [CurrencyCode], notes: [String], _ line: inout LineContext) throws(CommandError) {
        let targets = targets(requested, from: from, line)
        for note in notes { line.reply.lines.append(.assumption(note)) }
        var used = UsedTables()
        for target in targets {
            let quote = try quote(from: from, to: target, line)
            let inverse = quote.table(store).rate(from: target, to: from) ?? .zero
            line.reply.lines.append(
                .result(
                    "\(formatter.unit(from)) = \(formatter.formatRate(quote.rate, target))",
                    detail: "\(formatter.unit(target)) = \(formatter.formatRate(inverse, from))"))
            line.reply.records.append(.rate(from: from, to: target, rate: quote.rate, inverse: inverse, origin: origin(quote, line.dated)))
            used.add(quote.table(store), target)
        }
        if showsDetails { line.reply.lines += sourceNotes(used, line) }
        line.state.setLastRates(from: from, to: targets, asked: line.asked)
        if !isDefault(requested, from: from, line), line.state.use(from, then: targets) { line.effects.insert(.saveRecent) }
    }

    /// The tables a line's results came from, in order, each with the currencies it gave.
    struct UsedTables {
        private(set) var tables: [(table: RateTable, codes: [CurrencyCode])] = []

        mutating func add(_ table: RateTable, _ code: CurrencyCode) {
            if let index = tables.firstIndex(where: { $0.table === table }) {
                tables[index].codes.append(code)
            } else {
                tables.append((table, [code]))
            }
        }
    }

    /// The notes that say which day and source a line's results used: one for one table; for
    /// several, each after the currencies it gave (`AED: rates of 2026-07-06 (…)`).
    func sourceNotes(_ used: UsedTables, _ line: LineContext) -> [Reply.Line] {
        if used.tables.count <= 1 { return used.tables.map { .source(tableNote($0.table, line)) } }
        return used.tables.map { .source($0.codes.map { $0.rawValue }.joined(separator: ", ") + ": " + tableNote($0.table, line)) }
    }

    // MARK: The fee

    /// ` (14,541 $ with the 1,75 % fee)`: `charged`, the result with the fee, beside it.
    func feeSuffix(_ charged: Rational, _ code: CurrencyCode, _ fee: Rational, _ rounding: Rounding) -> String {
        " (" + localized("note.feeResult", formatter.format(charged, code, rounding: rounding), percentText(fee)) + ")"
    }

    /// A fee as a percentage in the locale, every digit of it: `1,75 %`, `0,0000001 %`. A fee
    /// is a decimal of at most `SessionState.feeTextLimit` characters, so it always ends; six
    /// decimals showed a fee of 0.0000001 % as `0,000000 %`, which reads back as no fee.
    func percentText(_ fraction: Rational) -> String {
        let percent = fraction.percent
        let digits = percent.exactFractionDigits(minimum: 0, maximum: SessionState.feeTextLimit) ?? SessionState.feeTextLimit
        return formatter.formatPercent(percent, fractionDigits: digits)
    }

    /// `rates of 2026-07-06 (147 days old, currency-api, bundled seed)`, a dated line's
    /// `rates of Fri 2020-03-13 (ECB reference rates, bundled history)`, or an average's.
    func tableNote(_ table: RateTable, _ line: LineContext) -> String {
        if let bank = banks.tableNote(table) {
            let day = table.period.map { $0.period.iso } ?? dates.weekdayName(table.day) + " " + table.day.iso
            return localized("history.note", day, bank)
        }
        if let period = table.period { return dates.note(period) }
        if line.dated != nil { return dates.note(table, used: table.day) }
        return tableNote(table, now: line.now)
    }

    /// The note of a current table.
    func tableNote(_ table: RateTable, now: Date) -> String {
        // The same table on the same day gives the same note; a pipe asks for it on every line.
        let day = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        if let cached = noteCache, cached.day == day, cached.table === table { return cached.text }
        var details: [String] = []
        if let age = DataDate.age(of: table.date, now: now) { details.append(AgeText.days(age, localized)) }
        if table.source.isBundledSeed {
            details.append(localized("table.seed", table.source.id))
        } else if table.source.isBundledHistory {
            details.append(localized("table.history", table.source.id))
        } else {
            details.append(table.source.id)
        }
        let text = localized("table.note", table.date, details.joined(separator: ", "))
        noteCache = (day, table, text)
        return text
    }

    private var noteCache: (day: Int, table: RateTable, text: String)?
}
