import CambioCore
import CambioRates
import Foundation

/// The one-line messages about rates: updated, failed, cancelled, and `source`.
enum RateReport {
    static func providerName(_ table: RateTable) -> String {
        Provider(rawValue: table.source.id)?.displayName ?? table.source.id
    }

    /// `rates updated: ExchangeRate-API, 2026-11-30 00:02 UTC`
    static func updated(_ table: RateTable, _ localized: Localization) -> String {
        localized("rates.updated", providerName(table), table.updated ?? table.date)
    }

    /// The newest table still used, for failure messages.
    static func stillUsing(_ table: RateTable?, engine: Engine) -> String {
        guard let table else { return engine.localized("rates.stillNone") }
        return engine.localized("rates.stillUsing", engine.tableNote(table, now: Date()))
    }

    /// What a refresh that gave no table says.
    static func failed(_ result: RefreshResult, current: RateTable?, engine: Engine) -> String {
        let localized = engine.localized
        if result.cancelled { return localized("rates.cancelled", stillUsing(current, engine: engine)) }
        let failure = result.mainFailure?.message(localized) ?? localized("rates.noProvider")
        let others = result.failures.filter { $0.error != .cancelled }.count - 1
        let more = others > 0 ? localized("rates.othersFailed", String(others)) : ""
        return localized("rates.failed", failure, more, stillUsing(current, engine: engine))
    }

    /// The providers joined as “currency-api, then ECB”.
    static func order(_ providers: [Provider], _ localized: Localization) -> String {
        providers.map(\.displayName).joined(separator: localized("status.then") + " ")
    }

    /// `source` without a name: the providers, the one in use marked.
    static func sources(chosen: Provider?, pinned: String? = nil, _ localized: Localization) -> [Reply.Line] {
        let bankPinned = pinned.flatMap(Banks.named) != nil
        let chosen = bankPinned ? nil : chosen
        var rows: [[ReplyTable.Cell]] = Provider.allCases.map { provider in
            let attribution = provider == .ecb ? localized("attribution.ecb") : provider.attribution
            return [.init(chosen == provider ? "*" : " ", .code), .init(provider.rawValue, .code), .init(attribution, .name)]
        }
        let auto = chosen == nil ? localized("source.defaultOrder", order(Provider.defaultOrder, localized)) : localized("source.auto")
        rows.append([.init(chosen == nil && !bankPinned ? "*" : " ", .code), .init("auto", .code), .init(auto, .name)])
        // The central banks, whose tables answer a line of their day (`from nbp`, `source nbp`).
        for bank in Banks.all {
            rows.append([.init(pinned == bank.id ? "*" : " ", .code), .init(bank.id, .code), .init(bank.attribution, .name)])
        }
        return [.table(ReplyTable(rows, gap: 1))]
    }
}
