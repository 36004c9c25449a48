/// An arithmetic operator.
public enum Operator: String, Equatable, Sendable {
    case add = "+"
    case subtract = "−"
    case multiply = "×"
    case divide = "÷"
}
