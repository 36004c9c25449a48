import Foundation

/// Lines whose rates a central bank or a jurisdiction's rule gives: `… on 2026-03-03 from
/// nbp` (the source's table of that day, or the last before it), `… on 2026-03-03 by pl` (the
/// table the rule names: NBP table A of the working day before), and every line while `rule
/// pl` is set or `source nbp` pinned. What the store lacks is fetched through the host, once;
/// the line says which table, which day and which rule.
final class BankLines {
    let store: RateStore
    let localized: Localization
    let dates: DatedLines

    init(store: RateStore, localized: Localization, dates: DatedLines) {
        self.store = store
        self.localized = localized
        self.dates = dates
    }

    /// The choice a line's `from` or `by` names.
    func choice(_ reference: ChoiceReference, host: any SessionHost) throws(CommandError) -> BankChoice {
        let name = reference.name.trimmingSpaces()
        if reference.isRule {
            guard let rule = TaxRule.named(name) else {
                throw CommandError(.bank(.unknownRule(name, known: TaxRule.all.map(\.id))), at: reference.range)
            }
            return BankChoice(source: rule.source, rule: rule.id)
        }
        if let bank = Banks.named(name) { return BankChoice(source: bank.id, rule: nil) }
        let folded = name.lowercased()
        if host.providerNames.contains(folded) { return BankChoice(source: folded, rule: nil) }
        let known = host.providerNames.filter { Banks.named($0) == nil } + Banks.all.map(\.id)
        throw CommandError(.bank(.unknownSource(name, known: known)), at: reference.range)
    }

    /// The session's choice for a line that names none: the rule set (`rule pl`), else the
    /// central bank pinned (`source nbp`).
    static func sessionChoice(_ state: SessionState) -> BankChoice? {
        if let id = state.rule, let rule = TaxRule.named(id) { return BankChoice(source: rule.source, rule: rule.id) }
        if let pinned = state.pinnedSource, Banks.named(pinned) != nil { return BankChoice(source: pinned, rule: nil) }
        return nil
    }

    /// Whether a line takes rates that a rule or a pinned central bank gives: a conversion, a
    /// calculation, a dated one, or a command that takes a date (`rates`, `swap`).
    static func takesRates(_ command: Command) -> Bool {
        switch command {
        case .convert, .calculate, .dated: return true
        case .run(let invocation): return Engine.grammar.declaration(invocation.word)?.takesDate == true && invocation.word != "swap"
        case .empty, .averaged, .atRate, .chosen: return false
        }
    }

    /// Runs a line with the rates `choice` gives: of the line's day (`on DATE`), else of today.
    func run(_ inner: Command, _ choice: BankChoice, at range: Range<Int>?, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        // A current-rate provider (`from ecb`): the line as it is, with that source pinned and
        // no session rule (which would answer from its own source instead).
        if choice.rule == nil, Banks.named(choice.source) == nil {
            let saved = (line.state.pinnedSource, line.state.rule)
            line.state.pinnedSource = choice.source
            line.state.rule = nil
            defer { (line.state.pinnedSource, line.state.rule) = saved }
            try engine.run(inner, &line)
            return
        }
        switch inner {
        case .dated(let command, let date):
            let day = try dates.checkedDay(date.text, range: date.range, today: Day.utc(line.now))
            try withChoice(choice, day: day, at: date.range, &line) { (line: inout LineContext) throws(CommandError) in try engine.run(command, &line)
            }
        case .averaged, .atRate, .chosen:
            throw CommandError(.bank(.notAllowed), at: range)
        case .run(let invocation) where invocation.word == PricesCommand.declaration.word:
            // A price file walks its days itself, each with the rates the choice gives it.
            line.choice = choice
            defer { line.choice = nil }
            try engine.run(inner, &line)
        case .convert, .calculate, .run, .empty:
            try withChoice(choice, day: Day.utc(line.now), at: range, &line) { (line: inout LineContext) throws(CommandError) in
                try engine.run(inner, &line)
            }
        }
    }

