/// One currency of the ISO 4217 list.
public struct Currency: Hashable, Sendable {
    public let code: CurrencyCode
    /// The name in ISO's English list ("Yen", "Euro"), used when ICU has none.
    public let isoName: String
    /// ISO's minor units (2 for EUR, 0 for JPY, 3 for KWD); `nil` where ISO says N.A. (gold, SDR).
    public let minorUnits: Int?
    public let numericCode: String
}
