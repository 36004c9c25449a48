/// The rates a line asked for other than the current ones: a day's (`on 2024-03-15`), a
/// period's average (`average 2024-03`), or a day's by a source or a rule (`by pl`).
public enum RatesAsked: Equatable, Sendable {
    case day(Day)
    case period(Period)
    case bank(Day, BankChoice)
}
