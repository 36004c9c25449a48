import Foundation

/// Formats money in a locale's currency style with exactly three fraction digits, rounding
/// half to even. The locale's pattern (symbol, its place, separators, grouping, digits) is
/// read from ICU once per currency; the digits themselves are written from the exact value,
/// rounded once, so no value passes through `Double`.
public final class MoneyFormatter {
    public let localeID: String
    public let conventions: NumberConventions
    /// Fraction digits shown for every currency, JPY and KWD included.
    public static let fractionDigits = 3

    private let facts: LocaleFacts
    private var patterns = CurrencyMap<Pattern>()

    private final class Pattern {
        let positivePrefix: String
        let positiveSuffix: String
        let negativePrefix: String
        let negativeSuffix: String
        let symbol: String
        let positivePrefixBytes: [UInt8]
        let positiveSuffixBytes: [UInt8]
        let negativePrefixBytes: [UInt8]
        let negativeSuffixBytes: [UInt8]

        init(positive: (prefix: String, suffix: String), negative: (prefix: String, suffix: String), symbol: String) {
            positivePrefix = positive.prefix
            positiveSuffix = positive.suffix
            negativePrefix = negative.prefix
            negativeSuffix = negative.suffix
            self.symbol = symbol
            positivePrefixBytes = Array(positive.prefix.utf8)
            positiveSuffixBytes = Array(positive.suffix.utf8)
            negativePrefixBytes = Array(negative.prefix.utf8)
            negativeSuffixBytes = Array(negative.suffix.utf8)
        }

        /// Calls `body` with the prefix and the suffix of a sign.
        @inline(__always) func withAffixes<T>(negative: Bool, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> T) -> T {
            (negative ? negativePrefixBytes : positivePrefixBytes).withUnsafeBytes { prefix in
                (negative ? negativeSuffixBytes : positiveSuffixBytes).withUnsafeBytes { suffix in body(prefix, suffix) }
            }
        }
    }

    /// `localeID` places the symbol and the sign (`LC_MONETARY`); `numbers`, when given, writes
    /// the digits and the separators between them (`LC_NUMERIC`), the way amounts are read: a
    /// German who takes American money formats still types `12,50`, and what Cambio prints
    /// must read back as what it says (`€12,500` there, not `€12.500`, which reads as 12500).
    public init(localeID: String, numbers: String? = nil, facts: LocaleFacts = .shared) {
        self.localeID = localeID
        self.facts = facts
        conventions = NumberConventions(localeID: numbers ?? localeID, facts: facts)
        writing = NumberWriting(conventions)
    }

    /// `12.5` EUR in de_DE → `12,500 €`.
    public func format(_ amount: Decimal, _ code: CurrencyCode) -> String {
        format(Rational(amount) ?? .zero, code)
    }

