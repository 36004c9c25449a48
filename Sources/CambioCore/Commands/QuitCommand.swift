/// `quit`, `exit`: the session ends (history is kept).
enum QuitCommand: CommandHandler {
    static let declaration = CommandDeclaration("quit", order: 140, aliases: ["exit"], "quit, exit", .none, forms: [("quit, exit", "run")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        line.effects.insert(.quit)
    }
}
