import Foundation

/// `status`: the newest rates held (source, date, age, attribution) and the newest day held of
/// each source, what the host knows of the rates and its files, the history held, the locale,
/// the recent currencies and the fee, each fact once: the text's rows and the `status` record
/// are made from the same facts.
enum StatusCommand: CommandHandler {
    static let declaration = CommandDeclaration("status", order: 120, "status", .none, forms: [("status", "run")])

    static func run(_ argument: CommandArgument, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        let localized = engine.localized
        let state = line.state
        let now = line.now
        let host = line.host.statusFacts(now: now, localized)
        var facts: [Fact] = []
        // The newest table of the pinned source, or of any: what a pair it quotes uses; a pinned
        // central bank answers each line with its table of the line's day.
        if let pinned = state.pinnedSource, let bank = Banks.named(pinned) {
            facts.append(
                Fact(
                    localized("status.rates"), localized("status.bankPinned", bank.name),
                    fields: [
                        Record.Field("source", .text(bank.id)), Record.Field("bundled", .flag(false)), Record.Field("pinned", .text(bank.id)),
                    ]))
            facts.append(Fact(localized("status.attribution"), bank.attribution, fields: [Record.Field("attribution", .text(bank.attribution))]))
        } else if let table = engine.currentRates(pinned: state.pinnedSource).newest {
            let age = DataDate.age(of: table.date, now: now)
            var source = describe(table, localized)
            if let pinned = state.pinnedSource { source = localized("status.pinned", source, pinned) }
            facts += [
                Fact(
                    localized("status.rates"), source,
                    fields: [
                        Record.Field("source", .text(table.source.id)), Record.Field("bundled", .flag(table.source.isCompiledIn)),
                        Record.Field("pinned", .text(state.pinnedSource ?? "")),
                    ]),
                // The ECB's attribution in the interface's language; the record keeps it as given.
                Fact(
                    localized("status.attribution"),
                    table.source.attribution == RateSource.ecbAttribution ? localized("attribution.ecb") : table.source.attribution,
                    fields: [Record.Field("attribution", .text(table.source.attribution))]),
                Fact(
                    localized("status.dataDate"), table.date + (age.map { " (\(AgeText.days($0, localized)))" } ?? ""),
                    fields: [Record.Field("date", .text(table.date)), Record.Field("age_days", age.map { .integer($0) } ?? .absent)]),
            ]
            if let updated = table.updated { facts.append(Fact("published", localized("status.published"), updated)) }
            facts.append(
                Fact(
                    localized("status.fetched"),
                    table.fetchedAt.map { AgeText.since($0, now: now, localized) } ?? localized("status.neverFetched"),
                    fields: [Record.Field("fetched", .text(table.fetchedAt.map(UTC.timestamp) ?? ""))]))
            facts.append(
                Fact(
                    localized("status.currencies"), localized("status.currencyCount", String(table.publishedCount), table.base.rawValue),
                    fields: [Record.Field("currencies", .integer(table.publishedCount))]))
        } else {
            facts.append(
                Fact(
                    localized("status.rates"), localized("status.noneHeld", state.pinnedSource ?? ""),
                    fields: [
                        Record.Field("source", .text("")), Record.Field("bundled", .flag(false)),
                        Record.Field("pinned", .text(state.pinnedSource ?? "")),
                    ]))
        }
        // The newest day held of each source.
        for held in engine.store.newestBySource() {
            let age = DataDate.age(of: held.day.iso, now: now)
            var details: [String] = []
            if let age { details.append(AgeText.days(age, localized)) }
            details.append(localized(held.kind.labelKey))
            facts.append(
                Fact(
                    localized("status.held", held.sourceID), held.day.iso + " (" + details.joined(separator: ", ") + ")",
                    fields: [Record.Field("held_" + held.sourceID.replacingOccurrences(of: "-", with: "_"), .text(held.day.iso))]))
        }
        facts += host.rates
        facts += historyFacts(engine.store, localized)
        // The days held of each central bank (read from its cache) and the rule in force.
        for held in engine.store.bankDaysHeld {
            facts.append(
                Fact(
                    "days_" + held.id.replacingOccurrences(of: "-", with: "_"), localized("status.bankDays", held.id),
                    localized("status.bankDaysValue", String(held.count), held.first.iso, held.last.iso)))
        }
        if let rule = state.rule { facts.append(Fact("rule", localized("status.rule"), rule)) }
        let messages = state.locale.messages
        // A locale without texts of its own is answered in English: say so.
        let ownTexts = Localization.language(for: messages) == (messages.split(separator: "_").first.map { $0.lowercased() } ?? "")
        facts += [
            Fact(
                localized("status.base"), "\(state.base) (\(engine.directory.name(of: state.base)))",
                fields: [Record.Field("base", .text(state.base.rawValue))]),
            Fact(
                localized("status.locale"),
                localized(
                    "status.localeValue", state.locale.numbers, state.locale.money,
                    ownTexts ? messages : localized("status.messagesFallback", messages)),
                fields: [
                    Record.Field("locale_numbers", .text(state.locale.numbers)), Record.Field("locale_money", .text(state.locale.money)),
                    Record.Field("locale_messages", .text(messages)),
                ]),
            Fact(
                localized("status.recent"), state.recent.isEmpty ? localized("status.none") : state.recent.map(\.rawValue).joined(separator: " "),
                fields: [Record.Field("recent", .text(state.recent.map(\.rawValue).joined(separator: " ")))]),
            Fact(
                localized("status.fee"), state.fee.map(engine.converter.percentText) ?? localized("status.none"),
                fields: [Record.Field("fee_percent", .decimal(FeeCommand.percentText(state.fee)))]),
        ]
        facts += host.files
        line.reply.lines.append(.table(Fact.table(facts)))
        line.reply.lines.append(.note(localized("status.disclaimer")))
        line.reply.records.append(Fact.record("status", facts))
    }

