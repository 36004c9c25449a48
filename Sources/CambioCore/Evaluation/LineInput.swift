import Foundation

/// A line to evaluate (`Engine.evaluate`): typed text, a pipe's line as UTF-8 bytes, or a
/// document's row.
public enum LineInput {
    /// A line as text (the shell, one-shot commands, the preview).
    case text(String)
    /// A line as UTF-8 bytes (a pipe's line, read in place): a line of a known shape is
    /// evaluated from its bytes; any other is decoded, invalid UTF-8 becoming U+FFFD, which the
    /// tokenizer reports with its column.
    case utf8(UnsafeBufferPointer<UInt8>)
    /// A document's row, its cells already read.
    case row(TableRow)
}

/// One row of a document: `amount` in `from` converted into `targets` with the rates of `day`
/// (the current ones when `nil`), as the line `AMOUNT FROM in TARGETS on DAY` is — or with the
/// mean of the month or year of `day` (`averaging`), as `… average 2024-03` is: the same
/// conversion, substitution notes and errors, without text to read.
public struct TableRow {
    public var amount: Rational
    public var from: CurrencyCode
    public var targets: [CurrencyCode]
    public var day: Day?
    public var averaging: Period.Kind?
    /// The day the row's dates are checked against (`nil`: the day of the evaluation).
    public var today: Day?

    public init(
        _ amount: Rational, from: CurrencyCode, to targets: [CurrencyCode], on day: Day?, averaging: Period.Kind? = nil, today: Day? = nil
    ) {
        self.amount = amount
        self.from = from
        self.targets = targets
        self.day = day
        self.averaging = averaging
        self.today = today
    }
}
