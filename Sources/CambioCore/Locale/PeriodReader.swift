import Foundation

/// Reads the period after `average`, by one stated rule (`help average`):
///
/// - a year: `2024`;
/// - a month: `2024-03` (ISO), the month and year in the locale's order with its separator or
///   another (`03.2024`, `3/2024`), or the month's name in the locale's or the interface's
///   language, or English, with the year (`März 2024`, `Mart 2024`, `March 2024`, `Mar 2024`);
/// - two days with `..` or `…` between them, each read as after `on` (`2024-01-01..2024-06-30`,
///   `01.01.2024..30.06.2024`); one day alone is the period of that day.
public struct PeriodReader: Sendable {
    public let dates: DateReader
    /// Month names folded (`marz`, `mar`, `mart`, `march`), with their numbers.
    private let months: [String: Int]

    /// What went wrong reading a period.
    public enum Problem: Error, Equatable, Sendable {
        /// Nothing after `average`.
        case missing
        /// None of the forms read.
        case unreadable(String)
        /// A month that is none (`2024-13`).
        case noSuchMonth(String)
        /// Two days the wrong way round.
        case reversed(String)
        /// A day of a range that does not read.
        case day(DateReader.Problem)
    }

    /// `localeIDs`: the locales whose month names are read (the numbers' and the messages'), and
    /// English always.
    public init(dates: DateReader, localeIDs: [String]) {
        self.dates = dates
        var months: [String: Int] = [:]
        for identifier in localeIDs + ["en_US"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = Locale(identifier: identifier)
            for symbols in [
                calendar.monthSymbols, calendar.shortMonthSymbols, calendar.standaloneMonthSymbols, calendar.shortStandaloneMonthSymbols,
            ] where symbols.count == 12 {
                for (index, name) in symbols.enumerated() {
                    let folded = Self.fold(name)
                    if !folded.isEmpty, months[folded] == nil { months[folded] = index + 1 }
                }
            }
        }
        self.months = months
    }

    private static func fold(_ text: some StringProtocol) -> String {
        TextFolding.fold(String(text.filter { $0 != "." }))
    }

    /// The example every message shows: a month in the locale's form.
    public var example: String {
        let separator = dates.order == .yearMonthDay ? "-" : String(dates.separator)
        return dates.order == .yearMonthDay ? "2024" + separator + "03" : "03" + separator + "2024"
    }

    /// The period `text` names (days counted from `today` where one is relative).
    public func read(_ text: String, today: Day) -> Result<Period, Problem> {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { return .failure(.missing) }
        for separator in ["..", "…"] {
            guard let split = trimmed.range(of: separator) else { continue }
            let left = String(trimmed[..<split.lowerBound])
            let right = String(trimmed[split.upperBound...])
            let first: Day
            let last: Day
            switch dates.read(left, today: today) {
            case .success(let day): first = day
            case .failure(let problem): return .failure(.day(problem))
            }
            switch dates.read(right, today: today) {
            case .success(let day): last = day
            case .failure(let problem): return .failure(.day(problem))
            }
            guard first <= last else { return .failure(.reversed(trimmed)) }
            return .success(Period(from: first, through: last, kind: .range))
        }
        // Digits of any script as ASCII.
        var normalized = ""
        for character in trimmed where !Sanitiser.bidiMarks.contains(character) {
            if character.isNumber, let value = character.wholeNumberValue, value < 10 {
                normalized.append(Character(String(value)))
            } else {
                normalized.append(character)
            }
        }
        let utf8 = Array(normalized.utf8)
        func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
            guard !bytes.isEmpty, bytes.count <= 4, bytes.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
            return bytes.reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        // A year.
        if utf8.count == 4, let year = digits(utf8[...]), let period = Period.year(year) { return .success(period) }
        // A month of a year, in digits: `2024-03`, `03.2024`, `3/2024`.
        if let mark = utf8.firstIndex(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }),
            utf8[(mark + 1)...].allSatisfy({ $0 &- 48 < 10 || $0 == UInt8(ascii: ".") })
        {
            var right = utf8[(mark + 1)...]
            if right.last == UInt8(ascii: "."), right.count > 1 { right = right.dropLast() }
            let left = utf8[..<mark]
            if left.count == 4, right.count <= 2, let year = digits(left), let month = digits(right) {
                return monthPeriod(year, month, typed: trimmed)
            }
            if right.count == 4, left.count <= 2, let year = digits(right), let month = digits(left) {
                return monthPeriod(year, month, typed: trimmed)
            }
        }
        // A month's name and a year, either way round.
        let words = normalized.split { $0 == " " || $0 == "," }.map(String.init)
        if words.count == 2 {
            for (name, number) in [(words[0], words[1]), (words[1], words[0])] {
                guard number.count == 4, let year = digits(ArraySlice(number.utf8)), let month = months[Self.fold(name)] else { continue }
                return monthPeriod(year, month, typed: trimmed)
            }
        }
        // One day: the period of that day.
        if case .success(let day) = dates.read(trimmed, today: today) { return .success(Period(from: day, through: day, kind: .range)) }
        return .failure(.unreadable(trimmed))
    }

    private func monthPeriod(_ year: Int, _ month: Int, typed: String) -> Result<Period, Problem> {
        guard let first = Day(year: year, month: month, day: 1) else { return .failure(.noSuchMonth(typed)) }
        return .success(Period.month(of: first))
    }
}
