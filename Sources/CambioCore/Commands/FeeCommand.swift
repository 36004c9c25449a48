/// `fee` shows the card fee; `fee PERCENT` sets one, which every conversion then shows beside
/// its mid-market figure (remembered); `fee off` removes it.
enum FeeCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "fee", order: 110, "fee [PERCENT|off]", .percentage, keywords: ["off"], forms: [("fee", "show"), ("fee PERCENT", "set"), ("fee off", "off")],
        more: true)

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        switch argument {
        case .none, .currencies:
            line.reply.lines.append(.result(note(line.state.fee, engine)))
            line.reply.records.append(Record("fee", [("percent", .decimal(percentText(line.state.fee)))]))
            return
        case .keyword:
            line.state.fee = nil
        case .text(let argument, let range):
            line.state.fee = try fee(argument, range: range, engine.amountParser)
        }
        line.effects.formUnion([.saveConfig, .feeChanged, .settingChanged])
        line.reply.lines.append(.note(note(line.state.fee, engine)))
    }

    /// The fee a percentage sets (`1,75 %`, `%2`, `0` for none), as a fraction.
    private static func fee(_ argument: String, range: Range<Int>, _ amountParser: AmountParser) throws(CommandError) -> Rational? {
        var number = argument.trimmingSpaces()
        if number.hasSuffix("%") || number.hasSuffix("٪") { number = String(number.dropLast()).trimmingSpaces() }
        if number.hasPrefix("%") || number.hasPrefix("٪") { number = String(number.dropFirst()).trimmingSpaces() }
        switch amountParser.parse(number) {
        case .failure where !number.contains(where: \.isNumber):
            throw CommandError(.badFee(argument), at: range)
        case .failure(let error):
            // The amount's own problem (`1.75` in de_DE), with its caret.
            let column = range.lowerBound + (argument.count - argument.drop { $0.isWhitespace }.count) + error.offset
            let conventions = amountParser.conventions
            throw CommandError(.badAmount(error.kind, localeID: conventions.localeID, example: conventions.exampleAmount), at: column..<column + 1)
        case .success(let parsed):
            guard !parsed.exact.isNegative, parsed.exact < Rational(100) else { throw CommandError(.badFee(argument), at: range) }
            // `fee 0` is no fee.
            if parsed.exact.isZero { return nil }
            guard parsed.exact.decimalText().text.utf8.count <= SessionState.feeTextLimit else {
                throw CommandError(.feeTooPrecise(argument, limit: SessionState.feeTextLimit), at: range)
            }
            return parsed.exact.ofPercent
        }
    }

    /// `fee 1,75 %` or `no fee`.
    static func note(_ fee: Rational?, _ engine: Engine) -> String {
        fee.map { engine.localized("note.fee", engine.converter.percentText($0)) } ?? engine.localized("note.feeOff")
    }

    /// The fee in percent as a plain decimal (`1.75`, `0` for none), for records.
    static func percentText(_ fee: Rational?) -> String { (fee ?? .zero).percent.decimalText().text }
}
