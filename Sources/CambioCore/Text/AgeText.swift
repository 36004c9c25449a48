import Foundation

/// Ages in words: “today”, “3 days old”, “5 minutes ago”.
public enum AgeText {
    /// The age of a data date in whole days.
    public static func days(_ days: Int) -> String {
        days <= 0 ? "today" : days == 1 ? "1 day old" : "\(days) days old"
    }

    /// How long ago `date` was.
    public static func since(_ date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "just now"
        case ..<120: return "1 minute ago"
        case ..<3600: return "\(seconds / 60) minutes ago"
        case ..<7200: return "1 hour ago"
        case ..<86400: return "\(seconds / 3600) hours ago"
        case ..<172_800: return "1 day ago"
        default: return "\(seconds / 86400) days ago"
        }
    }

    /// How long until `date`: “in 42 minutes”, “now”.
    public static func until(_ date: Date, now: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now))
        switch seconds {
        case ..<60: return "now"
        case ..<120: return "in 1 minute"
        case ..<7200: return "in \(seconds / 60) minutes"
        default: return "in \(seconds / 3600) hours"
        }
    }
}
