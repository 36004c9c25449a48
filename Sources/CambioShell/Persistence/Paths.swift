/// Where Cambio keeps its files, following the XDG base directory specification.
public struct Paths: Sendable {
    /// `$XDG_CONFIG_HOME/cambio` (default `~/.config/cambio`).
    public let configDirectory: String
    /// `$XDG_STATE_HOME/cambio` (default `~/.local/state/cambio`).
    public let stateDirectory: String
    /// `$XDG_CACHE_HOME/cambio` (default `~/.cache/cambio`).
    public let cacheDirectory: String

    public init(environment: [String: String], home: String) {
        func base(_ variable: String, _ fallback: String) -> String {
            // The specification says relative paths are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        configDirectory = base("XDG_CONFIG_HOME", ".config") + "/cambio"
        stateDirectory = base("XDG_STATE_HOME", ".local/state") + "/cambio"
        cacheDirectory = base("XDG_CACHE_HOME", ".cache") + "/cambio"
    }

    public var configFile: String { configDirectory + "/config" }
    public var historyFile: String { stateDirectory + "/history" }
    public var recentFile: String { stateDirectory + "/recent" }
    /// What ICU said about the user's locales, remembered (`LocaleFacts`).
    public var localeFactsFile: String { cacheDirectory + "/locale-facts" }
    /// The names ICU gives every currency, remembered (`LocaleFacts.names`).
    public var localeNamesFile: String { cacheDirectory + "/locale-names" }
}
