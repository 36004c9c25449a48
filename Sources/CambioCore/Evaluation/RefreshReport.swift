import Foundation

/// What a refresh came to, for the line that asked for it.
public struct RefreshReport: Sendable {
    /// What it says: the new table's source and day, or why there is none.
    public var lines: [Reply.Line]
    /// The table fetched, which the session uses from this line on.
    public var table: RateTable?

    public init(lines: [Reply.Line], table: RateTable?) {
        self.lines = lines
        self.table = table
    }
}
