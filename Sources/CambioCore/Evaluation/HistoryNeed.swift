import Foundation

/// The rates a dated line needs that the history does not hold yet.
public enum HistoryNeed: Hashable, Sendable {
    /// The ECB's days after the ones held (its 90-day or full history file).
    case ecb(Day)
    /// currency-api's snapshot of the day.
    case snapshot(Day)
    /// A central bank's answer that covers the day (its series' table around it).
    case bank(String, series: String, Day)
}