    /// An exact value in the currency's style, rounded once, half to even, to
    /// `fractionDigits` places (three for amounts).
    public func format(_ value: Rational, _ code: CurrencyCode, fractionDigits: Int = fractionDigits) -> String {
        scratch.removeAll(keepingCapacity: true)
        write(value, code, fractionDigits: fractionDigits, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The same, appended to `out` as UTF-8: every amount Cambio shows is written here.
    public func write(
        _ value: Rational, _ code: CurrencyCode, fractionDigits: Int = fractionDigits, mode: Rounding.Mode = .halfEven,
        into out: inout some UTF8Sink
    ) {
        let magnitude = value.scaledMagnitude(fractionDigits: fractionDigits, mode: mode)
        let negative = value.isNegative && !magnitude.isZero
        let pattern = pattern(for: code)
        magnitude.withDecimalDigits { digits in
            pattern.withAffixes(negative: negative) { prefix, suffix in
                writeNumber(digits, fractionDigits: fractionDigits, prefix: prefix, suffix: suffix, into: &out)
            }
        }
    }

    /// A result rounded as the user chose (`Rounding`): the decimals for its currency, by its rule.
    public func format(_ value: Rational, _ code: CurrencyCode, rounding: Rounding) -> String {
        scratch.removeAll(keepingCapacity: true)
        write(value, code, rounding: rounding, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The same, appended to `out`.
    @inline(__always) public func write(_ value: Rational, _ code: CurrencyCode, rounding: Rounding, into out: inout some UTF8Sink) {
        write(value, code, fractionDigits: rounding.fractionDigits(code), mode: rounding.mode, into: &out)
    }

    /// A reused buffer for the `String` forms.
    private var scratch: [UInt8] = []

    /// An amount as the user gave it: three decimals, or every decimal it has beyond three
    /// (`€0.0001`, not `€0.000`), so that what is echoed reads back to the same value.
    public func formatGiven(_ value: Rational, _ code: CurrencyCode) -> String {
        format(value, code, fractionDigits: Self.givenFractionDigits(value))
    }

    /// The same, appended to `out`.
    public func writeGiven(_ value: Rational, _ code: CurrencyCode, into out: inout some UTF8Sink) {
        write(value, code, fractionDigits: Self.givenFractionDigits(value), into: &out)
    }

    /// Three, or every decimal a given amount has beyond three (as many as the amount reader
    /// takes digits: `0.<40 zeros>1` is echoed whole, never as 0.000).
    private static func givenFractionDigits(_ value: Rational) -> Int {
        value.exactFractionDigits(minimum: fractionDigits, maximum: AmountParser.digitLimit) ?? fractionDigits
    }

    /// Significant digits a rate without a short exact decimal keeps (a cross rate, an inverse).
    public static let rateSignificantDigits = 6
    /// A rate with an exact decimal of at most this many places is shown whole, as published.
    public static let ratePublishedDigits = 12

    /// A rate: every digit its source published (`1.0299`, `1.14326597`), at least three
    /// decimals; a rate without such a decimal (a cross rate, an inverse) to six significant
    /// digits (`0.970968`, `157.250`, `0.0000379403`).
    public func formatRate(_ rate: Rational, _ code: CurrencyCode) -> String {
        format(rate, code, fractionDigits: Self.rateDigits(rate))
    }

    /// A rate's number alone, by the same rule, with at least `minimum` decimals (`1,0720`).
    public func formatRateNumber(_ rate: Rational, minimum: Int = fractionDigits) -> String {
        number(rate, fractionDigits: Self.rateDigits(rate, minimum: minimum))
    }

    /// A rate someone gave (a bank's): every digit it has, else six significant digits, however
    /// small it is (`0.000…0001` is not shown as zero).
    public func formatGivenRate(_ rate: Rational, minimum: Int = fractionDigits) -> String {
        let digits =
            rate.exactFractionDigits(minimum: minimum, maximum: Self.givenRateDigits)
            ?? rate.fractionDigits(significant: Self.rateSignificantDigits, minimum: minimum, maximum: Self.givenRateDigits)
        return number(rate, fractionDigits: digits)
    }

    /// The most fraction digits a given rate is shown with.
    static let givenRateDigits = 80

    /// The fraction digits a rate is shown with: as published, else six significant digits.
    static func rateDigits(_ rate: Rational, minimum: Int = fractionDigits) -> Int {
        rate.exactFractionDigits(minimum: minimum, maximum: ratePublishedDigits)
            ?? rate.fractionDigits(significant: rateSignificantDigits, minimum: minimum, maximum: 15)
    }

    /// The rate beside a result, by one rule whatever the line: the way round in which one
    /// unit buys at least one (`1 € = 53.5230 TRY` beside TRY into EUR as beside EUR into TRY).
    public func rateDetail(from: CurrencyCode, to: CurrencyCode, rate: Rational) -> String {
        guard rate < .one, let inverse = .one / rate else { return unit(from) + " = " + formatRate(rate, to) }
        return unit(to) + " = " + formatRate(inverse, from)
    }

    /// One whole unit with its symbol, for rates: `1 €`, `$1`.
    public func unit(_ code: CurrencyCode) -> String {
        let pattern = pattern(for: code)
        return pattern.positivePrefix + String(conventions.digits[1]) + pattern.positiveSuffix
    }

    /// The number alone as the user gave it: three fraction digits, or every one it has
    /// beyond three (`0,0001`).
    public func formatNumberGiven(_ value: Rational) -> String {
        number(value, fractionDigits: Self.givenFractionDigits(value))
    }

    /// The number alone, in the locale's digits and separators, three fraction digits.
    public func formatNumber(_ amount: Decimal) -> String {
        number(Rational(amount) ?? .zero, fractionDigits: Self.fractionDigits)
    }

    /// A typed number (a percentage's, a factor's) written back, appended to `out`: as few
    /// decimals as write it exactly, every one it has (as many as the amount reader takes):
    /// `1,75`, `15`, `1,0000001`; a computed one that never ends, six, rounded.
    public func writePercentNumber(_ value: Rational, into out: inout [UInt8]) {
        writeNumber(value, fractionDigits: value.exactFractionDigits(minimum: 0, maximum: AmountParser.digitLimit) ?? 6, into: &out)
    }

    /// A calculated number (no currency): three decimals, like amounts.
    public func formatNumber(_ value: Rational) -> String {
        number(value, fractionDigits: Self.fractionDigits)
    }

    /// A calculated number rounded as the user chose (`round`): its places (three for the
    /// currency's cents, which a number has none of) and its rule.
    public func formatNumber(_ value: Rational, rounding: Rounding) -> String {
        number(value, fractionDigits: rounding.numberFractionDigits, mode: rounding.mode)
    }

    /// The number alone with `fractionDigits` decimals (chart labels), rounded half to even.
    public func formatNumber(_ value: Rational, fractionDigits: Int) -> String {
        number(value, fractionDigits: fractionDigits)
    }

    /// A percentage (`2` for 2 %) as the locale writes one: `2 %` in de_DE, `%2` in tr_TR,
    /// `2%` in en_US, with `fractionDigits` decimals.
    public func formatPercent(_ percent: Rational, fractionDigits: Int) -> String {
        // ICU's seven per cent: the text before the first digit and after the last is the sign.
        let sample = facts.value("percent \(localeID)") { ICUNumberText.text(.percent, localeID: localeID) }
        let characters = Array(sample)
        guard let first = characters.firstIndex(where: \.isNumber), let last = characters.lastIndex(where: \.isNumber) else {
            return number(percent, fractionDigits: fractionDigits) + " %"
        }
        // Without direction marks (Arabic's U+061C): the fee command reads the sign and a space.
        func sign(_ part: ArraySlice<Character>) -> String {
            String(part.filter { !$0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format } })
        }
        return sign(characters[..<first]) + number(percent, fractionDigits: fractionDigits) + sign(characters[(last + 1)...])
    }

    private func number(_ value: Rational, fractionDigits: Int, mode: Rounding.Mode = .halfEven) -> String {
        var out: [UInt8] = []
        writeNumber(value, fractionDigits: fractionDigits, mode: mode, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The number alone (`-` before it when negative), appended to `out`.
    private func writeNumber(_ value: Rational, fractionDigits: Int, mode: Rounding.Mode = .halfEven, into out: inout some UTF8Sink) {
        let magnitude = value.scaledMagnitude(fractionDigits: fractionDigits, mode: mode)
        if value.isNegative && !magnitude.isZero { out.append(ascii: UInt8(ascii: "-")) }
        magnitude.withDecimalDigits { writeNumber($0, fractionDigits: fractionDigits, into: &out) }
    }

    /// The symbol this locale writes for the currency (`$`, `CA$`, `€`, `JP¥`).
    public func symbol(for code: CurrencyCode) -> String { pattern(for: code).symbol }

    /// The locale's digits, separators, grouping sizes as UTF-8, for writing numbers.
    private let writing: NumberWriting

    /// A few bytes held inline (a digit, a mark), at most four.
    private struct SmallBytes {
        var bytes: UInt32 = 0
        var count = 0

        init(_ text: String) {
            for (index, byte) in text.utf8.prefix(4).enumerated() { bytes |= UInt32(byte) << (8 * UInt32(index)) }
            count = min(4, text.utf8.count)
        }

        @inline(__always) func write(to buffer: UnsafeMutableBufferPointer<UInt8>, at index: inout Int) {
            var rest = bytes
            for _ in 0..<count {
                buffer[index] = UInt8(truncatingIfNeeded: rest)
                rest >>= 8
                index += 1
            }
        }

        @inline(__always) func write(to buffer: UnsafeMutableRawBufferPointer, at index: inout Int) {
            var rest = bytes
            for _ in 0..<count {
                buffer[index] = UInt8(truncatingIfNeeded: rest)
                rest >>= 8
                index += 1
            }
        }
    }

    private struct NumberWriting {
        /// The locale's digits 0…9, or none when they are ASCII.
        let digits: [SmallBytes]
        let decimal: SmallBytes
        let grouping: SmallBytes?
        let primary: Int
        let secondary: Int
        /// Integer digits from which numbers are grouped.
        let groupsFrom: Int

        init(_ conventions: NumberConventions) {
            groupsFrom = conventions.groupingSeparator == nil ? Int.max : conventions.primaryGroupSize + conventions.minimumGroupingDigits
            digits = conventions.digits == Array("0123456789") ? [] : conventions.digits.map { SmallBytes(String($0)) }
            decimal = SmallBytes(String(conventions.decimalSeparator))
            grouping = conventions.groupingSeparator.map { SmallBytes(String($0)) }
            primary = conventions.primaryGroupSize
            secondary = max(1, conventions.secondaryGroupSize)
        }
    }

    /// The digits of a scaled magnitude (ASCII, most significant first, `fractionDigits` of
    /// them after the point, zeros added in front where fewer) in the locale's digits,
    /// separators and groups.
    private func writeNumber(
        _ digits: UnsafeRawBufferPointer, fractionDigits: Int, prefix: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0),
        suffix: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0), into out: inout some UTF8Sink
    ) {
        let writing = self.writing
        let padding = max(0, fractionDigits + 1 - digits.count)
        let count = digits.count + padding
        let point = count - fractionDigits
        let grouping = point >= writing.groupsFrom ? writing.grouping : nil
        let ascii = writing.digits.isEmpty
        // Each digit, mark and separator takes at most four bytes.
        if ascii, count <= 30, prefix.count + suffix.count <= 24 {
            // ASCII digits (most locales): whole groups copied between the marks.
            var bytes:
                (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
                    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &bytes) { buffer in
                var at = 0
                for byte in prefix {
                    buffer[at] = byte
                    at += 1
                }
                @inline(__always) func copy(_ from: Int, _ to: Int) {
                    var index = from
                    while index < to {
                        buffer[at] = index < padding ? 48 : digits[index - padding]
                        at += 1
                        index += 1
                    }
                }
                if let grouping, point > writing.primary {
                    // Groups from the left: the first (1 … secondary digits), then secondary ones,
                    // then the last `primary`.
                    let before = point - writing.primary
                    // At most 30 digits: the first group's size by subtraction, not a division
                    // (tens of cycles, twice a line).
                    var first = before
                    while first > writing.secondary { first -= writing.secondary }
                    copy(0, first)
                    var index = first
                    while index < before {
                        grouping.write(to: buffer, at: &at)
                        copy(index, index + writing.secondary)
                        index += writing.secondary
                    }
                    grouping.write(to: buffer, at: &at)
                    copy(before, point)
                } else {
                    copy(0, point)
                }
                if fractionDigits > 0 {
                    writing.decimal.write(to: buffer, at: &at)
                    copy(point, count)
                }
                for byte in suffix {
                    buffer[at] = byte
                    at += 1
                }
                out.append(utf8: UnsafeRawBufferPointer(rebasing: buffer[0..<at]))
            }
            return
        }
        out.append(utf8: prefix)
        defer { out.append(utf8: suffix) }
        let capacity = (2 * count + 2) * 4
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var at = 0
            writing.digits.withUnsafeBufferPointer { local in
                @inline(__always) func digit(_ index: Int) {
                    let byte = index < padding ? 48 : digits[index - padding]
                    if ascii {
                        buffer[at] = byte
                        at += 1
                    } else {
                        local[Int(byte &- 48)].write(to: buffer, at: &at)
                    }
                }
                for index in 0..<point {
                    let remaining = point - index
                    if index > 0, let grouping,
                        remaining == writing.primary || (remaining > writing.primary && (remaining - writing.primary) % writing.secondary == 0)
                    {
                        grouping.write(to: buffer, at: &at)
                    }
                    digit(index)
                }
                if fractionDigits > 0 {
                    writing.decimal.write(to: buffer, at: &at)
                    for index in point..<count { digit(index) }
                }
            }
            out.append(utf8: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[0..<at])))
        }
    }

