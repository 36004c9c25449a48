/// `unpin` removes every pinned pair; `unpin CUR` those with that currency; `unpin CUR CUR`
/// the pairs from the first into the others.
enum UnpinCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "unpin", order: 33, "unpin [CUR…]", .currencies, forms: [("unpin", "all"), ("unpin CUR", "currency"), ("unpin CUR CUR", "pair")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        var notes: [String] = []
        var codes: [CurrencyCode] = []
        if case .currencies(let references) = argument {
            for reference in references { codes.append(try engine.resolver.currency(reference, notes: &notes)) }
        }
        let before = line.state.pins
        let kept: [PinnedPair]
        switch codes.count {
        case 0: kept = []
        case 1: kept = before.filter { $0.from != codes[0] && $0.to != codes[0] }
        default: kept = before.filter { !($0.from == codes[0] && codes.dropFirst().contains($0.to)) }
        }
        line.reply.lines += notes.map { .assumption($0) }
        guard kept.count < before.count else {
            line.reply.lines.append(.result(engine.localized(before.isEmpty ? "note.noPins" : "note.notPinned")))
            return
        }
        line.state.pins = kept
        line.effects.formUnion([.saveConfig, .pinsChanged, .settingChanged])
        line.reply.lines.append(.note(kept.isEmpty ? engine.localized("note.unpinnedAll") : engine.localized("note.pinned", PinnedPair.listed(kept))))
    }
}
