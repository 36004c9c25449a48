/// Currencies as rows of code, symbol, name (and ISO minor units), and as `currency` records
/// from the same values (`list`, `recent`).
struct CurrencyRows {
    let engine: Engine

    init(_ engine: Engine) { self.engine = engine }

    func add(_ codes: [CurrencyCode], minorUnits: Bool, to reply: inout Reply) {
        var rows: [[ReplyTable.Cell]] = []
        for code in codes {
            let symbol = engine.formatter.symbol(for: code)
            let name = engine.directory.name(of: code)
            let units = engine.catalog[code]?.minorUnits
            // A symbol that is only the code again says nothing: the column stays empty.
            var row: [ReplyTable.Cell] = [.init(code.rawValue, .code), .init(symbol == code.rawValue ? "" : symbol, .symbol), .init(name, .name)]
            if minorUnits { row.append(.init(units.map(String.init) ?? "–", .figure)) }
            rows.append(row)
            reply.records.append(
                Record(
                    "currency",
                    [
                        ("code", .text(code.rawValue)), ("symbol", .text(symbol)), ("name", .text(name)),
                        ("minor_units", units.map { .integer($0) } ?? .absent),
                    ]))
        }
        reply.lines.append(.table(ReplyTable(rows)))
    }
}
