/// Tab completion as a pure function of the text before the cursor.
public enum Completer {
    /// One thing TAB can insert.
    public struct Candidate: Equatable, Sendable {
        /// The text that replaces the word being completed (with a trailing space).
        public let insert: String
        /// For currencies: code, symbol and name, shown when several candidates are listed.
        public let code: CurrencyCode?
        public let symbol: String
        public let name: String
    }

    /// What to replace and with what.
    public struct Completion: Equatable, Sendable {
        /// Characters before the cursor that the completion replaces.
        public let replacing: Int
        public let candidates: [Candidate]
        /// The one candidate of which what was typed is a whole word of its name (`türk`: Türk
        /// lirası, not Türkmenistan manatı): the first Tab inserts it.
        public var preferred: String? = nil

        /// The longest text every candidate starts with, when it extends what was typed;
        /// `nil` when inserting it would change nothing.
        public func commonInsert(typed: String) -> String? {
            guard let first = candidates.first?.insert else { return nil }
            if candidates.count == 1 { return first }
            if let preferred, candidates.contains(where: { $0.insert == preferred }) { return preferred }
            var prefix = first
            for candidate in candidates.dropFirst() {
                prefix = String(prefix.commonPrefix(with: candidate.insert, options: .caseInsensitive))
            }
            let folded = typed.lowercased()
            guard prefix.count > typed.count, prefix.lowercased().hasPrefix(folded) else { return nil }
            return prefix
        }
    }

    static let localeExamples = ["de_DE", "en_US", "en_GB", "fr_FR", "tr_TR", "ja_JP", "hi_IN", "ar_EG", "de_CH"]

    /// Candidates for the word before the cursor; `providers` are the names `source` takes
    /// (the host's).
    public static func complete(_ beforeCursor: String, engine: Engine, recent: [CurrencyCode], providers: [String] = []) -> Completion {
        let completion = completeRead(beforeCursor, engine: engine, recent: recent, providers: providers)
        // Right after a Hebrew connector joined to the word (`לאיר`, `לדולר אמ`), a code takes the
        // hyphen Hebrew writes before Latin letters (`ל-EUR`).
        let characters = Array(beforeCursor)
        let start = characters.count - completion.replacing
        guard start >= 1, start <= characters.count, AttachedWords.hyphenated.contains(characters[start - 1]),
            start == 1 || characters[start - 2].isWhitespace
        else { return completion }
        return Completion(
            replacing: completion.replacing,
            candidates: completion.candidates.map { Candidate(insert: "-" + $0.insert, code: $0.code, symbol: $0.symbol, name: $0.name) },
            preferred: completion.preferred.map { "-" + $0 })
    }

