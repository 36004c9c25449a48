/// A shell command: its declaration and what it does with its argument. Each command is one
/// file of this folder, listed once in `CommandTable`; the parser, `help`, completion, the man
/// page and the completion scripts read its declaration, the engine runs it.
protocol CommandHandler: Sendable {
    static var declaration: CommandDeclaration { get }

    /// Runs the command on the line being evaluated: its reply, its changes to the session's
    /// state and the effects to carry out; a thrown error leaves the state as it was.
    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError)
}
