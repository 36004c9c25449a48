/// `source` shows the rate providers; `source NAME` pins one (remembered): its newest day held
/// answers every line, and the refresh fetches from it; `source auto` unpins, and the newest
/// table of any source answers each pair. The reply says whose rates the lines now use.
enum SourceCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "source", order: 80, "source [NAME|auto]", .provider, keywords: ["auto"],
        forms: [("source", "show"), ("source NAME", "set"), ("source auto", "auto")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let name: String?
        switch argument {
        case .none, .currencies: name = nil
        case .keyword(let keyword): name = keyword
        case .text(let text, _): name = text
        }
        let choice = try line.host.source(name)
        line.reply.lines += choice.lines
        guard name != nil else { return }
        line.state.pinnedSource = choice.chosen?.id
        line.effects.insert(.settingChanged)
        let localized = engine.localized
        guard let chosen = choice.chosen else { return }
        // A central bank answers each line with its table of the line's day.
        if Banks.named(chosen.id) != nil {
            line.reply.lines.append(.note(localized("source.bank", chosen.name)))
            return
        }
        // Whose rates the lines use now: the pinned source's newest day held, or none yet.
        if let newest = engine.currentRates(pinned: chosen.id).newest {
            line.reply.lines.append(.note(localized("source.using", engine.converter.tableNote(newest, line))))
        } else {
            line.reply.lines.append(.assumption(localized("source.notYet", chosen.name)))
        }
    }
}
