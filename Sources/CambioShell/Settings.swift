import CambioCore

/// The user's settings as kept in `$XDG_CONFIG_HOME/cambio/config`:
///
///     # Cambio settings
///     base = EUR
///     locale = de_DE
public struct Settings: Equatable, Sendable {
    public var base: CurrencyCode?
    public var locale: String?

    public init(base: CurrencyCode? = nil, locale: String? = nil) {
        self.base = base
        self.locale = locale
    }

    /// Reads the file's text; problems come back as warnings and leave that value unset.
    public static func parse(_ text: String) -> (Settings, warnings: [String]) {
        var settings = Settings()
        var warnings: [String] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else {
                warnings.append("line \(number + 1) is not “key = value”")
                continue
            }
            switch parts[0] {
            case "base":
                if let code = CurrencyCode(parts[1]) {
                    settings.base = code
                } else {
                    warnings.append("line \(number + 1): “\(Messages.visible(parts[1]))” is not a currency code")
                }
            case "locale":
                if let id = LocaleSettings.normalize(parts[1]) {
                    settings.locale = id
                } else {
                    warnings.append("line \(number + 1): “\(Messages.visible(parts[1]))” is not a locale identifier")
                }
            default:
                warnings.append("line \(number + 1): unknown setting “\(Messages.visible(parts[0]))”")
            }
        }
        return (settings, warnings)
    }

    /// The file's text.
    public var text: String {
        var lines = ["# Cambio settings; written by cambio, safe to edit."]
        if let base { lines.append("base = \(base)") }
        if let locale { lines.append("locale = \(locale)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The recent-currencies file: one code a line, most recent first.
public enum RecentFile {
    public static func parse(_ text: String) -> [CurrencyCode] {
        var codes: [CurrencyCode] = []
        for line in text.split(whereSeparator: \.isNewline) {
            if let code = CurrencyCode(line.trimmingCharacters(in: .whitespaces)), !codes.contains(code) {
                codes.append(code)
            }
        }
        return Array(codes.prefix(SessionState.recentLimit))
    }

    public static func text(_ codes: [CurrencyCode]) -> String {
        codes.map { $0.rawValue + "\n" }.joined()
    }
}
