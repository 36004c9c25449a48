/// Parses one command line into a `Command`: a command of the grammar's table, its argument
/// read by the rule its declaration gives, or a query. The grammar of queries (case-insensitive):
///
///     line       := command | query [date] | ε              (`#` to the end: a comment)
///     query      := expression [target [adjust]]            (arithmetic: see `parseSum`)
///                 | amount [currency] [target] | currency [target]
///     amount     := [sign] [currency] NUMBER [suffix] [currency]
///     target     := ("in" | "to" | "into" | "->" | "→" | "=") currency (("," | "and") currency)*
///     adjust     := ("+" | "-" | "−") NUMBER "%"
///     bank rate  := "at" (NUMBER | amount)                  (last: the rate, or what was charged)
///     date       := "on" DATE                               (read by `DateReader`)
///                 | ("average" | "avg" | "mean" | …) PERIOD  (read by `PeriodReader`)
///     currency   := symbol | word+
public struct Parser {
    private let line: String
    private let tokens: [Token]
    private let grammar: CommandGrammar
    private var position = 0
    /// An `L` right after the digits is a lakh (Indian locales).
    var lakhLetter = false

    init(line: String, tokens: [Token], grammar: CommandGrammar) {
        self.line = line
        self.tokens = tokens
        self.grammar = grammar
    }

    private var current: Token? { position < tokens.count ? tokens[position] : nil }

    private func isConnector(_ token: Token) -> Bool {
        token.kind == .arrow || token.keywords.contains(.connector)
    }

    /// Words that may open a conversion and add nothing (`convert 12 eur to usd`).
    static let openingWords: Set<String> = ["convert"]

    /// Words that join target currencies like a comma (`in usd and gbp`).
    /// Hebrew `ו` and Arabic `و` (and), written joined to the next word (`AttachedWords`).
    public static let joiners: Set<String> = ["and", "und", "ve", "ו", "و"]

    mutating func parseLine() throws(CommandError) -> Command {
        if let first = current, first.keywords.contains(.opening), tokens.count > 1 { position += 1 }
        guard let first = current else { return .empty }
        if first.kind == .word, let declaration = grammar.declaration(first.folded) {
            position += 1
            return try parseCommand(declaration)
        }
        return isCalculation ? try parseCalculation() : try parseConversion()
    }

    // MARK: Arithmetic

    /// Suffixes that multiply the number they follow directly (`12k`, `1,5M`, `2bn`, `3Mio`,
    /// `5bin`), as powers of ten; matched folded (any case).
    public static let suffixes: [String: Int] = [
        "k": 3, "tsd": 3, "bin": 3, "tys": 3, "m": 6, "mn": 6, "mio": 6, "milyon": 6, "mln": 6, "bn": 9, "mrd": 9, "milyar": 9, "mld": 9,
        "lakh": 5, "lakhs": 5, "lac": 5, "crore": 7, "crores": 7, "cr": 7,
    ]

    /// Words between a percentage and what it is taken of (`15 % of 80 eur`).
    public static let ofWords: Set<String> = ["of", "von", "vom"]

    /// Words for the last result.
    public static let answerWords: Set<String> = ["ans", "_"]

    static func isAnswer(_ token: Token) -> Bool {
        token.kind == .word && (token.text == "_" || token.keywords.contains(.answer))
    }

