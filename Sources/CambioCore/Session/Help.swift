/// The text of `help` and `help COMMAND`, in the interface's language.
enum Help {
    /// Topics that have their own text (`help.TOPIC`).
    static let topics = ["base", "swap", "recent", "list", "rates", "refresh", "source", "locale", "preview", "status", "help", "quit"]

    static func lines(topic: String?, _ text: Localization) throws -> [String] {
        guard let topic else { return text("help.overview").split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let key = topic == "exit" ? "quit" : topic
        guard topics.contains(key) else { throw CommandError(.unknownTopic(topic), at: nil) }
        return text("help.\(key)").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