    /// Runs `body` with the tables `choice` gives for `day`; the line says which table it used
    /// and, when its day is not the one asked, why.
    func withChoice(
        _ choice: BankChoice, day: Day, at range: Range<Int>?, _ line: inout LineContext, _ body: (inout LineContext) throws(CommandError) -> Void
    )
        throws(CommandError)
    {
        let rates = try self.rates(choice, day: day, at: range, line)
        let saved = line.dated
        line.dated = .bank(rates)
        defer { line.dated = saved }
        let start = line.reply.lines.count
        used.removeAll(keepingCapacity: true)
        try body(&line)
        // Said of each table the line's rates came from (the NBP's table B beside table A).
        let notes = (used.isEmpty ? Array(rates.tables.prefix(1)) : used).compactMap { note(rates, $0, today: Day.utc(line.now)) }
        line.reply.lines.insert(contentsOf: notes.map { .assumption($0) }, at: min(start, line.reply.lines.count))
    }

    // MARK: Tables

    /// The tables `choice` gives for `day`, fetched through the line's host when not held.
    func rates(_ choice: BankChoice, day: Day, at range: Range<Int>?, _ line: LineContext) throws(CommandError) -> BankRates {
        let today = Day.utc(line.now)
        guard let ruleID = choice.rule, let rule = TaxRule.named(ruleID) else {
            guard let bank = Banks.named(choice.source) else { throw CommandError(.bank(.notAllowed), at: range) }
            let tables = try daily(bank, bank.lineSeries, kind: bank.kinds[0], day: day, before: false, line.host, range)
            return BankRates(asked: day, tables: tables, choice: choice, today: today)
        }
        if case .ecbMonthMean = rule.day { return try ecbMonthMean(rule, choice, day: day, today: today, line, range) }
        guard let bank = Banks.named(rule.source) else { throw CommandError(.bank(.notAllowed), at: range) }
        switch rule.day {
        case .onOrBefore, .before:
            let tables = try daily(bank, bank.lineSeries, kind: rule.kind, day: day, before: rule.day == .before, line.host, range)
            return BankRates(asked: day, tables: tables, choice: choice, today: today)
        case .year:
            // The table dated the year's first day, asked for that day, once the year is over.
            let first = Day(year: day.parts.year, month: 1, day: 1) ?? day
            if let year = Period.year(day.parts.year), year.through >= today {
                throw CommandError(.bank(.notOver(rule: rule.id, year, today: today)), at: range)
            }
            let tables = try daily(bank, rule.series.map { [$0] } ?? bank.lineSeries, kind: rule.kind, day: first, before: false, line.host, range)
            guard let table = tables.first, table.day == first else {
                throw CommandError(.bank(.noTable(source: bank.name, day, reason: nil)), at: range)
            }
            return BankRates(asked: day, tables: [table], choice: choice, today: today)
        case .month:
            let tables = try month(bank, rule, day: day, line.host, range)
            return BankRates(asked: day, tables: tables, choice: choice, today: today)
        case .yearOfMonths(let places, let olderPlaces, let since):
            let year = day.parts.year
            let table = try yearMean(bank, rule, places: year < since ? olderPlaces : places, year: year, today: today, line.host, range)
            return BankRates(asked: day, tables: [table], choice: choice, today: today)
        case .yearOfMonthEnds(let places):
            let table = try yearMean(bank, rule, places: places, year: day.parts.year, today: today, line.host, range)
            return BankRates(asked: day, tables: [table], choice: choice, today: today)
        case .ecbMonthMean:
            throw CommandError(.bank(.notAllowed), at: range)
        }
    }

    /// Why a table's day is not the day asked: the rule's (the day before, the month's), a rate
    /// in force since (the Treasury's, a weekly table), or a day the source did not publish (a
    /// weekend, a holiday, today before its publication).
    func why(_ table: RateTable, asked day: Day, choice: BankChoice, today: Day) -> Substitution? {
        guard table.period == nil, table.day != day, let bank = Banks.named(table.source.id) else { return nil }
        let rule = choice.rule.flatMap(TaxRule.named)
        if rule?.day == .before { return .dayBefore }
        if rule?.day == .month { return .monthly }
        if rule?.day == .year { return .yearly }
        if bank.carriesForward || bank.series.first != table.publication?.series { return .inForce }
        if day == today { return .notYetPublished }
        return day.weekday == 0 || day.weekday == 6 ? .weekend : .holiday
    }

    /// The tables the line's quotes came from, in order.
    private var used: [RateTable] = []

