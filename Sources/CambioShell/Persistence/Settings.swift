import CambioCore
import CambioRates

/// The user's settings as kept in `$XDG_CONFIG_HOME/cambio/config`:
///
///     # Cambio settings
///     base = EUR
///     locale = de_DE
///     source = ecb
///     refresh-minutes = 60
///     timeout-seconds = 10
///     round = minor half-up
///     pins = TRY EUR, TRY USD
public struct Settings: Equatable, Sendable {
    public var base: CurrencyCode?
    public var locale: String?
    /// The rate provider; `nil` for the default order.
    public var source: Provider?
    /// Rates older than this are refreshed in the background.
    public var refreshMinutes: Int?
    /// The refresh ages a setting may ask for: a minute to a year. Larger numbers are refused
    /// with a warning (they overflowed into a crash once).
    public static let refreshMinutesRange = 1...525_600
    /// The time limit for each request.
    public var timeoutSeconds: Int?
    /// `max-age = DAYS`: as `--max-age`, for every one-shot, pipe and table.
    public var maxAgeDays: Int?
    /// Live results while typing (on unless turned off).
    public var preview: Bool?
    /// The card fee in percent, as a plain decimal (`1.75`), more than 0 and less than 100.
    public var fee: Rational?
    /// How results are rounded (`minor`, `2 half-up`); `nil` for three decimals, half to even.
    public var rounding: Rounding?
    /// The pinned pairs (`pins = TRY EUR, TRY USD`); none when empty.
    public var pins: [PinnedPair] = []

    public init(
        base: CurrencyCode? = nil, locale: String? = nil, source: Provider? = nil, refreshMinutes: Int? = nil,
        timeoutSeconds: Int? = nil
    ) {
        self.base = base
        self.locale = locale
        self.source = source
        self.refreshMinutes = refreshMinutes
        self.timeoutSeconds = timeoutSeconds
    }

    /// A line of the file that was ignored, and why (a key of the interface's texts).
    public struct Warning: Equatable, Sendable {
        public let line: Int
        public let key: String
        public let value: String

        /// The sentence in the interface's language.
        public func message(_ localized: Localization) -> String {
            localized(key, String(line), "“\(Sanitiser.visible(value.prefix(40)))”")
        }
    }

