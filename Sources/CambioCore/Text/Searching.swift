extension StringProtocol {
    /// Whether `other` stands in the text, Character by Character. Foundation's `contains` on
    /// this platform stops the program for some texts: `"\u{200F}\u{A0}ر.إ.".contains(".\0")`
    /// reads past the end (`list .` and a NUL in the `ar` locale did).
    public func containsText(_ other: some StringProtocol) -> Bool {
        let text = Array(self)
        let wanted = Array(other)
        guard let first = wanted.first else { return true }
        guard wanted.count <= text.count else { return false }
        for start in 0...(text.count - wanted.count) where text[start] == first {
            if text[start..<(start + wanted.count)].elementsEqual(wanted) { return true }
        }
        return false
    }
}
