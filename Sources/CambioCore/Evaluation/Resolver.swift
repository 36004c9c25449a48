import Foundation

/// Reads what a line refers to: amounts in the user's locale, and currencies by code, symbol
/// or name (`CurrencyDirectory`), saying what it took where a phrase could be read otherwise.
/// A ledger names the same few currencies on every line, so each phrase is resolved once.
public final class Resolver {
    public let directory: CurrencyDirectory
    let amountParser: AmountParser
    let formatter: MoneyFormatter
    let localized: Localization
    /// The rates held (their currencies are the directory's).
    let store: RateStore

    init(directory: CurrencyDirectory, amountParser: AmountParser, formatter: MoneyFormatter, localized: Localization, store: RateStore) {
        self.directory = directory
        self.amountParser = amountParser
        self.formatter = formatter
        self.localized = localized
        self.store = store
    }

    // MARK: Amounts

    /// An amount as written, or the error with its caret; a separator the locale reads another
    /// way adds a note (`12.50` read as 12,500 in de_DE).
    func amount(_ reference: AmountReference, notes: inout [String]) throws(CommandError) -> ParsedAmount {
        switch amountParser.parse(reference.text) {
        case .success(let parsed):
            if parsed.separatorReadAsDecimal { notes.append(readAsNote(reference.text, parsed)) }
            return parsed
        case .failure(let error):
            let column = reference.range.lowerBound + error.offset
            throw CommandError(
                .badAmount(error.kind, localeID: amountParser.conventions.localeID, example: amountParser.conventions.exampleAmount),
                at: column..<column + 1)
        }
    }

    /// “12.50” read as 12,500 (de_DE writes 1.234,5).
    func readAsNote(_ text: String, _ parsed: ParsedAmount) -> String {
        localized(
            "note.readAs", Sanitiser.quoted(text), formatter.formatNumberGiven(parsed.exact), amountParser.conventions.localeID,
            amountParser.conventions.exampleAmount)
    }

    // MARK: Currencies

    /// Looks a currency up; a phrase whose first word is a code but whose rest is not part of
    /// a name is a missing connector (`12 eur usd`).
    public func currency(_ reference: CurrencyReference, notes: inout [String]) throws(CommandError) -> CurrencyCode {
        switch resolved[reference.text] {
        case .found(let code, let note)?:
            if let note { notes.append(note) }
            return code
        case nil:
            break
        }
        var added: [String] = []
        let code = try resolveUncached(reference, notes: &added)
        remember(reference.text, .found(code, note: added.first))
        notes += added
        return code
    }

    /// What a phrase resolved to. Failures are not kept: lines of long unknown words (pasted
    /// text) must not fill memory, and a ledger's currencies resolve.
    private enum Resolution {
        case found(CurrencyCode, note: String?)
    }

    /// The phrases resolved (a ledger names the same few currencies on every line).
    private var resolved: [String: Resolution] = [:]
    /// The bytes of the phrases kept: the cache starts again past `resolvedByteLimit`.
    private var resolvedBytes = 0
    static let resolvedByteLimit = 256 * 1024

    private func remember(_ phrase: String, _ resolution: Resolution) {
        if resolvedBytes + phrase.utf8.count > Self.resolvedByteLimit {
            resolved.removeAll(keepingCapacity: true)
            resolvedBytes = 0
        }
        resolved[phrase] = resolution
        resolvedBytes += phrase.utf8.count + 16
    }

    /// The targets the references name, in order: each one itself, or when it is no currency
    /// but contains `and` (`usd and gbp`), each part.
    func targets(_ references: [CurrencyReference], notes: inout [String]) throws(CommandError) -> [CurrencyCode] {
        var targets: [CurrencyCode] = []
        targets.reserveCapacity(references.count)
        for reference in references {
            do {
                targets.append(try currency(reference, notes: &notes))
            } catch {
                targets += try parts(of: reference, notes: &notes, error)
            }
        }
        return targets
    }

