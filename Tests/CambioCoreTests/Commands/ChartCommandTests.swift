import Foundation
import Testing

@testable import CambioCore

/// `chart`: a known series drawn at a known width, as a golden text.
@Suite struct ChartCommandTests: HistoryChecks {

    @Test func theChartDrawsAKnownSeriesAt60Columns() throws {
        let engine = Engine.configured(LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US"), table, chartColumns: 60)
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        let reply = engine.evaluate("chart eur usd 2020-01-01..2020-06-30", state: &state, now: now).reply
        let text = reply.lines.compactMap { line -> String? in
            switch line {
            case .chart(let text), .heading(let text): text
            case .result(let text, _): text.string
            default: nil
            }
        }.joined(separator: "\n")
        #expect(text == Self.golden, "\n\(text)")
        #expect(reply.lines.allSatisfy { line in if case .chart(let row) = line { DisplayWidth.of(row) <= 60 } else { true } })
    }

    static let golden = """
        €1 → USD · 2020-01-01..2020-06-30 · 1/2/2020 … 6/30/2020 · 126 days
        1.1456 ┤⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⡰⡇⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⡀⠀⠀⠀⠀⠀
                │⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⢠⠃⢱⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⡔⢼⠣⣠⠀⢠⡀⡀
                │⡀⡀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⢸⠀⢸⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⡇⠀⠀⠈⠦⠼⡿⢇
                │⠙⠸⣄⠴⠧⣠⡀⠀⠀⠀⠀⠀⠀⠀⠀⠀⢀⠼⠀⠸⡔⡇⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⡔⠺⠀⠀⠀⠀⠀⠀⠀⠀
        1.1082 ┤⠀⠀⠀⠀⠀⠀⠓⢄⠖⠱⡀⠀⠀⠀⠀⠀⡜⠀⠀⠀⠀⡇⠀⠀⣴⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⢀⠀⡇⠀⠀⠀⠀⠀⠀⠀⠀⠀
                │⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠉⣦⠀⠀⠀⢸⠁⠀⠀⠀⠀⢣⠀⢸⠉⢢⠀⢀⠔⡇⠀⠀⠀⢀⢴⠀⠀⠀⢰⢻⣸⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀
                │⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠓⢄⣀⠎⠀⠀⠀⠀⠀⢸⢠⠺⠀⢸⢰⠉⠀⠘⠒⣇⠔⠋⠈⣶⠢⢇⡸⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀
        1.0707 ┤⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠈⠀⠀⠀⠀⠀⠀⠀⠸⡎⠀⠀⠀⠉⠀⠀⠀⠀⠈⠀⠀⠀⠈⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀
                └───────────────────────────────────────────────────
                 1/2/2020                                  6/30/2020
        first 1.1193 · last 1.1198 · low 1.0707 (3/20/2020) · high 1.1456 (3/9/2020) · change +0.04 %
        """
}
