import Dispatch
import Synchronization

/// The one result of a request that several threads may give (the transfer, a cancel, a
/// time limit): the first one given is the result, and `wait` blocks until there is one.
public final class RequestOutcome: @unchecked Sendable {
    private let result = Mutex<Result<[UInt8], FetchError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    public init() {}

    /// Gives `result` unless one was given before.
    public func finish(_ result: Result<[UInt8], FetchError>) {
        let first: Bool = self.result.withLock { held in
            guard held == nil else { return false }
            held = result
            return true
        }
        if first { done.signal() }
    }

    /// Blocks until a result is given, and returns it (every caller gets the same one).
    public func wait() -> Result<[UInt8], FetchError> {
        done.wait()
        done.signal()
        return result.withLock { $0 } ?? .failure(.cancelled)
    }
}