    /// The currencies of a reference that is none but joins several (`usd and gbp`), or
    /// `error` (why it is no currency) when it joins none.
    private func parts(of reference: CurrencyReference, notes: inout [String], _ error: CommandError) throws(CommandError) -> [CurrencyCode] {
        let words = reference.text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.contains(where: { Parser.joiners.contains(TextFolding.fold($0)) }) else { throw error }
        var parts: [CurrencyReference] = []
        var current: [Substring] = []
        var offset = reference.range.lowerBound
        var partStart = offset
        for word in words {
            if Parser.joiners.contains(TextFolding.fold(word)) {
                if !current.isEmpty {
                    let text = current.joined(separator: " ")
                    parts.append(CurrencyReference(text: text, range: partStart..<partStart + text.count))
                }
                current = []
                partStart = offset + word.count + 1
            } else {
                if current.isEmpty { partStart = offset }
                current.append(word)
            }
            offset += word.count + 1
        }
        if !current.isEmpty {
            let text = current.joined(separator: " ")
            parts.append(CurrencyReference(text: text, range: partStart..<partStart + text.count))
        }
        guard parts.count > 1 else { throw error }
        return try parts.map { (part) throws(CommandError) in try currency(part, notes: &notes) }
    }

    /// `EURUSD` (or `eurusd`): two codes of the table run together, when the word is no
    /// currency itself.
    func pair(_ reference: CurrencyReference) -> (CurrencyCode, CurrencyCode)? {
        let text = reference.text
        guard text.count == 6, text.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        if case .found = directory.resolve(text, suggesting: false) { return nil }
        guard let from = CurrencyCode(text.prefix(3)), let to = CurrencyCode(text.suffix(3)), directory.contains(from),
            directory.contains(to)
        else { return nil }
        return (from, to)
    }

    /// A line that is no currency but whose first word is nearly a command (`hlep`, `stauts`),
    /// or a command's own keyword typed alone (`clear`).
    func nearlyACommand(_ reference: CurrencyReference, _ grammar: CommandGrammar) -> CommandError? {
        guard let typed = reference.text.split(separator: " ").first else { return nil }
        let first = TextFolding.fold(typed)
        guard first.count >= 3 else { return nil }
        let start = reference.range.lowerBound
        if let meaning = Keywords.meaning(of: first),
            let declaration = grammar.declarations.first(where: { $0.argument == .keywords && $0.keywords.contains(meaning) })
        {
            return CommandError(.unknownCommand(String(typed), suggestion: "\(declaration.word) \(first)"), at: start..<start + typed.count)
        }
        let limit = first.count >= 5 ? 2 : 1
        let closest = grammar.words.map { ($0, Levenshtein.distance(first, $0, transpositions: true)) }.min { $0.1 < $1.1 }
        guard let (word, distance) = closest, distance <= limit else { return nil }
        return CommandError(.unknownCommand(String(typed), suggestion: word), at: start..<start + typed.count)
    }

    /// The symbols this locale's formatter writes, by the text (spaces and bidi marks
    /// normalised); built when a line first names a currency by something other than a code.
    private var localSymbols: [String: [CurrencyCode]]?

