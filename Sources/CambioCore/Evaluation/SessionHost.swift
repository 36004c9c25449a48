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
    /// and the new table when there is one (which the line adds to the store).
    func refresh() -> RefreshReport

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
