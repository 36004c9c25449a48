import FoundationEssentials

/// Does one GET. The shell uses `HelperTransport` (a separate process, so that the program a
/// user starts never loads the TLS and HTTP libraries); the fetch helper itself and the tests
/// use libcurl directly (`CurlTransport`).
public protocol Transport: Sendable {
    func start(url: URL, timeout: TimeInterval) -> any TransportRequest
}