    /// What the history covers: the bundled range, the fetched ECB days, the cached snapshots.
    /// `ecb, bundled history`, `currency-api, the bundled seed table`, `exchangerate-api`.
    private static func describe(_ table: RateTable, _ localized: Localization) -> String {
        if table.source.isBundledSeed { return localized("status.seedTable", table.source.id) }
        if table.source.isBundledHistory { return localized("table.history", table.source.id) }
        return table.source.id
    }

    private static func historyFacts(_ store: RateStore, _ localized: Localization) -> [Fact] {
        let bundled = store.history
        var facts = [
            Fact(
                localized("status.history.bundled"),
                localized("status.history.range", bundled.firstDay.iso, bundled.lastDay.iso, String(bundled.codes.count + 1)),
                fields: [
                    Record.Field("history_first", .text(bundled.firstDay.iso)), Record.Field("history_last", .text(bundled.lastDay.iso)),
                    Record.Field("history_currencies", .integer(bundled.codes.count + 1)),
                ])
        ]
        if let fetched = store.fetchedCoverage {
            facts.append(
                Fact(
                    localized("status.history.fetched"), localized("status.history.fetchedRange", fetched.first.iso, fetched.last.iso),
                    fields: [Record.Field("fetched_first", .text(fetched.first.iso)), Record.Field("fetched_last", .text(fetched.last.iso))]))
        }
        let snapshots = store.snapshotDays
        facts.append(
            Fact(
                localized("status.history.snapshots"),
                snapshots.isEmpty
                    ? localized("status.history.snapshotsNone", RateStore.snapshotsSince.iso)
                    : localized(
                        snapshots.count == 1 ? "status.history.snapshotsHeldOne" : "status.history.snapshotsHeld", String(snapshots.count),
                        RateStore.snapshotsSince.iso),
                fields: [Record.Field("snapshots", .integer(snapshots.count))]))
        return facts
    }
}
