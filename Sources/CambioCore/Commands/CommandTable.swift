/// Every shell command, in the order `help` lists them (`CommandDeclaration.order`). The list
/// of handlers is generated from the files of this folder (`Scripts/embed-resources` writes
/// `Generated/CommandList.swift`; a test fails while it is out of date): adding a command is
/// adding its file, and its texts in `Resources/Localization/`.
public enum CommandTable {
    static let handlers: [any CommandHandler.Type] = CommandList.handlers.sorted { $0.declaration.order < $1.declaration.order }

    /// Every command's declaration.
    public static let declarations: [CommandDeclaration] = handlers.map { $0.declaration }

    /// What the parser knows of the commands.
    public static let grammar = CommandGrammar(declarations)

    private static let byWord: [String: any CommandHandler.Type] = Dictionary(
        uniqueKeysWithValues: handlers.map { ($0.declaration.word, $0) })

    /// Runs a parsed command.
    static func run(_ invocation: CommandInvocation, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        guard let handler = byWord[invocation.word] else { throw CommandError(.unknownTopic(invocation.word), at: nil) }
        try handler.run(invocation.argument, engine, &line)
    }
}
