/// `rates [CUR …]`: the base currency's rates, both ways, with each currency's name; with
/// `on DATE`, a day's; with `average PERIOD`, a period's averages.
enum RatesCommand: CommandHandler {
    static let declaration = CommandDeclaration("rates", order: 50, "rates [CUR …]", .currencies, takesDate: true, forms: [("rates [CUR …]", "run")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        var notes: [String] = []
        var codes: [CurrencyCode] = []
        if case .currencies(let references) = argument {
            codes = try references.map { (reference) throws(CommandError) in try engine.resolver.currency(reference, notes: &notes) }
        }
        let state = line.state
        let base = state.base
        let formatter = engine.formatter
        let converter = engine.converter
        let list = codes.isEmpty ? state.recentFirst(converter.publishedCodes(line).filter { $0 != base }) : codes
        line.reply.lines += notes.map { .assumption($0) }
        line.reply.lines.append(.heading("\(formatter.unit(base)) (\(base), \(engine.directory.name(of: base)))"))
        var rows: [[ReplyTable.Cell]] = []
        var used = Converter.UsedTables()
        for code in list {
            // A currency named has its rate or says why not; one of the list without a rate is left out.
            let quote: Converter.Quote
            do {
                quote = try converter.quote(from: base, to: code, line)
            } catch  where codes.isEmpty {
                continue
            }
            let rate = quote.rate
            guard let inverse = quote.table(converter.store).rate(from: code, to: base) else { continue }
            used.add(quote.table(converter.store), code)
            line.reply.records.append(.rate(from: base, to: code, rate: rate, inverse: inverse, origin: converter.origin(quote, line.dated)))
            rows.append([
                .init("\(code)  \(formatter.formatRate(rate, code))", .figure),
                .init("\(formatter.unit(code)) = \(formatter.formatRate(inverse, base))", .figure),
                .init(engine.directory.name(of: code), .name),
            ])
        }
        line.reply.lines.append(.table(ReplyTable(rows, gap: 3)))
        line.reply.lines += converter.sourceNotes(used, line)
        if !codes.isEmpty {
            line.state.use(codes)
            line.effects.insert(.saveRecent)
        }
    }
}
