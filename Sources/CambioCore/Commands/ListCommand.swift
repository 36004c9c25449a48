/// `list [TEXT]`: every currency the current rates convert (or those whose code, name or symbol has
/// the text), with its symbol, name in the user's language and ISO minor units.
enum ListCommand: CommandHandler {
    static let declaration = CommandDeclaration("list", order: 40, "list [TEXT]", .text, forms: [("list [TEXT]", "run")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        var codes = line.state.recentFirst(engine.currentRates(pinned: line.state.pinnedSource).codes)
        let filter = argument.text
        if let filter {
            let folded = TextFolding.fold(filter)
            let typed = filter.trimmingSpaces()
            codes = codes.filter { code in
                guard let entry = engine.directory.entry(code) else { return false }
                let symbol = engine.formatter.symbol(for: code)
                // A sign alone (`$`, `€`, `₺`) folds to nothing: the currencies written with it.
                if folded.isEmpty {
                    return symbol.containsText(typed) || CurrencyDirectory.symbols[typed]?.contains(code.rawValue) == true
                }
                return code.rawValue.lowercased().hasPrefix(folded.lowercased())
                    || entry.foldedNames.contains { $0.containsText(folded) } || symbol == typed
            }
            if codes.isEmpty {
                throw CommandError(.unknownCurrency(filter, suggestions: engine.directory.suggestions(for: folded)), at: nil)
            }
        }
        CurrencyRows(engine).add(codes, minorUnits: true, to: &line.reply)
        if filter == nil { line.reply.lines.append(.note(engine.localized("note.listCount", String(codes.count)))) }
    }
}
