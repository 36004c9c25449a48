import Foundation

/// One line being evaluated: what it changes (the session's state, the reply, the effects),
/// the moment it is evaluated at, the rates of a dated or averaged line, and the host to ask. The engine keeps
/// one and lends it to the converter, the calculator, the dated lines and the commands.
struct LineContext {
    var state: SessionState
    var reply: Reply
    var effects: Effects
    var now: Date
    /// The rates a dated or averaged line is evaluated with (`nil`: the current ones).
    var dated: DatedLine?
    /// The line as typed, for a calculation's records, which quote it.
    var typed: String
    /// Whether the reply carries records and its one value: the configuration's choice, or the
    /// preview's, which needs the value.
    var keepsRecords: Bool
    /// Whether the line is a document's row (`DocumentConverter`): it wants its records only,
    /// no text, and leaves the session's `ans` and recent currencies as they were (a table is
    /// converted by a run that ends with it).
    var isTableRow = false
    /// The source or rule a command that walks days itself (`prices`) takes them from, when
    /// its line named one (`prices usd pln 2024 by pl`).
    var choice: BankChoice?
    var host: any SessionHost

    /// What the line's rates were asked for (`nil`: the current ones), for `swap`. Read in
    /// place: copying the optional rates out to ask them, and ending the copy, would go
    /// through the runtime's value witnesses on every line.
    var asked: RatesAsked? {
        switch dated {
        case .none: nil
        case .day(let rates)?: .day(rates.asked)
        case .average(let table)?: table.period.map { .period($0.period) } ?? .day(table.day)
        case .bank(let rates)?: .bank(rates.asked, rates.choice)
        }
    }
}
