import Foundation

/// What the engine answers besides a line: the live preview of a line being typed, a
/// document's row, and what the banner and `status` say of the rates held.
extension Engine {
    /// The same engine with another configuration, or with the store's currencies as they are
    /// now, rebuilt as a whole (names and formats for the locale, the directory for the
    /// currencies held), on the same store.
    public func with(_ configuration: EngineConfiguration? = nil) -> Engine {
        Engine(configuration: configuration ?? self.configuration, store: store, catalog: catalog)
    }

    /// A line parsed as the engine reads it (the shell asks whether a line is `quit`).
    public func parse(_ line: String) -> Result<Command, CommandError> {
        Parser.parse(line, commands: Self.grammar, lakhLetter: writesLakhs, isCurrency: directory.names)
    }

    /// The result of the line being typed, when it is already a complete conversion into one
    /// currency or a calculation: `= 14,291 $`. It is the line evaluated as Enter would evaluate
    /// it, with a host that does nothing and its effects dropped (the state is a copy, nothing
    /// is written); `nil` when that evaluation fails or gives anything but one value.
    public func preview(_ line: String, in state: SessionState, now: Date = Date()) -> String? {
        guard line.count <= 200 else { return nil }
        var copy = state
        let reply = evaluate(.text(line), state: &copy, now: now, records: true).reply
        guard !reply.failed, let money = reply.value else { return nil }
        return "= "
            + (money.currency.map { formatter.format(money.value, $0, rounding: state.rounding) }
                ?? formatter.formatNumber(money.value, rounding: state.rounding))
    }

    /// A document's row (`TableRow`), evaluated on the line lent to it.
    func evaluate(_ row: TableRow, _ context: inout LineContext) {
        context.isTableRow = true
        defer { context.isTableRow = false }
        let (amount, day, now) = (row.amount, row.day, context.now)
        let conversion = ResolvedConversion(from: row.from, targets: row.targets, notes: [])
        do throws(CommandError) {
            if row.averaging == nil, let choice = BankLines.sessionChoice(context.state) {
                let asked =
                    try day.map { (day) throws(CommandError) in try dates.checked(day, range: nil, today: row.today ?? Day.utc(now)) }
                    ?? Day.utc(now)
                try banks.withChoice(choice, day: asked, at: nil, &context) { (line: inout LineContext) throws(CommandError) in
                    try converter.convert(amount, conversion, notes: [], &line)
                }
            } else if let day, let averaging = row.averaging {
                let period = averaging == .year ? Period.year(day.parts.year) ?? Period.month(of: day) : Period.month(of: day)
                try dates.withAverage(period, at: nil, &context) { (line: inout LineContext) throws(CommandError) in
                    try converter.convert(amount, conversion, notes: [], &line)
                }
            } else if let day {
                let checked = try dates.checked(day, range: nil, today: row.today ?? Day.utc(now))
                try dates.withDay(checked, at: nil, &context) { (line: inout LineContext) throws(CommandError) in
                    try converter.convert(amount, conversion, notes: [], &line)
                }
            } else {
                try converter.convert(amount, conversion, notes: [], &context)
            }
        } catch {
            context.reply.clear()
            fail(&context, error)
        }
    }

    /// `rates of 2026-07-06 (147 days old, currency-api, bundled seed)`: the banner's and a
    /// refresh's words for a table.
    public func tableNote(_ table: RateTable, now: Date) -> String { converter.tableNote(table, now: now) }

    /// The newest day held of each source (of the pinned one alone when one is), as the banner
    /// says it: `ecb 2026-10-30 (32 days old, bundled history); currency-api 2026-07-06 (…)`.
    public func heldNote(now: Date, pinned: String?) -> String {
        let held = store.newestBySource().filter { pinned == nil || $0.sourceID == pinned }
        guard !held.isEmpty else { return localized("status.noneHeld", pinned ?? "") }
        return held.map { entry in
            var details: [String] = []
            if let age = DataDate.age(of: entry.day.iso, now: now) { details.append(AgeText.days(age, localized)) }
            details.append(localized(entry.kind.labelKey))
            return localized("held.entry", entry.sourceID, entry.day.iso, details.joined(separator: ", "))
        }.joined(separator: "; ")
    }

    /// The tables a line without a date converts with, for a pinned source (`nil`: every one).
    public func currentRates(pinned: String?) -> CurrentRates { converter.currentRates(pinned: pinned) }
}
