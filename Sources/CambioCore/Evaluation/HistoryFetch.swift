import Foundation

/// What became of a fetch a dated line asked for.
public enum HistoryFetch: Equatable, Sendable {
    /// The rates are in the history now (or the host had them already).
    case fetched
    /// The host does not fetch (offline, the preview, a host that gave up on the network).
    case unavailable
    /// The fetch failed; why, in the interface's language.
    case failed(String)
}
