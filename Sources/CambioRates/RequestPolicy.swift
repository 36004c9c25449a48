import Foundation

/// What Cambio asks of the network, whichever process does the asking: https anywhere, plain
/// http only to loopback, and bodies of at most 2 MiB.
public enum RequestPolicy {
    /// Bodies larger than this are refused (2 MiB).
    public static let sizeLimit = 2 << 20

    /// Checks the URL: https anywhere, plain http only to loopback.
    public static func validate(_ text: String) -> Result<URL, FetchError> {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            return .failure(.badURL(text))
        }
        switch scheme {
        case "https": return .success(url)
        case "http": return isLoopback(host) ? .success(url) : .failure(.insecureURL(host: host))
        default: return .failure(.badURL(text))
        }
    }

    public static func isLoopback(_ host: String) -> Bool {
        var bare = Substring(host.lowercased())
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }

    /// The host (and port) a message names: never the path or the query.
    public static func displayHost(_ url: URL) -> String {
        let name = url.host ?? "?"
        return url.port.map { "\(name):\($0)" } ?? name
    }
}

/// Does one GET. The shell uses `HelperTransport` (a separate process, so that the program a
/// user starts never loads the TLS and HTTP libraries); the fetch helper itself and the tests
/// use URLSession directly.
public protocol Transport: Sendable {
    func start(url: URL, timeout: TimeInterval) -> any TransportRequest
}

/// One request in flight.
public protocol TransportRequest: AnyObject, Sendable {
    /// Ends the request; `wait` then gives `.cancelled`.
    func cancel()
    /// Blocks until the request ends.
    func wait() -> Result<[UInt8], FetchError>
}
