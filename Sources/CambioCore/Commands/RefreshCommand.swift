/// `refresh`: rates fetched now, by the host (with progress on a terminal; Ctrl-C cancels).
enum RefreshCommand: CommandHandler {
    static let declaration = CommandDeclaration("refresh", order: 70, "refresh", .none, forms: [("refresh", "run")], more: true)

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let report = line.host.refresh()
        line.reply.lines += report.lines
        if let table = report.table {
            engine.store.add(table)
            line.effects.insert(.tableChanged)
        }
    }
}
