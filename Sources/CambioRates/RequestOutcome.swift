import Foundation

/// The one result of a request that several threads may give (the transfer, a cancel, a
/// time limit): the first one given is the result, and `wait` blocks until there is one.
public final class RequestOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<[UInt8], FetchError>?
    private let done = DispatchSemaphore(value: 0)

    public init() {}

    /// Gives `result` unless one was given before.
    public func finish(_ result: Result<[UInt8], FetchError>) {
        let first: Bool = lock.withLock {
            guard self.result == nil else { return false }
            self.result = result
            return true
        }
        if first { done.signal() }
    }

    /// Blocks until a result is given, and returns it (every caller gets the same one).
    public func wait() -> Result<[UInt8], FetchError> {
        done.wait()
        done.signal()
        return lock.withLock { result } ?? .failure(.cancelled)
    }
}
