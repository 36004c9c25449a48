/// `recent` lists the recent currencies, most recent first; `recent clear` empties the list.
enum RecentCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "recent", order: 30, "recent [clear]", .keywords, keywords: ["clear"], forms: [("recent", "show"), ("recent clear", "clear")], more: true)

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        if argument == .keyword("clear") {
            line.state.recent = []
            line.effects.formUnion([.saveRecent, .settingChanged])
            line.reply.lines.append(.note(engine.localized("note.recentCleared")))
        } else if line.state.recent.isEmpty {
            line.reply.lines.append(.result(engine.localized("note.noRecent")))
        } else {
            CurrencyRows(engine).add(line.state.recent, minorUnits: false, to: &line.reply)
        }
    }
}
