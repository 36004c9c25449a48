import Synchronization

/// Values made once and kept for the process, by key, at most `limit` of them: what a pipe of
/// tables would otherwise make again from the locale facts or the texts for every table.
final class KeptValues<Value: Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    private let limit: Int

    init(limit: Int = 64) { self.limit = limit }

    /// The value kept for `key`, made by `make` the first time.
    func value(_ key: String, _ make: () -> Value) -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let made = make()
        values.withLock { if $0.count < limit { $0[key] = made } }
        return made
    }
}
