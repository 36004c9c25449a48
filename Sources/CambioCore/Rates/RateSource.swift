import Foundation

/// Where a rate table came from.
public struct RateSource: Hashable, Sendable {
    /// A short identifier (`currency-api`, `ecb`, `exchangerate-api`): what `source NAME` pins.
    public let id: String
    /// The attribution a user is shown (`status`).
    public let attribution: String
    /// True for the seed table compiled into the binary.
    public let isBundledSeed: Bool
    /// True for the ECB's history compiled into the binary.
    public let isBundledHistory: Bool

    /// What the ECB's reference rates are attributed to, wherever they come from.
    public static let ecbAttribution = "Source: ECB, euro foreign exchange reference rates"

    public init(id: String, attribution: String, isBundledSeed: Bool, isBundledHistory: Bool = false) {
        self.id = id
        self.attribution = attribution
        self.isBundledSeed = isBundledSeed
        self.isBundledHistory = isBundledHistory
    }

    /// Compiled into the binary (the seed or the history): never fetched.
    public var isCompiledIn: Bool { isBundledSeed || isBundledHistory }

    /// The ECB's days compiled into the binary.
    public static let ecbBundled = RateSource(id: ecbID, attribution: ecbAttribution, isBundledSeed: false, isBundledHistory: true)
    /// The ECB's days fetched after them (its 90-day file).
    public static let ecbFetched = RateSource(id: ecbID, attribution: ecbAttribution, isBundledSeed: false)

    /// The ECB's identifier, the one source with a history of every working day.
    public static let ecbID = "ecb"
}
