import Foundation

/// `chart eur usd [1y|6m|30d|DATE..DATE|all]`: the pair's rates on every day held drawn in the
/// terminal (the ECB's days, and the other tables' days where the ECB has none of the pair),
/// with first, last, lowest, highest and the change.
enum ChartCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "chart", order: 60, "chart CUR CUR [PERIOD]", .text, forms: [("chart CUR CUR", "run"), ("chart CUR CUR PERIOD", "period")], more: true)

    /// The period a chart without one shows.
    static let defaultPeriod = "1y"

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let today = Day.utc(line.now)
        let range = argument.range
        guard let argument = argument.text, !argument.isEmpty else { throw CommandError(.badChart(""), at: range) }
        let store = engine.store
        let localized = engine.localized
        let formatter = engine.formatter
        let start = range?.lowerBound ?? 0
        var words = Self.words(argument, start: start)
        // The period, when the last word is one.
        var first = today
        var last = today
        var periodText = Self.defaultPeriod
        if let word = words.last, let period = try period(word.text, range: word.range, today: today, engine) {
            (first, last) = period
            periodText = word.text
            words.removeLast()
        } else if let period = try period(Self.defaultPeriod, range: nil, today: today, engine) {
            (first, last) = period
        }
        let (from, to) = try pair(words, range: range, base: line.state.base, engine)
        let pinned = line.state.pinnedSource
        let bundledFirst = store.history.firstDay
        first = max(first, bundledFirst)
        last = min(last, today)
        guard first < last else {
            throw CommandError(.date(last < bundledFirst ? .beforeData(last, first: bundledFirst) : .future(first, today: today)), at: range)
        }
        // Days past the ECB's held ones are fetched first where the host may.
        var missingAfter: Day?
        var reason: String?
        let ecbAsked = pinned == nil || pinned == RateSource.ecbID
        if ecbAsked, store.hasHistory(from), store.hasHistory(to), store.day(last, pinned: pinned).ecbHeldThrough != nil {
            if case .failed(let why) = line.host.fetch(.ecb(last)) { reason = localized("history.fetchFailed", why) }
            if let held = store.day(last, pinned: pinned).ecbHeldThrough { missingAfter = held }
        }
        let points = store.series(from: from, to: to, start: first, end: last, pinned: pinned)
        guard points.count >= 2, let firstPoint = points.first, let lastPoint = points.last else {
            if let missingAfter {
                throw CommandError(
                    .date(.notFetched(last, last: missingAfter, reason: reason)), at: range)
            }
            throw CommandError(.badChart("\(from)/\(to) \(first.iso)…\(last.iso)"), at: range)
        }
        var lowIndex = 0
        var highIndex = 0
        for (index, point) in points.enumerated() {
            if point.value < points[lowIndex].value { lowIndex = index }
            if point.value > points[highIndex].value { highIndex = index }
        }
        // The figures shown are exact: the published rates of those days, divided.
        func exact(_ point: RateStore.Point) -> Rational { store.exactRate(from: from, to: to, at: point) ?? .zero }
        let (low, high, opening, closing) = (exact(points[lowIndex]), exact(points[highIndex]), exact(firstPoint), exact(lastPoint))
        let digits = max(low.fractionDigits(significant: 5, minimum: 2, maximum: 12), high.fractionDigits(significant: 5, minimum: 2, maximum: 12))
        func number(_ value: Rational) -> String { formatter.formatNumber(value, fractionDigits: digits) }
        let reader = engine.dates.reader
        let labels = [number(high), number((low + high) * Rational(negative: false, numerator: .one, denominator: BigUInt(2))), number(low)]
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let plotColumns = max(10, engine.configuration.chartColumns - labelWidth - 3)
        let rows = Chart.plot(
            days: points.map { $0.day.number }, values: points.map { $0.value }, low: points[lowIndex].value, high: points[highIndex].value,
            plotColumns: plotColumns)
        line.reply.lines.append(
            .heading(
                localized(
                    "chart.title", "\(formatter.unit(from)) → \(to)", periodText, reader.format(firstPoint.day), reader.format(lastPoint.day),
                    String(points.count))))
        for (index, row) in rows.enumerated() {
            let label: String
            switch index {
            case 0: label = labels[0]
            case Chart.rows / 2: label = labels[1]
            case Chart.rows - 1: label = labels[2]
            default: label = ""
            }
            line.reply.lines.append(.chart(DisplayWidth.padLeft(label, to: labelWidth) + (label.isEmpty ? "  │" : " ┤") + row))
        }
        let left = reader.format(firstPoint.day)
        let right = reader.format(lastPoint.day)
        let gap = max(1, plotColumns - DisplayWidth.of(left) - DisplayWidth.of(right))
        line.reply.lines.append(.chart(String(repeating: " ", count: labelWidth + 2) + "└" + String(repeating: "─", count: plotColumns)))
        line.reply.lines.append(.chart(String(repeating: " ", count: labelWidth + 3) + left + String(repeating: " ", count: gap) + right))
        let change = closing.percentAbove(opening) ?? .zero
        let changeText = (change.isNegative ? "−" : "+") + formatter.formatNumber(change.magnitude, fractionDigits: 2) + " %"
        line.reply.lines.append(
            .result(
                localized(
                    "chart.summary", number(opening), number(closing), number(low), reader.format(points[lowIndex].day), number(high),
                    reader.format(points[highIndex].day), changeText)))
        if let missingAfter { line.reply.lines.append(.assumption(localized("chart.notFetched", missingAfter.iso))) }
        // Whose days they are: the ECB's, and any other source's where the ECB has none.
        var sources: [String] = []
        for point in points where !sources.contains(point.sourceID) { sources.append(point.sourceID) }
        let names = sources.map { $0 == RateSource.ecbID ? localized("history.source.ecbName") : $0 }
        line.reply.lines.append(.note(localized("chart.source", names.joined(separator: ", "))))
        line.reply.records.append(
            Record(
                "chart",
                [
                    ("from", .text(from.rawValue)), ("to", .text(to.rawValue)), ("first_day", .text(firstPoint.day.iso)),
                    ("last_day", .text(lastPoint.day.iso)), ("days", .integer(points.count)),
                    ("first", .decimal(opening.decimalText(significantDigits: Conversion.significantDigits).text)),
                    ("last", .decimal(closing.decimalText(significantDigits: Conversion.significantDigits).text)),
                    ("min", .decimal(low.decimalText(significantDigits: Conversion.significantDigits).text)),
                    ("max", .decimal(high.decimalText(significantDigits: Conversion.significantDigits).text)),
                    ("change_percent", .decimal(change.decimalText(significantDigits: 12).text)),
                    ("source", .text(sources.joined(separator: " "))),
                ]))
        if engine.configuration.wantsSeries {
            for point in points {
                line.reply.records.append(
                    Record(
                        "point",
                        [
                            ("date", .text(point.day.iso)), ("from", .text(from.rawValue)), ("to", .text(to.rawValue)),
                            ("rate", .decimal(exact(point).decimalText(significantDigits: Conversion.significantDigits).text)),
                        ]))
            }
        }
    }

    /// The words of a command's text with their columns, split at spaces and commas.
    static func words(_ text: String, start: Int) -> [(text: String, range: Range<Int>)] {
        var words: [(text: String, range: Range<Int>)] = []
        var offset = start
        var current = ""
        var currentStart = start
        for character in text {
            if character.isWhitespace || character == "," {
                if !current.isEmpty { words.append((current, currentStart..<offset)) }
                current = ""
            } else {
                if current.isEmpty { currentStart = offset }
                current.append(character)
            }
            offset += 1
        }
        if !current.isEmpty { words.append((current, currentStart..<offset)) }
        return words
    }

    /// `1y`, `6m`, `30d`, `2w`, `all`, or `DATE..DATE`; `nil` when the word is none of them.
    static func period(_ text: String, range: Range<Int>?, today: Day, _ engine: Engine) throws(CommandError) -> (Day, Day)? {
        let folded = text.lowercased()
        if folded == "all" || folded == "max" { return (engine.store.history.firstDay, today) }
        for separator in ["..", "…"] {
            guard let split = folded.range(of: separator) else { continue }
            let first = try engine.dates.read(String(text[..<split.lowerBound]), range: range, today: today)
            let last = try engine.dates.read(String(text[split.upperBound...]), range: range, today: today)
            guard first < last else { throw CommandError(.badChart(text), at: range) }
            return (first, last)
        }
        guard let unit = folded.last, "dwmy".contains(unit), folded.count >= 2, folded.dropLast().allSatisfy(\.isASCII),
            let count = Int(folded.dropLast()), count > 0
        else { return nil }
        // The relative date's reader: `1y` is the year back from `-1y`.
        guard case .success(let start) = engine.dates.reader.read("-" + folded, today: today) else { throw CommandError(.badChart(text), at: range) }
        return (start, today)
    }

    /// Two currencies (`eur usd`, `eur/usd`, `EURUSD`, `euro dollar`), or one, charted
    /// against the base currency.
    private static func pair(
        _ words: [(text: String, range: Range<Int>)], range: Range<Int>?, base: CurrencyCode, _ engine: Engine
    ) throws(CommandError) -> (CurrencyCode, CurrencyCode) {
        let resolver = engine.resolver
        var notes: [String] = []
        func reference(_ part: ArraySlice<(text: String, range: Range<Int>)>) -> CurrencyReference? {
            guard let head = part.first, let tail = part.last else { return nil }
            return CurrencyReference(text: part.map(\.text).joined(separator: " "), range: head.range.lowerBound..<tail.range.upperBound)
        }
        if words.count == 1, let word = words.first {
            for separator in ["/", "-"] where word.text.contains(separator) {
                let parts = word.text.split(separator: Character(separator), maxSplits: 1).map(String.init)
                if parts.count == 2 {
                    let a = try resolver.currency(CurrencyReference(text: parts[0], range: word.range), notes: &notes)
                    let b = try resolver.currency(CurrencyReference(text: parts[1], range: word.range), notes: &notes)
                    return (a, b)
                }
            }
            let single = CurrencyReference(text: word.text, range: word.range)
            if let (a, b) = resolver.pair(single) { return (a, b) }
            let code = try resolver.currency(single, notes: &notes)
            return (base == code ? .usd : base, code)
        }
        guard words.count >= 2 else { throw CommandError(.badChart(""), at: range) }
        // Two currencies' names are a few words each: more is no pair (and trying every split of
        // thousands of words cost minutes).
        guard words.count <= 12 else { throw CommandError(.badChart(words.prefix(12).map(\.text).joined(separator: " ") + " …"), at: range) }
        if words.count == 2, let a = reference(words[0..<1]), let b = reference(words[1..<2]) {
            return (try resolver.currency(a, notes: &notes), try resolver.currency(b, notes: &notes))
        }
        for split in 1..<words.count {
            guard let a = reference(words[..<split]), let b = reference(words[split...]) else { continue }
            var scratch: [String] = []
            if let first = try? resolver.currency(a, notes: &scratch), let second = try? resolver.currency(b, notes: &scratch) {
                return (first, second)
            }
        }
        throw CommandError(.badChart(words.map(\.text).joined(separator: " ")), at: range)
    }
}
