extension StringProtocol {
    /// Whether `other` stands in the text, Character by Character (the standard library's
    /// search of one collection in another). Foundation's `contains` on this platform stops the
    /// program for some texts: `"\u{200F}\u{A0}ر.إ.".contains(".\0")` reads past the end (`list .`
    /// and a NUL in the `ar` locale did).
    public func containsText(_ other: some StringProtocol) -> Bool {
        Array(self).contains(Array(other))
    }
}
