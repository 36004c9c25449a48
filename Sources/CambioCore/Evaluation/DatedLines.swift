import Foundation

/// Lines with a date (`12 eur in usd on 2020-03-15`) or a period (`… average 2024-03`): the
/// date read in the user's locale, the store's rates of that day or averages of that period,
/// what the store lacks fetched through the host once, and the line run with them. A day
/// without a publication uses the last one before it and says why (`Substitution`).
final class DatedLines {
    let store: RateStore
    let localized: Localization
    let locale: LocaleSettings

    init(store: RateStore, localized: Localization, locale: LocaleSettings) {
        self.store = store
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

    /// The reader of periods: months and years in the locale's forms and names, and two days.
    var periods: PeriodReader {
        if let periodCache { return periodCache }
        let periods = PeriodReader(dates: reader, localeIDs: [locale.numbers, locale.messages])
        periodCache = periods
        return periods
    }

    private var readerCache: DateReader?
    private var periodCache: PeriodReader?
    private var weekdayNamesCache: [String]?
    /// The last date read, and its day: a ledger dates many lines alike; and the last period.
    private var lastRead: (text: String, today: Day, day: Day)?
    private var lastPeriod: (text: String, today: Day, period: Period)?

    /// Set when a quote used the ECB's table of an earlier day than the one asked for, so that
    /// the line says so.
    private var substituted = false
    /// The currencies of a line's quotes that joined the euro between the day used and the day
    /// asked: at their fixed rates, which the line says.
    private var joinedSinceUsed: [LegacyEuro.Entry] = []
    /// Why the last fetch of this line failed, for its error.
    private var fetchFailure: String?

    /// The day `text` names, or the error that says which forms are read, at `range`.
    func read(_ text: String, range: Range<Int>?, today: Day) throws(CommandError) -> Day {
        // ISO, the form every locale reads the same way, without the reader.
        if let day = Day(iso: text) { return day }
        if let lastRead, lastRead.today == today, lastRead.text == text { return lastRead.day }
        let reader = reader
        switch reader.read(text, today: today) {
        case .success(let day):
            lastRead = (text, today, day)
            return day
        case .failure(let problem):
            throw CommandError(.date(.reading(problem, pattern: reader.pattern, example: reader.example)), at: range)
        }
    }

    /// Runs a conversion, rate, calculation or command with the rates of the day asked for.
    func run(_ inner: Command, _ date: DateReference, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let day = try checkedDay(date.text, range: date.range, today: Day.utc(line.now))
        try run(inner, on: day, at: date.range, engine, &line)
    }

    /// The day a date names, when the history can have rates for it.
    func checkedDay(_ text: String, range: Range<Int>?, today: Day) throws(CommandError) -> Day {
        try checked(try read(text, range: range, today: today), range: range, today: today)
    }

    /// A day read, when the history can have rates for it.
    @inline(__always) func checked(_ day: Day, range: Range<Int>?, today: Day) throws(CommandError) -> Day {
        let first = store.history.firstDay
        guard day <= today else { throw CommandError(.date(.future(day, today: today)), at: range) }
        guard day >= first else { throw CommandError(.date(.beforeData(day, first: first)), at: range) }
        return day
    }

    /// The same for a day already read and within the history (`swap` after a dated line
    /// reverses it with the rates of that day); errors stand at `range`.
    func run(_ inner: Command, on day: Day, at range: Range<Int>?, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        try withDay(day, at: range, &line) { (line: inout LineContext) throws(CommandError) in try engine.run(inner, &line) }
    }

    /// Runs a conversion, rate, calculation or command with the average rates of a period.
    func runAverage(_ inner: Command, _ text: DateReference, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let period = try readPeriod(text.text, range: text.range, today: Day.utc(line.now))
        try run(inner, over: period, at: text.range, engine, &line)
    }

    /// The period `text` names, or the error that says which forms are read.
    func readPeriod(_ text: String, range: Range<Int>?, today: Day) throws(CommandError) -> Period {
        // `2024-03` and `2024`, which every locale reads the same way, without the reader.
        if let period = Self.isoPeriod(text) { return period }
        if let lastPeriod, lastPeriod.today == today, lastPeriod.text == text { return lastPeriod.period }
        switch periods.read(text, today: today) {
        case .success(let period):
            lastPeriod = (text, today, period)
            return period
        case .failure(.day(let problem)):
            throw CommandError(.date(.reading(problem, pattern: reader.pattern, example: reader.example)), at: range)
        case .failure(let problem):
            throw CommandError(.average(.reading(problem, example: periods.example)), at: range)
        }
    }

    func run(_ inner: Command, over period: Period, at range: Range<Int>?, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        try withAverage(period, at: range, &line) { (line: inout LineContext) throws(CommandError) in try engine.run(inner, &line) }
    }

    /// `2024-03` or `2024`, strictly; `nil` for any other text.
    static func isoPeriod(_ text: String) -> Period? {
        var year = 0
        var month = 0
        var count = 0
        for byte in text.utf8 {
            switch count {
            case 0..<4:
                guard byte &- 48 < 10 else { return nil }
                year = year * 10 + Int(byte &- 48)
            case 4:
                guard byte == UInt8(ascii: "-") else { return nil }
            case 5, 6:
                guard byte &- 48 < 10 else { return nil }
                month = month * 10 + Int(byte &- 48)
            default:
                return nil
            }
            count += 1
        }
        switch count {
        case 4: return Period.year(year)
        case 7: return Day(year: year, month: month, day: 1).map(Period.month(of:))
        default: return nil
        }
    }

    /// Fetches what the store lacks through the host; false when nothing came. Why a fetch
    /// failed is kept for the line's error.
    private func fetch(_ need: HistoryNeed, _ host: any SessionHost) -> Bool {
        switch host.fetch(need) {
        case .fetched: return true
        case .unavailable: return false
        case .failed(let why):
            fetchFailure = fetchFailure ?? localized("history.fetchFailed", why)
            return false
        }
    }

    /// Whether currency-api's snapshots may answer for the pinned source.
    private static func snapshotsAllowed(_ pinned: String?) -> Bool { pinned == nil || pinned == RateStore.snapshotSourceID }

    /// Runs `body` with the rates of `day`: the ECB's (fetched first when the day is past the
    /// ones held and no snapshot of it is), and the other tables of that day. A day without a
    /// publication whose earlier day's rates were used is said before the results. Inlined into
    /// each caller: every dated line of a pipe runs through it, and a call passes its closure
    /// and arguments through the runtime.
    @inline(__always) func withDay(
        _ day: Day, at range: Range<Int>?, _ line: inout LineContext, _ body: (inout LineContext) throws(CommandError) -> Void
    ) throws(CommandError) {
        let pinned = line.state.pinnedSource
        fetchFailure = nil
        var rates = store.day(day, pinned: pinned)
        // A day in the gap before the fetched files is not fetched again: no later file has it.
        if rates.ecb == nil, rates.ecbHeldThrough != nil, rates.ecbFetchedFrom == nil, !store.hasSnapshot(on: day), fetch(.ecb(day), line.host) {
            rates = store.day(day, pinned: pinned)
        }
        if rates.ecb == nil, store.otherTables(on: day, pinned: pinned).isEmpty {
            // Past the ECB's days held, or another source pinned: a snapshot of the day answers.
            if Self.snapshotsAllowed(pinned), day >= RateStore.snapshotsSince, !store.hasSnapshot(on: day) {
                _ = fetch(.snapshot(day), line.host)
            }
            if store.otherTables(on: day, pinned: pinned).isEmpty {
                if let from = rates.ecbFetchedFrom {
                    throw CommandError(
                        .date(.betweenHistories(day, bundleEnd: store.history.lastDay, fetchedFrom: from, reason: fetchFailure)), at: range)
                }
                if let last = rates.ecbHeldThrough {
                    throw CommandError(.date(.notFetched(day, last: last, reason: fetchFailure)), at: range)
                }
                throw CommandError(.date(.sourceWithoutDay(pinned ?? "", day, reason: fetchFailure)), at: range)
            }
        }
        let saved = line.dated
        line.dated = .day(rates)
        substituted = false
        if !joinedSinceUsed.isEmpty { joinedSinceUsed.removeAll(keepingCapacity: true) }
        defer { line.dated = saved }
        let start = line.reply.lines.count
        try body(&line)
        // A day without rates (a weekend, a holiday) uses the last day before it: said in
        // every mode, before the results; and a currency at the fixed rate it took between the
        // two days, after that.
        if substituted, let reason = rates.substitution {
            let at = min(start, line.reply.lines.count)
            line.reply.insert(.assumption(substitutionNote(day, used: rates.used, reason)), at: at)
            if !joinedSinceUsed.isEmpty { sayJoined(used: rates.used, at: at + 1, &line) }
        }
    }

    /// Each currency of the line at the fixed rate it took after `used` (a holiday's), said at
    /// `at`: apart from `withDay`, which every dated line runs through, for the few lines of
    /// an entry day.
    @inline(never) private func sayJoined(used: Day, at: Int, _ line: inout LineContext) {
        let notes = joinedSinceUsed.map { Reply.Line.assumption(localized("note.fixedSinceUsed", $0.code.rawValue, $0.since.iso, used.iso)) }
        line.reply.lines.insert(contentsOf: notes, at: at)
    }

    /// `Sat 2024-03-30 has no ECB reference rates (a weekend): rates of Thu 2024-03-28`, made
    /// once for a day (a ledger dates many lines alike).
    private func substitutionNote(_ day: Day, used: Day, _ reason: Substitution) -> String {
        // One slot a calendar day from the history's first to a year past its last.
        let slot = day.number - store.history.firstDay.number
        let size = store.history.lastDay.number - store.history.firstDay.number + 366
        if notes.isEmpty { notes = Array(repeating: nil, count: size) }
        if slot >= 0, slot < size, let known = notes[slot], known.day == day, known.used == used, known.reason == reason { return known.text }
        let sentence: NoteSentence
        switch reason {
        case .weekend: sentence = weekendSentence
        case .notYetPublished: sentence = notPublishedSentence
        // The ECB's days have no rule of their own: any other day was a holiday.
        case .holiday, .dayBefore, .monthly, .yearly, .inForce: sentence = holidaySentence
        }
        let text: String
        if let cut = sentence.cut {
            // The sentence's pieces and the two days' bytes, joined: what filling the sentence
            // gives (the days are digits and the interface's own weekday names), at a fifth of
            // its cost; a pipe of random days says some 3,000 of these notes.
            noteBytes.removeAll(keepingCapacity: true)
            for (index, piece) in cut.pieces.enumerated() {
                noteBytes += piece
                guard index < cut.order.count else { break }
                let named = cut.order[index] == 0 ? day : used
                if cut.weekdays.indices.contains(named.weekday) { noteBytes += cut.weekdays[named.weekday] }
                noteBytes.append(UInt8(ascii: " "))
                named.appendISO(to: &noteBytes)
            }
            text = String(decoding: noteBytes, as: UTF8.self)
        } else {
            text = sentence.prepared(weekdayName(day) + " " + day.iso, weekdayName(used) + " " + used.iso)
        }
        if slot >= 0, slot < size { notes[slot] = (day, used, reason, text) }
        return text
    }

    /// The sentences of the notes, looked up and cut once: one reference a note.
    private lazy var weekendSentence = NoteSentence(localized.prepared("note.dayUsed.weekend"), weekdays: weekdayNames)
    private lazy var holidaySentence = NoteSentence(localized.prepared("note.dayUsed.holiday"), weekdays: weekdayNames)
    private lazy var notPublishedSentence = NoteSentence(localized.prepared("note.dayUsed.not_published"), weekdays: weekdayNames)
    /// The bytes of the note being made.
    private var noteBytes: [UInt8] = []

    /// A note's sentence, and its pieces between its two days with the weekday names' bytes.
    private final class NoteSentence {
        let prepared: Localization.Prepared
        /// `nil` when the sentence cannot be cut, or a weekday name does not go into it as it
        /// is: something the sanitiser would change, or a byte 0xEE (U+E000 to U+EFFF, where
        /// the cut's stand-ins for the days are). The sentence is then filled.
        let cut: (pieces: [[UInt8]], order: [Int], weekdays: [[UInt8]])?

        init(_ prepared: Localization.Prepared, weekdays: [String]) {
            self.prepared = prepared
            let names = weekdays.map { Array($0.utf8) }
            let plain = names.allSatisfy { name in name.withUnsafeBufferPointer { !Sanitiser.hidesAny($0) && !$0.contains(0xEE) } }
            cut = plain ? prepared.split(2).map { ($0.pieces, $0.order, names) } : nil
        }
    }

    /// The notes made, by their day.
    private var notes: [(day: Day, used: Day, reason: Substitution, text: String)?] = []

    /// Runs `body` with the average rates of `period` (the ECB's days after the ones held are
    /// fetched first when it ends past them).
    func withAverage(_ period: Period, at range: Range<Int>?, _ line: inout LineContext, _ body: (inout LineContext) throws(CommandError) -> Void)
        throws(CommandError)
    {
        let pinned = line.state.pinnedSource
        let today = Day.utc(line.now)
        fetchFailure = nil
        let table: RateTable
        do {
            table = try store.average(period, pinned: pinned, today: today)
        } catch .notHeld where fetch(.ecb(period.through), line.host) {
            do {
                table = try store.average(period, pinned: pinned, today: today)
            } catch {
                throw CommandError(.average(.problem(error, reason: fetchFailure)), at: range)
            }
        } catch {
            throw CommandError(.average(.problem(error, reason: fetchFailure)), at: range)
        }
        let saved = line.dated
        line.dated = .average(table)
        defer { line.dated = saved }
        try body(&line)
    }

    /// The rate of a pair on a dated line's day: the ECB's table of it (or of the last day it
    /// published before it), else the other tables of exactly that day, else currency-api's
    /// snapshot of the day, fetched once.
    func quote(from: CurrencyCode, to: CurrencyCode, _ rates: DayRates, pinned: String?, host: any SessionHost) throws(CommandError)
        -> Converter.Quote
    {
        if let ecb = rates.ecb, let rate = ecb.rate(from: from, to: to) {
            if rates.substitution != nil {
                substituted = true
                // A currency that joined the euro after the day used and by the day asked (on
                // 1 January, always a holiday) is at its fixed rate, not the day used's quote.
                let used = ecb.day
                if LegacyEuro.anyJoined(after: used, by: rates.asked) {
                    noteJoined(from, after: used, by: rates.asked)
                    noteJoined(to, after: used, by: rates.asked)
                }
            }
            return Converter.Quote(rate: rate, day: ecb)
        }
        let day = rates.asked
        func others() -> Converter.Quote? {
            for table in store.otherTables(on: day, pinned: pinned) {
                if let rate = table.rate(from: from, to: to) { return Converter.Quote(rate: rate, table: table) }
            }
            return nil
        }
        if let quote = others() { return quote }
        let since = RateStore.snapshotsSince
        if Self.snapshotsAllowed(pinned), day >= since, !store.hasSnapshot(on: day), fetch(.snapshot(day), host), let quote = others() {
            return quote
        }
        let has = { (code: CurrencyCode) in
            rates.ecb?.contains(code) == true || self.store.otherTables(on: day, pinned: pinned).contains { $0.contains(code) }
        }
        let missing = has(from) ? to : from
        throw CommandError(
            .date(.currencyMissing(missing, day, snapshotsSince: since, fetched: store.hasSnapshot(on: day), pinned: pinned, reason: fetchFailure)),
            at: nil)
    }

    /// Keeps `code` for its note when it joined the euro after `used` and by `asked`.
    @inline(__always) private func noteJoined(_ code: CurrencyCode, after used: Day, by asked: Day) {
        guard let entry = LegacyEuro.entry(code), entry.joined(after: used, by: asked), !joinedSinceUsed.contains(where: { $0.code == code }) else {
            return
        }
        joinedSinceUsed.append(entry)
    }

    /// The average rate of a pair over an averaged line's period, or why a currency has none.
    func quote(from: CurrencyCode, to: CurrencyCode, average table: RateTable) throws(CommandError) -> Converter.Quote {
        if let rate = table.rate(from: from, to: to) { return Converter.Quote(rate: rate, table: table) }
        let missing = table.contains(from) ? to : from
        guard let counted = table.period else {
            throw CommandError(.currencyNotInTable(missing, table: .init(table, missing: missing, pinned: nil)), at: nil)
        }
        let coverage = store.coverage(missing, in: counted.period)
        throw CommandError(
            .average(.partial(missing, counted.period, days: coverage.days, of: coverage.of, first: coverage.first, last: coverage.last)), at: nil)
    }

    /// `rates of Fri 2020-03-13 (ECB reference rates, bundled history)`.
    func note(_ table: RateTable, used: Day) -> String {
        let source: String
        if table.source.isBundledHistory {
            source = localized("history.source.bundled")
        } else if table.source.id == RateSource.ecbID {
            source = localized("history.source.ecb")
        } else if table.source.isBundledSeed {
            source = localized("table.seed", table.source.id)
        } else {
            source = localized("history.source.snapshot", table.source.id)
        }
        return localized("history.note", weekdayName(used) + " " + used.iso, source)
    }

    /// `average of 2024-03: the ECB's 21 days from Fri 2024-03-01 to Thu 2024-03-28, …`.
    func note(_ period: RatePeriod) -> String {
        localized(
            "average.note", period.period.iso, String(period.days), weekdayName(period.first) + " " + period.first.iso,
            weekdayName(period.last) + " " + period.last.iso)
    }

    /// The abbreviated weekday in the interface language (`Fri`, `Fr.`, `Cum`).
    func weekdayName(_ day: Day) -> String {
        let names = weekdayNames
        return names.indices.contains(day.weekday) ? names[day.weekday] : ""
    }

    /// The interface language's abbreviations (`weekday.short`, Sunday first): data in its
    /// texts, as CLDR has them, so that naming a day opens no calendar data.
    private var weekdayNames: [String] {
        if let names = weekdayNamesCache { return names }
        let listed = localized("weekday.short").split(separator: ",").map { $0.trimmingSpaces() }
        let names = listed.count == 7 ? listed : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        weekdayNamesCache = names
        return names
    }
}
