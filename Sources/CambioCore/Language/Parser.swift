/// Parses one command line into a `Command`. Grammar (case-insensitive):
///
///     line       := command | conversion | ε
///     command    := "base" [currency] | "swap" | "recent" ["clear"] | "list" [text]
///                 | "rates" [currencies] | "refresh" | "source" [name] | "locale" [id]
///                 | "preview" ["on" | "off"] | "status"
///                 | "help" [word] | "quit" | "exit"
///     conversion := amount [currency] [connector currencies]
///                 | currency [connector currencies]
///     amount     := [symbol] NUMBER [symbol]
///     connector  := "in" | "to" | "into" | "->" | "→" | "="
///     currencies := currency ("," currency)*     (or codes separated by spaces)
///     currency   := symbol | word+
public struct Parser {
    private let line: String
    private let tokens: [Token]
    private var position = 0

    private init(line: String, tokens: [Token]) {
        self.line = line
        self.tokens = tokens
    }

    /// Commands whose argument is free text (`locale de_DE`, `list São`), not tokens.
    static let freeTextCommands = Set(CommandDeclaration.all.filter(\.takesFreeText).flatMap(\.words))

    public static func parse(_ line: String) -> Result<Command, CommandError> {
        let trimmed = line.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        let word = trimmed.prefix { !$0.isWhitespace }
        // Command words are letters: an amount or a symbol first is never folded.
        let commandWord = word.first?.isLetter == true && word.count <= 12 ? TextFolding.fold(word) : ""
        if freeTextCommands.contains(commandWord) {
            let start = line.count - trimmed.count
            var rest = trimmed.dropFirst(word.count)
            // A comment after the argument is not part of it.
            if let comment = rest.range(of: " #") { rest = rest[..<comment.lowerBound] }
            let argumentStart = start + word.count + rest.prefix { $0.isWhitespace }.count
            let argument = rest.trimmingCharacters(in: .whitespaces)
            let range = argument.isEmpty ? nil : argumentStart..<argumentStart + argument.count
            switch commandWord {
            case "locale": return .success(.locale(argument.isEmpty ? nil : argument, range: range))
            case "list": return .success(.list(filter: argument.isEmpty ? nil : argument))
            case "source": return .success(.source(argument.isEmpty ? nil : argument))
            default: return .success(.help(topic: argument.isEmpty ? nil : TextFolding.fold(argument)))
            }
        }
        switch Tokenizer.tokenize(line) {
        case .failure(let error):
            return .failure(error)
        case .success(let tokens):
            var parser = Parser(line: line, tokens: tokens)
            do {
                return .success(try parser.parseLine())
            } catch let error as CommandError {
                return .failure(error)
            } catch {
                return .failure(CommandError(.expected(.endOfLine, found: nil), at: nil))
            }
        }
    }

    private var current: Token? { position < tokens.count ? tokens[position] : nil }

    private func isConnector(_ token: Token) -> Bool {
        token.kind == .arrow || (token.kind == .word && Command.connectors.contains(token.folded))
    }

    /// Words that may open a conversion and add nothing (`convert 12 eur to usd`).
    static let openingWords: Set<String> = ["convert"]

    /// Words that join target currencies like a comma (`in usd and gbp`).
    public static let joiners: Set<String> = ["and", "und", "ve"]

    private mutating func parseLine() throws -> Command {
        if let first = current, first.kind == .word, Self.openingWords.contains(first.folded), tokens.count > 1 { position += 1 }
        guard let first = current else { return .empty }
        if first.kind == .word, Command.words.contains(first.folded) {
            position += 1
            return try parseCommand(first.folded, keyword: first)
        }
        return try parseConversion()
    }

    private mutating func parseCommand(_ word: String, keyword: Token) throws -> Command {
        switch word {
        case "base":
            let phrase = phrase()
            try expectEnd()
            return .base(phrase)
        case "swap":
            try expectEnd()
            return .swap
        case "status":
            try expectEnd()
            return .status
        case "refresh":
            try expectEnd()
            return .refresh
        case "preview":
            guard let token = current else { return .preview(nil) }
            guard token.kind == .word, ["on", "off"].contains(token.folded) else {
                throw CommandError(.unexpectedArgument(command: "preview", allowed: ["on", "off"], found: token.text), at: token.range)
            }
            position += 1
            try expectEnd()
            return .preview(token.folded == "on")
        case "quit", "exit":
            try expectEnd()
            return .quit
        case "recent":
            guard let token = current else { return .recent(clear: false) }
            guard token.kind == .word, token.folded == "clear" else {
                throw CommandError(.unexpectedArgument(command: "recent", allowed: ["clear"], found: token.text), at: token.range)
            }
            position += 1
            try expectEnd()
            return .recent(clear: true)
        case "rates":
            let targets = try currencyList()
            try expectEnd()
            return .rates(targets)
        default:
            throw CommandError(.unknownTopic(word), at: keyword.range)
        }
    }