    private static func symbolKey(_ text: String) -> String {
        text.filter { !Sanitiser.bidiMarks.contains($0) }.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func localSymbol(_ text: String) -> CurrencyCode? {
        if localSymbols == nil {
            var map: [String: [CurrencyCode]] = [:]
            for code in directory.codes { map[Self.symbolKey(formatter.symbol(for: code)), default: []].append(code) }
            localSymbols = map
        }
        guard let codes = localSymbols?[Self.symbolKey(text)], codes.count == 1 else { return nil }
        return codes[0]
    }

    private func resolveUncached(_ reference: CurrencyReference, notes: inout [String]) throws(CommandError) -> CurrencyCode {
        // What this locale writes for a currency reads back as that currency (`$` is MXN in
        // es_MX, `F CFA` is XOF, `$ US` is USD in fr_CA).
        if CurrencyCode(reference.text).map(directory.contains) != true, let code = localSymbol(reference.text) {
            // Say so where the sign means something else elsewhere (`$`, `¥`, `kr`).
            switch directory.resolve(reference.text) {
            case .found(let other, .symbol(_, let explained)) where other != code || explained:
                notes.append(localized("note.symbolTaken", Sanitiser.quoted(reference.text), code.rawValue, directory.name(of: code)))
            case .found(_, .chosen), .ambiguous:
                notes.append(localized("note.symbolTaken", Sanitiser.quoted(reference.text), code.rawValue, directory.name(of: code)))
            default:
                break
            }
            return code
        }
        switch directory.resolve(reference.text) {
        case .found(let code, let via):
            switch via {
            case .symbol(let symbol, explained: true), .chosen(let symbol):
                notes.append(localized("note.symbolTaken", Sanitiser.quoted(symbol), code.rawValue, directory.name(of: code)))
            default:
                break
            }
            return code
        case .ambiguous(let candidates):
            throw CommandError(.ambiguousCurrency(reference.text, candidates: candidates), at: reference.range)
        case .notInTable(let code):
            guard let newest = store.current(pinned: nil).newest else { throw CommandError(.nothingHeld(source: ""), at: reference.range) }
            throw CommandError(
                .currencyNotInTable(code, table: CommandError.TableDescription(newest, missing: code, pinned: nil)), at: reference.range)
        case .unknown(let suggestions):
            // Two currencies with no word between them that is read (`euro dollar`, `eur dans
            // usd`), or a code and more words: the error is at the word where a connector was
            // expected and lists the words that are read. Otherwise (`japanese yem`) the
            // phrase is one unknown currency, with the closest ones.
            let words = reference.text.split(separator: " ")
            func named(_ part: ArraySlice<Substring>) -> CurrencyCode? {
                guard !part.isEmpty, case .found(let code, _) = directory.resolve(part.joined(separator: " "), suggesting: false) else { return nil }
                return code
            }
            func names(_ part: ArraySlice<Substring>) -> Bool { named(part) != nil }
            // A name with a typo in its last word (`japanese yem`, whose `yem` starts the
            // Yemeni rial's name) is the currency the closest names are: no missing connector.
            func typo(_ split: Int) -> Bool { suggestions.first != nil && named(words[..<split]) == suggestions.first }
            func missingConnector(_ split: Int) -> Bool { names(words[..<split]) && names(words[split...]) && !typo(split) }
            func unreadWord(_ split: Int) -> Bool { names(words[..<split]) && names(words[(split + 1)...]) }
            let startsWithCode = CurrencyCode(words[0]).map(directory.contains) == true
            let split: Int? =
                words.count > 1 && words.count <= 8
                ? (1..<words.count).first(where: missingConnector) ?? (1..<words.count - 1).first(where: unreadWord) ?? (startsWithCode ? 1 : nil)
                : nil
            if let named = split {
                let start = reference.range.lowerBound + reference.text.distance(from: reference.text.startIndex, to: words[named].startIndex)
                throw CommandError(.expected(.connectorOrEnd, found: String(words[named])), at: start..<start + words[named].count)
            }
            throw CommandError(.unknownCurrency(reference.text, suggestions: suggestions), at: reference.range)
        }
    }
}

extension CommandError.TableDescription {
    /// The table that lacks a currency, for saying so and what would have it: with a source
    /// pinned, the bundled seed when it has the currency.
    init(_ table: RateTable, missing: CurrencyCode, pinned: String?) {
        let seed =
            pinned == nil ? nil : (try? SeedTableDecoder.bundled()).flatMap { $0.contains(missing) && !table.source.isBundledSeed ? $0.date : nil }
        self.init(source: table.source.id, date: table.date, count: table.publishedCount, bundledDate: seed, pinned: pinned)
    }
}
