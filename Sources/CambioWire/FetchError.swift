/// Why a refresh did not produce a table, in terms a user can act on.
public enum FetchError: Error, Equatable, Sendable {
    /// No network, or the name did not resolve.
    case offline(host: UntrustedText)
    case connectionRefused(host: UntrustedText)
    /// No complete answer within the time limit (seconds).
    case timeout(host: UntrustedText, seconds: Int)
    /// The server answered with an error status; `retryAfter` in seconds where it said (at
    /// most `maximumRetryAfter`).
    case httpStatus(host: UntrustedText, code: Int, retryAfter: Int?)
    /// The answer was not a usable rate table.
    case invalidResponse(host: UntrustedText, reason: Problem)
    /// Over the size limit (bytes).
    case tooLarge(host: UntrustedText, limit: Int)
    /// The certificate or TLS handshake failed.
    case tls(host: UntrustedText)
    /// A redirect to another host (or port) was refused.
    case redirected(host: UntrustedText, to: UntrustedText)
    /// Plain http to a host that is not loopback.
    case insecureURL(host: UntrustedText)
    /// A URL that cannot be used, shown without credentials or query.
    case badURL(UntrustedText)
    /// The user cancelled (Ctrl-C). Never a failure, never a fallback.
    case cancelled
    /// `--offline` or `CAMBIO_OFFLINE=1`.
    case offlineMode
    /// Any other transport error, with the system's words.
    case other(host: UntrustedText, description: UntrustedText)
    /// The fetch helper is not installed next to the program (its expected path).
    case helperMissing(path: UntrustedText)

    /// The longest wait a server's `Retry-After` can ask for (a day); larger values are cut.
    public static let maximumRetryAfter = 86_400

    /// A `Retry-After` value in seconds, bounded; `nil` for anything but a whole number.
    public static func retryAfter(_ text: String?) -> Int? {
        guard let text = text?.trimmingSpaces(), !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
        else { return nil }
        return text.count > 6 ? maximumRetryAfter : min(Int(text) ?? maximumRetryAfter, maximumRetryAfter)
    }
}
