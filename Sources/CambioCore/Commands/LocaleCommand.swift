import Foundation

/// `locale` shows the locales of numbers, money and messages; `locale ID` sets all three
/// (remembered); `locale default` goes back to the environment's.
enum LocaleCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "locale", order: 90, "locale [ID|default]", .locale, keywords: ["default"],
        forms: [("locale", "show"), ("locale ID", "set"), ("locale default", "default")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let localized = engine.localized
        let example = Decimal(string: "1234.5") ?? 0
        switch argument {
        case .none, .currencies:
            let settings = line.state.locale
            let origin = settings.override != nil ? localized("locale.origin.set") : localized("locale.origin.environment")
            line.reply.lines.append(.result(localized("locale.show", settings.numbers, settings.money, settings.messages, origin)))
            line.reply.lines.append(
                .note(localized("locale.example", engine.amountParser.conventions.exampleAmount, engine.formatter.format(example, line.state.base))))
            return
        case .keyword:
            line.state.locale = line.host.environmentLocale()
        case .text(let text, let range):
            guard let id = LocaleSettings.chosen(text), LocaleSettings.isKnown(id) else { throw CommandError(.unknownLocale(text), at: range) }
            line.state.locale = LocaleSettings.resolve(environment: [:], override: id)
        }
        line.effects.formUnion([.saveConfig, .localeChanged, .settingChanged])
        let settings = line.state.locale
        let preview = MoneyFormatter(localeID: settings.money, numbers: settings.numbers)
        // Confirmed in the language just chosen (`locale tr` answers in Turkish).
        let chosen = Localization(localeID: settings.messages)
        line.reply.lines.append(
            .note(chosen("locale.set", settings.money, preview.conventions.exampleAmount, preview.format(example, line.state.base))))
    }
}
