/// How an engine evaluates and what its replies carry: one value, set when the engine is made
/// and rebuilt as a whole (`Engine.with`), never changed field by field.
public struct EngineConfiguration: Equatable, Sendable {
    /// The locales of numbers, money and messages.
    public var locale: LocaleSettings
    /// Whether results carry the rate beside them and notes around them (a terminal); pipes
    /// and scripts, which never show them, save the formatting.
    public var showsDetails = true
    /// Whether replies carry their records (`--format json|tsv`) and their one value; a pipe of
    /// text saves building them.
    public var keepsRecords = true
    /// Columns a chart may use (the terminal's width; 80 in a pipe).
    public var chartColumns = 80
    /// Whether a chart gives its series as records (`--format json|tsv`).
    public var wantsSeries = false
    /// Whether lines are recognised by their shape (tests compare with and without).
    public var recognisesShapes = true

    public init(locale: LocaleSettings) { self.locale = locale }
}
