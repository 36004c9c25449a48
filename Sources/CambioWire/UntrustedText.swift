/// Text that came from outside — a provider's answer, a redirect, a file, the environment, a
/// system error. It reaches a person only as `shown`, the sanitiser's rendering, in which
/// control, escape and bidi-override characters stand as `U+XXXX`; `raw` is kept for
/// machine-readable output (escaped there) and comparisons.
public struct UntrustedText: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public let raw: String

    public init(_ raw: String) { self.raw = raw }

    public init(stringLiteral value: String) { raw = value }

    /// The text as it may be shown: through the one sanitiser, at most `limit` characters.
    public var shown: String { Sanitiser.visible(raw.count > Self.limit ? String(raw.prefix(Self.limit - 1)) + "…" : raw) }

    /// Longer outside text is cut: a provider cannot fill the screen.
    public static let limit = 200

    public var description: String { shown }
}
