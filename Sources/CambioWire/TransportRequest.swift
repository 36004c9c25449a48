import FoundationEssentials

/// One request in flight.
public protocol TransportRequest: AnyObject, Sendable {
    /// Ends the request; `wait` then gives `.cancelled`.
    func cancel()
    /// Blocks until the request ends.
    func wait() -> Result<[UInt8], FetchError>
}
