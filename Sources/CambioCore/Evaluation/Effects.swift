/// The effects of a line that the shell carries out (files to write, whether to stop).
public struct Effects: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A setting changed: the shell saves the one that did (`baseChanged`, `localeChanged`,
    /// `feeChanged`, `roundingChanged`), and nothing else.
    public static let saveConfig = Effects(rawValue: 1)
    public static let saveRecent = Effects(rawValue: 2)
    public static let quit = Effects(rawValue: 4)
    /// The locale changed: the session rebuilds its engine (and saves it, with `saveConfig`).
    public static let localeChanged = Effects(rawValue: 8)
    /// The base currency changed (with `saveConfig`).
    public static let baseChanged = Effects(rawValue: 16)
    /// The card fee changed (with `saveConfig`).
    public static let feeChanged = Effects(rawValue: 32)
    /// The rounding of results changed (with `saveConfig`).
    public static let roundingChanged = Effects(rawValue: 256)
    /// The table in use changed (a refresh): the session rebuilds its engine for it.
    public static let tableChanged = Effects(rawValue: 64)
    /// A command changed a setting (base, locale, fee, source, preview, the recent list): its
    /// notes confirm it, in every mode.
    public static let settingChanged = Effects(rawValue: 128)
}
