import CambioCore
import CambioRates
import Foundation
import Glibc

/// The list a second TAB shows: code, symbol and name in columns that fit the terminal.
enum CandidateList {
    static func render(_ candidates: [Completer.Candidate], columns: Int, output: TerminalOutput, _ localized: Localization) -> String {
        let shown = candidates.prefix(60)
        let symbolWidth = shown.map { $0.code?.rawValue == $0.symbol ? 0 : DisplayWidth.of($0.symbol) }.max() ?? 0
        let cells = shown.map { candidate -> String in
            guard let code = candidate.code else { return candidate.insert.trimmingSpaces() }
            let symbol = candidate.symbol == code.rawValue ? "" : candidate.symbol
            return "\(code)  " + DisplayWidth.padRight(symbol, to: symbolWidth) + "  \(candidate.name)"
        }
        let width = min((cells.map { DisplayWidth.of($0) }.max() ?? 0) + 3, max(columns, 20))
        let perRow = max(1, columns / width)
        var rendered = ""
        for (index, cell) in cells.enumerated() {
            var shownCell = cell
            if DisplayWidth.of(shownCell) > columns - 1 { shownCell = String(shownCell.prefix(columns - 2)) + "…" }
            let last = index % perRow == perRow - 1 || index == cells.count - 1
            rendered += last ? shownCell + "\n" : DisplayWidth.padRight(shownCell, to: width)
        }
        if candidates.count > shown.count {
            let more = localized("candidates.more", String(candidates.count - shown.count))
            rendered += output.styled(more, .detail) + "\n"
        }
        return rendered
    }
}
