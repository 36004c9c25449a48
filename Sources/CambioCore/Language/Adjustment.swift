/// `+ 2 %` after the targets of an expression: applied to each converted result.
public struct Adjustment: Equatable, Sendable {
    public let subtract: Bool
    public let percent: Expression
    public let range: Range<Int>
}
