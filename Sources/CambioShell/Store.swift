import CambioCore
import CambioRates

/// Loads and saves the settings and recent currencies, turning every file problem into a
/// one-line warning so that the shell always starts.
public struct Store: Sendable {
    public let paths: Paths

    public init(paths: Paths) { self.paths = paths }

    public func loadSettings(warn: (String) -> Void) -> Settings {
        do {
            guard let text = try AtomicFile.read(paths.configFile) else { return Settings() }
            let (settings, warnings) = Settings.parse(text)
            for warning in warnings { warn("\(paths.configFile): \(warning); ignored") }
            return settings
        } catch {
            warn("cannot read \(error.path): \(error.reason); using defaults")
            return Settings()
        }
    }

    public func loadRecent(warn: (String) -> Void) -> [CurrencyCode] {
        do {
            return RecentFile.parse(try AtomicFile.read(paths.recentFile) ?? "")
        } catch {
            warn("cannot read \(error.path): \(error.reason); starting with no recent currencies")
            return []
        }
    }

    public func save(_ settings: Settings, warn: (String) -> Void) {
        do {
            try AtomicFile.write(settings.text, to: paths.configFile)
        } catch {
            warn("cannot save settings to \(error.path): \(error.reason)")
        }
    }

    public func saveRecent(_ codes: [CurrencyCode], warn: (String) -> Void) {
        do {
            try AtomicFile.write(RecentFile.text(codes), to: paths.recentFile)
        } catch {
            warn("cannot save recent currencies to \(error.path): \(error.reason)")
        }
    }

    /// The files, for `status`.
    public var sessionFiles: SessionFiles {
        SessionFiles(config: paths.configFile, history: paths.historyFile, recent: paths.recentFile)
    }
}
