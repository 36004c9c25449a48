import Foundation

/// Ages in words: “today”, “3 days old”, “5 minutes ago”, in the interface's language.
public enum AgeText {
    /// The age of a data date in whole days.
    public static func days(_ days: Int, _ text: Localization) -> String {
        days <= 0 ? text("age.today") : days == 1 ? text("age.day") : text("age.days", String(days))
    }

    /// How long ago `date` was.
    public static func since(_ date: Date, now: Date, _ text: Localization) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return text("since.now")
        case ..<120: return text("since.minute")
        case ..<3600: return text("since.minutes", String(seconds / 60))
        case ..<7200: return text("since.hour")
        case ..<86400: return text("since.hours", String(seconds / 3600))
        case ..<172_800: return text("since.day")
        default: return text("since.days", String(seconds / 86400))
        }
    }

    /// How long until `date`: “in 42 minutes”, “now”.
    public static func until(_ date: Date, now: Date, _ text: Localization) -> String {
        let seconds = Int(date.timeIntervalSince(now))
        switch seconds {
        case ..<60: return text("until.now")
        case ..<120: return text("until.minute")
        case ..<7200: return text("until.minutes", String(seconds / 60))
        default: return text("until.hours", String(seconds / 3600))
        }
    }
}
