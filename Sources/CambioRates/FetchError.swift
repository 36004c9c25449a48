import CambioCore

/// Why a refresh did not produce a table, in terms a user can act on.
public enum FetchError: Error, Equatable, Sendable {
    /// No network, or the name did not resolve.
    case offline(host: String)
    case connectionRefused(host: String)
    /// No complete answer within the time limit (seconds).
    case timeout(host: String, seconds: Int)
    /// The server answered with an error status; `retryAfter` in seconds where it said.
    case httpStatus(host: String, code: Int, retryAfter: Int?)
    /// The answer was not a usable rate table.
    case invalidResponse(host: String, reason: String)
    /// Over the size limit (bytes).
    case tooLarge(host: String, limit: Int)
    /// The certificate or TLS handshake failed.
    case tls(host: String)
    /// A redirect to another host was refused.
    case redirected(host: String, to: String)
    /// Plain http to a host that is not loopback.
    case insecureURL(host: String)
    case badURL(String)
    /// The user cancelled (Ctrl-C). Never a failure, never a fallback.
    case cancelled
    /// `--offline` or `CAMBIO_OFFLINE=1`.
    case offlineMode
    /// Any other transport error, with the system's words.
    case other(host: String, description: String)
    /// The fetch helper is not installed next to the program (its expected path).
    case helperMissing(path: String)

    /// One line a user can act on, in the interface's language.
    public func message(_ text: Localization) -> String {
        switch self {
        case .offline(let host): text("fetch.offline", host)
        case .connectionRefused(let host): text("fetch.refused", host)
        case .timeout(let host, let seconds): text("fetch.timeout", host, String(seconds))
        case .httpStatus(let host, let code, let retryAfter):
            retryAfter.map { text("fetch.statusRetry", host, String(code), String($0)) } ?? text("fetch.status", host, String(code))
        case .invalidResponse(let host, let reason): text("fetch.invalid", host, reason)
        case .tooLarge(let host, let limit): text("fetch.tooLarge", host, String(limit / (1 << 20)))
        case .tls(let host): text("fetch.tls", host)
        case .redirected(let host, let target): text("fetch.redirected", host, target)
        case .insecureURL(let host): text("fetch.insecure", host)
        case .badURL(let url): text("fetch.badURL", "“\(url)”")
        case .cancelled: text("fetch.cancelled")
        case .offlineMode: text("fetch.offlineMode")
        case .other(let host, let description): text("fetch.other", host, description)
        case .helperMissing(let path): text("fetch.helperMissing", path)
        }
    }
}
