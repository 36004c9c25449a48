/// What a command produced as data, for `--format json` and `--format tsv`: a type and
/// named fields in a fixed order, numbers as plain decimals with a point whatever the locale.
public struct Record: Sendable, Equatable {
    /// One field's value.
    public enum Value: Sendable, Equatable {
        case text(String)
        /// A plain decimal (`14.290824625`), written as a JSON string so no digit is lost.
        case decimal(String)
        case integer(Int)
        case flag(Bool)
        /// A number there is none of (an error without a column, a currency without minor
        /// units): `null` in JSON, empty in TSV, so that a field is a number or nothing.
        case absent
    }

    /// A field with its value.
    public struct Field: Sendable, Equatable {
        public let key: String
        public let value: Value

        public init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// `conversion`, `expression`, `rate`, `currency`, `base`, `fee`, `status`, `chart`, `point`,
    /// `text`, `error` (README, "Scripts and pipes").
    public let type: String
    public let fields: [(key: String, value: Value)]

    public init(_ type: String, _ fields: [(key: String, value: Value)]) {
        self.type = type
        self.fields = fields
    }

    public static func == (a: Record, b: Record) -> Bool {
        a.type == b.type && a.fields.map(\.key) == b.fields.map(\.key) && a.fields.map(\.value) == b.fields.map(\.value)
    }

    /// A conversion: the amount, the currencies, the result exact (or to 40 significant digits)
    /// and rounded as shown, the rate, and which rates (`RateOrigin.fields`).
    public init(_ conversion: Conversion) {
        let result = conversion.resultText
        let rate = conversion.rateText
        var fields: [(key: String, value: Value)] = [
            (
                "amount",
                .decimal(conversion.amount.decimalText(significantDigits: Conversion.significantDigits).text)
            ),
            ("from", .text(conversion.from.rawValue)),
            ("to", .text(conversion.to.rawValue)), ("rounded", .decimal(conversion.roundedResult)), ("result", .decimal(result.text)),
            ("rate", .decimal(rate.text)),
        ]
        fields += conversion.origin.fields
        fields += [("result_exact", .flag(result.exact)), ("rate_exact", .flag(rate.exact)), ("part", .flag(conversion.isPart))]
        // The fee's fields are always there (empty without a fee): a record type has one list of columns.
        if let fee = conversion.fee, let withFee = conversion.resultWithFee {
            fields += Conversion.feeFields(fee, withFee, conversion.rounding, conversion.to)
        } else {
            fields += Conversion.noFeeFields
        }
        // A bank's rate: the day's mid-market one beside it, and how far it lies from it.
        if let mid = conversion.midRate, let markup = conversion.rate.percentAbove(mid) {
            fields += [
                ("mid_rate", .decimal(mid.decimalText(significantDigits: Conversion.significantDigits).text)),
                ("markup_percent", .decimal(markup.decimalText(significantDigits: 12).text)),
            ]
        } else {
            fields += [("mid_rate", .absent), ("markup_percent", .absent)]
        }
        fields += conversion.origin.ruleFields
        self.init("conversion", fields)
    }

    /// One rate: units of `to` for one `from`, and the inverse.
    public static func rate(from: CurrencyCode, to: CurrencyCode, rate: Rational, inverse: Rational, origin: RateOrigin) -> Record {
        Record(
            "rate",
            [
                ("from", .text(from.rawValue)), ("to", .text(to.rawValue)),
                ("rate", .decimal(rate.decimalText(significantDigits: Conversion.significantDigits).text)),
                ("inverse", .decimal(inverse.decimalText(significantDigits: Conversion.significantDigits).text)),
            ] + origin.fields + origin.ruleFields)
    }
}
