import Foundation

/// Ages in words: “today”, “3 days old”, “5 minutes ago”, in the interface's language.
public enum AgeText {
    /// The age of a data date in whole days.
    public static func days(_ days: Int, _ localized: Localization) -> String {
        days <= 0 ? localized("age.today") : days == 1 ? localized("age.day") : localized("age.days", String(days))
    }

    /// How long ago `date` was.
    public static func since(_ date: Date, now: Date, _ localized: Localization) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return localized("since.now")
        case ..<120: return localized("since.minute")
        case ..<3600: return localized("since.minutes", String(seconds / 60))
        case ..<7200: return localized("since.hour")
        case ..<86400: return localized("since.hours", String(seconds / 3600))
        case ..<172_800: return localized("since.day")
        default: return localized("since.days", String(seconds / 86400))
        }
    }

    /// How long until `date`: “in 42 minutes”, “now”.
    public static func until(_ date: Date, now: Date, _ localized: Localization) -> String {
        let seconds = Int(date.timeIntervalSince(now))
        switch seconds {
        case ..<60: return localized("until.now")
        case ..<120: return localized("until.minute")
        case ..<7200: return localized("until.minutes", String(seconds / 60))
        default: return localized("until.hours", String(seconds / 3600))
        }
    }
}
