/// The effects of a line that the shell carries out (files to write, whether to stop). Each
/// effect is an inlinable constant, not a static: the shell, another module, called a static's
/// addressor and loaded it for each effect it looked at, a dozen times a line.
@frozen public struct Effects: OptionSet, Sendable {
    public let rawValue: Int
    @inlinable public init(rawValue: Int) { self.rawValue = rawValue }

    /// A setting changed: the shell saves the one that did (`baseChanged`, `localeChanged`,
    /// `feeChanged`, `roundingChanged`), and nothing else.
    @inlinable public static var saveConfig: Effects { Effects(rawValue: 1) }
    @inlinable public static var saveRecent: Effects { Effects(rawValue: 2) }
    @inlinable public static var quit: Effects { Effects(rawValue: 4) }
    /// The locale changed: the session rebuilds its engine (and saves it, with `saveConfig`).
    @inlinable public static var localeChanged: Effects { Effects(rawValue: 8) }
    /// The base currency changed (with `saveConfig`).
    @inlinable public static var baseChanged: Effects { Effects(rawValue: 16) }
    /// The card fee changed (with `saveConfig`).
    @inlinable public static var feeChanged: Effects { Effects(rawValue: 32) }
    /// The rounding of results changed (with `saveConfig`).
    @inlinable public static var roundingChanged: Effects { Effects(rawValue: 256) }
    /// The pinned pairs changed (with `saveConfig`).
    @inlinable public static var pinsChanged: Effects { Effects(rawValue: 512) }
    /// The table in use changed (a refresh): the session rebuilds its engine for it.
    @inlinable public static var tableChanged: Effects { Effects(rawValue: 64) }
    /// A command changed a setting (base, locale, fee, source, preview, the recent list): its
    /// notes confirm it, in every mode.
    @inlinable public static var settingChanged: Effects { Effects(rawValue: 128) }
}
