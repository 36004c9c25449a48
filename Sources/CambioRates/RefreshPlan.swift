import Foundation

/// Which providers a refresh tries, where, and for how long.
public struct RefreshPlan: Equatable, Sendable {
    /// Tried in order until one gives a valid table; one table never mixes providers.
    public var providers: [Provider]
    /// `CAMBIO_PROVIDER_URL`: replaces the providers' base URLs (a mirror, or a test server).
    public var baseURLOverride: String?
    /// The limit for each request, start to last byte.
    public var timeout: TimeInterval
    /// `--offline`, `CAMBIO_OFFLINE=1`: never touch the network.
    public var offline: Bool

    /// The newest day each provider's rates are held for outside its cache (the bundled seed,
    /// the bundled ECB history): an answer older than that is refused, as one older than the
    /// cache is.
    public var heldDays: [Provider: String] = [:]

    public static let defaultTimeout: TimeInterval = 10

    public init(providers: [Provider], baseURLOverride: String? = nil, timeout: TimeInterval = defaultTimeout, offline: Bool = false) {
        self.providers = providers
        self.baseURLOverride = baseURLOverride
        self.timeout = timeout
        self.offline = offline
    }

    /// The requests to try, in order: each provider's hosts (or the override).
    public var attempts: [(provider: Provider, url: Result<URL, FetchError>)] {
        providers.flatMap { provider in
            let bases = baseURLOverride.map { [$0] } ?? provider.defaultBaseURLs
            return bases.map { base in
                let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
                return (provider, RequestPolicy.validate(trimmed + provider.path))
            }
        }
    }
}
