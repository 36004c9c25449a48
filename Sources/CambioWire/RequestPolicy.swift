import FoundationEssentials

/// What Cambio asks of the network, whichever process does the asking: https anywhere, plain
/// http only to loopback, and bodies of at most 2 MiB.
public enum RequestPolicy {
    /// Bodies larger than this are refused (2 MiB).
    public static let sizeLimit = 2 << 20

    /// Checks the URL: https anywhere, plain http only to loopback.
    public static func validate(_ text: String) -> Result<URL, FetchError> {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            return .failure(.badURL(redacted(text)))
        }
        switch scheme {
        case "https": return .success(url)
        case "http": return isLoopback(host) ? .success(url) : .failure(.insecureURL(host: UntrustedText(host)))
        default: return .failure(.badURL(redacted(text)))
        }
    }

    /// Plain http is allowed only to a literal loopback address (127.0.0.0/8, ::1) or exactly
    /// `localhost`: `127.0.0.1.example.com` is a name like any other.
    public static func isLoopback(_ host: String) -> Bool {
        var bare = Substring(host.lowercased())
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        if bare == "localhost" || bare == "::1" || bare == "0:0:0:0:0:0:0:1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127"
            && octets.allSatisfy {
                $0.count >= 1 && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && (Int($0) ?? 256) <= 255
            }
    }

    /// A URL as a message may show it: no user name or password, no query or fragment.
    public static func redacted(_ text: String) -> UntrustedText {
        var shown = Substring(text)
        if let query = shown.firstIndex(where: { $0 == "?" || $0 == "#" }) { shown = shown[..<query] }
        if let scheme = shown.firstRange(of: "://") {
            let authorityEnd = shown[scheme.upperBound...].firstIndex(of: "/") ?? shown.endIndex
            if let at = shown[scheme.upperBound..<authorityEnd].lastIndex(of: "@") {
                shown = shown[..<scheme.upperBound] + shown[shown.index(after: at)...]
            }
        } else if let at = shown.lastIndex(of: "@") {
            shown = shown[shown.index(after: at)...]
        }
        return UntrustedText(String(shown))
    }

    /// The host (and port) a message names: never the path or the query. It came from
    /// outside (a setting, a redirect), so it is shown only through the sanitiser.
    public static func displayHost(_ url: URL) -> UntrustedText {
        // An IPv6 address is written in brackets, so that its port reads apart (`[::1]:44941`).
        var name = url.host ?? "?"
        if name.contains(":"), !name.hasPrefix("[") { name = "[" + name + "]" }
        return UntrustedText(url.port.map { "\(name):\($0)" } ?? name)
    }
}
