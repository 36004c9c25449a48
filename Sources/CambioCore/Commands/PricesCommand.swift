/// `prices eur usd 2024`, `prices usd gbp chf in eur 2024-01-01..2024-06-30 format beancount`:
/// a price file for the books, one price per published day of the period, `1 FOREIGN = X HOME`,
/// in ledger's, hledger's or beancount's syntax, as GnuCash imports prices, or as CSV. Dates
/// are ISO, numbers have a point and no grouping whatever the locale, currencies are ISO codes,
/// rates carry the digits their source published (a cross rate or inverse ten significant
/// digits, said in a comment). `fill` repeats the last rate on every day without one (a comment
/// says which); `average monthly` (or `yearly`) gives one price a period, dated its first day.
/// The syntaxes `prices` writes, for `--format` on the command line.
public enum PriceSyntax {
    public static let names = PricesCommand.Syntax.allCases.map(\.rawValue)
}

enum PricesCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "prices", order: 65, "prices CUR… [in CUR] [PERIOD] [FORMAT]", .text,
        forms: [
            ("prices CUR CUR PERIOD", "run"), ("prices CUR CUR in CUR PERIOD", "home"), ("prices … FORMAT", "format"),
            ("prices … fill", "fill"), ("prices … average monthly", "average"),
        ], more: true)

    /// The syntaxes written.
    enum Syntax: String, CaseIterable {
        case ledger, hledger, beancount, gnucash, csv
    }

    /// The period without one.
    static let defaultPeriod = "1y"
    /// Significant digits of a rate that has no short exact decimal (a cross rate, an inverse).
    static let crossDigits = DocumentConverter.rateSignificantDigits
    /// The most prices one command writes (a price a day for every currency since 1999 is less).
    static let lineLimit = 400_000

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let today = Day.utc(line.now)
        let range = argument.range
        guard let text = argument.text, !text.isEmpty else { throw CommandError(.badPrices(""), at: range) }
        let request = try Request.read(text, range: range, today: today, engine, line.host)
        let (syntax, fill, inverse, averaged, named) = (request.syntax, request.fill, request.inverse, request.averaged, request.named)
        var (homes, foreign, period) = (request.homes, request.foreign, request.period)
        // Without `in`, the last currency is the home one (`prices eur usd`: EUR in USD); one alone
        // is priced in the base.
        if homes.isEmpty {
            if foreign.count >= 2 { homes = [foreign.removeLast()] } else { homes = [line.state.base == foreign.first ? .usd : line.state.base] }
        }
        guard !foreign.isEmpty else { throw CommandError(.badPrices(text), at: range) }
        // A source or a rule (`… by pl`): its tables, which quote against its home currency.
        let choice = named ?? line.choice ?? BankLines.sessionChoice(line.state)
        let bank = choice.flatMap { Banks.named($0.source) }
        if choice != nil, averaged != nil { throw CommandError(.bank(.notAllowed), at: range) }
        let pairs = pairs(foreign, in: homes, bank: bank, inverse: inverse)
        guard !pairs.isEmpty else { throw CommandError(.badPrices(text), at: range) }
        if period == nil { period = try periodDays(defaultPeriod, range: nil, today: today, engine) }
        guard var (first, last) = period else { throw CommandError(.badPrices(text), at: range) }
        first = max(first, engine.store.history.firstDay)
        last = min(last, today)
        guard first <= last else {
            throw CommandError(
                .date(last < engine.store.history.firstDay ? .beforeData(last, first: engine.store.history.firstDay) : .future(first, today: today)),
                at: range)
        }
        let writer = Writer(syntax: syntax)
        func listed(_ codes: [CurrencyCode]) -> String {
            codes.reduce(into: [CurrencyCode]()) { if !$0.contains($1) { $0.append($1) } }.map(\.rawValue).joined(separator: ", ")
        }
        var lines = writer.preamble(engine.localized("prices.header", listed(pairs.map(\.code)), listed(pairs.map(\.home)), first.iso, last.iso))
        let writtenHomes = Set(pairs.map(\.home))
        var count = 0
        // Days or months asked that have no price in the file, each said in its place.
        var missing = 0
        // With several home currencies, the prices of every pair are one list sorted by day (the
        // sources' comments before it); with one, each foreign currency's in turn.
        let sorted = writtenHomes.count > 1
        var dated: [(day: Day, order: Int, line: String)] = []
        // The pairs written of each kind, for the comment that ends the file.
        var kinds: [Price.Kind: [String]] = [:]
        for (order, (code, home, kind)) in pairs.enumerated() {
            let prices: [Price]
            if let choice {
                prices = chosen(code, home, choice, first: first, last: last, fill: fill, engine, line)
                guard prices.contains(where: { !$0.omitted }) else {
                    throw CommandError(.bank(.noTable(source: bank?.name ?? choice.source, first, reason: nil)), at: range)
                }
            } else if let averaged {
                prices = try averages(code, home, kind: averaged, first: first, last: last, today: today, engine, &line)
            } else {
                prices = daily(code, home, first: first, last: last, fill: fill, engine, pinned: line.state.pinnedSource)
            }
            guard prices.contains(where: { !$0.omitted }) else {
                let pair = "\(code)/\(home)"
                if averaged == nil {
                    // Days with a rate, none of them published (a weekend, holidays): `fill`
                    // writes them.
                    if !fill,
                        filled(code, home, first: first, last: last, engine.store, pinned: line.state.pinnedSource).contains(where: { !$0.omitted })
                    {
                        throw CommandError(.pricesNonePublished(pair, from: first, through: last), at: range)
                    }
                    // Every day of the period past the rates held (offline after the bundle).
                    let held = engine.store.lastECBDay
                    if first > held { throw CommandError(.pricesNoneHeld(pair, from: first, through: last, last: held), at: range) }
                }
                throw CommandError(.badPrices("\(pair) \(first.iso)…\(last.iso)"), at: range)
            }
            var source: String?
            if prices.contains(where: { !$0.omitted }) { kinds[kind, default: []].append("\(code)/\(home)") }
            for price in prices {
                if price.omitted, let note = price.note {
                    missing += 1
                    // Said where the file has comments, and beside it in every syntax.
                    let text = note(engine.localized)
                    lines += writer.comment(text)
                    line.reply.lines.append(.warning(text))
                    continue
                }
                if price.source != source {
                    source = price.source
                    // Said once for a currency, whatever the number of home currencies.
                    let said = writer.comment(
                        engine.localized(
                            "prices.source", code.rawValue,
                            price.source == RateSource.ecbID ? engine.localized("history.source.ecbName") : price.source, price.day.iso))
                    if !sorted || !said.allSatisfy(lines.contains) { lines += said }
                }
                if let note = price.note { lines += writer.comment(note(engine.localized)) }
                if sorted {
                    dated.append((price.day, order, writer.line(price, code, in: home)))
                } else {
                    lines.append(writer.line(price, code, in: home))
                }
                if line.keepsRecords {
                    line.reply.records.append(
                        Record(
                            "price",
                            [
                                ("date", .text(price.day.iso)), ("from", .text(code.rawValue)), ("to", .text(home.rawValue)),
                                ("rate", .decimal(price.text)), ("rate_date", .text(price.rateDay.iso)), ("source", .text(price.source)),
                            ]))
                }
                count += 1
                guard count <= lineLimit else { throw CommandError(.badPrices(text), at: range) }
            }
        }
        lines += dated.sorted { ($0.day, $0.order) < ($1.day, $1.order) }.map(\.line)
        lines += closingComments(kinds, rule: choice?.rule.flatMap(TaxRule.named), bank: bank, writer, engine.localized)
        line.reply.lines += lines.map { .result(ResultText($0)) }
        // The file is written; the run's status says that it lacks what was asked.
        if missing > 0 {
            let error = CommandError(.pricesIncomplete(missing), at: nil)
            line.reply.lines.append(.error(error, message: Messages.describe(error, localized: engine.localized, name: { $0.rawValue })))
        }
    }

    /// Each pair of a foreign currency and a home one, in the order written, as the source
    /// publishes it: the euro's price in the other currency (`EUR 1.0813 USD`, the ECB's
    /// `EUR/USD`) where the euro is the home, unless the inverse is asked for; a pair without the
    /// euro is a cross rate; with a central bank, a pair with its home currency is published.
    /// Books read a price both ways.
    static func pairs(_ foreign: [CurrencyCode], in homes: [CurrencyCode], bank: (any Bank)?, inverse: Bool)
        -> [(code: CurrencyCode, home: CurrencyCode, kind: Price.Kind)]
    {
        var pairs: [(code: CurrencyCode, home: CurrencyCode, kind: Price.Kind)] = []
        for home in homes {
            for code in foreign where code != home {
                let pair: (CurrencyCode, CurrencyCode, Price.Kind)
                if let bank {
                    let published = bank.quoting == .homePerForeign ? home == bank.home : code == bank.home
                    pair = (code, home, published ? .published : .cross)
                } else {
                    switch (code == .eur, home == .eur) {
                    case (true, _): pair = (code, home, .published)
                    case (false, false): pair = (code, home, .cross)
                    case (false, true): pair = inverse ? (code, home, .inverse) : (home, code, .published)
                    }
                }
                if !pairs.contains(where: { $0.code == pair.0 && $0.home == pair.1 }) { pairs.append(pair) }
            }
        }
        return pairs
    }

    /// What the file holds, and only that: rates as published, cross rates, inverses; and the
    /// rule that chose each day's rate.
    static func closingComments(
        _ kinds: [Price.Kind: [String]], rule: TaxRule?, bank: (any Bank)?, _ writer: Writer, _ localized: Localization
    ) -> [String] {
        var lines: [String] = []
        if kinds[.published] != nil { lines += writer.comment(localized("prices.published")) }
        if let rule { lines += writer.comment(localized("prices.rule", rule.id, localized(rule.lawKey))) }
        if let cross = kinds[.cross] {
            let through = bank.map { localized("prices.crossThrough", cross.joined(separator: ", "), $0.home.rawValue, String(crossDigits)) }
            lines += writer.comment(through ?? localized("prices.cross", cross.joined(separator: ", "), String(crossDigits)))
        }
        if let inverses = kinds[.inverse] {
            lines += writer.comment(localized("prices.inverse", inverses.joined(separator: ", "), String(crossDigits)))
        }
        return lines
    }

    /// What a `prices` line asks for, read from its words.
    struct Request {
        var syntax = Syntax.ledger
        var fill = false
        var inverse = false
        var averaged: Period.Kind?
        var homes: [CurrencyCode] = []
        var foreign: [CurrencyCode] = []
        var period: (Day, Day)?
        /// `by pl`, `from nbp`: a rule's or a source's rates.
        var named: BankChoice?

        /// The words of `text`: currencies (after `in`, the home ones), a period, a syntax,
        /// `fill`, `inverse`, `average monthly|yearly`, `by RULE` or `from SOURCE`.
        static func read(_ text: String, range: Range<Int>?, today: Day, _ engine: Engine, _ host: any SessionHost) throws(CommandError) -> Request {
            let words = ChartCommand.words(text, start: range?.lowerBound ?? 0)
            var request = Request()
            var notes: [String] = []
            var index = 0
            var homeNext = false
            while index < words.count {
                let word = words[index]
                let folded = word.text.lowercased()
                index += 1
                if folded == "--format" || folded == "format", index < words.count, let named = Syntax(rawValue: words[index].text.lowercased()) {
                    request.syntax = named
                    index += 1
                } else if let named = Syntax(rawValue: folded.hasPrefix("--format=") ? String(folded.dropFirst(9)) : folded) {
                    request.syntax = named
                } else if folded == "fill" || folded == "--fill" {
                    request.fill = true
                } else if folded == "inverse" || folded == "inverted" || folded == "--inverse" {
                    request.inverse = true
                } else if folded == "average" || folded == "averages" {
                    request.averaged = .month
                    if index < words.count {
                        switch words[index].text.lowercased() {
                        case "monthly", "month": request.averaged = .month; index += 1
                        case "yearly", "year", "annual": request.averaged = .year; index += 1
                        default: break
                        }
                    }
                } else if Parser.choiceWords.contains(folded), index < words.count {
                    // `by pl`, `from nbp`: a rule's or a source's rates.
                    let name = words[index]
                    index += 1
                    request.named = try engine.banks.choice(
                        ChoiceReference(isRule: folded == "by", name: name.text, range: name.range, word: word.range), host: host)
                } else if folded == "in" || folded == "to" || folded == "->" || folded == "→" {
                    homeNext = true
                } else if request.period == nil, let days = try periodDays(word.text, range: word.range, today: today, engine) {
                    request.period = days
                } else {
                    let code = try engine.resolver.currency(CurrencyReference(text: word.text, range: word.range), notes: &notes)
                    if homeNext {
                        // `prices eur in usd gbp chf 2024`: several home currencies, one file.
                        if !request.homes.contains(code) { request.homes.append(code) }
                    } else if !request.foreign.contains(code) {
                        request.foreign.append(code)
                    }
                }
            }
            return request
        }
    }

    /// `2024`, `2024-03`, `2024-01-01..2024-06-30`, `1y`, `30d`, `all`: the first and last day.
    static func periodDays(_ text: String, range: Range<Int>?, today: Day, _ engine: Engine) throws(CommandError) -> (Day, Day)? {
        if let period = DatedLines.isoPeriod(text) { return (period.from, min(period.through, today)) }
        // One day (`2024-01-02`), or a range of days that may be one (`2024-01-02..2024-01-02`),
        // which a chart, needing two, refuses.
        if let day = Day(iso: text) { return (day, day) }
        let ends = text.components(separatedBy: "..")
        if ends.count == 2, let from = Day(iso: ends[0]), let through = Day(iso: ends[1]), from <= through { return (from, through) }
        return try ChartCommand.period(text, range: range, today: today, engine)
    }

    /// One price of a day.
    struct Price {
        let day: Day
        /// The day whose rate it is (an earlier one for a day filled).
        let rateDay: Day
        let text: String
        let source: String
        let note: ((Localization) -> String)?
        /// A run of days without a rate of the pair, from `day` (its note says through when):
        /// no price is written for them.
        var omitted = false

        /// How a pair's prices stand to what its source published.
        enum Kind: Hashable {
            /// The euro's price in another currency, digit for digit (`EUR 1.0813 USD`).
            case published
            /// Between two currencies that are not the euro, through it.
            case cross
            /// Another currency's price in euros, asked for with `inverse`.
            case inverse
        }
    }

    /// The published days of a pair (ECB first, other sources where it has none); with `fill`,
    /// every day of the period that a dated line of it converts, at the rate that line takes.
    /// The days a dated line fails on (the ECB published without the pair, or they are past the
    /// days held) are said in their place, as `fill` says them: never left out unsaid.
    static func daily(_ code: CurrencyCode, _ home: CurrencyCode, first: Day, last: Day, fill: Bool, _ engine: Engine, pinned: String?) -> [Price] {
        let store = engine.store
        let days = filled(code, home, first: first, last: last, store, pinned: pinned)
        if fill { return days }
        let points = store.series(from: code, to: home, start: first, end: last, pinned: pinned)
        var gaps = days.filter(\.omitted)[...]
        var prices: [Price] = []
        prices.reserveCapacity(points.count + gaps.count)
        for point in points {
            guard let rate = store.exactRate(from: code, to: home, at: point) else { continue }
            while let gap = gaps.first, gap.day < point.day {
                prices.append(gap)
                gaps.removeFirst()
            }
            prices.append(Price(day: point.day, rateDay: point.day, text: DocumentConverter.rateText(rate), source: point.sourceID, note: nil))
        }
        prices += gaps
        return prices
    }

    /// Every day of the period with the rate `1 CODE in HOME on DAY` takes: the ECB's of the day,
    /// or of the last day it published before it (a weekend, a holiday), else another table of
    /// exactly that day. A day the ECB published without the pair (RUB after 2022-03-01, ISK
    /// from 2008-12-10 to 2018-01-31), or past the days held, has no price: a dated line of it
    /// fails, and a repeated rate would be a price nobody published. The first day of each run
    /// repeated, and each run left out (in its place), says so in a comment.
    static func filled(_ code: CurrencyCode, _ home: CurrencyCode, first: Day, last: Day, _ store: RateStore, pinned: String?) -> [Price] {
        var prices: [Price] = []
        prices.reserveCapacity(last.number - first.number + 1)
        // The days left out so far, said before the next price (or, at the period's end, after the last).
        var missing: (first: Day, last: Day)?
        func sayMissing() {
            guard let gap = missing else { return }
            let (from, through) = (gap.first.iso, gap.last.iso)
            let note: (Localization) -> String =
                from == through
                ? { $0("prices.missing.one", from, code.rawValue, home.rawValue) }
                : { $0("prices.missing", from, through, code.rawValue, home.rawValue) }
            prices.append(Price(day: gap.first, rateDay: gap.first, text: "", source: "", note: note, omitted: true))
            missing = nil
        }
        for number in first.number...last.number {
            let day = Day(number: number)
            let rates = store.day(day, pinned: pinned)
            var found: (rate: Rational, day: Day, source: String)?
            if let ecb = rates.ecb, let rate = ecb.rate(from: code, to: home) {
                found = (rate, ecb.day, RateSource.ecbID)
            } else {
                for table in store.otherTables(on: day, pinned: pinned) {
                    if let rate = table.rate(from: code, to: home) {
                        found = (rate, table.day, table.source.id)
                        break
                    }
                }
            }
            guard let found else {
                missing = (missing?.first ?? day, day)
                continue
            }
            sayMissing()
            // Written afresh each day: the day asked can change the rate of the same table (HRK
            // has its fixed rate from Sunday 2023-01-01, in Friday's table).
            prices.append(Price(day: day, rateDay: found.day, text: DocumentConverter.rateText(found.rate), source: found.source, note: nil))
        }
        sayMissing()
        // The comments, on the first day of each run of a repeated rate (through the run's end).
        var index = 0
        while index < prices.count {
            let price = prices[index]
            guard price.rateDay != price.day else {
                index += 1
                continue
            }
            var end = index
            while end + 1 < prices.count, prices[end + 1].rateDay == price.rateDay, prices[end + 1].source == price.source,
                prices[end + 1].text == price.text, prices[end + 1].day.number == prices[end].day.number + 1
            {
                end += 1
            }
            let (from, through, used) = (price.day.iso, prices[end].day.iso, price.rateDay.iso)
            prices[index] = Price(
                day: price.day, rateDay: price.rateDay, text: price.text, source: price.source, note: { $0("prices.filled", from, through, used) })
            index = end + 1
        }
        return prices
    }

    /// Every day of the period at the rate a source or a rule gives it: from a source, the days
    /// it published (with `fill`, every day, at the table that serves it); by a rule, every day
    /// at the rate the rule names for that day (the NBP's of the working day before, for
    /// Poland). A run of days without one is said in its place, once.
    static func chosen(
        _ code: CurrencyCode, _ home: CurrencyCode, _ choice: BankChoice, first: Day, last: Day, fill: Bool, _ engine: Engine, _ line: LineContext
    ) -> [Price] {
        var prices: [Price] = []
        var lastProblem: String?
        for number in first.number...last.number {
            let day = Day(number: number)
            do {
                let rates = try engine.banks.rates(choice, day: day, at: nil, line)
                let quote = try engine.banks.quote(from: code, to: home, rates)
                let table = quote.table(engine.store)
                lastProblem = nil
                if choice.rule == nil, !fill, table.day != day { continue }
                prices.append(Price(day: day, rateDay: table.day, text: DocumentConverter.rateText(quote.rate), source: table.source.id, note: nil))
            } catch {
                let problem = error
                let text = Messages.describe(problem, localized: engine.localized, name: { $0.rawValue })
                guard text != lastProblem else { continue }
                lastProblem = text
                prices.append(Price(day: day, rateDay: day, text: "", source: "", note: { _ in day.iso + ": " + text }, omitted: true))
            }
        }
        return prices
    }

    /// One price a month (or year) of the period: the average the store computes for `average`
    /// lines, dated the period's first day, with the days it counts in a comment.
    static func averages(
        _ code: CurrencyCode, _ home: CurrencyCode, kind: Period.Kind, first: Day, last: Day, today: Day, _ engine: Engine, _ line: inout LineContext
    ) throws(CommandError) -> [Price] {
        var prices: [Price] = []
        var day = first
        while day <= last {
            let period: Period
            switch kind {
            case .year: period = Period.year(day.parts.year) ?? Period.month(of: day)
            default: period = Period.month(of: day)
            }
            let table: RateTable
            do {
                table = try engine.store.average(period, pinned: line.state.pinnedSource, today: today)
            } catch {
                // A month past the rates held (or before them) has no price: said in its place, and
                // the months that have one are written.
                let problem = CommandError(.average(.problem(error, reason: nil)), at: nil)
                let note: (Localization) -> String = { Messages.describe(problem, localized: $0, name: { $0.rawValue }) }
                prices.append(Price(day: period.from, rateDay: period.from, text: "", source: "", note: note, omitted: true))
                day = period.through.adding(days: 1)
                continue
            }
            if let rate = table.rate(from: code, to: home), let counted = table.period {
                let note: (Localization) -> String = { $0("prices.average", period.iso, String(counted.days), counted.interval) }
                prices.append(
                    Price(day: period.from, rateDay: counted.last, text: DocumentConverter.rateText(rate), source: table.source.id, note: note))
            } else {
                // A currency without a rate on every published day of the period (RUB from
                // March 2022) has no average: said, as the `average` line says it.
                let missing = table.contains(code) ? home : code
                let coverage = engine.store.coverage(missing, in: period)
                let (days, of) = (String(coverage.days), String(coverage.of))
                let note: (Localization) -> String = {
                    $0("prices.averageMissing", period.iso, code.rawValue, home.rawValue, missing.rawValue, days, of)
                }
                prices.append(Price(day: period.from, rateDay: period.from, text: "", source: "", note: note, omitted: true))
            }
            day = period.through.adding(days: 1)
        }
        return prices
    }

    /// How each syntax writes a price and a comment.
    struct Writer {
        let syntax: Syntax

        func line(_ price: Price, _ code: CurrencyCode, in home: CurrencyCode) -> String {
            switch syntax {
            case .ledger, .hledger: return "P \(price.day.iso) \(code) \(price.text) \(home)"
            case .beancount: return "\(price.day.iso) price \(code) \(price.text) \(home)"
            case .gnucash: return "\(price.day.iso),CURRENCY,\(code),\(home),\(price.text)"
            case .csv: return "\(price.day.iso),\(code),\(home),\(price.text),\(price.rateDay.iso),\(price.source)"
            }
        }

        /// Comments where the syntax has them (`;`); none in CSV.
        func comment(_ text: String) -> [String] {
            switch syntax {
            case .ledger, .hledger, .beancount: return ["; " + text]
            case .gnucash, .csv: return []
            }
        }

        func preamble(_ header: String) -> [String] {
            switch syntax {
            case .ledger, .hledger, .beancount: return comment(header)
            case .gnucash: return ["date,namespace,symbol,currency,price"]
            case .csv: return ["date,from,to,rate,rate_date,source"]
            }
        }
    }
}
