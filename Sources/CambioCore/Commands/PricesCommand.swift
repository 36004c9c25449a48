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

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws {
        let today = Day.utc(line.now)
        let range = argument.range
        guard let text = argument.text, !text.isEmpty else { throw CommandError(.badPrices(""), at: range) }
        let words = ChartCommand.words(text, start: range?.lowerBound ?? 0)
        var syntax = Syntax.ledger
        var fill = false
        var averaged: Period.Kind?
        var home: CurrencyCode?
        var foreign: [CurrencyCode] = []
        var period: (Day, Day)?
        var notes: [String] = []
        var index = 0
        var homeNext = false
        while index < words.count {
            let word = words[index]
            let folded = word.text.lowercased()
            index += 1
            if folded == "--format" || folded == "format", index < words.count, let named = Syntax(rawValue: words[index].text.lowercased()) {
                syntax = named
                index += 1
            } else if let named = Syntax(rawValue: folded.hasPrefix("--format=") ? String(folded.dropFirst(9)) : folded) {
                syntax = named
            } else if folded == "fill" || folded == "--fill" {
                fill = true
            } else if folded == "average" || folded == "averages" {
                averaged = .month
                if index < words.count {
                    switch words[index].text.lowercased() {
                    case "monthly", "month": averaged = .month; index += 1
                    case "yearly", "year", "annual": averaged = .year; index += 1
                    default: break
                    }
                }
            } else if folded == "in" || folded == "to" || folded == "->" || folded == "→" {
                homeNext = true
            } else if period == nil, let days = try periodDays(word.text, range: word.range, today: today, engine) {
                period = days
            } else {
                let code = try engine.resolver.currency(CurrencyReference(text: word.text, range: word.range), notes: &notes)
                if homeNext {
                    guard home == nil else { throw CommandError(.badPrices(text), at: word.range) }
                    home = code
                } else if !foreign.contains(code) {
                    foreign.append(code)
                }
            }
        }
        // Without `in`, the last currency is the home one (`prices eur usd`: EUR in USD); one alone
        // is priced in the base.
        if home == nil {
            if foreign.count >= 2 { home = foreign.removeLast() } else { home = line.state.base == foreign.first ? .usd : line.state.base }
        }
        guard let home, !foreign.isEmpty else { throw CommandError(.badPrices(text), at: range) }
        foreign.removeAll { $0 == home }
        guard !foreign.isEmpty else { throw CommandError(.badPrices(text), at: range) }
        if period == nil { period = try periodDays(defaultPeriod, range: nil, today: today, engine) }
        guard var (first, last) = period else { throw CommandError(.badPrices(text), at: range) }
        first = max(first, engine.store.history.firstDay)
        last = min(last, today)
        guard first <= last else {
            throw CommandError(
                .date(last < engine.store.history.firstDay ? .beforeData(last, first: engine.store.history.firstDay) : .future(first, today: today)),
                at: range)
        }
        let writer = Writer(syntax: syntax, home: home)
        var lines = writer.preamble(
            engine.localized("prices.header", foreign.map(\.rawValue).joined(separator: ", "), home.rawValue, first.iso, last.iso))
        var count = 0
        for code in foreign {
            let prices: [Price]
            if let averaged {
                prices = try averages(code, home, kind: averaged, first: first, last: last, today: today, engine, &line)
            } else {
                prices = daily(code, home, first: first, last: last, fill: fill, engine, pinned: line.state.pinnedSource)
            }
            guard !prices.isEmpty else {
                throw CommandError(.badPrices("\(code)/\(home) \(first.iso)…\(last.iso)"), at: range)
            }
            var source: String?
            for price in prices {
                if price.source != source {
                    source = price.source
                    lines += writer.comment(
                        engine.localized(
                            "prices.source", code.rawValue,
                            price.source == RateSource.ecbID ? engine.localized("history.source.ecbName") : price.source, price.day.iso))
                }
                if let note = price.note { lines += writer.comment(note(engine.localized)) }
                lines.append(writer.line(price, code))
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
        lines += writer.comment(engine.localized("prices.digits", String(crossDigits)))
        line.reply.lines += lines.map { .result(ResultText($0)) }
    }

    /// `2024`, `2024-03`, `2024-01-01..2024-06-30`, `1y`, `30d`, `all`: the first and last day.
    static func periodDays(_ text: String, range: Range<Int>?, today: Day, _ engine: Engine) throws -> (Day, Day)? {
        if let period = DatedLines.isoPeriod(text) { return (period.from, min(period.through, today)) }
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
    }

    /// The published days of a pair (ECB first, other sources where it has none), each day of the
    /// period when `fill`.
    static func daily(_ code: CurrencyCode, _ home: CurrencyCode, first: Day, last: Day, fill: Bool, _ engine: Engine, pinned: String?) -> [Price] {
        let store = engine.store
        // Filling starts from the last publication before the period (a year begins on a holiday).
        let seedStart = fill ? max(store.history.firstDay, first.adding(days: -14)) : first
        let points = store.series(from: code, to: home, start: seedStart, end: last, pinned: pinned)
        var prices: [Price] = []
        prices.reserveCapacity(fill ? last.number - first.number + 1 : points.count)
        var previous: Price?
        /// The days of the period after `previous` and before `end`, each with its rate, the
        /// first of them saying which days are filled.
        func fillGap(through end: Day) {
            guard fill, let previous else { return }
            let gapFirst = max(previous.day.adding(days: 1), first)
            guard gapFirst <= end else { return }
            for number in gapFirst.number...end.number {
                let day = Day(number: number)
                let note: ((Localization) -> String)? = day == gapFirst ? { $0("prices.filled", gapFirst.iso, end.iso, previous.day.iso) } : nil
                prices.append(Price(day: day, rateDay: previous.day, text: previous.text, source: previous.source, note: note))
            }
        }
        for point in points {
            guard let rate = store.exactRate(from: code, to: home, at: point) else { continue }
            let price = Price(day: point.day, rateDay: point.day, text: DocumentConverter.rateText(rate), source: point.sourceID, note: nil)
            if point.day >= first {
                fillGap(through: point.day.adding(days: -1))
                prices.append(price)
            }
            previous = price
        }
        // Days after the last publication up to the period's end.
        fillGap(through: last)
        return prices
    }

    /// One price a month (or year) of the period: the average the store computes for `average`
    /// lines, dated the period's first day, with the days it counts in a comment.
    static func averages(
        _ code: CurrencyCode, _ home: CurrencyCode, kind: Period.Kind, first: Day, last: Day, today: Day, _ engine: Engine, _ line: inout LineContext
    ) throws -> [Price] {
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
                throw CommandError(.average(.problem(error, reason: nil)), at: nil)
            }
            if let rate = table.rate(from: code, to: home), let counted = table.period {
                let note: (Localization) -> String = { $0("prices.average", period.iso, String(counted.days), counted.interval) }
                prices.append(
                    Price(day: period.from, rateDay: counted.last, text: DocumentConverter.rateText(rate), source: table.source.id, note: note))
            }
            day = period.through.adding(days: 1)
        }
        return prices
    }

    /// How each syntax writes a price and a comment.
    struct Writer {
        let syntax: Syntax
        let home: CurrencyCode

        func line(_ price: Price, _ code: CurrencyCode) -> String {
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
