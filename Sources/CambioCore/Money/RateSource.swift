import Foundation

/// Where a rate table came from.
public struct RateSource: Hashable, Sendable {
    /// A short identifier (`currency-api`, `ecb`, `exchangerate-api`).
    public let id: String
    /// The attribution a user is shown (`status`).
    public let attribution: String
    /// True for the table compiled into the binary.
    public let isBundledSeed: Bool

    /// What the ECB's reference rates are attributed to, wherever they come from.
    public static let ecbAttribution = "Source: ECB, euro foreign exchange reference rates"

    public init(id: String, attribution: String, isBundledSeed: Bool) {
        self.id = id
        self.attribution = attribution
        self.isBundledSeed = isBundledSeed
    }
}
