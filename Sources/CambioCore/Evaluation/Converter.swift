import Foundation

/// Converts amounts and shows rates: each target's exact result, formatted once, with the rate
/// beside it on a terminal, the record of it, the last conversion for `swap` and `ans`, and the
/// recent currencies. The rates come from the line's table (a dated line's when it has one).
final class Converter {
    let formatter: MoneyFormatter
    let localized: Localization
    let catalog: CurrencyCatalog
    let history: HistoryLibrary
    let dates: DatedLines
    let showsDetails: Bool

    /// Currencies shown for a bare amount before the user has any recent ones.
    static let defaultTargets = ["USD", "EUR", "GBP", "JPY", "CHF"].compactMap(CurrencyCode.init)

    init(formatter: MoneyFormatter, localized: Localization, catalog: CurrencyCatalog, history: HistoryLibrary, dates: DatedLines, showsDetails: Bool)
    {
        self.formatter = formatter
        self.localized = localized
        self.catalog = catalog
        self.history = history
        self.dates = dates
        self.showsDetails = showsDetails
    }

    /// Converts an amount as a line resolved it.
    func convert(_ amount: Rational, _ conversion: ResolvedConversion, notes: [String], _ line: inout LineContext) throws {
        try show(
            amount, from: conversion.from ?? line.state.base, targets: conversion.targets,
            notes: notes.isEmpty ? conversion.notes : conversion.notes.isEmpty ? notes : notes + conversion.notes, &line)
    }

    /// The currencies a conversion or rate query goes into: each named once (`usd, dollars`
    /// is one), or the recent currencies (from the base) or the base when none is named.
    func targets(_ requested: [CurrencyCode], from: CurrencyCode, _ state: SessionState) -> [CurrencyCode] {
        if requested.count > 1 {
            var seen: Set<CurrencyCode> = []
            return requested.filter { seen.insert($0).inserted }
        }
        if requested.isEmpty { return from == state.base ? recentTargets(excluding: from, state) : [state.base] }
        return requested
    }

    private func recentTargets(excluding code: CurrencyCode, _ state: SessionState) -> [CurrencyCode] {
        let recent = state.recent.filter { $0 != code && state.table.contains($0) }
        if !recent.isEmpty { return recent }
        return Self.defaultTargets.filter { $0 != code && state.table.contains($0) }
    }

    /// Refuses a result too long to be typed back: every amount shown reads back, and the
    /// amount reader takes `AmountParser.digitLimit` significant digits, three of them after
    /// the point (and one more for a fee's figure). Only a conversion of an amount of over a
    /// thousand digits comes near; a calculation stops at 4,096 bits, well below.
    func readable(_ value: Rational) throws {
        // Below 2^4000 a value has at most 1,205 digits: one subtraction for every line.
        guard value.numerator.bitWidth - value.denominator.bitWidth > 4000 else { return }
        if let magnitude = value.decimalMagnitude, magnitude + 1 > AmountParser.digitLimit - 4 {
            throw CommandError(.arithmetic(.tooLong(limit: AmountParser.digitLimit)), at: nil)
        }
    }

    /// The rate between two currencies of the table, or the error naming the one it lacks.
    func requiredRate(_ table: RateTable, from: CurrencyCode, to target: CurrencyCode, dated: Bool) throws -> Rational {
        guard let rate = rate(table, from: from, to: target) else {
            let missing = table.contains(from) ? target : from
            // A withdrawn currency (TRL) has rates only in the history, until it was withdrawn.
            if !dated, let name = catalog.withdrawnName(missing), let last = history.bundled.lastDay(of: missing) {
                throw CommandError(.withdrawnCurrency(missing, name: name, last: last), at: nil)
            }
            throw CommandError(.currencyNotInTable(missing, table: CommandError.TableDescription(table, missing: missing)), at: nil)
        }
        return rate
    }

    /// The same with the line's table.
    func requiredRate(from: CurrencyCode, to target: CurrencyCode, _ line: LineContext) throws -> Rational {
        try requiredRate(line.state.table, from: from, to: target, dated: line.dated != nil)
    }