    private func pattern(for code: CurrencyCode) -> Pattern {
        if let cached = patterns[code] { return cached }
        // ICU's own rendering of a sample, both signs (or what it said last time).
        var positive = Self.split(
            facts.value("money \(localeID) \(code.rawValue) +") { ICUNumberText.text(.money(code, negative: false), localeID: localeID) })
        var negative = Self.split(
            facts.value("money \(localeID) \(code.rawValue) -") { ICUNumberText.text(.money(code, negative: true), localeID: localeID) })
        // A symbol nobody can see (CLDR gives the escudo U+200B in pt_CV): the code stands in
        // its place, so that what is printed can be read, and typed back.
        if Self.invisible(positive.prefix + positive.suffix) {
            positive = (Self.showing(positive.prefix, code), Self.showing(positive.suffix, code))
            negative = (Self.showing(negative.prefix, code), Self.showing(negative.suffix, code))
        }
        var symbol = Substring((positive.prefix + positive.suffix).filter { !Sanitiser.bidiMarks.contains($0) })
        while let first = symbol.first, first.isWhitespace { symbol = symbol.dropFirst() }
        while let last = symbol.last, last.isWhitespace { symbol = symbol.dropLast() }
        let pattern = Pattern(positive: positive, negative: negative, symbol: symbol.isEmpty ? code.rawValue : String(symbol))
        patterns[code] = pattern
        return pattern
    }

