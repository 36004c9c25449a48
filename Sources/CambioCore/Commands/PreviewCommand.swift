/// `preview` says whether results appear while typing; `preview on|off` switches them
/// (remembered). The setting is the host's: only the shell shows them.
enum PreviewCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "preview", order: 100, "preview [on|off]", .keywords, keywords: ["on", "off"], forms: [("preview", "show"), ("preview on|off", "set")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let asked: Bool? =
            switch argument {
            case .keyword(let keyword): keyword == "on"
            default: nil
            }
        let on = line.host.preview(asked)
        if asked != nil { line.effects.insert(.settingChanged) }
        let localized = engine.localized
        let text = localized("note.preview", localized(on ? "preview.on" : "preview.off"))
        // Asked, it is the answer, in every mode; set, a note.
        line.reply.lines.append(asked == nil ? .result(text) : .note(text))
    }
}