    private static func completeRead(_ beforeCursor: String, engine: Engine, recent: [CurrencyCode], providers: [String]) -> Completion {
        let characters = Array(beforeCursor)
        let endsWithSpace = characters.last?.isWhitespace ?? true
        guard case .success(let allTokens) = Tokenizer.tokenize(beforeCursor) else {
            return Completion(replacing: 0, candidates: [])
        }
        var tokens = allTokens
        var partial: Token?
        if !endsWithSpace, let last = tokens.last, last.range.upperBound == characters.count,
            last.kind == .word || last.kind == .symbol
        {
            partial = tokens.removeLast()
        }
        // Words with a Hebrew or Arabic connector joined (`לדולר`) are read as Enter reads them;
        // the word being typed after a joined Hebrew one (`לאיר`) is completed on its own.
        tokens = AttachedWords.split(tokens, isCurrency: engine.directory.names)
        if let word = partial, word.kind == .word, let letter = word.text.first, AttachedWords.hyphenated.contains(letter),
            word.text.dropFirst().first?.unicodeScalars.first.map({ (0x05D0...0x05EA).contains($0.value) }) == true,
            !engine.directory.names(word.text), !engine.directory.matches(String(word.text.dropFirst()), recent: recent).isEmpty
        {
            tokens.append(Token(.word, String(letter), word.range.lowerBound..<word.range.lowerBound + 1))
            partial = Token(.word, String(word.text.dropFirst()), word.range.lowerBound + 1..<word.range.upperBound)
        }
        let typed = partial?.text ?? ""
        let replacing = typed.count
        let first = tokens.first
        let isCommand = first.map { $0.kind == .word && CommandTable.grammar.words.contains($0.folded) } ?? false

        // `ans`, the last result, where a value may start: first, or after an operator.
        let answer = !typed.isEmpty && "ans".hasPrefix(typed.lowercased()) ? [Candidate(insert: "ans ", code: nil, symbol: "", name: "")] : []
        if tokens.isEmpty {
            let commands = CommandTable.grammar.words.filter { !typed.isEmpty && $0.hasPrefix(typed.lowercased()) }
                .map { Candidate(insert: $0 + " ", code: nil, symbol: "", name: "") }
            return Completion(replacing: replacing, candidates: commands + answer + currencies(typed, engine, recent))
        }
        if let last = tokens.last, last.kind == .operator || last.kind == .open, !answer.isEmpty {
            return Completion(replacing: replacing, candidates: answer + currencies(typed, engine, recent))
        }
        if isCommand, let declaration = first.flatMap({ CommandTable.grammar.named($0.folded) }) {
            let argumentStarts = tokens.count == 1
            // A command's keywords in the interface's language (every language's are read).
            let own = declaration.keywords.map { Keywords.word($0, engine.localized) }
            switch declaration.argument {
            case .keywords, .percentage:
                return keywords(own, typed: typed, replacing: replacing, when: argumentStarts)
            case .provider:
                return keywords(own + providers, typed: typed, replacing: replacing, when: argumentStarts)
            case .command:
                return keywords(CommandTable.grammar.words, typed: typed, replacing: replacing, when: argumentStarts)
            case .locale:
                return keywords(own + localeExamples, typed: typed, replacing: replacing, when: argumentStarts)
            case .none:
                return Completion(replacing: replacing, candidates: [])
            case .currency, .currencies, .text:
                break
            }
        }

        // A name of several words: the words typed since the last number, keyword or comma.
        var phraseStart = tokens.count
        while phraseStart > 0, tokens[phraseStart - 1].kind == .word,
            !Command.connectors.contains(tokens[phraseStart - 1].folded),
            !(phraseStart - 1 == 0 && isCommand)
        {
            phraseStart -= 1
        }
        if phraseStart < tokens.count {
            let start = tokens[phraseStart].range.lowerBound
            let phrase = String(characters[start...])
            let trimmed = phrase.trimmingSpaces()
            var resolved = false
            if case .found = engine.directory.resolve(trimmed, suggesting: false) { resolved = true }
            if partial != nil || !resolved {
                let named = engine.directory.matches(trimmed, recent: recent).filter { $0.strength >= 2 }
                if !named.isEmpty {
                    return Completion(
                        replacing: characters.count - start, candidates: named.map { candidate(for: $0.code, engine) })
                }
            }
            // After a whole currency a conversion wants a connector; commands take none.
            if !isCommand {
                return keywords(["in", "to", "into"], typed: typed, replacing: replacing, when: true)
            }
        }
        let found = currencies(typed, engine, recent)
        let preferred =
            found.count > 1
            ? engine.directory.wholeWordMatch(typed, among: found.compactMap(\.code)).flatMap { code in
                found.first { $0.code == code }?.insert
            } : nil
        return Completion(replacing: replacing, candidates: found, preferred: preferred)
    }

    private static func keywords(_ words: [String], typed: String, replacing: Int, when allowed: Bool) -> Completion {
        guard allowed else { return Completion(replacing: replacing, candidates: []) }
        let folded = typed.lowercased()
        return Completion(
            replacing: replacing,
            candidates: words.filter { $0.lowercased().hasPrefix(folded) }.map {
                Candidate(insert: $0 + " ", code: nil, symbol: "", name: "")
            })
    }

    private static func currencies(_ typed: String, _ engine: Engine, _ recent: [CurrencyCode]) -> [Candidate] {
        let matches: [CurrencyDirectory.Match]
        if typed.isEmpty {
            let codes = recent + engine.directory.ranked(engine.directory.codes).filter { !recent.contains($0) }
            matches = codes.map { CurrencyDirectory.Match(code: $0, strength: 1) }
        } else {
            matches = engine.directory.matches(typed, recent: recent)
        }
        return matches.map { candidate(for: $0.code, engine) }
    }

    private static func candidate(for code: CurrencyCode, _ engine: Engine) -> Candidate {
        Candidate(
            insert: code.rawValue + " ", code: code, symbol: engine.formatter.symbol(for: code),
            name: engine.directory.name(of: code))
    }
}
