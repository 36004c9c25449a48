import _FoundationICU

/// A decimal written by ICU's number formatter (the copy of ICU that Foundation formats with),
/// from the skeleton Foundation's format styles build for the same request, without the
/// format styles themselves.
///
/// Cambio asks ICU only for samples (the locale facts: a number, a currency, both signs),
/// once per locale and currency in a home. Foundation's format styles reach the same ICU call
/// through their own layer of code, whose pages a first formatting brings into memory: with
/// them a pipe that formats a currency new to its home peaked 1.2 MiB higher. The tests hold
/// what this writes to what `Decimal.FormatStyle` writes, for every locale ICU has.
enum ICUNumberText {
    /// The skeleton of `.number.precision(.fractionLength(3)).grouping(.automatic)`.
    static let numberSkeleton = ".000 group-auto"
    /// The skeleton of `.number.grouping(.automatic)`.
    static let groupingSkeleton = "group-auto"

    /// The skeleton of `Decimal.FormatStyle.Currency(code:).precision(.fractionLength(3))`
    /// (`MoneyFormatter.fractionDigits`).
    static func currencySkeleton(_ code: String) -> String { "currency/\(code) .000" }

    /// `decimal` (a plain decimal string: `-1234567890.123`) written by ICU for `localeID`,
    /// or nil when ICU refuses the skeleton, the locale or the number.
    static func format(_ decimal: String, skeleton: String, localeID: String) -> String? {
        var status = U_ZERO_ERROR
        let stem = Array(skeleton.utf16)
        guard let formatter = swift_unumf_openForSkeletonAndLocale(stem, Int32(stem.count), localeID, &status) else { return nil }
        defer { swift_unumf_close(formatter) }
        guard status.rawValue <= U_ZERO_ERROR.rawValue, let result = swift_unumf_openResult(&status) else { return nil }
        defer { swift_unumf_closeResult(result) }
        swift_unumf_formatDecimal(formatter, decimal, Int32(decimal.utf8.count), result, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        let capacity: Int32 = 256
        var units = [UChar](repeating: 0, count: Int(capacity))
        let length = swift_unumf_resultToString(result, &units, capacity, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, (0...capacity).contains(length) else { return nil }
        return String(decoding: units[0..<Int(length)], as: UTF16.self)
    }
}