    /// Reads the file's text; problems come back as warnings and leave that value unset.
    public static func parse(_ text: String) -> (Settings, warnings: [Warning]) {
        var settings = Settings()
        var warnings: [Warning] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
            guard parts.count == 2 else {
                warnings.append(Warning(line: number + 1, key: "config.notKeyValue", value: ""))
                continue
            }
            switch parts[0] {
            case "base":
                if let code = CurrencyCode(parts[1]) {
                    settings.base = code
                } else {
                    warnings.append(Warning(line: number + 1, key: "config.notCurrency", value: parts[1]))
                }
            case "locale":
                if let id = LocaleSettings.chosen(parts[1]) {
                    settings.locale = id
                } else {
                    warnings.append(Warning(line: number + 1, key: "config.notLocale", value: parts[1]))
                }
            case "source":
                if let provider = Provider(name: parts[1]) {
                    settings.source = provider
                } else if parts[1] != "auto" {
                    warnings.append(Warning(line: number + 1, key: "config.notProvider", value: parts[1]))
                }
            case "preview":
                switch parts[1] {
                case "on": settings.preview = true
                case "off": settings.preview = false
                default: warnings.append(Warning(line: number + 1, key: "config.notOnOff", value: parts[1]))
                }
            case "fee":
                // A plain decimal with a point (as written here), which is written back in at
                // most `SessionState.feeTextLimit` characters (as the command sets one): every fee
                // read is read again from what is written.
                if parts[1].utf8.count <= 4 * SessionState.feeTextLimit, let written = Self.plainDecimal(parts[1]),
                    written.utf8.count <= SessionState.feeTextLimit,
                    let percent = Rational(decimalText: parts[1]), !percent.isNegative, !percent.isZero, percent < Rational(100)
                {
                    settings.fee = percent
                } else {
                    warnings.append(Warning(line: number + 1, key: "config.notFee", value: parts[1]))
                }
            case "round":
                if parts[1].count <= 40, let rounding = Rounding(setting: parts[1]) {
                    settings.rounding = rounding
                } else {
                    warnings.append(Warning(line: number + 1, key: "config.notRounding", value: parts[1]))
                }
            case "pins":
                if parts[1].utf8.count <= 16 * SessionState.pinLimit, let pins = PinnedPair.parse(parts[1]) {
                    settings.pins = pins
                } else {
                    warnings.append(Warning(line: number + 1, key: "config.notPins", value: parts[1]))
                }
            case "refresh-minutes":
                if let minutes = Int(parts[1]), Settings.refreshMinutesRange.contains(minutes) {
                    settings.refreshMinutes = minutes
                } else {
                    warnings.append(Warning(line: number + 1, key: "config.notMinutes", value: parts[1]))
                }
            case "max-age":
                if let days = Int(parts[1]), Options.maxAgeRange.contains(days) {
                    settings.maxAgeDays = days
                } else {
                    warnings.append(Warning(line: number + 1, key: "config.notDays", value: parts[1]))
                }
            case "timeout-seconds":
                if let seconds = Int(parts[1]), (1...300).contains(seconds) {
                    settings.timeoutSeconds = seconds
                } else {
                    warnings.append(Warning(line: number + 1, key: "config.notSeconds", value: parts[1]))
                }
            default:
                warnings.append(Warning(line: number + 1, key: "config.unknownSetting", value: parts[0]))
            }
        }
        return (settings, warnings)
    }

    /// A plain decimal (digits and at most one point) as it is written back: without leading
    /// zeros before the point, without trailing zeros after it, and without a point that ends
    /// it; `nil` for any other text. Its length is judged before any number is made of it.
    static func plainDecimal(_ text: String) -> String? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        let halves = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 1 || !halves[1].contains(UInt8(ascii: ".")) else { return nil }
        let whole = halves[0].drop { $0 == UInt8(ascii: "0") }
        var fraction = halves.count == 2 ? halves[1][...] : bytes[bytes.endIndex...]
        while fraction.last == UInt8(ascii: "0") { fraction = fraction.dropLast() }
        guard !halves[0].isEmpty || halves.count == 2 && !halves[1].isEmpty else { return nil }
        let wholeText = whole.isEmpty ? "0" : String(decoding: whole, as: UTF8.self)
        return fraction.isEmpty ? wholeText : wholeText + "." + String(decoding: fraction, as: UTF8.self)
    }

    /// The first line of a config file Cambio starts.
    public static let header = "# Cambio settings; written by cambio, safe to edit."

    /// The config file's text with each key of `changes` set to its value, or removed where
    /// the value is `nil`. Every other line — comments, blank lines, keys this version does not
    /// know — stays as it was, in its place: a key already there is changed where it stands
    /// (its last occurrence, the one that counts; earlier ones are removed), a new one is
    /// added at the end.
    public static func edit(_ text: String?, _ changes: [(key: String, value: String?)]) -> String {
        var lines = (text ?? Self.header + "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        func key(of line: String) -> String? {
            let trimmed = line.trimmingSpaces()
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
            return trimmed[..<equals].trimmingSpaces()
        }
        for (name, value) in changes {
            let places = lines.indices.filter { key(of: lines[$0]) == name }
            if let last = places.last, let value {
                lines[last] = "\(name) = \(value)"
                for index in places.dropLast().reversed() { lines.remove(at: index) }
            } else {
                for index in places.reversed() { lines.remove(at: index) }
                if let value { lines.append("\(name) = \(value)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The file's text.
    public var text: String {
        var lines = [Self.header]
        if let base { lines.append("base = \(base)") }
        if let locale { lines.append("locale = \(locale)") }
        if let source { lines.append("source = \(source.rawValue)") }
        if let refreshMinutes { lines.append("refresh-minutes = \(refreshMinutes)") }
        if let timeoutSeconds { lines.append("timeout-seconds = \(timeoutSeconds)") }
        if let maxAgeDays { lines.append("max-age = \(maxAgeDays)") }
        if let preview { lines.append("preview = \(preview ? "on" : "off")") }
        if let fee { lines.append("fee = \(fee.decimalText().text)") }
        if let rounding { lines.append("round = \(rounding)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
