import Foundation

/// Reads the date after `on`, by one stated rule (`help on`):
///
/// - `2020-03-15` (ISO) always; a four-digit year first is always year, month, day
///   (`2020/3/15`, `2020. 03. 15.`).
/// - The locale's own short form, in its order and with its separator (`15.03.2020` in
///   de_DE and tr_TR, `3/15/2020` in en_US, `15/03/2020` in en_GB and fr_FR). It is read only
///   in that order: `15/03/2020` in en_US is an error that names the form and the ISO date.
/// - Day and month with another separator are read when only one reading is a date
///   (`25.12.2020` anywhere); when both are (`03/04/2020` in de_DE) it is an error that shows
///   both readings.
/// - `today`, `yesterday` (and the interface language's words), and `-7d`, `-2w`, `-3m`,
///   `-1y` counted back from today.
/// Years are written with four digits. Digits of the locale's own script are read as well.
public struct DateReader: Sendable {
    /// The order of day, month and year in the locale's short form.
    public enum Order: String, Sendable {
        case dayMonthYear = "dmy"
        case monthDayYear = "mdy"
        case yearMonthDay = "ymd"
    }

    public let localeID: String
    public let order: Order
    /// The locale's separator (`.`, `/`, `-`).
    public let separator: Character
    private let separatorByte: UInt8

    /// The reader of `localeID`, made once per process (at most 64 locales are kept).
    public static func of(_ localeID: String) -> DateReader { known.value(localeID) { DateReader(localeID: localeID) } }

    private static let known = KeptValues<DateReader>()

    /// A reader of no locale: ISO and the forms only one reading makes a date of
    /// (`13/02/2024`), for a user whose environment names no locale (C, POSIX).
    public static let neutral = DateReader(localeID: "C", order: .yearMonthDay, separator: "-")

    private init(localeID: String, order: Order, separator: Character) {
        self.localeID = localeID
        self.order = order
        self.separator = separator
        separatorByte = separator.asciiValue ?? UInt8(ascii: "-")
        example = format(Day(number: 18_336))
        pattern = Self.pattern(order, separator)
    }

    public init(localeID: String) {
        self.localeID = localeID
        // ICU's pattern generator takes a millisecond to open: its answer is remembered.
        let icuPattern = LocaleFacts.shared.value("date-pattern \(localeID)") {
            DateFormatter.dateFormat(fromTemplate: "yyyyMMdd", options: 0, locale: Locale(identifier: localeID)) ?? "y-MM-dd"
        }
        let letters = icuPattern.filter { "dMy".contains($0) }
        var seen: [Character] = []
        for letter in letters where !seen.contains(letter) { seen.append(letter) }
        switch String(seen) {
        case "Mdy": order = .monthDayYear
        case "dMy": order = .dayMonthYear
        default: order = .yearMonthDay
        }
        let marks = icuPattern.drop { "dMy".contains($0) }.prefix { !"dMy".contains($0) }
        separator = marks.first { $0 == "." || $0 == "/" || $0 == "-" } ?? "-"
        separatorByte = separator.asciiValue ?? UInt8(ascii: "-")
        example = format(Day(number: 18_336))
        pattern = Self.pattern(order, separator)
    }

    /// The locale's form of a day (`15.03.2020`), for messages and examples.
    public func format(_ day: Day) -> String {
        let (year, month, date) = day.parts
        let separator = String(separator)
        switch order {
        case .dayMonthYear: return String(date, zeroPaddedTo: 2) + separator + String(month, zeroPaddedTo: 2) + separator + String(year)
        case .monthDayYear: return String(month) + separator + String(date) + separator + String(year)
        case .yearMonthDay: return day.iso
        }
    }

    /// The day every example shows, in the locale's form (`15.03.2020`): made with the reader,
    /// for the many messages that show it.
    public private(set) var example = ""

    /// The pattern users see (`DD.MM.YYYY`).
    public private(set) var pattern = ""

