import Foundation

/// Why an amount could not be read; `offset` counts characters into the amount's text.
public struct AmountError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A grouping separator where no group boundary can be.
        case misplacedGrouping(Character)
        /// A second decimal separator, or a separator after the decimal one.
        case separatorInFraction(Character)
        /// A separator with no digits after it (`12,50,`, `12,`).
        case nothingAfterSeparator(Character)
        /// A separator this locale does not use in that way.
        case unexpectedSeparator(Character)
        /// The locale's grouping mark where a group cannot end (`1,50` in en_US, `12.50` in
        /// de_DE): it is never taken for the decimal point, so both readings are shown.
        case ambiguousSeparator(Character, decimalReading: String, wholeReading: String)
        /// A `.` or `,` the locale does not use, where a group of thousands could end
        /// (`1,500` in ar_EG): it could be either, so both readings are shown.
        case unclearSeparator(Character, decimalReading: String, wholeReading: String)
        /// Not a digit, sign or separator.
        case unexpectedCharacter(Character)
        /// More significant digits than money needs or `Decimal` holds exactly.
        case tooManyDigits(limit: Int)
        case noDigits
    }

    public let kind: Kind
    public let offset: Int
}