    /// Whether an affix has characters but no visible one besides spaces and signs: its symbol,
    /// if any, is a format character.
    private static func invisible(_ affix: String) -> Bool {
        affix.unicodeScalars.contains(where: isHidden)
            && !affix.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.generalCategory == .currencySymbol }
    }

    /// A format character that is no bidirectional mark (U+200B): nothing shows for it.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format && !Sanitiser.bidiMarks.contains(Character(scalar))
    }

    /// An affix with each hidden character replaced by the code.
    private static func showing(_ affix: String, _ code: CurrencyCode) -> String {
        var out = ""
        for scalar in affix.unicodeScalars {
            if isHidden(scalar) {
                out += code.rawValue
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Splits a formatted sample into what stands before its first digit and after its last.
    private static func split(_ text: String) -> (prefix: String, suffix: String) {
        guard let first = text.firstIndex(where: { $0.wholeNumberValue != nil }),
            let last = text.lastIndex(where: { $0.wholeNumberValue != nil })
        else { return ("", "") }
        return (String(text[..<first]), String(text[text.index(after: last)...]))
    }
}

/// Where the formatter writes UTF-8: a growing byte array, or a result line's text (written in
/// place, not copied from an array).
public protocol UTF8Sink {
    /// Appends UTF-8 bytes of whole characters.
    mutating func append(utf8 bytes: UnsafeRawBufferPointer)
}

extension UTF8Sink {
    /// Appends one ASCII byte.
    @inline(__always) mutating func append(ascii byte: UInt8) {
        withUnsafeBytes(of: byte) { append(utf8: $0) }
    }
}

extension Array: UTF8Sink where Element == UInt8 {
    @inline(__always) public mutating func append(utf8 bytes: UnsafeRawBufferPointer) { append(contentsOf: bytes) }
}

extension ResultText: UTF8Sink {}