    private static func pattern(_ order: Order, _ separator: Character) -> String {
        let separator = String(separator)
        switch order {
        case .dayMonthYear: return "DD" + separator + "MM" + separator + "YYYY"
        case .monthDayYear: return "M" + separator + "D" + separator + "YYYY"
        case .yearMonthDay: return "YYYY-MM-DD"
        }
    }

    /// Words for today and yesterday, in every interface language.
    public static let todayWords: Set<String> = ["today", "now", "heute", "bugun", "bugün", "dzis", "dziś", "dzisiaj"]
    public static let yesterdayWords: Set<String> = ["yesterday", "gestern", "dun", "dün", "wczoraj"]

    /// What went wrong reading a date.
    public enum Problem: Error, Equatable, Sendable {
        /// Not a date in any form read; the locale's pattern and an example follow.
        case unreadable(String)
        /// Both readings are days.
        case ambiguous(String, Day, Day)
        /// A form that names no day (`2021-02-30`, `15/03/2020` in en_US).
        case noSuchDay(String)
        /// The locale's own form with day and month the other way round (`25/12/2020` in
        /// en_US): no day in the locale's order, `other` in the other one. Never taken silently.
        case otherOrder(String, other: Day)
        /// A year of two digits.
        case shortYear(String)
        /// Nothing after `on`.
        case missing
    }

    /// The day `text` names, counted from `today` where it is relative. Without `relative`
    /// (a document's cells, which must mean the same day whenever the file is read), `today`,
    /// `yesterday` and `-7d` are no dates.
    public func read(_ text: String, today: Day, relative allowsRelative: Bool = true) -> Result<Day, Problem> {
        // The locale's own short form in ASCII digits (every row of a bank export), from its bytes.
        if let day = ownForm(text.utf8) { return .success(day) }
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { return .failure(.missing) }
        // Digits of any script (٢٠٢٠) as ASCII; bidirectional marks dropped.
        var normalized = ""
        for character in trimmed where !Sanitiser.bidiMarks.contains(character) {
            if character.isNumber, let value = character.wholeNumberValue, value < 10 {
                normalized.append(Character(String(value)))
            } else if character == "−" {
                normalized.append("-")
            } else {
                normalized.append(character)
            }
        }
        let folded = normalized.lowercased()
        if allowsRelative {
            if Self.todayWords.contains(folded) { return .success(today) }
            if Self.yesterdayWords.contains(folded) { return .success(today.adding(days: -1)) }
            if let relative = relative(folded, today: today) { return relative }
        }
        return absolute(normalized, typed: trimmed)
    }

    /// `15.03.2020` in de_DE, `3/15/2020` in en_US: one or two digits, the locale's separator, one
    /// or two, the separator, four; read in the locale's order, as the full reading reads them.
    /// `nil` for anything else (which the full reading then reads or explains).
    private func ownForm(_ utf8: String.UTF8View) -> Day? {
        // A string's own bytes (a cell's always are): read in place, not through its view.
        utf8.withContiguousStorageIfAvailable(ownForm) ?? Array(utf8).withUnsafeBufferPointer(ownForm)
    }

    /// The same from UTF-8 bytes (a document's cell).
    func ownForm(_ bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        guard order != .yearMonthDay, bytes.count >= 8, bytes.count <= 10 else { return nil }
        let mark = separatorByte
        var fields = (0, 0, 0)
        var counts = (0, 0, 0)
        var field = 0
        for byte in bytes {
            if byte == mark {
                field += 1
                guard field < 3 else { return nil }
                continue
            }
            guard byte &- 48 < 10 else { return nil }
            let digit = Int(byte &- 48)
            switch field {
            case 0: fields.0 = fields.0 * 10 + digit; counts.0 += 1
            case 1: fields.1 = fields.1 * 10 + digit; counts.1 += 1
            default: fields.2 = fields.2 * 10 + digit; counts.2 += 1
            }
        }
        guard field == 2, (1...2).contains(counts.0), (1...2).contains(counts.1), counts.2 == 4 else { return nil }
        return order == .dayMonthYear
            ? Day(year: fields.2, month: fields.1, day: fields.0) : Day(year: fields.2, month: fields.0, day: fields.1)
    }