    /// An amount converted into each target: one result line each (with the rate beside it
    /// on a terminal), the first result as `ans`, and the conversion as the one `swap` reverses.
    func show(_ amount: Rational, from: CurrencyCode, targets requested: [CurrencyCode], notes: [String], _ line: inout LineContext) throws {
        let targets = targets(requested, from: from, line.state)
        let table = line.state.table
        line.reply.lines.reserveCapacity(notes.count + targets.count + 1)
        for note in notes { line.reply.lines.append(.assumption(note)) }
        var answer = Rational.zero
        for (index, target) in targets.enumerated() {
            let rate = try requiredRate(from: from, to: target, line)
            let result = amount * rate
            try readable(result)
            // The rate is only shown beside results; a pipe does without it (and the division).
            var detail: String?
            if showsDetails {
                let inverse = table.rate(from: target, to: from) ?? .zero
                detail =
                    rate >= .one || inverse < .one
                    ? "\(formatter.unit(from)) = \(formatter.formatRate(rate, target))"
                    : "\(formatter.unit(target)) = \(formatter.formatRate(inverse, from))"
            }
            resultLine.removeAll(keepingCapacity: true)
            formatter.writeGiven(amount, from, into: &resultLine)
            resultLine.append(contentsOf: Self.equals)
            formatter.write(result, target, into: &resultLine)
            let fee = from != target && line.state.hasFee ? line.state.fee : nil
            if let fee { resultLine += feeSuffix(result * (.one + fee), target, fee).utf8 }
            line.reply.lines.append(.result(resultLine.withUnsafeBufferPointer(ResultText.init(utf8:)), detail: detail))
            if index == 0 {
                answer = result
                // The one result, for the preview (which keeps records).
                if line.keepsRecords, targets.count == 1, from != target { line.reply.value = Money(result, target) }
            }
            if line.keepsRecords {
                var conversion = Conversion(
                    amount: amount, from: from, to: target, rate: rate, result: result, date: table.date, source: table.source.id)
                if let fee { conversion.charge(fee, giving: result * (.one + fee)) }
                line.reply.conversions.append(conversion)
            }
        }
        // The table's date and source, for a terminal (a pipe shows results only).
        if showsDetails { line.reply.lines.append(.source(tableNote(table, line))) }
        // The first result is `ans`; the conversion is the one `swap` reverses.
        if let first = targets.first {
            line.state.setLast(amount, from: from, to: targets, day: line.dated?.asked, answer: answer, in: first)
        }
        if line.state.use(from, then: targets) { line.outcome.effects.insert(.saveRecent) }
    }

    /// The rate of `from` in each target, both ways (`EURUSD`, `eur in usd` without an amount).
    func showRates(from: CurrencyCode, targets requested: [CurrencyCode], notes: [String], _ line: inout LineContext) throws {
        let targets = targets(requested, from: from, line.state)
        let table = line.state.table
        for note in notes { line.reply.lines.append(.assumption(note)) }
        for target in targets {
            let rate = try requiredRate(from: from, to: target, line)
            let inverse = table.rate(from: target, to: from) ?? .zero
            line.reply.lines.append(
                .result(
                    "\(formatter.unit(from)) = \(formatter.formatRate(rate, target))",
                    detail: "\(formatter.unit(target)) = \(formatter.formatRate(inverse, from))"))
            line.reply.records.append(.rate(from: from, to: target, rate: rate, inverse: inverse, date: table.date, source: table.source.id))
        }
        if showsDetails { line.reply.lines.append(.source(tableNote(table, line))) }
        line.state.setLastRates(from: from, to: targets, day: line.dated?.asked)
        if line.state.use(from, then: targets) { line.outcome.effects.insert(.saveRecent) }
    }

    // MARK: The fee

    /// ` (14,541 $ with the 1,75 % fee)`: `charged`, the result with the fee, beside it.
    func feeSuffix(_ charged: Rational, _ code: CurrencyCode, _ fee: Rational) -> String {
        " (" + localized("note.feeResult", formatter.format(charged, code), percentText(fee)) + ")"
    }

    /// A fraction as a percentage in the locale: `1,75 %`.
    func percentText(_ fraction: Rational) -> String {
        formatter.formatPercentNumber(fraction.percent) + " %"
    }

    // MARK: Rates and the table

    /// `table.rate(from:to:)`, remembered per pair: a ledger converts between the same few.
    func rate(_ table: RateTable, from: CurrencyCode, to: CurrencyCode) -> Rational? {
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

    /// `rates of 2026-07-06 (147 days old, currency-api, bundled seed)`, or a dated line's
    /// `rates of Fri 2020-03-13 (ECB reference rates, bundled history)`.
    func tableNote(_ table: RateTable, _ line: LineContext) -> String {
        if let dated = line.dated, dated.table === table { return dates.note(table, used: dated.used) }
        return tableNote(table, now: line.now)
    }

    /// The note of a current table.
    func tableNote(_ table: RateTable, now: Date) -> String {
        // The same table on the same day gives the same note; a pipe asks for it on every line.
        let day = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        if let cached = noteCache, cached.day == day, cached.table === table { return cached.text }
        var details: [String] = []
        if let age = DataDate.age(of: table.date, now: now) { details.append(AgeText.days(age, localized)) }
        details.append(table.source.isBundledSeed ? localized("table.seed", table.source.id) : table.source.id)
        let text = localized("table.note", table.date, details.joined(separator: ", "))
        noteCache = (day, table, text)
        return text
    }

    private var noteCache: (day: Int, table: RateTable, text: String)?
}
