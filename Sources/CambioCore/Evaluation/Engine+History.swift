import Foundation

/// Dated lines (`… on 2020-03-15`), the chart and what `status` says about the history.
extension Engine {
    /// Why a dated line has no table yet: the session fetches, then evaluates the line again.
    public enum HistoryNeed: Hashable, Sendable {
        /// The ECB's days after the ones held (its 90-day or full history file).
        case ecb(Day)
        /// currency-api's snapshot of the day.
        case snapshot(Day)
    }

    /// The reader of dates in the user's locale (numbers' locale: dates are typed like them).
    var dateReader: DateReader {
        if let reader = dateReaderCache, reader.localeID == locale.numbers { return reader }
        let reader = DateReader(localeID: locale.numbers)
        dateReaderCache = reader
        return reader
    }

    /// The day `text` names, or the error that says which forms are read, at `range`.
    func readDate(_ text: String, range: Range<Int>?, today: Day) throws -> Day {
        let reader = dateReader
        switch reader.read(text, today: today) {
        case .success(let day): return day
        case .failure(let problem):
            throw CommandError(.date(.reading(problem, pattern: reader.pattern, example: reader.example)), at: range)
        }
    }

    /// Runs a conversion, rate or calculation with the rates of the day asked for: the ECB's
    /// (bundled or fetched), or currency-api's snapshot of that day for a currency the ECB
    /// does not publish.
    func dated(_ inner: Command, _ date: DateReference, _ outcome: inout Outcome, now: Date) throws {
        let today = Day.utc(now)
        let day = try readDate(date.text, range: date.range, today: today)
        let first = history.bundled.firstDay
        guard day <= today else { throw CommandError(.date(.future(day, today: today)), at: date.range) }
        guard day >= first else { throw CommandError(.date(.beforeData(day, first: first)), at: date.range) }
        try dated(inner, on: day, at: date.range, &outcome, now: now)
    }

    /// The same for a day already read and within the history (`swap` after a dated line
    /// reverses it with the rates of that day); errors stand at `range`.
    func dated(_ inner: Command, on day: Day, at range: Range<Int>?, _ outcome: inout Outcome, now: Date) throws {
        var table: RateTable
        let used: Day
        switch history.ecbTable(on: day) {
        case .table(let found, let usedDay):
            (table, used) = (found, usedDay)
            // A currency that joined the euro between the day used and the day asked (on a
            // holiday: HRK on Sunday 2023-01-01, BGN on 2026-01-01) has its fixed rate.
            if used != day, LegacyEuro.all.contains(where: { $0.since > used && $0.since <= day }),
                let joined = try? RateTable(
                    base: found.base, date: found.date, source: found.source, rates: found.rates, legacyDay: day.iso)
            {
                table = joined
            }
        case .notFetched(let last):
            // Past the ECB's days held, a snapshot of the day answers as well.
            guard let snapshot = history.snapshot(on: day) else {
                outcome.request = .fetchHistory(.ecb(day))
                throw CommandError(.date(.notFetched(day, last: last, reason: nil)), at: range)
            }
            (table, used) = (snapshot, day)
        }
        do {
            try run(inner, table: table, asked: day, used: used, &outcome, now: now)
        } catch let error as CommandError {
            guard case .currencyNotInTable(let code, _) = error.kind else { throw error }
            let snapshotsSince = HistoryLibrary.snapshotsSince
            if let snapshot = history.snapshot(on: day) {
                do {
                    try run(inner, table: snapshot, asked: day, used: day, &outcome, now: now)
                    return
                } catch let error as CommandError {
                    guard case .currencyNotInTable(let code, _) = error.kind else { throw error }
                    throw CommandError(.date(.currencyMissing(code, day, snapshotsSince: snapshotsSince, fetched: true)), at: nil)
                }
            }
            if day >= snapshotsSince { outcome.request = .fetchHistory(.snapshot(day)) }
            throw CommandError(.date(.currencyMissing(code, day, snapshotsSince: snapshotsSince, fetched: false)), at: nil)
        }
    }

    private func run(_ inner: Command, table: RateTable, asked: Day, used: Day, _ outcome: inout Outcome, now: Date) throws {
        let saved = outcome.state.table
        let savedLine = datedLine
        outcome.state.table = table
        datedLine = (table, asked, used)
        defer {
            outcome.state.table = saved
            datedLine = savedLine
        }
        let start = outcome.reply.lines.count
        try run(inner, &outcome, now: now)
        // A day without rates (a weekend, a holiday) uses the last day before it: said in
        // every mode, before the results.
        if used != asked {
            let note = localized("note.dayUsed", weekdayName(asked) + " " + asked.iso, weekdayName(used) + " " + used.iso)
            outcome.reply.lines.insert(.assumption(note), at: min(start, outcome.reply.lines.count))
        }
    }

    /// `rates of Fri 2020-03-13 (ECB, bundled history)`.
    func datedNote(_ table: RateTable, used: Day) -> String {
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

    /// Rows for `status`: what the history covers.
    func historyRows() -> [(String, String)] {
        let bundled = history.bundled
        var rows = [
            (
                localized("status.history.bundled"),
                localized("status.history.range", bundled.firstDay.iso, bundled.lastDay.iso, String(bundled.codes.count + 1))
            )
        ]
        if let fetched = history.fetchedCoverage {
            rows.append((localized("status.history.fetched"), localized("status.history.fetchedRange", fetched.first.iso, fetched.last.iso)))
        }
        let snapshots = history.snapshotDays
        rows.append(
            (
                localized("status.history.snapshots"),
                snapshots.isEmpty
                    ? localized("status.history.snapshotsNone", HistoryLibrary.snapshotsSince.iso)
                    : localized("status.history.snapshotsHeld", String(snapshots.count), HistoryLibrary.snapshotsSince.iso)
            ))
        return rows
    }
}
