/// `rules` lists the jurisdictions' rules: each one's source, kind of rate and the law it
/// follows.
enum RulesCommand: CommandHandler {
    static let declaration = CommandDeclaration("rules", order: 83, "rules", .none, forms: [("rules", "run")], more: true)

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let localized = engine.localized
        let width = TaxRule.all.map(\.id.count).max() ?? 0
        for rule in TaxRule.all {
            let id = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
            line.reply.lines.append(.result("\(id)  \(localized(rule.lawKey))"))
            line.reply.records.append(RuleCommand.record(rule))
        }
        let sources = Banks.all.map { "\($0.id) (\($0.name))" }.joined(separator: ", ")
        line.reply.lines.append(.note(localized("rules.sources", sources)))
    }
}
