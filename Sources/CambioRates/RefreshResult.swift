import CambioCore
import CambioFiles
import Foundation

/// What a refresh ended with.
public struct RefreshResult: Sendable {
    /// The new table, when a provider gave a valid one.
    public let table: RateTable?
    /// Every attempt that failed, in order.
    public let failures: [(provider: Provider, error: FetchError)]
    /// The new table could not be written to the cache (it is still used in memory).
    public let cacheProblem: AtomicFile.Failure?

    /// True when the user cancelled: not a failure, and no fallback was tried.
    public var cancelled: Bool { failures.last?.error == .cancelled }

    /// The failure to tell the user about: the first one (the preferred provider's).
    public var mainFailure: FetchError? {
        failures.first { $0.error != .cancelled }?.error ?? failures.first?.error
    }
}
