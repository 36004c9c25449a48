import Foundation
import _FoundationICU

/// The samples the locale facts are read from, written by ICU's number formatter (the copy of
/// ICU that Foundation formats with), from the skeleton Foundation's format styles build for
/// the same request, without the format styles themselves.
///
/// Cambio asks ICU only for these samples, once per locale and currency in a home.
/// Foundation's format styles reach the same ICU call through their own layer of code, whose
/// pages a first formatting brings into memory: with them a pipe that formats a currency new
/// to its home peaked 1.2 MiB higher. The format style stays as the fallback when ICU refuses,
/// and the tests hold the two to each other for every locale ICU has.
enum ICUNumberText {
    /// A sample whose formatted form shows every digit, both separators and three groups.
    static let sampleText = "1234567890.123"

    /// What the facts ask ICU to write.
    enum Sample {
        /// `sampleText`, three decimals, grouped as the locale groups.
        case number
        /// A whole number (`1000`), grouped as the locale groups: where grouping starts.
        case grouping(String)
        /// `sampleText` (or its negative) in a currency, with `MoneyFormatter.fractionDigits`.
        case money(CurrencyCode, negative: Bool)
        /// Seven per cent: where the locale writes the sign and its space (`7 %`, `%7`, `7%`).
        case percent

        /// The number, as ICU reads a decimal.
        var decimal: String {
            switch self {
            case .number: sampleText
            case .grouping(let text): text
            case .money(_, let negative): (negative ? "-" : "") + sampleText
            case .percent: "7"
            }
        }

        /// The skeleton Foundation's format style builds for `formattedByFoundation`.
        var skeleton: String {
            switch self {
            case .number: ".000 group-auto"
            case .grouping: "group-auto"
            case .money(let code, _): "currency/\(code.rawValue) ." + String(repeating: "0", count: MoneyFormatter.fractionDigits)
            case .percent: "percent"
            }
        }

        /// The same sample written by Foundation's format style.
        func formattedByFoundation(_ localeID: String) -> String {
            let locale = Locale(identifier: localeID)
            let value = ExactDecimal.parse(decimal) ?? 0
            switch self {
            case .number: return value.formatted(.number.locale(locale).precision(.fractionLength(3)).grouping(.automatic))
            case .grouping: return value.formatted(.number.locale(locale).grouping(.automatic))
            case .percent: return (ExactDecimal.parse("0.07") ?? 0).formatted(.percent.locale(locale))
            case .money(let code, _):
                return value.formatted(
                    Decimal.FormatStyle.Currency(code: code.rawValue, locale: locale).precision(.fractionLength(MoneyFormatter.fractionDigits)))
            }
        }
    }

    /// `sample` as ICU writes it for `localeID` (as the format style writes it if ICU refuses).
    static func text(_ sample: Sample, localeID: String) -> String {
        format(sample.decimal, skeleton: sample.skeleton, localeID: localeID) ?? sample.formattedByFoundation(localeID)
    }

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
