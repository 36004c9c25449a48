extension String {
    /// The text with zeros before it to `width` characters (`"1b"` → `"001b"`, `"7"` → `"07"`).
    public func zeroPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }

    /// `value` in decimal, with zeros before it to `width` digits (`7` → `"07"`).
    public init(_ value: Int, zeroPaddedTo width: Int) {
        self = String(value).zeroPadded(to: width)
    }
}
