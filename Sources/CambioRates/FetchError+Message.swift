import CambioCore

extension FetchError {
    /// One line a user can act on, in the interface's language.
    public func message(_ localized: Localization) -> String {
        switch self {
        case .offline(let host): localized("fetch.offline", host.shown)
        case .connectionRefused(let host): localized("fetch.refused", host.shown)
        case .timeout(let host, let seconds): localized("fetch.timeout", host.shown, String(seconds))
        case .httpStatus(let host, let code, let retryAfter):
            retryAfter.map { localized("fetch.statusRetry", host.shown, String(code), String($0)) }
                ?? localized("fetch.status", host.shown, String(code))
        case .invalidResponse(let host, let reason): localized("fetch.invalid", host.shown, reason.message(localized))
        case .tooLarge(let host, let limit): localized("fetch.tooLarge", host.shown, String(limit / (1 << 20)))
        case .tls(let host): localized("fetch.tls", host.shown)
        case .redirected(let host, let target): localized("fetch.redirected", host.shown, target.shown)
        case .insecureURL(let host): localized("fetch.insecure", host.shown)
        case .badURL(let url): localized("fetch.badURL", "“\(url.shown)”")
        case .cancelled: localized("fetch.cancelled")
        case .offlineMode: localized("fetch.offlineMode")
        case .other(let host, let description): localized("fetch.other", host.shown, description.shown)
        case .helperMissing(let path): localized("fetch.helperMissing", path.shown)
        }
    }
}
