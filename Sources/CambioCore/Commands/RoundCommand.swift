/// `round` shows how results are rounded; `round minor`, `round 2`, `round half-up`, `round
/// minor half-up` set it (remembered): the decimals of every figure shown (three, the currency's
/// minor units, or a number) and the rule (half to even, half up, up, down). `round default` goes
/// back to three decimals, half to even. Exact values stay exact in records.
enum RoundCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "round", order: 115, "round [PLACES] [RULE]", .text,
        forms: [("round", "show"), ("round minor", "minor"), ("round PLACES", "places"), ("round RULE", "rule"), ("round default", "default")],
        more: true)

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        guard let text = argument.text, !text.isEmpty else {
            line.reply.lines.append(.result(note(line.state.rounding, engine)))
            line.reply.records.append(record(line.state.rounding))
            return
        }
        if let meaning = Keywords.meaning(of: TextFolding.fold(text)), meaning == "default" || meaning == "off" {
            line.state.rounding = .shown
        } else if let rounding = Rounding(setting: text, keeping: line.state.rounding) {
            line.state.rounding = rounding
        } else {
            throw CommandError(.badRounding(text), at: argument.range)
        }
        line.effects.formUnion([.saveConfig, .roundingChanged, .settingChanged])
        line.reply.lines.append(.note(note(line.state.rounding, engine)))
        line.reply.records.append(record(line.state.rounding))
    }

    /// `results rounded to the currency's minor units, half up`.
    static func note(_ rounding: Rounding, _ engine: Engine) -> String {
        let places: String
        switch rounding.places {
        case .fixed(let count): places = engine.localized("round.places", String(count))
        case .minor: places = engine.localized("round.minor")
        }
        return engine.localized("note.rounding", places, engine.localized("round.rule.\(rounding.mode.rawValue)"))
    }

    static func record(_ rounding: Rounding) -> Record {
        let places: Record.Value
        switch rounding.places {
        case .fixed(let count): places = .text(String(count))
        case .minor: places = .text("minor")
        }
        return Record("rounding", [("places", places), ("rule", .text(rounding.mode.rawValue))])
    }
}
