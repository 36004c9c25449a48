extension Problem: CustomStringConvertible {
    /// The sentence in a language.
    public func message(_ localized: Localization) -> String { localized.format(key, arguments.map(\.raw)) }

    /// The sentence in English, for logs and tests.
    public var description: String { message(Localization(localeID: "en")) }
}
