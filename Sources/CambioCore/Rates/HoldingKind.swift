/// What the program holds a table as, for `status` and the banner.
public enum HoldingKind: Equatable, Sendable {
    /// The ECB's days compiled into the binary.
    case bundledHistory
    /// The seed table compiled into the binary.
    case seed
    /// A provider's current table, cached or fetched in this run.
    case current
    /// A snapshot of one past day (currency-api's dated tables).
    case snapshot
    /// One of the ECB's days fetched after the bundled ones.
    case fetchedECB
}

extension HoldingKind {
    /// The interface text's key for the kind (`status.kind.seed`: “bundled seed”).
    var labelKey: String {
        switch self {
        case .bundledHistory: return "status.kind.bundledHistory"
        case .seed: return "status.kind.seed"
        case .current: return "status.kind.current"
        case .snapshot: return "status.kind.snapshot"
        case .fetchedECB: return "status.kind.fetchedECB"
        }
    }
}