    /// The table of each of the bank's series that serves `day` (the last on or before it, or
    /// before it), fetched when not held.
    private func daily(
        _ bank: any Bank, _ series: [String], kind: RateKind, day: Day, before: Bool, _ host: any SessionHost, _ range: Range<Int>?
    ) throws(CommandError) -> [RateTable] {
        var tables: [RateTable] = []
        var reason: String?
        for series in series {
            switch try lookup(bank, series: series, kind: kind, day: day, before: before, host, reason: &reason) {
            case .table(let table)?: tables.append(table)
            default: break
            }
        }
        guard !tables.isEmpty else { throw CommandError(.bank(.noTable(source: bank.name, day, reason: reason)), at: range) }
        lookupProblem = reason
        return tables
    }

    /// Asks the store, fetching each answer it lacks once; `nil` when a fetch failed.
    private func lookup(
        _ bank: any Bank, series: String, kind: RateKind, day: Day, before: Bool, codes: [CurrencyCode] = [], _ host: any SessionHost,
        reason: inout String?
    ) throws(CommandError) -> BankLookup? {
        var asked: Set<Day> = []
        while true {
            let found = store.bankTable(bank, series: series, kind: kind, day: day, before: before, quoting: codes)
            guard case .needs(let missing) = found else { return found }
            // A day asked for and still not held: its answer did not come.
            guard !asked.contains(missing) else { return nil }
            asked.insert(missing)
            switch host.fetch(.bank(bank.id, series: series, missing)) {
            case .fetched: continue
            case .unavailable:
                reason = reason ?? localized("central.notFetched", bank.name)
                return nil
            case .failed(let why):
                reason = reason ?? localized("central.fetchFailed", bank.name, why)
                return nil
            }
        }
    }

    /// The table of the day's month (HMRC's), never another month's.
    private func month(_ bank: any Bank, _ rule: TaxRule, day: Day, _ host: any SessionHost, _ range: Range<Int>?) throws(CommandError) -> [RateTable]
    {
        let tables = try daily(bank, bank.lineSeries, kind: rule.kind, day: day, before: false, host, range)
        let (year, month, _) = day.parts
        let inMonth = tables.filter { $0.day.parts.year == year && $0.day.parts.month == month }
        guard !inMonth.isEmpty else { throw CommandError(.bank(.noTable(source: bank.name, day, reason: nil)), at: range) }
        return inMonth
    }

    /// The mean of a year's twelve monthly tables, or of the twelve tables valid on each
    /// month's last day, each currency's rate in the bank's units, rounded half up to `places`
    /// decimals; a currency missing from a month (or quoted in other units) is left out.
    private func yearMean(
        _ bank: any Bank, _ rule: TaxRule, places: Int, year: Int, today: Day, _ host: any SessionHost, _ range: Range<Int>?
    ) throws(CommandError) -> RateTable {
        guard let period = Period.year(year) else { throw CommandError(.bank(.notAllowed), at: range) }
        guard period.through < today else { throw CommandError(.bank(.notOver(rule: rule.id, period, today: today)), at: range) }
        var months: [RateTable] = []
        for month in 1...12 {
            guard let first = Day(year: year, month: month, day: 1) else { continue }
            let monthly = if case .yearOfMonths = rule.day { true } else { false }
            let day = monthly ? first : first.adding(days: Day.length(ofMonth: month, year: year) - 1)
            var reason: String?
            guard case .table(let table)? = try lookup(bank, series: bank.series[0], kind: rule.kind, day: day, before: false, host, reason: &reason),
                !monthly || table.day.parts.month == month
            else {
                throw CommandError(.bank(.incomplete(rule: rule.id, period, missing: String(day.iso.prefix(7)), reason: reason)), at: range)
            }
            months.append(table)
        }
        let published = months.compactMap(\.publication)
        guard published.count == 12, let first = published.first else {
            throw CommandError(.bank(.incomplete(rule: rule.id, period, missing: String(year), reason: nil)), at: range)
        }
        var quotes: [CurrencyCode: BankQuote] = [:]
        for (code, quote) in first.quotes {
            let all = published.compactMap { $0.quotes[code] }
            guard all.count == 12, all.allSatisfy({ $0.units == quote.units }) else { continue }
            var sum = Rational.zero
            for each in all { sum = sum + (Rational(each.value) ?? .zero) }
            guard let mean = Rational.ratio(sum, Rational(12)) else { continue }
            let rounded = mean.roundedText(fractionDigits: places, mode: .halfUp)
            guard let value = ExactDecimal.parse(rounded), !value.isZero else { continue }
            quotes[code] = BankQuote(value: value, units: quote.units)
        }
        let counted = RatePeriod(period: period, days: 12, first: months[0].day, last: months[11].day)
        let label = "\(year)"
        let table = BankTable(day: months[11].day, kind: rule.kind, series: first.series, label: label, quotes: quotes)
        let source = RateSource(id: bank.id, attribution: bank.attribution, isBundledSeed: false)
        guard let made = RateTable(table, home: bank.home, quoting: bank.quoting, source: source, period: counted) else {
            throw CommandError(.bank(.incomplete(rule: rule.id, period, missing: String(year), reason: nil)), at: range)
        }
        return made
    }

