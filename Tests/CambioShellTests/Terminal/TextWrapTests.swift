import CambioCore
import Testing

@testable import CambioShell

/// Long lines are broken at spaces to the terminal's width: no line gets wider than the
/// terminal unless one word is, no word is lost, cut or reordered, and continuations start
/// under the text they continue.
@Suite struct TextWrapTests {
    static let words = [
        "12,50", "eur", "in", "usd", "Basiswährung", "zeigen", "oder", "setzen", "円", "₹1,23,456.50", "ﷺ", "a", "Kartenherausgeber", "unbekannte",
    ]

    /// A deterministic stream of lines: plain, indented and labelled.
    static func lines(count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in
            let body = (0..<(1 + next(30))).map { _ in words[next(words.count)] }.joined(separator: " ")
            switch next(3) {
            case 0: return body
            case 1: return String(repeating: " ", count: next(5)) + body
            default: return "  " + words[next(words.count)] + String(repeating: " ", count: 2 + next(20)) + body
            }
        }
    }

    @Test(arguments: [20, 33, 44, 50, 80, 132])
    func everyLineFitsAndEveryWordStays(_ width: Int) {
        for line in Self.lines(count: 400) {
            let wrapped = TextWrap.wrap(line, width: width)
            let pieces = wrapped.split(separator: "\n", omittingEmptySubsequences: false)
            for piece in pieces where DisplayWidth.of(piece) > width {
                // Only a piece that is a single word (after its indentation) may overflow.
                #expect(piece.split(separator: " ").count == 1, "\(width): \(piece)")
            }
            #expect(wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" }) == line.split(separator: " "), "\(width): \(line)")
            if DisplayWidth.of(line) <= width { #expect(wrapped == line) }
        }
    }

    /// Found trying `help` as a user: an indented example's description, wrapped, went on at
    /// the example's indentation; it goes on under itself.
    @Test func anExamplesDescriptionContinuesUnderItself() {
        let line = "  12,50 eur in usd average 2024-03  the mean of a month's published days; also 2024, 2024-01-01..2024-06-30"
        let wrapped = TextWrap.wrap(line, width: 80).split(separator: "\n").map(String.init)
        #expect(wrapped.count == 2, "\(wrapped)")
        #expect(wrapped.last?.prefix { $0 == " " }.count == 36, "\(wrapped)")
    }

    func table(_ rows: [(String, String)], indent: Int = 0) -> ReplyTable {
        ReplyTable(rows.map { [.init($0.0, .label), .init($0.1, .value)] }, indent: indent)
    }

    /// A table keeps one layout: when one row must stack, all do; when none must, none do.
    @Test(arguments: [30, 40, 60, 100])
    func aTableKeepsOneLayout(_ width: Int) {
        let rows = table([("rates", "currency-api, the bundled seed table of the sixth of July"), ("base", "EUR (Euro)"), ("recent", "none")])
        let fitted = TextWrap.table(rows, width: width)
        let stacked = fitted.contains("    EUR (Euro)")
        #expect(stacked == fitted.contains("    none"), "\(width): \(fitted)")
        #expect(stacked == fitted.contains("rates"), "\(width): \(fitted)")
        for line in fitted { #expect(DisplayWidth.of(line) <= width || line.split(separator: " ").count == 1, "\(width): \(line)") }
        // Every word stays, in order.
        #expect(fitted.joined(separator: " ").split(separator: " ") == rows.lines.joined(separator: " ").split(separator: " "))
    }

    /// A path that cannot fit beside its label puts the table in the stacked layout, where it
    /// has the width of the terminal.
    @Test func aPathTooLongForItsColumnStacksTheTable() {
        let rows = table([("Einstellungen", "/home/someone/.config/cambio/config"), ("Basis", "EUR (Euro)")])
        #expect(TextWrap.table(rows, width: 40) == ["Einstellungen", "    /home/someone/.config/cambio/config", "Basis", "    EUR (Euro)"])
        #expect(TextWrap.table(rows, width: 80) == ["Einstellungen  /home/someone/.config/cambio/config", "Basis          EUR (Euro)"])
    }

    @Test func aTableOfMoreThanTwoColumnsIsLeftWhole() {
        let rows = ReplyTable([[.init("USD", .code), .init("$", .symbol), .init("US-Dollar", .name), .init("2", .figure)]])
        #expect(TextWrap.table(rows, width: 20) == ["USD  $  US-Dollar  2"])
    }

    @Test func aContinuationStartsUnderTheSecondColumnOrUnderTheFirstWhenNarrow() {
        let rows = table([("base [CUR]", "Basiswährung zeigen oder setzen, und mehr dazu")], indent: 2)
        #expect(TextWrap.table(rows, width: 40) == ["  base [CUR]  Basiswährung zeigen oder", "              setzen, und mehr dazu"])
        #expect(TextWrap.table(rows, width: 30) == ["  base [CUR]", "      Basiswährung zeigen oder", "      setzen, und mehr dazu"])
        let error = "Fehler: unbekannte Währung „qqq“ — meinten Sie QAR (Katar-Riyal)?"
        #expect(
            TextWrap.wrap(error, width: 50, hangAfter: "Fehler: ") == "Fehler: unbekannte Währung „qqq“ — meinten Sie QAR\n        (Katar-Riyal)?")
    }

    /// In the shell, a caret goes under the typed text only when the line did not wrap on
    /// screen; otherwise the column is said.
    @Test(arguments: [(40, false), (120, true)])
    func aCaretIsDrawnOnlyUnderALineThatDidNotWrap(_ width: Int, _ caret: Bool) {
        var renderer = ReplyRenderer(forTerminal: true, output: TerminalOutput(color: false, out: { _ in nil }, err: { _ in }))
        renderer.width = width
        let input = "12 eur in usd " + String(repeating: "x", count: 50)
        let reply = Reply([.error(CommandError(.expected(.endOfLine, found: "x"), at: 14..<64), message: "expected the end")])
        let (_, err) = renderer.render(reply, input: input, caretIndent: 6)
        #expect(err.contains("^") == caret, "\(err)")
        #expect(err.contains("column 15: expected the end") == !caret, "\(err)")
    }
}
