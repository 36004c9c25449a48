import CambioCore
import CambioRates
import Foundation

/// The one-line messages about rates: updated, failed, cancelled, and `source`.
enum RateReport {
    static func providerName(_ table: RateTable) -> String {
        Provider(rawValue: table.source.id)?.displayName ?? table.source.id
    }

    /// `rates updated: ExchangeRate-API, 2026-11-30 00:02 UTC`
    static func updated(_ table: RateTable) -> String {
        "rates updated: \(providerName(table)), \(table.updated ?? table.date)"
    }

    /// The table still in use, for failure messages.
    static func stillUsing(_ table: RateTable, engine: Engine) -> String {
        "still using the \(engine.tableNote(table, now: Date()))"
    }

    /// What a refresh that gave no table says.
    static func failed(_ result: RefreshResult, current: RateTable, engine: Engine) -> String {
        if result.cancelled { return "refresh cancelled — \(stillUsing(current, engine: engine))" }
        let failure = result.mainFailure?.message ?? "no provider answered"
        let others = result.failures.filter { $0.error != .cancelled }.count - 1
        let more = others > 0 ? " (and \(others) other attempt\(others == 1 ? "" : "s") failed)" : ""
        return "refresh failed: \(failure)\(more) — \(stillUsing(current, engine: engine))"
    }

    /// `source` without a name: the providers, the one in use marked.
    static func sources(chosen: Provider?) -> [String] {
        var lines = Provider.allCases.map { provider in
            let mark = chosen == provider ? "*" : " "
            return "\(mark) \(DisplayWidth.padRight(provider.rawValue, to: 17)) \(provider.attribution)"
        }
        lines.append(chosen == nil ? "* auto              the default order: \(Provider.defaultOrder.map(\.rawValue).joined(separator: ", "))" : "  auto              the default order")
        return lines
    }
}
