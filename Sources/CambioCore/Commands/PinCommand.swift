/// `pin` lists the pinned pairs; `pin CUR CUR…` pins the first currency to each of the others
/// (remembered): while pairs are pinned, a bare amount converts along them from their first
/// currency, and a currency alone goes into its partners.
enum PinCommand: CommandHandler {
    static let declaration = CommandDeclaration(
        "pin", order: 32, "pin [CUR CUR…]", .currencies, forms: [("pin", "show"), ("pin CUR CUR", "set")], more: true)

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        guard case .currencies(let references) = argument else {
            show(line.state.pins, engine, &line)
            return
        }
        var notes: [String] = []
        var codes: [CurrencyCode] = []
        for reference in references {
            let code = try engine.resolver.currency(reference, notes: &notes)
            if !codes.contains(code) { codes.append(code) }
        }
        guard let from = codes.first, codes.count > 1 else { throw CommandError(.pinNeedsTwo, at: references.first?.range) }
        var pins = line.state.pins
        for to in codes.dropFirst() where !pins.contains(PinnedPair(from: from, to: to)) { pins.append(PinnedPair(from: from, to: to)) }
        guard pins.count <= SessionState.pinLimit else { throw CommandError(.tooManyPins(limit: SessionState.pinLimit), at: nil) }
        line.state.pins = pins
        line.effects.formUnion([.saveConfig, .pinsChanged, .settingChanged])
        line.reply.lines += notes.map { .assumption($0) }
        line.reply.lines.append(.note(engine.localized("note.pinned", PinnedPair.listed(pins))))
        line.reply.records += records(pins)
    }

    /// The pins as a reply: one line each, or that there are none.
    static func show(_ pins: [PinnedPair], _ engine: Engine, _ line: inout LineContext) {
        if pins.isEmpty {
            line.reply.lines.append(.result(engine.localized("note.noPins")))
            return
        }
        for pin in pins {
            line.reply.lines.append(.result("\(pin.from) → \(pin.to)  \(engine.directory.name(of: pin.from)) → \(engine.directory.name(of: pin.to))"))
        }
        line.reply.records += records(pins)
    }

    static func records(_ pins: [PinnedPair]) -> [Record] {
        pins.map { Record("pin", [("from", .text($0.from.rawValue)), ("to", .text($0.to.rawValue))]) }
    }
}
