import CambioWire
import FoundationEssentials

/// Fetches in this process with libcurl (the fetch helper, and the tests).
public struct CurlTransport: Transport {
    public init() {}

    public func start(url: URL, timeout: TimeInterval) -> any TransportRequest {
        let fetcher = CurlFetcher(url: url, timeout: timeout)
        fetcher.start()
        return fetcher
    }
}
