/// A line as a whole: a command whose argument is free text, or the clauses a query may end
/// with — a source or a rule (`… by pl`), a bank's rate (`… at 1,0720`), a day or a period
/// (`… on 2024-03-15`, `… average 2024-03`) — taken off the tokens, and the query between.
extension Parser {
    /// The folded first word of a line whose start is ASCII, as `parse` takes it (letters first,
    /// at most twelve; else no word), read from its bytes; `nil` when a byte outside ASCII comes
    /// before the word ends (a byte-order mark, a Unicode space, a letter with an accent).
    private static func asciiCommandWord(_ line: String) -> String? {
        var line = line
        return line.withUTF8 { bytes -> String? in
            var index = 0
            while index < bytes.count, bytes[index].isSkipped { index += 1 }
            let start = index
            while index < bytes.count, !bytes[index].isSkipped {
                guard bytes[index] < 0x80 else { return nil }
                index += 1
            }
            guard index > start, index - start <= 12, bytes[start].isLetter else { return "" }
            return TextFolding.fold(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }
    }

    /// Whether a character is white space, an ASCII one answered without Unicode's
    /// properties (`Character.isWhitespace` is slow on every character of a line).
    @inline(__always) private static func isSpace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii.isSkipped }
        return character.isWhitespace
    }

    /// `lakhLetter`: an `L` right after the digits is a lakh (`₹5L`), as Indian locales write
    /// it; elsewhere `L` is the lek's or the lempira's sign, and no suffix.
    ///
    /// `isCurrency`, when given, says whether a text names a currency: a Hebrew or Arabic word
    /// that is none is read as its joined connector and a currency (`לדולר`), by `AttachedWords`.
    public static func parse(
        _ line: String, commands grammar: CommandGrammar, lakhLetter: Bool = false, isCurrency: ((String) -> Bool)? = nil
    ) -> Result<Command, CommandError> {
        // Command words are letters: an amount or a symbol first is never folded.
        let commandWord =
            asciiCommandWord(line)
            ?? {
                let word = firstWord(line).word
                return word.first?.isLetter == true && word.count <= 12 ? TextFolding.fold(word) : ""
            }()
        // A command whose argument is free text (`locale de_DE`, `list São`): the rest of the
        // line, or one of its keywords.
        if let declaration = grammar.declaration(commandWord), declaration.takesFreeText {
            return .success(.run(CommandInvocation(declaration.word, freeText(line, declaration, grammar))))
        }
        do throws(CommandError) {
            var tokens = try Tokenizer.tokenize(line).get()
            if let isCurrency { tokens = AttachedWords.split(tokens, isCurrency: isCurrency) }
            // A line is read in time linear in its length: beyond this many words and numbers
            // (a sum of 250 amounts, a list of every currency) it is refused, not read.
            if tokens.count > tokenLimit {
                throw CommandError(
                    .tooManyWords(limit: tokenLimit), at: tokens[tokenLimit].range.lowerBound..<(tokens.last?.range.upperBound ?? line.count))
            }
            // A date or a period first, with nothing before it to take it (`avg 2024-03`,
            // `on 2024-03-05`): said as such, not as an unknown currency `avg`.
            if let first = tokens.first, first.kind == .word, !first.keywords.isDisjoint(with: [.date, .average]) {
                throw CommandError(first.keywords.contains(.average) ? .average(.notAllowed) : .date(.notAllowed), at: first.range)
            }
            let characters = Array(line)
            let choice = try takeChoice(&tokens, characters)
            let bankRate = takeBankRate(&tokens, characters)
            let date = try takeDate(&tokens, characters, grammar)
            var parser = Parser(line: line, tokens: tokens, grammar: grammar)
            parser.lakhLetter = lakhLetter
            var command = try parser.parseLine()
            if let (date, averaged) = date {
                let takesDate: Bool
                switch command {
                case .convert, .calculate: takesDate = true
                case .run(let invocation): takesDate = grammar.declaration(invocation.word)?.takesDate == true
                default: takesDate = false
                }
                guard takesDate else { throw CommandError(averaged ? .average(.notAllowed) : .date(.notAllowed), at: date.word) }
                // One date or period a line: `on` and `average` together is an error.
                if let other = tokens.firstIndex(where: { !$0.keywords.isDisjoint(with: [.date, .average]) }) {
                    throw CommandError(.average(.notAllowed), at: tokens[other].range)
                }
                command = averaged ? .averaged(command, over: date) : .dated(command, on: date)
            }
            if let bankRate { command = .atRate(command, at: bankRate) }
            if let choice { command = .chosen(command, choice) }
            return .success(command)
        } catch {
            return .failure(error)
        }
    }

    /// The line without its leading spaces, and its first word.
    private static func firstWord(_ line: String) -> (trimmed: Substring, word: Substring) {
        let trimmed = line.drop { isSpace($0) || $0 == "\u{FEFF}" }
        return (trimmed, trimmed.prefix { !isSpace($0) })
    }

    /// A free-text command's argument: the rest of the line (without a comment), trimmed, or
    /// one of its keywords.
    private static func freeText(_ line: String, _ declaration: CommandDeclaration, _ grammar: CommandGrammar) -> CommandArgument {
        let (trimmed, word) = firstWord(line)
        let start = line.count - trimmed.count
        var rest = trimmed.dropFirst(word.count)
        // A comment after the argument is not part of it.
        if let comment = rest.range(of: " #") { rest = rest[..<comment.lowerBound] }
        // The argument's position and its text are trimmed alike (form feeds too, which
        // `CharacterSet.whitespaces` leaves): positions inside it are the line's.
        let argumentStart = start + word.count + rest.prefix { $0.isWhitespace }.count
        let body = rest.drop { $0.isWhitespace }
        let text = String(body.dropLast(body.reversed().prefix { $0.isWhitespace }.count))
        if text.isEmpty { return .none }
        if let keyword = grammar.keyword(TextFolding.fold(text), of: declaration) { return .keyword(keyword) }
        // A command word (`help BASE`) is folded as command words are.
        let argumentText = declaration.argument == .command ? TextFolding.fold(text) : text
        return .text(argumentText, range: argumentStart..<argumentStart + text.count)
    }

    /// `… from nbp` or `… by pl`, last on the line and one a line: a source's rates, or a rule's.
    private static func takeChoice(_ tokens: inout [Token], _ characters: [Character]) throws(CommandError) -> ChoiceReference? {
        guard tokens.count >= 3,
            let split = tokens.indices.dropFirst().last(where: { tokens[$0].kind == .word && choiceWords.contains(tokens[$0].folded) }),
            split + 1 < tokens.count
        else { return nil }
        // The name is the tokens written together (`tr-banknote`).
        var last = split + 1
        while last + 1 < tokens.count, tokens[last + 1].range.lowerBound == tokens[last].range.upperBound { last += 1 }
        let range = tokens[split + 1].range.lowerBound..<tokens[last].range.upperBound
        let text = String(characters[range.clamped(to: 0..<characters.count)])
        let choice = ChoiceReference(isRule: tokens[split].folded == "by", name: text, range: range, word: tokens[split].range)
        // Last on the line: what follows the name (`… by de average 2013-01`) is refused.
        if last + 1 < tokens.count {
            throw CommandError(.bank(.notAllowed), at: tokens[last + 1].range.lowerBound..<(tokens.last?.range.upperBound ?? characters.count))
        }
        tokens = Array(tokens[..<split])
        if let other = tokens.firstIndex(where: { $0.kind == .word && choiceWords.contains($0.folded) }), other > 0 {
            throw CommandError(.bank(.oneChoice), at: tokens[other].range)
        }
        return choice
    }

    /// `… at 1,0720` or `… at 107,20 $`, last on the line: a bank's rate, or what it charged.
    private static func takeBankRate(_ tokens: inout [Token], _ characters: [Character]) -> DateReference? {
        guard tokens.count >= 3, let split = tokens.indices.dropFirst().last(where: { tokens[$0].keywords.contains(.at) }) else { return nil }
        let start = split + 1 < tokens.count ? tokens[split + 1].range.lowerBound : tokens[split].range.upperBound
        let end = split + 1 < tokens.count ? (tokens.last?.range.upperBound ?? start) : start
        let range = start..<max(start, end)
        let clause = DateReference(text: String(characters[range.clamped(to: 0..<characters.count)]), range: range, word: tokens[split].range)
        tokens = Array(tokens[..<split])
        return clause
    }

    /// `… on DATE`: the date is the text after the word, read by `DateReader`; `… average
    /// PERIOD` the same, read by `PeriodReader`; and whether it is a period.
    private static func takeDate(_ tokens: inout [Token], _ characters: [Character], _ grammar: CommandGrammar) throws(CommandError)
        -> (DateReference, averaged: Bool)?
    {
        guard let split = dateSplit(tokens, grammar) else { return nil }
        let averaged = tokens[split].keywords.contains(.average)
        // The date before the target (`45.80 eur on 2024-01-15 in usd`): the target belongs
        // to the conversion, the words between to the date.
        var end = tokens.count
        if split + 2 < tokens.count,
            let connector = tokens[(split + 2)...].firstIndex(where: { $0.kind == .arrow || $0.keywords.contains(.connector) })
        {
            end = connector
        }
        // A date inside a calculation's parentheses holds for no part alone: one date a line,
        // at its end.
        if split + 1 < end, tokens[(split + 1)..<end].contains(where: { $0.kind == .open || $0.kind == .close }) {
            throw CommandError(.date(.insideParentheses), at: tokens[split].range)
        }
        // The word last (`12 eur in usd on`): an empty date, which says one is missing.
        let start = split + 1 < end ? tokens[split + 1].range.lowerBound : tokens[split].range.upperBound
        let range = start..<max(start, split + 1 < end ? tokens[end - 1].range.upperBound : start)
        let date = DateReference(text: String(characters[range.clamped(to: 0..<characters.count)]), range: range, word: tokens[split].range)
        tokens = Array(tokens[..<split] + tokens[end...])
        return (date, averaged)
    }

    /// The most words, numbers and signs a line may have.
    public static let tokenLimit = 512

    /// The words that introduce a date: `on`, German `am` (`45,80 usd in eur am 30.03.2024`),
    /// Spanish `el`, Polish `dnia` (not French `le`: Sierra Leone writes its leone `Le 12.50`),
    /// Hebrew `בתאריך` and Arabic `في` and `بتاريخ`; Hebrew `ב` too when digits follow it
    /// (`ב-15.1.2024`: before a currency it is `in`).
    public static let dateWords: Set<String> = ["on", "am", "el", "dnia", "בתאריך", "في", "بتاريخ"]

    /// Whether the word at `index` begins a date.
    private static func isDateWord(_ tokens: [Token], _ index: Int) -> Bool {
        if !tokens[index].keywords.isDisjoint(with: [.date, .average]) { return true }
        // Digits first, then the word's bytes: asked of every word, and a `String` compared
        // with a non-ASCII one is compared by its characters.
        return index + 1 < tokens.count && tokens[index + 1].kind == .number && tokens[index].folded.utf8.elementsEqual("ב".utf8)
    }

    /// The word that introduces a bank's rate or what it charged.
    public static let atWords: Set<String> = ["at"]

    /// The words that introduce a source (`from nbp`) and a rule (`by pl`), last on a line.
    public static let choiceWords: Set<String> = ["from", "by"]

    /// The words that introduce a period whose average rates a line uses (folded).
    public static let averageWords: Set<String> = ["average", "avg", "mean", "durchschnitt", "ortalama", "srednia"]

    /// The index of the word `on` that begins a date: after something, before the date or last
    /// (the date left out, which the date reader says); never a command's own keyword
    /// (`preview on`).
    private static func dateSplit(_ tokens: [Token], _ grammar: CommandGrammar) -> Int? {
        guard tokens.count >= 2 else { return nil }
        if tokens[0].kind == .word, let declaration = grammar.declaration(tokens[0].folded), declaration.argument == .keywords {
            return nil
        }
        for index in 1..<tokens.count where tokens[index].kind == .word && isDateWord(tokens, index) { return index }
        return nil
    }
}
