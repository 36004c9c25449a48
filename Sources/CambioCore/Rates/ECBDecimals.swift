/// How a period's mean of the ECB's rates is rounded.
public enum AverageRounding: Hashable, Sendable {
    /// Half to even, to the decimals the ECB wrote the currency with in the period (at least
    /// its last twenty published days): how published monthly tables are made.
    case halfEvenAsQuoted
    /// Half up, at the decimals the ECB quotes the currency with (`ECBDecimals`): the BMF's
    /// monthly VAT rates (2002-03 GBP 0.61574; 2013-01 CZK 25.563 where the mean is 25.5625).
    case ecbDecimalsHalfUp
}

/// The decimals the ECB quotes each currency's reference rate with (its files drop trailing
/// zeros, so a month's quotes may show fewer: GBP 0.6157 is 0.61570): five significant digits
/// as a rule, fixed per currency.
public enum ECBDecimals {
    public static func of(_ code: CurrencyCode) -> Int {
        switch code.rawValue {
        case "GBP", "CYP": return 5
        case "CZK", "PHP", "THB", "SKK": return 3
        case "JPY", "HUF", "KRW", "IDR", "ISK": return 2
        case "ROL", "TRL": return 0
        default: return 4
        }
    }
}
