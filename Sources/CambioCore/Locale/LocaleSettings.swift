import Foundation

/// The locales a session uses, resolved from the POSIX environment rather than
/// `Locale.current` (which is fixed to `en_001` on Linux).
public struct LocaleSettings: Equatable, Sendable {
    /// Parses amounts (`LC_NUMERIC`).
    public var numbers: String
    /// Formats money (`LC_MONETARY`).
    public var money: String
    /// Messages and currency names (`LC_MESSAGES`, `LANGUAGE`).
    public var messages: String
    /// The identifier the user set (`locale ID`, `CAMBIO_LOCALE`, the config file), if any.
    public var override: String?
    /// Whether the environment names no locale for numbers (C, POSIX or nothing): `numbers`
    /// is then `neutral` by default, and says nothing of how the user writes dates.
    public var numbersNeutral = false

    /// What C, POSIX or an empty environment maps to.
    public static let neutral = "en_US"

    public init(numbers: String, money: String, messages: String, override: String? = nil) {
        self.numbers = numbers
        self.money = money
        self.messages = messages
        self.override = override
    }

    /// Resolves each category as POSIX does (`LC_ALL`, then the category, then `LANG`); an
    /// `override` wins over all of them.
    public static func resolve(environment: [String: String], override: String? = nil) -> LocaleSettings {
        if let override, let id = chosen(override) {
            return LocaleSettings(numbers: id, money: id, messages: id, override: id)
        }
        let numbers = named(environment, numberVariables)
        var settings = LocaleSettings(
            numbers: numbers ?? neutral, money: named(environment, moneyVariables) ?? neutral,
            messages: named(environment, messageVariables) ?? neutral)
        settings.numbersNeutral = numbers == nil
        return settings
    }

    /// The variables each category is read from, in POSIX's order.
    static let numberVariables = ["LC_ALL", "LC_NUMERIC", "LANG"]
    static let moneyVariables = ["LC_ALL", "LC_MONETARY", "LANG"]
    static let messageVariables = ["LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"]

    /// The locale the first of `names` set in `environment` names; `nil` when that is neutral
    /// (C, POSIX) or nothing is set.
    private static func named(_ environment: [String: String], _ names: [String]) -> String? {
        for name in names {
            guard let raw = environment[name], !raw.isEmpty else { continue }
            // LANGUAGE is a colon-separated preference list.
            let candidate = name == "LANGUAGE" ? String(raw.split(separator: ":").first ?? "") : raw
            if let id = normalize(candidate) { return id }
            // A set but neutral value (C, POSIX) stops the search, as POSIX does.
            if name != "LANGUAGE" { return nil }
        }
        return nil
    }

    /// Whether the environment names a locale for money (not C, POSIX or nothing), as
    /// `resolve` reads it: only then has the user a region.
    public static func namesMoneyLocale(_ environment: [String: String]) -> Bool { named(environment, moneyVariables) != nil }

    /// A locale the user chooses (`--locale`, `CAMBIO_LOCALE`, `locale ID`, the settings): as
    /// `normalize` reads it, and `C` or `POSIX` as the environment's C is read, `en_US`.
    public static func chosen(_ raw: String) -> String? {
        // `C.UTF-8` and `c` too: what comes after a dot or an at sign is no part of the name.
        let name = raw.trimmingCharacters(in: .whitespaces).prefix { $0 != "." && $0 != "@" }.uppercased()
        return name == "C" || name == "POSIX" ? neutral : normalize(raw)
    }

    /// `de_DE.UTF-8@euro` → `de_DE`, `de-DE` → `de_DE`; `nil` for C, POSIX, empty or malformed text.
    public static func normalize(_ raw: String) -> String? {
        var text = Substring(raw)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        if let at = text.firstIndex(of: "@") { text = text[..<at] }
        if let dot = text.firstIndex(of: ".") { text = text[..<dot] }
        let id = String(text.map { $0 == "-" ? "_" : $0 })
        if id.isEmpty || id == "C" || id == "POSIX" { return nil }
        let parts = id.split(separator: "_", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        var normalized = language.lowercased()
        for part in parts.dropFirst() {
            normalized += "_" + (part.count == 2 ? part.uppercased() : part.count == 4 ? part.capitalized : String(part))
        }
        return normalized
    }

    /// The currency of the money locale's region (`en_US` → USD, `hi_IN` → INR), as CLDR has
    /// it; `nil` for a locale without a region or a region without a currency (`en_001`).
    public var regionCurrency: CurrencyCode? {
        CurrencyCode(
            LocaleFacts.shared.value("region-currency \(money)") {
                let region = Locale(identifier: money).region.map { Locale(identifier: "und_\($0.identifier)") }
                return region?.currency?.identifier ?? ""
            })
    }

    /// True when ICU has data for the identifier's language.
    public static func isKnown(_ id: String) -> Bool {
        let language = String(id.split(separator: "_").first ?? "")
        return Locale.LanguageCode.isoLanguageCodes.contains(Locale.LanguageCode(language))
            && Locale(identifier: "en").localizedString(forIdentifier: id) != nil
    }

    /// The language part of the messages locale (`de` for `de_AT`).
    public var language: String { String(messages.split(separator: "_").first ?? "en") }
}
