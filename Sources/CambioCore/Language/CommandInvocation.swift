/// A command of `CommandTable` with its argument.
public struct CommandInvocation: Equatable, Sendable {
    /// The command's own word (an alias is read as it: `exit` is `quit`).
    public let word: String
    public let argument: CommandArgument

    public init(_ word: String, _ argument: CommandArgument = .none) {
        self.word = word
        self.argument = argument
    }
}
