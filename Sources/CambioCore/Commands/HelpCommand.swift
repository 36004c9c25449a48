/// `help` gives the overview; `help COMMAND` one command's forms; `help on` the date forms.
enum HelpCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "help", order: 130, "help [COMMAND]", .command, forms: [("help", "overview"), ("help COMMAND", "topic")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        line.reply.lines += try Help.reply(topic: argument.text.map(TextFolding.fold), engine.localized, dateLocale: engine.locale.numbers)
    }
}
