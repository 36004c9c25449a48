import CambioCore
import CambioFiles

/// Loads and saves the settings and recent currencies, turning every file problem into a
/// one-line warning so that the shell always starts.
public struct Store: Sendable {
    public let paths: Paths
    /// The language of the warnings.
    public var localized: Localization

    /// Warnings about single lines of the config file shown before the rest are counted.
    static let warningsShown = 3

    public init(paths: Paths, localized: Localization) {
        self.paths = paths
        self.localized = localized
    }

    public func loadSettings(warn: (String) -> Void) -> Settings {
        do {
            guard let contents = try AtomicFile.read(paths.configFile) else { return Settings() }
            let (settings, warnings) = Settings.parse(contents)
            // A few warnings say what is wrong; a file of a thousand bad lines gets a count, not a flood.
            for warning in warnings.prefix(Self.warningsShown) { warn(localized("warning.configLine", paths.configFile, warning.message(localized))) }
            if warnings.count > Self.warningsShown {
                warn(localized("warning.configMore", paths.configFile, String(warnings.count - Self.warningsShown)))
            }
            return settings
        } catch {
            warn(localized("warning.readConfig", error.path, error.reason))
            return Settings()
        }
    }

    public func loadRecent(warn: (String) -> Void) -> [CurrencyCode] {
        do {
            return RecentFile.parse(try AtomicFile.read(paths.recentFile) ?? "")
        } catch {
            warn(localized("warning.readRecent", error.path, error.reason))
            return []
        }
    }

    /// Sets (or, for `nil`, removes) the keys of `changes` in the config file, under its lock
    /// and in the file as it is now: what another shell saved meanwhile, comments and keys
    /// this version does not know all stay.
    @discardableResult
    public func saveConfig(_ changes: [(key: String, value: String?)], warn: (String) -> Void) -> Bool {
        guard !changes.isEmpty else { return true }
        do {
            let lock = try FileLock(path: paths.configFile + ".lock")
            defer { withExtendedLifetime(lock) {} }
            let current = try AtomicFile.read(paths.configFile)
            try AtomicFile.write(Settings.edit(current, changes), to: paths.configFile)
            return true
        } catch {
            warn(localized("warning.saveConfig", error.path, error.reason))
            return false
        }
    }

    /// Saves the recent currencies. Unless `replacing` (after `recent clear`), currencies another
    /// shell saved meanwhile are kept after this session's, so two shells lose none.
    @discardableResult
    public func saveRecent(_ codes: [CurrencyCode], replacing: Bool = false, warn: (String) -> Void) -> Bool {
        do {
            let lock = try FileLock(path: paths.recentFile + ".lock")
            defer { withExtendedLifetime(lock) {} }
            var merged = codes
            if !replacing, let current = try? AtomicFile.read(paths.recentFile) {
                merged += RecentFile.parse(current).filter { !codes.contains($0) }
            }
            try AtomicFile.write(RecentFile.text(Array(merged.prefix(SessionState.recentLimit))), to: paths.recentFile)
            return true
        } catch {
            warn(localized("warning.saveRecent", error.path, error.reason))
            return false
        }
    }

    /// What ICU said about the user's locales last time (`LocaleFacts`), when it was this
    /// same program that wrote it. A missing, damaged or foreign file only means asking ICU.
    /// The currencies' names are read only when a line first needs one.
    public func loadLocaleFacts(_ facts: LocaleFacts = .shared, names: LocaleFacts = .names) {
        if let text = try? AtomicFile.read(paths.localeFactsFile, limit: 1 << 18) { facts.load(text, stamp: Platform.programStamp) }
        let namesFile = paths.localeNamesFile
        names.loadOnFirstUse(stamp: Platform.programStamp) { try? AtomicFile.read(namesFile, limit: 1 << 18) }
    }

    /// Saves the locale facts and names when this run learned new ones; a cache, so a failure
    /// is silent.
    public func saveLocaleFacts(_ facts: LocaleFacts = .shared, names: LocaleFacts = .names) {
        for (facts, file) in [(facts, paths.localeFactsFile), (names, paths.localeNamesFile)] {
            guard facts.hasChanges, facts.count <= 4096 else { continue }
            do {
                try AtomicFile.makeDirectory(paths.cacheDirectory)
                try AtomicFile.write(facts.serialized(stamp: Platform.programStamp), to: file)
                facts.markSaved()
            } catch {}
        }
    }
}
