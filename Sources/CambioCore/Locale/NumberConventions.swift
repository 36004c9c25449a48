import Foundation

/// How one locale writes numbers: separators, grouping sizes and digits, read off ICU once.
public struct NumberConventions: Sendable, Equatable {
    public let localeID: String
    public let decimalSeparator: Character
    /// `nil` for locales that do not group.
    public let groupingSeparator: Character?
    /// Digits in the last group before the decimal separator (3 almost everywhere).
    public let primaryGroupSize: Int
    /// Digits in every other group (2 in hi_IN: `12,34,567`).
    public let secondaryGroupSize: Int
    /// The locale's digits zero to nine (ASCII in most locales, `٠…٩` in ar_EG).
    public let digits: [Character]
    /// Integer digits the first group must reach before grouping starts, beyond the primary
    /// group: 1 almost everywhere (`1.234`), 2 in es_ES, it_IT, pl_PL (`1234`, `12.345`).
    public let minimumGroupingDigits: Int

    public init(
        localeID: String, decimalSeparator: Character, groupingSeparator: Character?, primaryGroupSize: Int,
        secondaryGroupSize: Int, digits: [Character], minimumGroupingDigits: Int = 1
    ) {
        self.localeID = localeID
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.primaryGroupSize = primaryGroupSize
        self.secondaryGroupSize = secondaryGroupSize
        self.digits = digits
        self.minimumGroupingDigits = minimumGroupingDigits
    }

    /// The conventions of `localeID` from the shared facts, read once per process: a pipe of
    /// tables asks for them for every table. At most 64 locales are kept.
    public static func of(_ localeID: String) -> NumberConventions { known.value(localeID) { NumberConventions(localeID: localeID) } }

    private static let known = KeptValues<NumberConventions>()

    /// Reads the conventions of `localeID` from ICU (or from what ICU said last time).
    public init(localeID: String, facts: LocaleFacts = .shared) {
        let text = facts.value("number \(localeID)") { ICUNumberText.text(.number, localeID: localeID) }
        var digits = Array("0123456789")
        var groups: [Int] = [0]
        var separators: [Character] = []
        for character in text where !Sanitiser.bidiMarks.contains(character) {
            if let value = character.wholeNumberValue, (0...9).contains(value) {
                digits[value] = character
                groups[groups.count - 1] += 1
            } else if groups.last != 0 || groups.count > 1 {
                separators.append(character)
                groups.append(0)
            }
        }
        // groups: […, secondary, primary, 3 fraction digits]; separators: […grouping, decimal].
        self.localeID = localeID
        self.digits = digits
        decimalSeparator = separators.last ?? "."
        groupingSeparator = separators.count > 1 ? separators[separators.count - 2] : nil
        primaryGroupSize = groups.count >= 3 ? groups[groups.count - 2] : 3
        secondaryGroupSize = groups.count >= 4 ? groups[groups.count - 3] : primaryGroupSize
        // 1000, 10000, 100000 as ICU writes them: the first that is grouped tells where
        // grouping starts.
        let powers = facts.value("number-grouping \(localeID)") {
            ["1000", "10000", "100000"].map { ICUNumberText.text(.grouping($0), localeID: localeID) }.joined(separator: "\n")
        }
        let primary = primaryGroupSize
        let groupedAt = powers.split(separator: "\n").enumerated().first { _, text in
            text.contains { !Sanitiser.bidiMarks.contains($0) && $0.wholeNumberValue == nil }
        }?.offset
        minimumGroupingDigits = groupingSeparator == nil ? 1 : max(1, (groupedAt.map { $0 + 4 } ?? 7) - primary)
    }

    /// Whether an integer part of `count` digits is written with grouping separators.
    public func groups(_ count: Int) -> Bool {
        groupingSeparator != nil && count >= primaryGroupSize + minimumGroupingDigits
    }

    /// The separators a user of this locale types, for messages ("',' for decimals, '.' for grouping").
    public var exampleAmount: String {
        var text = "1"
        // A space a user can see and type, where the locale groups with an invisible one.
        let mark = groupingSeparator.map { $0.isWhitespace ? " " : $0 }
        if let mark { text.append(mark) }
        // Groups of another size before the last one (en_IN, hi_IN: 1,23,456.5) are shown too.
        if let mark, secondaryGroupSize != primaryGroupSize {
            text += String("23456".prefix(secondaryGroupSize))
            text.append(mark)
            text += String("456789".prefix(primaryGroupSize))
        } else {
            text += "234"
        }
        text.append(decimalSeparator)
        text += "5"
        return String(text.map { $0.wholeNumberValue.map { digits[$0] } ?? $0 })
    }
}
