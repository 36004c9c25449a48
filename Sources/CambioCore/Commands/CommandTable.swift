/// Every shell command, in the order `help` lists them: adding a command is adding its file
/// and a line here (and its texts in `Resources/Localization/`).
public enum CommandTable {
    static let handlers: [any CommandHandler.Type] = [
        BaseCommand.self, SwapCommand.self, RecentCommand.self, ListCommand.self, RatesCommand.self, ChartCommand.self,
        RefreshCommand.self, SourceCommand.self, LocaleCommand.self, PreviewCommand.self, FeeCommand.self, StatusCommand.self,
        HelpCommand.self, QuitCommand.self,
    ]

    /// Every command's declaration.
    public static let declarations: [CommandDeclaration] = handlers.map { $0.declaration }

    /// What the parser knows of the commands.
    public static let grammar = CommandGrammar(declarations)

    private static let byWord: [String: any CommandHandler.Type] = Dictionary(
        uniqueKeysWithValues: handlers.map { ($0.declaration.word, $0) })

    /// Runs a parsed command.
    static func run(_ invocation: CommandInvocation, _ engine: Engine, _ line: inout LineContext) throws {
        guard let handler = byWord[invocation.word] else { throw CommandError(.unknownTopic(invocation.word), at: nil) }
        try handler.run(invocation.argument, engine, &line)
    }
}
