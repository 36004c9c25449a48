/// The rates a line asked for other than the current ones: a day's (`on 2024-03-15`) or a
/// period's average (`average 2024-03`).
public enum RatesAsked: Equatable, Sendable {
    case day(Day)
    case period(Period)
}