    /// Whether the line is arithmetic: an operator, a parenthesis, a percent sign, the last
    /// result, or a number with a suffix.
    private var isCalculation: Bool {
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .operator, .open, .close, .percent: return true
            case .word where Self.isAnswer(token): return true
            case .number:
                if index + 1 < tokens.count, isSuffix(tokens[index + 1], after: token) { return true }
            default: break
            }
        }
        return false
    }

    /// A suffix's power of ten: letters right after the digits (`12k`), or a word of several
    /// letters after a space as well, with or without its dot (`3 Mio.`, `5 bin`).
    private func suffix(_ token: Token, after number: Token) -> Int? {
        guard token.kind == .word else { return nil }
        if lakhLetter, token.text == "L", token.range.lowerBound == number.range.upperBound { return 5 }
        // Nearly every word after a number is a currency: the token knows whether it is a suffix.
        guard token.keywords.contains(.suffix) else { return nil }
        var word = token.folded
        if word.hasSuffix(".") { word.removeLast() }
        guard let power = Self.suffixes[word] else { return nil }
        let adjacent = token.range.lowerBound == number.range.upperBound
        return adjacent || word.count > 1 ? power : nil
    }

    private func isSuffix(_ token: Token, after number: Token) -> Bool { suffix(token, after: number) != nil }

    private mutating func parseCalculation() throws(CommandError) -> Command {
        let expression = try parseSum()
        var targets: [CurrencyReference] = []
        var adjust: Adjustment?
        if let token = current, isConnector(token) {
            position += 1
            targets = try currencyList()
            if targets.isEmpty {
                throw CommandError(.expected(.currency, found: current?.text), at: current?.range ?? endRange)
            }
            if let token = current, token.kind == .operator, let op = additive(token) {
                position += 1
                let percent = try parseUnary()
                guard case .percent = percent else {
                    throw CommandError(.expected(.percentage, found: nil), at: percent.range)
                }
                adjust = Adjustment(subtract: op == .subtract, percent: percent, range: token.range)
            }
        }
        if let token = current {
            let expectation: CommandError.Expectation = targets.isEmpty ? .connectorOrEnd : .endOfLine
            throw CommandError(.expected(expectation, found: token.text), at: token.range)
        }
        return .calculate(expression, to: targets, adjust: adjust)
    }

    private func additive(_ token: Token) -> Operator? {
        switch token.text {
        case "+": .add
        case "-", "−": .subtract
        default: nil
        }
    }

    private func multiplicative(_ token: Token) -> Operator? {
        switch token.text {
        case "*", "×", "·", "x", "X": .multiply
        case "/", "÷": .divide
        default: nil
        }
    }

    /// The most operators and the deepest nesting (parentheses, signs, percentages) a
    /// calculation may have: far beyond any sum a person types, and well within what the
    /// evaluator walks without running out of stack.
    public static let operatorLimit = 200
    public static let nestingLimit = 40
    private var operators = 0
    private var nesting = 0

    /// Counts an operator or a level of nesting at `token`; past the limits, an error there.
    private mutating func count(_ token: Token, nested: Bool) throws(CommandError) {
        operators += 1
        if operators > Self.operatorLimit || (nested && nesting >= Self.nestingLimit) {
            throw CommandError(.arithmetic(.tooComplex(operators: Self.operatorLimit, nesting: Self.nestingLimit)), at: token.range)
        }
    }

    private mutating func parseSum() throws(CommandError) -> Expression {
        try parseChain(of: { (parser: inout Parser) throws(CommandError) in try parser.parseProduct() }, joinedBy: additive)
    }

    private mutating func parseProduct() throws(CommandError) -> Expression {
        try parseChain(of: { (parser: inout Parser) throws(CommandError) in try parser.parseUnary() }, joinedBy: multiplicative)
    }

    /// Operands joined by operators of one precedence, left to right.
    private mutating func parseChain(of operand: (inout Parser) throws(CommandError) -> Expression, joinedBy op: (Token) -> Operator?)
        throws(CommandError)
        -> Expression
    {
        var left = try operand(&self)
        while let token = current, token.kind == .operator, let op = op(token) {
            try count(token, nested: false)
            position += 1
            let right = try operand(&self)
            left = .binary(op, left, right, range: token.range)
        }
        return left
    }

    private mutating func parseUnary() throws(CommandError) -> Expression {
        // A sign before `ans` (`-ans`, `2 × −ans`) negates it, as a sign before a number does.
        let signsAnswer = current?.kind == .sign && position + 1 < tokens.count && Self.isAnswer(tokens[position + 1])
        if let token = current, token.kind == .operator || signsAnswer, let op = additive(token) {
            try count(token, nested: true)
            position += 1
            nesting += 1
            defer { nesting -= 1 }
            let inner = try parseUnary()
            return op == .subtract ? .negate(inner, range: token.range) : inner
        }
        var value: Expression
        var isPercent = false
        // `%15`, as Turkish writes a percentage.
        if let sign = current, sign.kind == .percent, position + 1 < tokens.count, tokens[position + 1].kind == .number {
            try count(sign, nested: false)
            position += 1
            let number = try parsePrimary()
            value = .percent(number, range: sign.range)
            isPercent = true
        } else {
            value = try parsePrimary()
        }
        if !isPercent, let token = current, token.kind == .percent {
            position += 1
            value = .percent(value, range: token.range)
            isPercent = true
        }
        if isPercent {
            if let word = current, word.keywords.contains(.of) {
                position += 1
                let base = try parseUnary()
                value = .percentOf(value, base, range: word.range)
            }
        }
        return value
    }

    private mutating func parsePrimary() throws(CommandError) -> Expression {
        guard let token = current else {
            throw CommandError(.expected(.amountOrCurrency, found: nil), at: endRange)
        }
        if token.kind == .open {
            try count(token, nested: true)
            position += 1
            nesting += 1
            defer { nesting -= 1 }
            var inner = try parseSum()
            if let connector = current, isConnector(connector) {
                position += 1
                guard let target = phrase() else {
                    throw CommandError(.expected(.currency, found: current?.text), at: current?.range ?? endRange)
                }
                inner = .converted(inner, to: target, range: connector.range)
            }
            guard let close = current, close.kind == .close else {
                throw CommandError(.expected(.closingParenthesis, found: current?.text), at: current?.range ?? endRange)
            }
            position += 1
            // `(50 + 60) eur`: a currency after the parentheses is the whole group's.
            if let word = current, word.kind == .word || word.kind == .symbol, !isConnector(word), !Self.isAnswer(word),
                !word.keywords.contains(.of), let currency = currencyPart()
            {
                return .tagged(.group(inner), currency: currency)
            }
            return .group(inner)
        }
        if token.kind == .word, Self.isAnswer(token) {
            position += 1
            return .answer(range: token.range)
        }
        // Money or a number: the sign and the currency on either side, as in a conversion.
        guard let (amount, currency, scale) = try parseMoney(suffixes: true) else {
            throw CommandError(.expected(.amountOrCurrency, found: current?.text), at: current?.range ?? endRange)
        }
        return .amount(amount, currency: currency, scale: scale)
    }

    /// An amount with the currency written beside it: before or after, with or without a
    /// space, the sign before the currency or before the digits (`€12,50`, `12,50 €`,
    /// `CHF 1’234.50`, `-€12.50`, `€-12.50`, `F CFA 12`, `12 $ US`), and in arithmetic a
    /// suffix (`12k`). `nil`, with nothing read, when no number follows.
    private mutating func parseMoney(suffixes: Bool) throws(CommandError) -> (AmountReference, CurrencyReference?, scale: Int)? {
        let begin = position
        let sign = current?.kind == .sign ? current : nil
        if sign != nil { position += 1 }
        let start = position
        var leading = currencyPart()
        if leading != nil, current?.kind != .number {
            position = start
            leading = nil
        }
        guard let number = current, number.kind == .number else {
            position = begin
            return nil
        }
        position += 1
        var scale = 0
        if suffixes, let word = current, let power = suffix(word, after: number) {
            scale = power
            position += 1
        }
        let currency = leading ?? currencyPart()
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
        // The currency counts as the amount's symbol when it is a sign or letters written
        // with it (`€`, `US$`); words are only the currency.
        let isSymbol = currency.map { part in tokens.contains { $0.kind == .symbol && $0.range.lowerBound == part.range.lowerBound } } ?? false
        return (AmountReference(text: text, range: range, symbol: isSymbol ? currency : nil), currency, scale)
    }

    /// A command's argument, by the rule its declaration gives (free text is read before the
    /// line is tokenized).
    private mutating func parseCommand(_ declaration: CommandDeclaration) throws(CommandError) -> Command {
        let argument: CommandArgument
        switch declaration.argument {
        case .none:
            argument = .none
        case .currency:
            argument = phrase().map { .currencies([$0]) } ?? .none
        case .currencies:
            let list = try currencyList()
            argument = list.isEmpty ? .none : .currencies(list)
        case .keywords:
            guard let token = current else {
                argument = .none
                break
            }
            guard token.kind == .word, let keyword = grammar.keyword(token.folded, of: declaration) else {
                throw CommandError(.unexpectedArgument(command: declaration.word, allowed: declaration.keywords, found: token.text), at: token.range)
            }
            position += 1
            argument = .keyword(keyword)
        case .text, .provider, .locale, .command, .percentage:
            argument = .none
        }
        try expectEnd()
        return .run(CommandInvocation(declaration.word, argument))
    }

    private mutating func parseConversion() throws(CommandError) -> Command {
        var amount: AmountReference?
        var from: CurrencyReference?
        if let (money, currency, _) = try parseMoney(suffixes: false) {
            amount = money
            from = currency
        } else {
            if let sign = current, sign.kind == .sign {
                throw CommandError(.expected(.amountOrCurrency, found: sign.text), at: sign.range)
            }
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
    private mutating func currencyList() throws(CommandError) -> [CurrencyReference] {
        var list: [CurrencyReference] = []
        // Room for the words left: one allocation, not one for each doubling.
        list.reserveCapacity(min(max(0, tokens.count - position), 8))
        while let token = current {
            if token.kind == .comma {
                position += 1
                continue
            }
            guard let (next, span) = phraseSpan() else { break }
            // `usd eur gbp`, `cad und nok`: codes between spaces and joiners are a list.
            let words = tokens[span]
            if words.count > 1, !words[span.lowerBound].keywords.contains(.joiner),
                words.allSatisfy({ CurrencyCode($0.text) != nil || $0.keywords.contains(.joiner) })
            {
                for word in words where !word.keywords.contains(.joiner) { list.append(CurrencyReference(text: word.text, range: word.range)) }
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
    private mutating func phrase() -> CurrencyReference? { phraseSpan()?.reference }

    /// The same, with the tokens it is made of.
    private mutating func phraseSpan() -> (reference: CurrencyReference, span: Range<Int>)? {
        guard let first = current else { return nil }
        let start = position
        if first.kind == .symbol {
            position += 1
            return (CurrencyReference(text: first.text, range: first.range), start..<position)
        }
        while let token = current, token.kind == .word, !isConnector(token), !token.keywords.contains(.of), !Self.isAnswer(token) {
            position += 1
        }
        guard position > start else { return nil }
        let words = tokens[start..<position]
        let text = words.count == 1 ? first.text : words.map { $0.text }.joined(separator: " ")
        return (CurrencyReference(text: text, range: first.range.lowerBound..<tokens[position - 1].range.upperBound), start..<position)
    }

    private func expectEnd() throws(CommandError) {
        if let token = current {
            throw CommandError(.expected(.endOfLine, found: token.text), at: token.range)
        }
    }
}
