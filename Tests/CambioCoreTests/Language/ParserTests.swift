import Testing

@testable import CambioCore

@Suite struct ParserTests {
    func parse(_ line: String) -> Command? { try? parseLine(line).get() }

    func error(_ line: String) -> CommandError? {
        if case .failure(let error) = parseLine(line) { return error }
        return nil
    }

    func ref(_ text: String, _ range: Range<Int>) -> CurrencyReference { CurrencyReference(text: text, range: range) }

    @Test func convertsIntoOneOrSeveralCurrenciesWithAnyConnector() {
        let expected = Command.convert(
            amount: AmountReference(text: "12,50", range: 0..<5, symbol: nil), from: ref("eur", 6..<9), to: [ref("usd", 13..<16)])
        #expect(parse("12,50 eur in usd") == expected)
        #expect(
            parse("12,50 EUR IN USD")
                == .convert(
                    amount: AmountReference(text: "12,50", range: 0..<5, symbol: nil), from: ref("EUR", 6..<9), to: [ref("USD", 13..<16)]))
        for connector in ["to", "->", "=="].prefix(2) {
            guard case .convert(_, _, let to) = parse("12,50 eur \(connector) usd") else {
                Issue.record("\(connector) not parsed")
                continue
            }
            #expect(to.map(\.text) == ["usd"])
        }
        guard case .convert(_, _, let targets) = parse("1 eur into usd, gbp,chf") else { return #expect(Bool(false)) }
        #expect(targets.map(\.text) == ["usd", "gbp", "chf"])
        guard case .convert(_, _, let spaced) = parse("1 eur = usd gbp chf") else { return #expect(Bool(false)) }
        #expect(spaced.map(\.text) == ["usd", "gbp", "chf"])
        #expect(spaced.map(\.range) == [8..<11, 12..<15, 16..<19])
        guard case .convert(_, _, let arrow) = parse("1 eur→usd") else { return #expect(Bool(false)) }
        #expect(arrow.map(\.text) == ["usd"])
    }

    @Test func multiWordNamesAreOnePhrase() {
        guard case .convert(_, let from, let to) = parse("100 japanese yen in türk lirası") else { return #expect(Bool(false)) }
        #expect(from == ref("japanese yen", 4..<16))
        #expect(to == [ref("türk lirası", 20..<31)])
    }

    @Test func amountAloneAmountWithCurrencyAndRateQueries() {
        #expect(parse("1500") == .convert(amount: AmountReference(text: "1500", range: 0..<4, symbol: nil), from: nil, to: []))
        #expect(parse("12 eur") == .convert(amount: AmountReference(text: "12", range: 0..<2, symbol: nil), from: ref("eur", 3..<6), to: []))
        #expect(parse("eur in usd") == .convert(amount: nil, from: ref("eur", 0..<3), to: [ref("usd", 7..<10)]))
        #expect(parse("eur") == .convert(amount: nil, from: ref("eur", 0..<3), to: []))
        #expect(parse("12 in usd") == .convert(amount: AmountReference(text: "12", range: 0..<2, symbol: nil), from: nil, to: [ref("usd", 6..<9)]))
    }

    @Test func aSymbolBeforeOrAfterTheAmountNamesItsCurrency() {
        #expect(
            parse("€12,50")
                == .convert(
                    amount: AmountReference(text: "12,50", range: 1..<6, symbol: ref("€", 0..<1)), from: ref("€", 0..<1), to: []))
        #expect(
            parse("12,50€ in usd")
                == .convert(
                    amount: AmountReference(text: "12,50", range: 0..<5, symbol: ref("€", 5..<6)), from: ref("€", 5..<6), to: [ref("usd", 10..<13)]))
        guard case .convert(let amount, _, _) = parse("US$5") else { return #expect(Bool(false)) }
        #expect(amount?.symbol?.text == "US$")
        guard case .convert(let negative, _, _) = parse("-12.5 eur") else { return #expect(Bool(false)) }
        #expect(negative?.text == "-12.5")
    }

    /// Found by the `command` fuzz target: form feeds before a command's argument were counted
    /// in its position but left in its text, so an error inside it pointed past the line's end.
    @Test func aCommandsArgumentKeepsItsPositionWhateverSpacesComeFirst() throws {
        for spaces in [" ", "\u{0C}\u{0C}\u{0C} ", " \t\u{0B} "] {
            let line = "prices\(spaces)eur usd 2024 x\u{0C}"
            guard case .run(let invocation) = try #require(parse(line)), case .text(let text, let range) = invocation.argument else {
                Issue.record("not a command with text: \(line.debugDescription)")
                continue
            }
            #expect(text == "eur usd 2024 x", "\(line.debugDescription)")
            #expect(Array(line)[range.clamped(to: 0..<line.count)].map(String.init).joined() == text, "\(line.debugDescription)")
        }
    }

    @Test func commands() {
        #expect(parse("") == .empty)
        #expect(parse("   ") == .empty)
        func run(_ word: String, _ argument: CommandArgument = .none) -> Command { .run(CommandInvocation(word, argument)) }
        #expect(parse("base") == run("base"))
        #expect(parse("BASE jpy") == run("base", .currencies([ref("jpy", 5..<8)])))
        #expect(parse("swap") == run("swap"))
        #expect(parse("recent") == run("recent"))
        #expect(parse("recent clear") == run("recent", .keyword("clear")))
        #expect(parse("list") == run("list"))
        #expect(parse("list peso") == run("list", .text("peso", range: 5..<9)))
        #expect(parse("rates") == run("rates"))
        #expect(parse("rates usd gbp") == run("rates", .currencies([ref("usd", 6..<9), ref("gbp", 10..<13)])))
        #expect(parse("locale") == run("locale"))
        #expect(parse("locale de_DE") == run("locale", .text("de_DE", range: 7..<12)))
        #expect(parse("status") == run("status"))
        #expect(parse("help") == run("help"))
        #expect(parse("help Base") == run("help", .text("base", range: 5..<9)))
        #expect(parse("quit") == run("quit"))
        #expect(parse("exit") == run("quit"))
        // Keywords in every interface language, whatever the interface speaks.
        #expect(parse("fee aus") == run("fee", .keyword("off")))
        #expect(parse("fee kapalı") == run("fee", .keyword("off")))
        #expect(parse("fee none") == run("fee", .keyword("off")))
        #expect(parse("locale reset") == run("locale", .keyword("default")))
        #expect(parse("recent leeren") == run("recent", .keyword("clear")))
        #expect(parse("preview an") == run("preview", .keyword("on")))
        #expect(parse("source auto") == run("source", .keyword("auto")))
    }

    @Test func errorsSayWhatWasExpectedAndWhere() {
        #expect(error("12 eur in") == CommandError(.expected(.currency, found: nil), at: 9..<10))
        #expect(error("12 eur in usd 5") == CommandError(.expected(.endOfLine, found: "5"), at: 14..<15))
        #expect(error("12 eur 5") == CommandError(.expected(.connectorOrEnd, found: "5"), at: 7..<8))
        #expect(error(", usd") == CommandError(.expected(.amountOrCurrency, found: ","), at: 0..<1))
        #expect(error("12#eur") == CommandError(.unexpectedCharacter("#"), at: 2..<3))
        // `#` after a space starts a comment.
        #expect(error("12 eur in usd # lunch") == nil)
        #expect(error("swap now") == CommandError(.expected(.endOfLine, found: "now"), at: 5..<8))
        #expect(error("recent all") == CommandError(.unexpectedArgument(command: "recent", allowed: ["clear"], found: "all"), at: 7..<10))
        #expect(error("12 eur\u{7}") == CommandError(.unexpectedCharacter("\u{7}"), at: 6..<7))
    }

    /// `avg 2024-03` said "unknown currency “avg” — did you mean AWG…": a date or a period
    /// with nothing before it says what it follows.
    @Test(arguments: [
        ("avg 2024-03", true), ("average 2024", true), ("Durchschnitt 2024-03", true), ("ortalama 2024", true), ("mean 2024-01-01..2024-06-30", true),
        ("on 2024-03-05", false), ("am 15.03.2020", false), ("ON 2024-03-05", false),
    ])
    func aDateOrPeriodFirstSaysWhatItFollows(_ line: String, _ averaged: Bool) {
        let expected = CommandError(averaged ? .average(.notAllowed) : .date(.notAllowed), at: 0..<(line.split(separator: " ").first?.count ?? 0))
        #expect(error(line) == expected, "\(line)")
        // After a conversion, the same words read.
        #expect(parse("12 eur in usd \(line)") != nil, "\(line)")
    }

    @Test func hugeAndStrangeInputNeverCrashes() {
        let long = String(repeating: "12 eur in usd, ", count: 7000)
        _ = parseLine(long)
        _ = parseLine(String(repeating: "9", count: 100_000))
        _ = parseLine("\u{FFFD}\u{0}\u{1B}[31m€€€,,,->->")
        _ = parseLine(String(repeating: "é", count: 50_000))
    }
}

extension ParserTests: LineChecks {

    /// Every command word typed in Turkish capitals (`LİST`, where `I` is `İ`) or in plain
    /// capitals is the command, with its argument; a near miss names the word as typed.
    @Test(.tags(.misread)) func commandWordsInTurkishCapitalsAreTheCommands() {
        for word in CommandTable.grammar.words {
            let turkish = String(word.uppercased().map { $0 == "I" ? "İ" : $0 })
            for typed in [word.uppercased(), turkish] {
                for line in [typed, "\(typed) usd", "help \(typed)"] {
                    let lower = line.replacingOccurrences(of: typed, with: word)
                    #expect(parseLine(line) == parseLine(lower), "\(line)")
                }
            }
        }
        let outcome = run("SİWAP", "tr_TR")
        #expect(error(outcome)?.kind == .unknownCommand("SİWAP", suggestion: "swap"), "\(outcome.reply.lines)")
        #expect(error(outcome)?.range == 0..<5)
    }

    @Test(.tags(.misread), arguments: ["12 eur in usd on", "eur in usd on", "rates on"])
    func onWithoutADateSaysOneIsMissing(_ line: String) {
        guard case .date(.reading(.missing, _, _))? = error(run(line))?.kind else {
            return #expect(Bool(false), "\(line): \(run(line).reply.lines)")
        }
    }

    @Test(.tags(.misread)) func anExponentIsAnErrorThatSaysWhatToWrite() {
        #expect(error(run("1e3 eur in usd"))?.kind == .exponent("1e3", expanded: "1000"))
        #expect(error(run("2.5E-2 eur"))?.kind == .exponent("2.5E-2", expanded: "0.025"))
        #expect(error(run("1e3 eur"))?.range == 0..<3)
    }
}
