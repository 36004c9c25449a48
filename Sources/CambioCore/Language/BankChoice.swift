/// What a line's rates are asked of besides the usual ones: a source (`from nbp`) or a
/// jurisdiction's rule (`by pl`, which names its source).
public struct BankChoice: Hashable, Sendable {
    /// A central bank's identifier, or a current-rate provider's (`from ecb`).
    public let source: String
    /// The rule's identifier, when a rule chose.
    public let rule: String?

    public init(source: String, rule: String?) {
        self.source = source
        self.rule = rule
    }

    /// `rule pl` or `nbp`: what a note and a record call it.
    public var name: String { rule.map { "rule " + $0 } ?? source }
}

/// `from SOURCE` or `by RULE` as written, last on a line.
public struct ChoiceReference: Equatable, Sendable {
    public let isRule: Bool
    public let name: String
    public let range: Range<Int>
    /// The word `from` or `by`.
    public let word: Range<Int>
}
