import CambioCore
import CambioRates
import CambioShell
import Foundation

/// The fuzz targets. Each checks properties, not only that nothing crashes; a broken property
/// stops the process (`fatalError`) so that libFuzzer keeps the input.
enum FuzzTargets {
    static let names = [
        "command", "shape", "arithmetic", "amount", "currency-api", "exchangerate-api", "ecb", "cache", "config", "recent", "history", "history-line",
        "document", "history-source", "banks",
    ]

    /// Locales the tests know; the first input byte picks one.
    static let locales = ["en_US", "de_DE", "fr_FR", "ja_JP", "ar", "ar_EG", "tr_TR", "hi_IN", "de_CH", "es_MX"]

    static let table: RateTable = {
        guard let table = try? SeedTableDecoder.bundled() else { fatalError("the bundled seed is unreadable") }
        return table
    }()

    nonisolated(unsafe) static var engines: [String: Engine] = [:]

    static func engine(_ locale: String) -> Engine {
        if let engine = engines[locale] { return engine }
        let engine = Engine(locale: LocaleSettings(numbers: locale, money: locale, messages: locale), table: table)
        engines[locale] = engine
        return engine
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("property broken: \(message())") }
    }

    static func run(_ target: String, _ bytes: [UInt8]) {
        switch target {
        case "command": command(bytes)
        case "shape": shape(bytes)
        case "arithmetic": arithmetic(bytes)
        case "amount": amount(bytes)
        case "currency-api": provider(.currencyAPI, bytes)
        case "exchangerate-api": provider(.exchangeRateAPI, bytes)
        case "ecb": provider(.ecb, bytes)
        case "cache": cache(bytes)
        case "config": config(bytes)
        case "recent": recent(bytes)
        case "history": history(bytes)
        case "history-line": historyLine(bytes)
        case "document": document(bytes)
        case "history-source": historySource(bytes)
        case "banks": banks(bytes)
        default: fatalError("unknown fuzz target \(target); targets: \(names.joined(separator: ", "))")
        }
    }

    /// A table converted (`--input csv`): it is refused as a whole with a message, or written
    /// back with every row of the input in its place, its fields first and as they were, and a
    /// total per target after them — both tables read by `ReferenceTable`, an independent
    /// reading, not by the scanner the converter uses.
    static func document(_ bytes: [UInt8]) {
        let locale = locales[Int(bytes.first ?? 0) % locales.count]
        let engine = engine(locale)
        let input = Array(bytes.dropFirst())
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        let options = DocumentConverter.Options(targets: [.usd, .eur])
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        guard
            let output = try? DocumentConverter(engine: engine).convert(
                bytes: input, asked: nil, options, state: &state, now: now, host: SilentHost(locale: engine.locale))
        else { return }
        check(output.failed <= output.rows, "more rows failed than converted")
        // The fields are compared where the input is UTF-8 with LF or CR LF line ends (else the
        // converter made it so, and the text differs by design).
        guard String(validating: input, as: UTF8.self) != nil, !input.starts(with: [0xEF, 0xBB, 0xBF]),
            input.contains(0x0A) || !input.contains(0x0D)
        else { return }
        let delimiter = input.withUnsafeBufferPointer { DelimitedText.detectDelimiter(bytes: $0) }
        var written = output.bytes
        if written.starts(with: [0xEF, 0xBB, 0xBF]) { written.removeFirst(3) }
        let read = ReferenceTable.rows(input, delimiter: delimiter)
        let wrote = ReferenceTable.rows(written, delimiter: delimiter)
        check(
            wrote.count == read.count + output.summaryRows && output.summaryRows >= options.targets.count,
            "\(wrote.count) rows written for \(read.count) and \(output.summaryRows) after them")
        for (row, out) in zip(read, wrote) {
            let fields = ReferenceTable.filled(row)
            check(
                out.count >= fields.count && zip(fields, out).allSatisfy { $0 == $1 },
                "row changed: \(fields.map { String(decoding: $0, as: UTF8.self) }) → \(out.map { String(decoding: $0, as: UTF8.self) })")
        }
    }

    private static func split(_ bytes: [UInt8]) -> (locale: String, text: String) {
        guard let first = bytes.first else { return (locales[0], "") }
        return (locales[Int(first) % locales.count], String(decoding: bytes.dropFirst(), as: UTF8.self))
    }

    /// A line either evaluates or fails with a message and a position inside the line; a
    /// conversion by codes that parses converts.
    static func command(_ bytes: [UInt8]) {
        let (locale, line) = split(bytes)
        guard line.count <= 4096 else { return }
        let engine = engine(locale)
        let state = SessionState(base: .eur, recent: [], locale: engine.locale)
        let now = Date(timeIntervalSince1970: 1_764_460_800)
        let outcome = evaluated(line, by: engine, state, now)
        for case .error(let error, let message) in outcome.reply.lines {
            check(!message.isEmpty, "an empty error message for \(line.debugDescription)")
            if let range = error.range {
                check(range.lowerBound >= 0 && range.lowerBound <= line.count + 1, "an error outside the line \(line.debugDescription)")
            }
        }
        // The preview is the same evaluation with its effects dropped: it shows Enter's one
        // result, or nothing. One input in four checks it, so that the evaluator gets most of
        // the fuzzer's time.
        if bytes.count % 4 == 1, line.count <= 200 {
            let expected = outcome.reply.value.map { money in
                "= " + (money.currency.map { engine.formatter.format(money.value, $0) } ?? engine.formatter.formatNumber(money.value))
            }
            // At the same moment: a relative date (`on -5 m`) is a day counted from it.
            let shown = engine.preview(line, in: state, now: now)
            check(
                outcome.reply.failed ? shown == nil : shown == expected,
                "the preview of \(line.debugDescription) is \(String(describing: shown)), Enter gave \(String(describing: expected))")
        }
        // Completion walks every name: one input in sixteen takes it.
        if bytes.count % 16 == 0 { _ = Completer.complete(line, engine: engine, recent: []) }
        amount(bytes)
    }

    /// A line evaluated against a copy of `state`: the state after it, the reply and the effects.
    static func evaluated(_ line: String, by engine: Engine, _ state: SessionState, _ now: Date)
        -> (state: SessionState, reply: Reply, effects: Effects)
    {
        var state = state
        let result = engine.evaluate(.text(line), state: &state, now: now)
        return (state, result.reply, result.effects)
    }

    nonisolated(unsafe) static var plainEngines: [String: Engine] = [:]

    /// A line reads the same through its shape as through the parser: a sibling of the same
    /// shape (another amount in place of its digits) teaches the engine the shape, then the
    /// line must give the same reply, conversions and state as in an engine that keeps no
    /// shapes.
    static func shape(_ bytes: [UInt8]) {
        let (locale, line) = split(bytes)
        guard line.utf8.count <= 4096 else { return }
        let engine = engine(locale)
        let plain: Engine
        if let known = plainEngines[locale] {
            plain = known
        } else {
            var configuration = EngineConfiguration(locale: engine.locale)
            configuration.recognisesShapes = false
            plain = Engine(configuration: configuration, table: table)
            plainEngines[locale] = plain
        }
        let utf8 = Array(line.utf8)
        guard let run = utf8.withUnsafeBufferPointer({ LineShape($0)?.run }) else { return }
        let siblings = ["1", "12,50", "1.234,5", "1,234.5", "0", "99999"]
        let sibling = String(
            decoding: utf8[..<run.lowerBound] + Array(siblings[utf8.count % siblings.count].utf8) + utf8[run.upperBound...], as: UTF8.self)
        let now = Date(timeIntervalSince1970: 1_764_460_800)
        let state = SessionState(base: .eur, recent: [.usd], locale: engine.locale)
        // Seen twice: the shape is kept (from its second sight), and the line read through it.
        _ = evaluated(sibling, by: engine, state, now)
        _ = evaluated(sibling, by: engine, state, now)
        let shaped = evaluated(line, by: engine, state, now)
        let expected = evaluated(line, by: plain, state, now)
        check(shaped.reply == expected.reply, "\(locale) \(line.debugDescription): \(shaped.reply.lines) ≠ \(expected.reply.lines)")
        check(shaped.state.recent == expected.state.recent && shaped.state.last == expected.state.last, "the state after \(line.debugDescription)")
        check(shaped.effects == expected.effects, "the effects of \(line.debugDescription)")
    }

    /// Arithmetic keeps its laws exactly: the input is two lines `a` and `b` (split at the first
    /// `|`); whenever `(a)`, `(b)` and `(a) + (b)` all evaluate to one value, the sum is `(a)`
    /// plus `(b)` converted into `(a)`'s currency; and `(a) × 3 / 3` is `(a)`. (In parentheses a
    /// line is a calculation: `12 jpy` alone converts into the base currency, `(12 jpy)` is
    /// itself.)
    static func arithmetic(_ bytes: [UInt8]) {
        let (locale, text) = split(bytes)
        guard text.utf8.count <= 512, let bar = text.firstIndex(of: "|") else { return }
        let a = String(text[..<bar])
        let b = String(text[text.index(after: bar)...])
        // A comment or a question mark would swallow or end the rest of a combined line. Looked
        // for among the scalars: `#` with a combining mark after it is one Character, and still
        // begins a comment.
        guard !(a + b).unicodeScalars.contains(where: { "#?\n\r".unicodeScalars.contains($0) }) else { return }
        let engine = engine(locale)
        let now = Date(timeIntervalSince1970: 1_764_460_800)
        let state = SessionState(base: .eur, recent: [], locale: engine.locale)
        func value(_ line: String) -> Money? { evaluated(line, by: engine, state, now).reply.value }
        func reads(_ line: String) -> Bool { !evaluated(line, by: engine, state, now).reply.failed }
        // Each side must stand alone (a percentage alone does not); `× 1` keeps its value where
        // it is, as one amount alone (`(12 jpy)`) is converted like the amount written out.
        guard reads("(\(a))"), let x = value("(\(a)) × 1") else { return }
        if let tripled = value("(\(a)) × 3 / 3") {
            check(tripled == x, "\(locale): (\(a)) × 3 / 3 gave \(tripled), \(a) gave \(x)")
        }
        guard reads("(\(b))"), let y = value("(\(b)) × 1"), let sum = value("(\(a)) + (\(b))") else { return }
        switch (x.currency, y.currency) {
        case (nil, nil):
            check(sum == Money(x.value + y.value, nil), "\(locale): (\(a)) + (\(b))")
        case (let p?, let q?):
            guard let rate = table.rate(from: q, to: p) else { return }
            check(sum == Money(x.value + y.value * rate, p), "\(locale): (\(a)) + (\(b)) gave \(sum)")
        default:
            check(false, "\(locale): a number and money added: (\(a)) + (\(b)) gave \(sum)")
        }
    }

    /// A parsed amount with at most three decimals formats and reads back as the same value.
    static func amount(_ bytes: [UInt8]) {
        let (locale, text) = split(bytes)
        guard text.count <= 256 else { return }
        let engine = engine(locale)
        guard case .success(let parsed) = engine.amountParser.parse(text) else { return }
        // Exactly, whatever the number of digits (a `Decimal` keeps 38).
        guard parsed.exact.exactFractionDigits(minimum: 0, maximum: 3) != nil, !parsed.separatorReadAsDecimal else { return }
        let formatted = engine.formatter.formatNumber(parsed.exact)
        guard case .success(let again) = engine.amountParser.parse(formatted) else {
            return check(false, "\(text.debugDescription) formats as \(formatted.debugDescription), which does not read back in \(locale)")
        }
        check(again.exact == parsed.exact, "\(text.debugDescription) → \(formatted.debugDescription) → \(again.exact) in \(locale)")
    }

    /// A decoder gives a whole valid table or an error, never a partial or invalid table.
    static func provider(_ provider: Provider, _ bytes: [UInt8]) {
        guard let table = try? provider.decode(bytes, fetchedAt: Date()) else { return }
        valid(table)
    }

    static func cache(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self),
            let table = try? RateCache.decode(text, provider: .ecb)
        else { return }
        valid(table)
    }

    private static func valid(_ table: RateTable) {
        check(!table.rates.isEmpty, "an empty table")
        check(table.rates[table.base] != nil, "the base is missing")
        check(table.rates.values.allSatisfy { $0 > 0 && !$0.isNaN }, "a rate that is not positive")
        check(DataDate.isValid(table.date), "an invalid date \(table.date)")
    }

    /// Settings read back the same after being written.
    static func config(_ bytes: [UInt8]) {
        let (settings, _) = Settings.parse(String(decoding: bytes, as: UTF8.self))
        let (again, warnings) = Settings.parse(settings.text)
        check(again == settings, "settings do not survive a round trip")
        check(warnings.isEmpty, "written settings give warnings: \(warnings)")
    }

    /// The recent list holds at most eight distinct codes and reads back the same.
    static func recent(_ bytes: [UInt8]) {
        let codes = RecentFile.parse(String(decoding: bytes, as: UTF8.self))
        check(codes.count <= SessionState.recentLimit, "more than eight recent currencies")
        check(Set(codes).count == codes.count, "a repeated recent currency")
        check(RecentFile.parse(RecentFile.text(codes)) == codes, "recent currencies do not survive a round trip")
    }

    static let scratch = NSTemporaryDirectory() + "cambio-fuzz-\(getpid())"

    /// Any history file loads without harm, keeps at most the limits, and what it gives writes
    /// and reads back the same. A file in libedit's format (an earlier version's) goes through
    /// libedit's loader after the checks, from a file; any other is read from its text.
    static func history(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var entries: [String] = []
        if text.hasPrefix("_HiStOrY_V2_\n") {
            let path = scratch + "-history"
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            defer { unlink(path) }
            entries = HistoryFile.entries(atPath: path)
        } else if case .entries(let read, _) = HistoryFile.parse(text) {
            entries = read
        }
        check(entries.count <= HistoryFile.entryLimit, "more history entries than the limit")
        check(entries.allSatisfy { $0.utf8.count <= HistoryFile.longestLine }, "an overlong history entry")
        let written = HistoryFile.text(entries)
        check(written.utf8.count <= HistoryFile.byteLimit, "a history written over the limit")
        check(HistoryFile.parse(written) == .entries(entries, skipped: 0), "history entries do not survive a round trip")
    }

    /// Every line typed (entries separated by NUL, which a line cannot hold) is saved and
    /// read back byte for byte, and libedit recalls each as it was entered.
    static func historyLine(_ bytes: [UInt8]) {
        let typed = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let kept = HistoryFile.bounded(typed)
        let read = HistoryFile.parse(HistoryFile.text(typed))
        check(read == .entries(kept, skipped: 0), "typed lines do not read back: \(kept.map(\.debugDescription)) became \(read)")
        check(LibeditHistory.recall(kept) == kept, "libedit does not recall the entries as they were entered")
    }

    /// The day the history sources are read on (a fixed day: the corpus replays alike).
    static let historyNow = Date(timeIntervalSince1970: 1_796_126_400)  // 2026-12-01 12:00 UTC

    /// What a history source gives (the first byte even: the ECB's 90-day file; odd: a
    /// currency-api snapshot) passes the daily table's checks, is written to a cache its
    /// reader takes back whole, and never rewrites a day already held.
    /// A central bank's answer (the first byte picks the bank and its series): refused with a
    /// problem, or tables of the span asked, of the bank's kinds and the series asked, each rate
    /// positive; a table that makes rates reads back from the bank's cache as it was.
    static func banks(_ bytes: [UInt8]) {
        guard let first = bytes.first, let from = Day(iso: "1999-01-01"), let through = Day(iso: "2099-12-31") else { return }
        let bank = Banks.all[Int(first) % Banks.all.count]
        let series = bank.series[Int(first / 16) % bank.series.count]
        let request = BankRequest(path: "/", series: series, covers: from...through, notFoundIsEmpty: false)
        guard let tables = try? bank.decode(Array(bytes.dropFirst()), request) else { return }
        let source = RateSource(id: bank.id, attribution: bank.attribution, isBundledSeed: false)
        for table in tables {
            check(request.covers.contains(table.day), "a day outside the span asked: \(table.day.iso)")
            check(bank.kinds.contains(table.kind) && table.series == series, "another kind or series")
            check(!table.quotes.isEmpty, "a table without rates")
            check(table.quotes.values.allSatisfy { !$0.value.isZero && $0.value.sign == .plus && $0.units > 0 }, "a rate that is not positive")
            guard RateTable(table, home: bank.home, quoting: bank.quoting, source: source) != nil else { continue }
            let text = HistoryFetcher.bankCacheText(bank, [table], covered: [series: [request.covers]], today: through)
            let read = HistoryFetcher.decodeBank(text, bank)
            check(read?.0.first?.quotes == table.quotes && read?.0.first?.day == table.day, "a bank's cache does not read back")
        }
    }

    static func historySource(_ bytes: [UInt8]) {
        guard let kind = bytes.first else { return }
        let body = Array(bytes.dropFirst())
        if kind & 1 == 1 {
            guard let table = try? Provider.currencyAPI.decode(body, fetchedAt: historyNow) else { return }
            valid(table)
            let read = try? RateCache.decode(RateCache.encode(table, provider: .currencyAPI), provider: .currencyAPI)
            check(read?.day == table.day && read?.rates == table.rates, "a snapshot's cache does not read back: \(table.day.iso)")
            return
        }
        guard let days = try? ProviderDecoders.ecbHistory(body, now: historyNow) else { return }
        let today = Day.utc(historyNow)
        check(zip(days, days.dropFirst()).allSatisfy { $0.0 < $1.0 }, "history days out of order or twice")
        for (day, rates) in days {
            check(day <= today, "a day after today: \(day.iso)")
            check(rates[.eur] == 1, "the euro is not 1 on \(day.iso)")
            check(
                (try? ProviderDecoders.checkedHistoryDay(day, rates, catalog: .bundled, now: historyNow)) == rates,
                "a day the daily checks refuse: \(day.iso)")
        }
        let store = RateStore(table: table)
        guard let first = days.first?.0, let last = days.last?.0 else { return }
        let through = max(last, today)
        check(store.addECB(days, from: first, through: through).isEmpty, "a first answer reported days as held")
        let held = store.fetchedDays
        check(held.allSatisfy { $0.0 > store.history.lastDay }, "a fetched day rewrote the bundled history")
        // What is written is read back whole, as the next run reads it.
        if let text = HistoryFetcher.cacheText(store) {
            guard let (read, _, readThrough) = HistoryFetcher.decodeECB(text, now: historyNow) else {
                fatalError("property broken: the reader refuses the history cache the writer wrote")
            }
            check(
                read.count == held.count && zip(read.sorted { $0.0 < $1.0 }, held).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 },
                "the history cache reads back otherwise")
            check(readThrough == through, "the cache's span reads back otherwise")
        } else {
            check(held.isEmpty, "days held but no cache written")
        }
        // The same answer again changes nothing; one that gives every held day otherwise is
        // reported day by day and changes nothing either.
        check(store.addECB(days, from: first, through: through).isEmpty, "the same answer reported changed days")
        let doubled = days.map { day, rates in (day, rates.mapValues { $0 == 1 ? $0 : $0 * 2 }) }
        let kept = store.addECB(doubled, from: first, through: through)
        check(kept == held.filter { $0.1.contains { $0.value != 1 } }.map(\.0), "changed days reported otherwise: \(kept.count) of \(held.count)")
        check(
            store.fetchedDays.map(\.0) == held.map(\.0) && zip(store.fetchedDays, held).allSatisfy { $0.1 == $1.1 },
            "a later answer rewrote a day held")
    }
}
