/// `rule` says which jurisdiction's rule the lines follow; `rule pl` sets one for the session
/// (every conversion, rate and dated line then takes the rates the rule names: the NBP's table
/// A of the working day before, in Poland); `rule off` goes back to the usual rates.
enum RuleCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "rule", order: 82, "rule [ID|off]", .text, forms: [("rule", "show"), ("rule ID", "set"), ("rule off", "off")], more: true)

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let localized = engine.localized
        guard let text = argument.text?.trimmingSpaces(), !text.isEmpty else {
            if let id = line.state.rule, let rule = TaxRule.named(id) {
                line.reply.lines.append(.result(localized("rule.set", id, localized(rule.lawKey))))
            } else {
                line.reply.lines.append(.result(localized("rule.none")))
            }
            line.reply.records.append(record(line.state.rule.flatMap(TaxRule.named)))
            return
        }
        if let meaning = Keywords.meaning(of: TextFolding.fold(text)), meaning == "off" || meaning == "default" {
            line.state.rule = nil
            line.effects.insert(.settingChanged)
            line.reply.lines.append(.note(localized("rule.none")))
            line.reply.records.append(record(nil))
            return
        }
        guard let rule = TaxRule.named(text) else {
            throw CommandError(.bank(.unknownRule(text, known: TaxRule.all.map(\.id))), at: argument.range)
        }
        line.state.rule = rule.id
        line.effects.insert(.settingChanged)
        line.reply.lines.append(.note(localized("rule.set", rule.id, localized(rule.lawKey))))
        line.reply.records.append(record(rule))
    }

    static func record(_ rule: TaxRule?) -> Record {
        Record(
            "rule",
            [
                ("rule", .text(rule?.id ?? "")), ("source", .text(rule?.source ?? "")), ("rate_kind", .text(rule?.kind.rawValue ?? "")),
            ])
    }
}
