import Foundation

/// A host that does nothing: the live preview's (no network, no file, no setting changes).
public final class SilentHost: SessionHost {
    private let locale: LocaleSettings

    public init(
        locale: LocaleSettings = LocaleSettings(numbers: LocaleSettings.neutral, money: LocaleSettings.neutral, messages: LocaleSettings.neutral)
    ) {
        self.locale = locale
    }

    public var providerNames: [String] { [] }
    public func refresh() -> RefreshReport { RefreshReport(lines: [], table: nil) }
    public func source(_ name: String?) throws(CommandError) -> SourceChoice { SourceChoice(lines: [], chosen: nil) }
    public func preview(_ on: Bool?) -> Bool { on ?? true }
    public func fetch(_ need: HistoryNeed) -> HistoryFetch { .unavailable }
    public func statusFacts(now: Date, _ localized: Localization) -> (rates: [Fact], files: [Fact]) { ([], []) }
    public func environmentLocale() -> LocaleSettings { locale }
}
