/// `rates [CUR …]`: the base currency's rates, both ways, with each currency's name; with
/// `on DATE`, a day's.
enum RatesCommand: CommandHandler {
    static let declaration = CommandDeclaration("rates", order: 50, "rates [CUR …]", .currencies, takesDate: true, forms: [("rates [CUR …]", "run")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws {
        var notes: [String] = []
        var codes: [CurrencyCode] = []
        if case .currencies(let references) = argument { codes = try references.map { try engine.resolver.currency($0, notes: &notes) } }
        let state = line.state
        let table = state.table
        let base = state.base
        let formatter = engine.formatter
        let list = codes.isEmpty ? state.recentFirst(table.rates.keys.filter { $0 != base }.sorted()) : codes
        line.reply.lines += notes.map { .assumption($0) }
        line.reply.lines.append(.heading("\(formatter.unit(base)) (\(base), \(engine.directory.name(of: base)))"))
        var rows: [[ReplyTable.Cell]] = []
        for code in list {
            guard let rate = table.rate(from: base, to: code), let inverse = table.rate(from: code, to: base) else { continue }
            line.reply.records.append(.rate(from: base, to: code, rate: rate, inverse: inverse, date: table.date, source: table.source.id))
            rows.append([
                .init("\(code)  \(formatter.formatRate(rate, code))", .figure),
                .init("\(formatter.unit(code)) = \(formatter.formatRate(inverse, base))", .figure),
                .init(engine.directory.name(of: code), .name),
            ])
        }
        line.reply.lines.append(.table(ReplyTable(rows, gap: 3)))
        line.reply.lines.append(.source(engine.converter.tableNote(table, line)))
        if !codes.isEmpty {
            line.state.use(codes)
            line.outcome.effects.insert(.saveRecent)
        }
    }
}
