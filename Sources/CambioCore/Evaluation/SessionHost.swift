import Foundation

/// What only the program around the engine can do, asked for by the line that needs it: fetch
/// rates now, choose a provider, switch the preview, fetch a day's rates, and say what it knows
/// for `status`. The shell, one-shot commands and pipes implement it (`Session`); the live
/// preview evaluates with `SilentHost`, which does nothing, so that typing `source ecb` or a
/// dated line reaches no network and no file; tests record what was asked.
public protocol SessionHost: AnyObject {
    /// The rate providers' names, for completing and choosing `source`.
    var providerNames: [String] { get }

    /// Fetches rates now (with progress, where the host shows it): what it says of the outcome,
    /// and the new table when there is one. `current` is the table in use, which a failure
    /// keeps.
    func refresh(keeping current: RateTable) -> RefreshReport

    /// Shows the providers (`nil`), or chooses one by name (`auto` for the default order):
    /// the lines to show and the provider chosen, or the error.
    func source(_ name: String?) throws(CommandError) -> SourceChoice

    /// Switches results while typing when `on` is given; whether they are on.
    func preview(_ on: Bool?) -> Bool

    /// Fetches what a dated line needs, waiting for it.
    func fetch(_ need: HistoryNeed) -> HistoryFetch

    /// The host's own facts for `status`: about the rates (provider, next refresh, cache) and
    /// about its files.
    func statusFacts(now: Date, _ localized: Localization) -> (rates: [Fact], files: [Fact])

    /// The locale the environment chooses, for `locale default`.
    func environmentLocale() -> LocaleSettings
}

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

/// What `source` said and chose.
public struct SourceChoice: Sendable {
    public var lines: [Reply.Line]
    /// The provider chosen (its identifier and its name), when the line chose one.
    public var chosen: (id: String, name: String)?

    public init(lines: [Reply.Line], chosen: (id: String, name: String)?) {
        self.lines = lines
        self.chosen = chosen
    }
}

/// The rates a dated line needs that the history does not hold yet.
public enum HistoryNeed: Hashable, Sendable {
    /// The ECB's days after the ones held (its 90-day or full history file).
    case ecb(Day)
    /// currency-api's snapshot of the day.
    case snapshot(Day)
}

/// What became of a fetch a dated line asked for.
public enum HistoryFetch: Equatable, Sendable {
    /// The rates are in the history now (or the host had them already).
    case fetched
    /// The host does not fetch (offline, the preview, a host that gave up on the network).
    case unavailable
    /// The fetch failed; why, in the interface's language.
    case failed(String)
}

/// A host that does nothing: the live preview's (no network, no file, no setting changes).
public final class SilentHost: SessionHost {
    private let locale: LocaleSettings

    public init(
        locale: LocaleSettings = LocaleSettings(numbers: LocaleSettings.neutral, money: LocaleSettings.neutral, messages: LocaleSettings.neutral)
    ) {
        self.locale = locale
    }

    public var providerNames: [String] { [] }
    public func refresh(keeping current: RateTable) -> RefreshReport { RefreshReport(lines: [], table: nil) }
    public func source(_ name: String?) throws(CommandError) -> SourceChoice { SourceChoice(lines: [], chosen: nil) }
    public func preview(_ on: Bool?) -> Bool { on ?? true }
    public func fetch(_ need: HistoryNeed) -> HistoryFetch { .unavailable }
    public func statusFacts(now: Date, _ localized: Localization) -> (rates: [Fact], files: [Fact]) { ([], []) }
    public func environmentLocale() -> LocaleSettings { locale }
}
