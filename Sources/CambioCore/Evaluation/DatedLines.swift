import Foundation

/// Dated lines (`… on 2020-03-15`): the day read in the user's locale, its table (the ECB's,
/// bundled or fetched, or currency-api's snapshot of the day for a currency the ECB does not
/// publish), fetched through the host when the history lacks it, and the line run with it; a
/// day without a publication uses the last one before it and says so.
final class DatedLines {
    let history: HistoryLibrary
    let localized: Localization
    let locale: LocaleSettings

    init(history: HistoryLibrary, localized: Localization, locale: LocaleSettings) {
        self.history = history
        self.localized = localized
        self.locale = locale
    }

    /// The reader of dates in the user's locale (numbers' locale: dates are typed like them).
    var reader: DateReader {
        if let readerCache { return readerCache }
        let reader = DateReader(localeID: locale.numbers)
        readerCache = reader
        return reader
    }

    private var readerCache: DateReader?
    private var weekdayNamesCache: [String]?

    /// The day `text` names, or the error that says which forms are read, at `range`.
    func read(_ text: String, range: Range<Int>?, today: Day) throws -> Day {
        let reader = reader
        switch reader.read(text, today: today) {
        case .success(let day): return day
        case .failure(let problem):
            throw CommandError(.date(.reading(problem, pattern: reader.pattern, example: reader.example)), at: range)
        }
    }

    /// Runs a conversion, rate, calculation or command with the rates of the day asked for.
    func run(_ inner: Command, _ date: DateReference, _ engine: Engine, _ line: inout LineContext) throws {
        let today = Day.utc(line.now)
        let day = try read(date.text, range: date.range, today: today)
        let first = history.bundled.firstDay
        guard day <= today else { throw CommandError(.date(.future(day, today: today)), at: date.range) }
        guard day >= first else { throw CommandError(.date(.beforeData(day, first: first)), at: date.range) }
        try run(inner, on: day, at: date.range, engine, &line)
    }

    /// The same for a day already read and within the history (`swap` after a dated line
    /// reverses it with the rates of that day); errors stand at `range`. What the history lacks
    /// is asked of the host once, and the line goes on with what it brought.
    func run(_ inner: Command, on day: Day, at range: Range<Int>?, _ engine: Engine, _ line: inout LineContext) throws {
        var reason: String?
        func fetch(_ need: HistoryNeed) -> Bool {
            switch line.host.fetch(need) {
            case .fetched: return true
            case .unavailable: return false
            case .failed(let why):
                reason = reason ?? localized("history.fetchFailed", why)
                return false
            }
        }
        var lookup = history.ecbTable(on: day)
        if case .notFetched = lookup, history.snapshot(on: day) == nil, fetch(.ecb(day)) { lookup = history.ecbTable(on: day) }
        var table: RateTable
        let used: Day
        switch lookup {
        case .table(let found, let usedDay):
            (table, used) = (found, usedDay)
            // A currency that joined the euro between the day used and the day asked (on a
            // holiday: HRK on Sunday 2023-01-01, BGN on 2026-01-01) has its fixed rate.
            if used != day, LegacyEuro.all.contains(where: { $0.since > used && $0.since <= day }),
                let joined = try? RateTable(base: found.base, date: found.date, source: found.source, rates: found.rates, legacyDay: day.iso)
            {
                table = joined
            }
        case .notFetched(let last):
            // Past the ECB's days held, a snapshot of the day answers as well.
            if history.snapshot(on: day) == nil, day >= HistoryLibrary.snapshotsSince { _ = fetch(.snapshot(day)) }
            guard let snapshot = history.snapshot(on: day) else {
                throw CommandError(.date(.notFetched(day, last: last, reason: reason)), at: range)
            }
            (table, used) = (snapshot, day)
        }
        let start = line.reply.lines.count
        do {
            try run(inner, table: table, asked: day, used: used, engine, &line)
        } catch let error as CommandError {
            guard case .currencyNotInTable(let code, _) = error.kind else { throw error }
            // A currency the ECB does not publish: currency-api's snapshot of the day.
            line.reply.lines.removeSubrange(min(start, line.reply.lines.count)...)
            let since = HistoryLibrary.snapshotsSince
            if history.snapshot(on: day) == nil, day >= since { _ = fetch(.snapshot(day)) }
            guard let snapshot = history.snapshot(on: day) else {
                throw CommandError(.date(.currencyMissing(code, day, snapshotsSince: since, fetched: false, reason: reason)), at: nil)
            }
            guard snapshot !== table else {
                throw CommandError(.date(.currencyMissing(code, day, snapshotsSince: since, fetched: true, reason: reason)), at: nil)
            }
            do {
                try run(inner, table: snapshot, asked: day, used: day, engine, &line)
            } catch let error as CommandError {
                guard case .currencyNotInTable(let code, _) = error.kind else { throw error }
                throw CommandError(.date(.currencyMissing(code, day, snapshotsSince: since, fetched: true, reason: reason)), at: nil)
            }
        }
    }

    private func run(_ inner: Command, table: RateTable, asked: Day, used: Day, _ engine: Engine, _ line: inout LineContext) throws {
        let saved = line.state.table
        let savedDay = line.dated
        line.state.table = table
        line.dated = DatedLine(table: table, asked: asked, used: used)
        defer {
            line.state.table = saved
            line.dated = savedDay
        }
        let start = line.reply.lines.count
        try engine.run(inner, &line)
        // A day without rates (a weekend, a holiday) uses the last day before it: said in
        // every mode, before the results.
        if used != asked {
            let note = localized("note.dayUsed", weekdayName(asked) + " " + asked.iso, weekdayName(used) + " " + used.iso)
            line.reply.lines.insert(.assumption(note), at: min(start, line.reply.lines.count))
        }
    }

    /// `rates of Fri 2020-03-13 (ECB, bundled history)`.
    func note(_ table: RateTable, used: Day) -> String {
        let source: String
        if table.source.id == "ecb" {
            source = localized(table.source.isBundledSeed ? "history.source.bundled" : "history.source.ecb")
        } else {
            source = localized("history.source.snapshot", table.source.id)
        }
        return localized("history.note", weekdayName(used) + " " + used.iso, source)
    }

    /// The abbreviated weekday in the interface language (`Fri`, `Fr.`, `Cum`).
    func weekdayName(_ day: Day) -> String {
        let names = weekdayNames
        return names.indices.contains(day.weekday) ? names[day.weekday] : ""
    }

    private var weekdayNames: [String] {
        if let names = weekdayNamesCache { return names }
        var calendar = Calendar(identifier: .gregorian)
        // The sentence's language: a locale without texts of its own is answered in English.
        let language = Localization.language(for: locale.messages)
        calendar.locale = Locale(identifier: language == locale.language ? locale.messages : language)
        let names = calendar.shortWeekdaySymbols.count == 7 ? calendar.shortWeekdaySymbols : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        weekdayNamesCache = names
        return names
    }
}
