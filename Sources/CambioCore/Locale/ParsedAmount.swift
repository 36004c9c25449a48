import Foundation

/// An amount as the user typed it, read in their locale.
public struct ParsedAmount: Equatable, Sendable {
    /// The value as the nearest `Decimal` (exact up to 38 significant digits); made when asked
    /// for, as few lines need it.
    public var value: Decimal { exact.decimal }
    /// The exact value, for arithmetic and display.
    public let exact: Rational
    /// True when a separator that cannot be grouping was read as the decimal point
    /// (`12.50` in de_DE); the reply then echoes the amount as read.
    public let separatorReadAsDecimal: Bool
}