    /// `-7d`, `-2w`, `-3m`, `-1y` (a space before the unit is allowed; at most 100 years).
    private func relative(_ text: String, today: Day) -> Result<Day, Problem>? {
        guard text.first == "-" else { return nil }
        let body = text.dropFirst().filter { $0 != " " }
        guard let unit = body.last, "dwmy".contains(unit) else { return nil }
        let digits = body.dropLast()
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII }), let count = Int(digits) else {
            return .failure(.unreadable(text))
        }
        let day: Day?
        switch unit {
        case "d": day = count <= 36_600 ? today.adding(days: -count) : nil
        case "w": day = count <= 5_300 ? today.adding(days: -7 * count) : nil
        case "m": day = count <= 1_200 ? today.adding(months: -count) : nil
        default: day = count <= 100 ? today.adding(months: -12 * count) : nil
        }
        return day.map { .success($0) } ?? .failure(.unreadable(text))
    }

    private func absolute(_ text: String, typed: String) -> Result<Day, Problem> {
        // Three groups of digits with one kind of separator between them (spaces around it,
        // and a final dot, as in `2020. 03. 15.`, allowed).
        var groups: [String] = []
        var separators: [Character] = []
        var current = ""
        var pendingSeparator: Character?
        for character in text {
            if character.isASCII, character.isNumber {
                if current.isEmpty, !groups.isEmpty {
                    guard let pending = pendingSeparator else { return .failure(.unreadable(typed)) }
                    separators.append(pending)
                    pendingSeparator = nil
                }
                current.append(character)
            } else if character == " " {
                continue
            } else if character == "." || character == "/" || character == "-" {
                if !current.isEmpty {
                    groups.append(current)
                    current = ""
                }
                guard pendingSeparator == nil, !groups.isEmpty else { return .failure(.unreadable(typed)) }
                pendingSeparator = character
            } else {
                return .failure(.unreadable(typed))
            }
        }
        if !current.isEmpty { groups.append(current) }
        // Only a final dot may stand after the last group.
        if let pending = pendingSeparator, pending != "." || groups.count != 3 { return .failure(.unreadable(typed)) }
        guard groups.count == 3, separators.count == 2, separators[0] == separators[1],
            groups.allSatisfy({ (1...4).contains($0.count) }), let a = Int(groups[0]), let b = Int(groups[1]), let c = Int(groups[2])
        else { return .failure(.unreadable(typed)) }
        let mark = separators[0]
        if groups[0].count == 4 {
            guard groups[1].count <= 2, groups[2].count <= 2 else { return .failure(.unreadable(typed)) }
            return Day(year: a, month: b, day: c).map { .success($0) } ?? .failure(.noSuchDay(typed))
        }
        guard groups[0].count <= 2, groups[1].count <= 2 else { return .failure(.unreadable(typed)) }
        guard groups[2].count == 4 else { return .failure(groups[2].count == 2 ? .shortYear(typed) : .unreadable(typed)) }
        // The locale's own form is read in its order only.
        if mark == separator, order != .yearMonthDay {
            let day = order == .dayMonthYear ? Day(year: c, month: b, day: a) : Day(year: c, month: a, day: b)
            let other = order == .dayMonthYear ? Day(year: c, month: a, day: b) : Day(year: c, month: b, day: a)
            return day.map { .success($0) } ?? other.map { .failure(.otherOrder(typed, other: $0)) } ?? .failure(.noSuchDay(typed))
        }
        let dayFirst = Day(year: c, month: b, day: a)
        let monthFirst = Day(year: c, month: a, day: b)
        switch (dayFirst, monthFirst) {
        case (let one?, let other?) where one != other: return .failure(.ambiguous(typed, one, other))
        case (let one?, _): return .success(one)
        case (nil, let other?): return .success(other)
        case (nil, nil): return .failure(.noSuchDay(typed))
        }
    }
}
