/// `base` shows the base currency; `base CUR` sets it (bare amounts are in it, the prompt
/// shows it; remembered).
enum BaseCommand: CommandHandler {
    static let declaration = CommandDeclaration("base", order: 10, "base [CUR]", .currency, forms: [("base", "show"), ("base CUR", "set")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let name = engine.directory.name
        guard case .currencies(let references) = argument, let reference = references.first else {
            let base = line.state.base
            line.reply.lines.append(.result("\(base) (\(name(base)))"))
            line.reply.records.append(record(base, name(base)))
            return
        }
        var notes: [String] = []
        let code = try engine.resolver.currency(reference, notes: &notes)
        line.state.base = code
        line.effects.formUnion([.saveConfig, .baseChanged, .settingChanged])
        line.reply.lines += notes.map { .assumption($0) }
        line.reply.lines.append(.note(engine.localized("note.base", code.rawValue, name(code))))
        line.reply.records.append(record(code, name(code)))
    }

    private static func record(_ code: CurrencyCode, _ name: String) -> Record {
        Record("base", [("code", .text(code.rawValue)), ("name", .text(name))])
    }
}
