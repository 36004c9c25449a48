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

    /// One line a user can act on.
    public var message: String {
        switch self {
        case .offline(let host): "cannot reach \(host): offline or the name does not resolve"
        case .connectionRefused(let host): "\(host) refused the connection"
        case .timeout(let host, let seconds): "\(host) did not answer within \(seconds) s"
        case .httpStatus(let host, let code, let retryAfter):
            "\(host) answered HTTP \(code)" + (retryAfter.map { ", retry after \($0) s" } ?? "")
        case .invalidResponse(let host, let reason): "\(host) sent an unusable answer: \(reason)"
        case .tooLarge(let host, let limit): "\(host) sent more than \(limit / (1 << 20)) MiB"
        case .tls(let host): "the secure connection to \(host) failed (certificate or TLS)"
        case .redirected(let host, let target): "\(host) redirected to another host (\(target)); not followed"
        case .insecureURL(let host): "plain http is allowed only to this machine (127.0.0.1, ::1, localhost), not \(host)"
        case .badURL(let text): "“\(text)” is not a usable URL"
        case .cancelled: "refresh cancelled"
        case .offlineMode: "offline mode: the network is not used"
        case .other(let host, let description): "\(host): \(description)"
        }
    }
}
