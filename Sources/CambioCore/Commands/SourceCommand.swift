/// `source` shows the rate providers; `source NAME` chooses one (remembered), `source auto`
/// the default order. Choosing is the host's; results keep coming from the table in use until
/// the chosen provider's rates arrive, and the reply says whose they are.
enum SourceCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "source", order: 80, "source [NAME|auto]", .provider, keywords: ["auto"],
        forms: [("source", "show"), ("source NAME", "set"), ("source auto", "auto")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws {
        let name: String?
        switch argument {
        case .none, .currencies: name = nil
        case .keyword(let keyword): name = keyword
        case .text(let text, _): name = text
        }
        let choice = try line.host.source(name)
        line.reply.lines += choice.lines
        let table = line.state.table
        if let chosen = choice.chosen, chosen.id != table.source.id {
            let localized = engine.localized
            line.reply.lines.append(
                .assumption(
                    localized(
                        "source.notYet", chosen.name, table.source.id,
                        table.source.isBundledSeed ? localized("source.bundledOn", table.date) : table.date)))
        }
    }
}
