/// `swap`: the last conversion the other way round (after a dated line, with that day's rates;
/// after an averaged one, with that period's).
enum SwapCommand: CommandHandler {
    static let declaration = CommandDeclaration("swap", order: 20, "swap", .none, forms: [("swap", "run")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        guard let last = line.state.last, let first = last.to.first else { throw CommandError(.nothingToSwap, at: nil) }
        // After a dated or averaged line, the other way round with the rates of the same day or
        // period.
        if let asked = last.asked, line.dated == nil {
            switch asked {
            case .day(let day): try engine.dates.run(.run(CommandInvocation(declaration.word)), on: day, at: nil, engine, &line)
            case .period(let period): try engine.dates.run(.run(CommandInvocation(declaration.word)), over: period, at: nil, engine, &line)
            case .bank(let day, let choice):
                try engine.banks.withChoice(choice, day: day, at: nil, &line) { (line: inout LineContext) throws(CommandError) in
                    try run(argument, engine, &line)
                }
            }
            return
        }
        // After a line into several currencies, say which pair is swapped.
        let notes = last.to.count > 1 ? [engine.localized("note.swapped", first.rawValue, last.from.rawValue)] : []
        if let amount = last.amount {
            try engine.converter.show(amount, from: first, targets: [last.from], notes: notes, &line)
        } else {
            try engine.converter.showRates(from: first, targets: [last.from], notes: notes, &line)
        }
    }
}
