import CambioTestSupport
import Foundation
import Testing

/// Results while typing, and completion, seen on a real terminal screen.
@Suite(.serialized) struct PreviewTests {
    func start(_ home: TemporaryDirectory, _ extra: [String: String] = [:], columns: Int = 80) throws -> TmuxScreen {
        let environment = home.environment(["TERM": "xterm-256color", "CAMBIO_OFFLINE": "1"].merging(extra) { _, new in new })
        let screen = try TmuxScreen(environment: environment, columns: columns)
        #expect(screen.waitUntil { $0.contains("›") }, "no prompt: \(screen.screen)")
        usleep(100_000)
        return screen
    }

    /// Enter: the result below the line, once, and the accepted line as `line` shows it,
    /// without the preview that stood beside it.
    func accept(_ screen: TmuxScreen, result: String, line: String) {
        screen.press("Enter")
        #expect(screen.waitUntil { $0.contains(result) }, "\(screen.screen)")
        let lines = screen.screen.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("EUR › " + line) && !$0.contains("= $") }, "\(screen.screen)")
    }

    @Test func theResultAppearsWhileTypingUpdatesAndGoesAway() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home)
        screen.type("12.5 eur in us")
        usleep(300_000)
        #expect(!screen.promptLine().contains("= $"), "an incomplete line showed a result: \(screen.screen)")
        screen.type("d")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= $13.965") }, "\(screen.screen)")
        screen.press("BSpace")
        #expect(screen.waitUntil { _ in !screen.promptLine().contains("= $") }, "\(screen.screen)")
        screen.type("d")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= $13.965") })
        screen.press("C-a", "Right", "Right")
        screen.type("0")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= $134.623") }, "\(screen.screen)")
        accept(screen, result: "€120.500 = $134.623", line: "120.5 eur in usd")
        screen.press("C-d")
    }

    /// A control character typed with Ctrl-V is drawn by libedit as two cells (`^A`); the
    /// preview beside the line was erased from where a count of none put the line's end, and
    /// took the end of the accepted line with it (`… # abc^A` for `… # abc^AXYZW`).
    @Test func theAcceptedLineKeepsItsEndAfterAControlCharacter() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home)
        screen.type("12 eur in usd # abc")
        screen.press("C-v", "C-a", "C-v", "C-b")
        screen.type("XYZW")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= $13.406") }, "\(screen.screen)")
        accept(screen, result: "€12.000 = $13.406", line: "12 eur in usd # abc^A^BXYZW")
        screen.press("C-d")
    }

    /// Home and End as tmux, screen and the Linux console send them (`ESC [1~`, `ESC [4~`) move
    /// the cursor; the page keys and Insert do nothing. libedit knew only xterm's, and put a
    /// `~` into the line.
    @Test func homeAndEndAsTmuxSendsThemMoveTheCursor() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home)
        screen.type("9 eur in usd")
        screen.type("\u{1B}[1~")
        screen.type("1")
        screen.type("\u{1B}[5~\u{1B}[2~\u{1B}[4~")
        screen.type(" ")
        screen.press("Enter")
        #expect(screen.waitUntil { $0.contains("€19.000 = $21.227") }, "\(screen.screen)")
        #expect(!screen.screen.contains("~"), "\(screen.screen)")
        screen.press("C-d")
    }

    @Test func aCalculationShowsItsResultWhileTyping() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home, ["LANG": "de_DE.UTF-8"])
        screen.type("3 × 12,5 eur")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= 37,500\u{00A0}€") }, "\(screen.screen)")
        screen.type(" *")
        #expect(screen.waitUntil { _ in !screen.promptLine().contains("= 37") }, "an incomplete calculation kept a result: \(screen.screen)")
        screen.type(" 2")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= 75,000\u{00A0}€") }, "\(screen.screen)")
        screen.press("Enter")
        #expect(screen.waitUntil { $0.contains("3 × 12,500\u{00A0}€ × 2 = 75,000\u{00A0}€") }, "\(screen.screen)")
        screen.type("ans + 15 %")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= 86,250\u{00A0}€") }, "\(screen.screen)")
        screen.press("C-c")
        screen.press("C-d")
    }

    @Test func historyRecallAndCompletionShowTheResultToo() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home, ["LANG": "de_DE.UTF-8"])
        screen.type("5 € in jap")
        screen.press("Tab")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= 878,400\u{00A0}¥") }, "\(screen.screen)")
        screen.press("Enter")
        #expect(screen.waitUntil { $0.contains("5,000\u{00A0}€ = 878,400\u{00A0}¥") })
        screen.press("Up")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= 878,400\u{00A0}¥") }, "\(screen.screen)")
        screen.press("C-c")
        screen.press("C-d")
    }

    @Test func aNarrowTerminalDropsAPreviewThatDoesNotFit() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home, columns: 40)
        screen.type("1234567.89 eur in jpy")
        usleep(400_000)
        #expect(!screen.screen.contains("= ¥"), "\(screen.screen)")
        screen.press("C-u")
        screen.type("5 eur in usd")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= $5.586") }, "\(screen.screen)")
        screen.resize(columns: 70)
        screen.type(" ")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= $5.586") && screen.promptLine().count > 60 }, "\(screen.screen)")
        #expect(screen.screen.components(separatedBy: "EUR › ").count == 2, "the line was drawn twice: \(screen.screen)")
        screen.press("C-d")
    }

    @Test func plainAndNoColorShowNoPreview() throws {
        for extra in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
            let home = try TemporaryDirectory()
            let screen = try start(home, extra)
            screen.type("5 eur in usd")
            usleep(400_000)
            #expect(!screen.promptLine().contains("= $"), "\(extra): \(screen.screen)")
            screen.press("C-d")
        }
        let home = try TemporaryDirectory()
        let plain = try TmuxScreen(environment: home.environment(["TERM": "xterm-256color"]), arguments: ["--plain"])
        #expect(plain.waitUntil { $0.contains("EUR ›") })
        plain.type("5 eur in usd")
        usleep(400_000)
        #expect(!plain.promptLine().contains("= $"))
    }

    @Test func previewOffIsRemembered() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home)
        screen.type("preview off")
        screen.press("Enter")
        #expect(screen.waitUntil { $0.contains("live results while typing: off") }, "\(screen.screen)")
        screen.press("C-d")
        #expect(home.read("config/cambio/config")?.contains("preview = off") == true)
        let again = try start(home)
        again.type("5 eur in usd")
        usleep(400_000)
        #expect(!again.promptLine().contains("= $"))
    }

    @Test func tabFindsNamesInTurkishAndListsThemInAlignedColumns() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home, ["LANG": "tr_TR.UTF-8"])
        screen.type("türk lir")
        screen.press("Tab")
        #expect(screen.waitUntil { _ in screen.promptLine().contains("TRY") }, "\(screen.screen)")
        screen.press("C-u")
        screen.type("peso")
        screen.press("Tab", "Tab")
        #expect(screen.waitUntil { $0.contains("Meksika pesosu") && $0.contains("Arjantin pesosu") }, "\(screen.screen)")
        // Every row of the list is at most 80 columns and the names start in the same column.
        let rows = screen.screen.split(separator: "\n").filter { $0.contains("pesosu") }.map(String.init)
        #expect(rows.count >= 3)
        #expect(rows.allSatisfy { $0.count <= 80 })
        // Two columns a row; the second column's codes start at the same place in every row.
        let secondColumn = rows.compactMap { row -> Int? in
            let characters = Array(row)
            return characters.indices.dropFirst(5).first { index in
                index + 3 <= characters.count && characters[index - 1] == " " && characters[index..<index + 3].allSatisfy(\.isUppercase)
            }
        }
        #expect(Set(secondColumn).count == 1, "\(rows)")
        screen.press("C-c")
        screen.press("C-d")
    }

    // The live result's dim attribute never leaks into what follows it.
    @Test func resultsAndTypedTextAreNeverDrawnFaint() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home)
        screen.type("12 eur in gbp")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= £10.006") }, "\(screen.screen)")
        screen.press("C-a", "Right", "Right")
        screen.type("0")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= £100.056") }, "\(screen.screen)")
        screen.press("Enter")
        #expect(screen.waitUntil { $0.contains("€120.000 = £100.056") }, "\(screen.screen)")
        let styled = screen.styledScreen
        let resultLine = styled.split(separator: "\n").first { $0.contains("€120.000 = £100.056") }.map(String.init) ?? ""
        let faint = ["\u{1B}[2m", "\u{1B}[1;2m", ";2m"]
        let resultStart = resultLine.range(of: "€120.000").map { String(resultLine[..<$0.lowerBound]) } ?? resultLine
        #expect(!faint.contains { resultStart.contains($0) }, "the result is drawn faint: \(resultLine.debugDescription)")
        let typedLine = styled.split(separator: "\n").first { $0.contains("120 eur in gbp") }.map(String.init) ?? ""
        #expect(!faint.contains { typedLine.contains($0) }, "typed text is drawn faint: \(typedLine.debugDescription)")
        screen.press("C-d")
    }

    @Test func controlCTakesTheLiveResultAwayWithTheLine() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home)
        screen.type("12 eur in usd")
        #expect(screen.waitUntil { _ in screen.promptLine().hasSuffix("= $13.406") }, "\(screen.screen)")
        screen.press("C-c")
        #expect(screen.waitUntil { $0.components(separatedBy: "EUR ›").count == 3 }, "\(screen.screen)")
        #expect(!screen.screen.contains("= $13.406"), "the cancelled line kept its result: \(screen.screen)")
        screen.press("C-d")
    }

    /// Found by users: "after a window resize the banner disappears". Cambio erases from the
    /// edited line's first row only, so the banner stays through resizes, with and without a
    /// line typed (tmux re-flows what it wrapped, as most terminals do).
    @Test func theBannerStaysThroughResizes() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home, columns: 100)
        let banner = ["cambio 0.1.0", "rates held:", "bundled seed", "“help”"]
        #expect(banner.allSatisfy(screen.screen.contains), "\(screen.screen)")
        for width in [60, 100, 40, 100] {
            screen.resize(columns: width)
            usleep(300_000)
        }
        screen.type("12 eur in usd, gbp, chf, jpy, try, inr, brl, mxn")
        for width in [50, 120, 70, 100] {
            screen.resize(columns: width)
            usleep(300_000)
        }
        screen.type(" ")
        usleep(300_000)
        #expect(banner.allSatisfy(screen.screen.contains), "the banner was erased: \(screen.screen)")
        #expect(screen.screen.components(separatedBy: "12 eur in usd").count == 2, "the line was drawn twice: \(screen.screen)")
        screen.press("C-c")
        screen.press("C-d")
    }

    @Test(arguments: [(80, 40), (50, 100), (100, 50)])
    func aWrappedLineIsDrawnOnceAfterAResizeAndEarlierOutputStays(_ from: Int, _ to: Int) throws {
        let home = try TemporaryDirectory()
        let screen = try start(home, columns: from)
        screen.type("12 eur in usd")
        screen.press("Enter")
        #expect(screen.waitUntil { $0.contains("€12.000 = $13.406") }, "\(screen.screen)")
        screen.type("1234567.891 japanese yen in swiss franc, usd, gbp, chf and cad")
        usleep(300_000)
        screen.resize(columns: to)
        usleep(300_000)
        screen.type(" ")
        usleep(300_000)
        let text = screen.screen
        #expect(text.components(separatedBy: "japanese").count == 2, "\(from)→\(to): drawn twice: \(text)")
        #expect(text.contains("€12.000 = $13.406"), "\(from)→\(to): earlier output erased: \(text)")
        screen.press("C-c")
        screen.press("C-d")
    }

    /// Found by users: "narrowed to 40 columns, then widened to 100, the typed line was on the
    /// screen twice". libedit ends a row that ends in a blank with a newline of its own (here
    /// `swiss ` at 40 columns, `jpy ` at 33), and tmux re-flows only the rows it wrapped itself:
    /// the next resize kept the line's first row apart, above the line drawn again. A line that
    /// ends at the right margin (60 cells at 30 and 60 columns) cost the row above it instead.
    /// Resized several ways, with the cursor at the end and inside the line, and with the
    /// result beside it, the line is on the screen once and every line above it stays whole.
    @Test(arguments: [
        ("1234567.891 japanese yen in swiss franc", [100, 40, 100], 0),
        ("1234567.891 japanese yen in swiss franc", [100, 40, 100, 40, 120, 45, 100], 3),
        ("100 eur in usd gbp chf jpy try pln czk sek nok dkk huf", [100, 30, 60, 120, 100, 30], 0),
        ("100 eur in usd gbp chf jpy try pln czk sek nok dkk huf", [100, 33, 100, 30, 100], 25),
        ("100 eur in usd gbp chf jpy try pln czk sek nok dkk huf", [40, 100, 33, 120, 60, 30, 100], 0),
        ("12,345.67 eur in usd, gbp, chf, jpy, try, pln, czk, sek, nok, dkk", [100, 40, 100], 0),
    ])
    func aLineResizedSeveralWaysIsDrawnOnce(_ line: String, _ widths: [Int], _ left: Int) throws {
        let home = try TemporaryDirectory()
        let screen = try start(home, columns: widths[0])
        screen.type("12 eur in usd")
        screen.press("Enter")
        #expect(screen.waitUntil { $0.contains("€12.000 = $13.406") }, "\(screen.screen)")
        // Every line above the prompt (the banner, the line entered and its result).
        let above = screen.joinedLines().filter { !$0.hasPrefix("EUR ›") || $0.contains("12 eur in usd") }
        screen.type(line)
        for _ in 0..<left { screen.press("Left") }
        usleep(300_000)
        let copy = "EUR › " + line.prefix(13)
        for width in widths.dropFirst() {
            screen.resize(columns: width)
            usleep(400_000)
            let lines = screen.joinedLines()
            let copies = lines.filter { $0.hasPrefix(copy) }
            #expect(copies.count == 1, "\(widths) at \(width): the line \(copies.count) times: \(lines.joined(separator: "\n"))")
            #expect(copies.first?.contains(line) == true, "\(widths) at \(width): \(lines.joined(separator: "\n"))")
            let missing = above.filter { !lines.contains($0) }
            #expect(missing.isEmpty, "\(widths) at \(width): erased \(missing): \(lines.joined(separator: "\n"))")
        }
        // The line is still the one being edited, at the cursor where it was.
        screen.type("X")
        #expect(screen.waitUntil { _ in screen.joinedLines().contains { $0.hasPrefix(copy) && $0.contains(String(line.dropLast(left)) + "X") } }, "\(screen.screen)")
        screen.press("C-c")
        screen.press("C-d")
    }

    /// The same with a line libedit drew anew at 40 columns (recalled with ↑): its first row
    /// ended with libedit's newline, and widening left it as a copy. Accepted and recalled, it
    /// is on the screen twice: once above (keeping the rows it was accepted with), once edited.
    @Test func aRecalledLineIsDrawnOnceAfterAResize() throws {
        let home = try TemporaryDirectory()
        let screen = try start(home, columns: 40)
        let line = "1234567.891 japanese yen in swiss franc"
        screen.type(line)
        screen.press("Enter")
        #expect(screen.waitUntil { $0.contains("6,460.962") }, "\(screen.screen)")
        screen.press("Up")
        usleep(300_000)
        for width in [100, 40, 100] {
            screen.resize(columns: width)
            usleep(400_000)
            let lines = screen.joinedLines()
            let copies = lines.filter { $0.hasPrefix("EUR › 1234567.891") }
            #expect(copies.count == 2, "at \(width): \(lines.joined(separator: "\n"))")
            #expect(copies.last?.contains(line) == true, "at \(width): \(lines.joined(separator: "\n"))")
        }
        screen.press("C-c")
        screen.press("C-d")
    }
}