    /// The BMF's monthly rate: the mean of the ECB's reference rates of the day's month, each
    /// rounded half up at the decimals the ECB quotes the currency with.
    private func ecbMonthMean(_ rule: TaxRule, _ choice: BankChoice, day: Day, today: Day, _ line: LineContext, _ range: Range<Int>?)
        throws(CommandError)
        -> BankRates
    {
        let period = Period.month(of: day)
        guard period.through < today else { throw CommandError(.bank(.notOver(rule: rule.id, period, today: today)), at: range) }
        let table: RateTable
        do {
            table = try store.average(period, pinned: nil, today: today, rounding: .ecbDecimalsHalfUp)
        } catch .notHeld where line.host.fetch(.ecb(period.through)) == .fetched {
            do {
                table = try store.average(period, pinned: nil, today: today, rounding: .ecbDecimalsHalfUp)
            } catch {
                throw CommandError(.average(.problem(error, reason: nil)), at: range)
            }
        } catch {
            throw CommandError(.average(.problem(error, reason: nil)), at: range)
        }
        return BankRates(asked: day, tables: [table], choice: choice, today: today)
    }

    // MARK: Quotes and notes

    /// Why a series of the last line's bank had no table (its answer could not be fetched).
    private var lookupProblem: String?

    /// The rate of a pair from the line's tables: the first that has both currencies. Two
    /// currencies of two tables (the NBP's AFN in table B, EUR in table A) are two rates: each
    /// is converted into the home currency on its own, never crossed here.
    func quote(from: CurrencyCode, to: CurrencyCode, _ rates: BankRates) throws(CommandError) -> Converter.Quote {
        for table in rates.tables {
            if let rate = table.rate(from: from, to: to) {
                if !used.contains(where: { $0 === table }) { used.append(table) }
                return Converter.Quote(rate: rate, table: table)
            }
        }
        let table = rates.tables[0]
        let source = Banks.named(table.source.id)?.name ?? table.source.id
        func label(_ table: RateTable) -> String { table.publication?.label ?? table.date }
        if let a = rates.tables.first(where: { $0.contains(from) }), let b = rates.tables.first(where: { $0.contains(to) }) {
            throw CommandError(.bank(.twoTables(from, to, source: source, label(a), label(b), home: table.base)), at: nil)
        }
        let missing = rates.tables.contains { $0.contains(from) } ? to : from
        throw CommandError(.bank(.currencyMissing(missing, source: source, label: label(table), table.day, reason: lookupProblem)), at: nil)
    }

    /// What the line says of a table it used, before its results: the day asked and the
    /// table's day, and why they differ; a mean's months or days.
    private func note(_ rates: BankRates, _ table: RateTable, today: Day) -> String? {
        let source = Banks.named(table.source.id)?.name ?? localized("central.ecb")
        let rule = rates.choice.rule.map { localized("central.ruleName", $0) } ?? source
        if let period = table.period {
            return localized("central.mean", rule, period.period.iso, String(period.days), source)
        }
        guard let why = why(table, asked: rates.asked, choice: rates.choice, today: today) else { return nil }
        let asked = dates.weekdayName(rates.asked) + " " + rates.asked.iso
        let used = dates.weekdayName(table.day) + " " + table.day.iso
        return localized("central.why.\(why.rawValue)", rule, asked, used, source)
    }

    /// `NBP table 041/A/NBP/2026 of Mon 2026-03-02, mid rate`: a table's part of the note a
    /// result carries.
    func tableNote(_ table: RateTable) -> String? {
        guard let publication = table.publication else { return nil }
        let source = Banks.named(table.source.id)?.name ?? table.source.id
        return localized("history.source.bank", source, Sanitiser.visible(publication.label), localized("central.kind.\(publication.kind.rawValue)"))
    }
}