    private mutating func parseConversion() throws -> Command {
        // Money is written with its currency before or after the amount, with or without a
        // space, the sign before the currency or before the digits: `€12,50`, `12,50 €`,
        // `CHF 1’234.50`, `-€12.50`, `€-12.50`, `F CFA 12`, `12 $ US`.
        let sign = current?.kind == .sign ? current : nil
        if sign != nil { position += 1 }
        let start = position
        var leading = currencyPart()
        if leading != nil, current?.kind != .number {
            position = start
            leading = nil
        }
        var amount: AmountReference?
        var from: CurrencyReference?
        if let number = current, number.kind == .number {
            position += 1
            let symbol = leading ?? currencyPart()
            var text = number.text
            var range = number.range
            if let sign {
                guard !text.hasPrefix("-"), !text.hasPrefix("−"), !text.hasPrefix("+") else {
                    throw CommandError(.expected(.amountOrCurrency, found: sign.text), at: sign.range)
                }
                // The sign stands one column before the digits as far as errors are concerned.
                text = (sign.text == "+" ? "+" : "-") + text
                range = range.lowerBound - 1..<range.upperBound
            }
            // `symbol` is the sign or letters written with the amount; words are the currency.
            let isSign = symbol.map { part in tokens.contains { $0.kind == .symbol && $0.range.lowerBound == part.range.lowerBound } } ?? false
            amount = AmountReference(text: text, range: range, symbol: isSign ? symbol : nil)
            from = symbol
        } else {
            if let sign { throw CommandError(.expected(.amountOrCurrency, found: sign.text), at: sign.range) }
            from = phrase()
        }
        if amount == nil, from == nil {
            throw CommandError(.expected(.amountOrCurrency, found: current?.text), at: current?.range)
        }
        var targets: [CurrencyReference] = []
        if let token = current, isConnector(token) {
            position += 1
            targets = try currencyList()
            if targets.isEmpty {
                throw CommandError(.expected(.currency, found: current?.text), at: current?.range ?? endRange)
            }
        }
        if let token = current {
            let expectation: CommandError.Expectation = targets.isEmpty ? .connectorOrEnd : .endOfLine
            throw CommandError(.expected(expectation, found: token.text), at: token.range)
        }
        return .convert(amount: amount, from: from, to: targets)
    }

    private var endRange: Range<Int> {
        let end = line.count
        return end..<end + 1
    }

    /// Currencies separated by commas; a run of three-letter words without commas is a list
    /// of codes (`rates usd gbp chf`).
    private mutating func currencyList() throws -> [CurrencyReference] {
        var list: [CurrencyReference] = []
        while let token = current {
            if token.kind == .comma {
                position += 1
                continue
            }
            guard let next = phrase() else { break }
            let words = next.text.split(separator: " ")
            let isJoiner = { (word: Substring) in Self.joiners.contains(TextFolding.fold(word)) }
            if words.count > 1, words.allSatisfy({ ($0.count == 3 && CurrencyCode($0) != nil) || isJoiner($0) }), !isJoiner(words[0]) {
                var offset = next.range.lowerBound
                for word in words {
                    let start = Array(line)[offset...].firstIndex { !$0.isWhitespace } ?? offset
                    if !isJoiner(word) { list.append(CurrencyReference(text: String(word), range: start..<start + word.count)) }
                    offset = start + word.count
                }
            } else {
                list.append(next)
            }
        }
        return list
    }

    /// A currency written beside an amount: a symbol with the capitals some locales put
    /// after it (`$ US`), or words (`CHF`, `F CFA`, `japanese yen`).
    private mutating func currencyPart() -> CurrencyReference? {
        guard let first = current else { return nil }
        guard first.kind == .symbol else { return phrase() }
        position += 1
        var last = first
        while let next = current, next.kind == .word, next.text.count <= 3, next.text.allSatisfy({ $0.isUppercase }),
            !isConnector(next)
        {
            last = next
            position += 1
        }
        if last == first { return CurrencyReference(text: first.text, range: first.range) }
        let range = first.range.lowerBound..<last.range.upperBound
        return CurrencyReference(text: String(Array(line)[range]), range: range)
    }

    /// A symbol, or consecutive words that are not connectors.
    private mutating func phrase() -> CurrencyReference? {
        guard let first = current else { return nil }
        if first.kind == .symbol {
            position += 1
            return CurrencyReference(text: first.text, range: first.range)
        }
        var words: [Token] = []
        while let token = current, token.kind == .word, !isConnector(token) {
            words.append(token)
            position += 1
        }
        guard let head = words.first, let last = words.last else { return nil }
        return CurrencyReference(
            text: words.map(\.text).joined(separator: " "), range: head.range.lowerBound..<last.range.upperBound)
    }

    private func expectEnd() throws {
        if let token = current {
            throw CommandError(.expected(.endOfLine, found: token.text), at: token.range)
        }
    }
}
