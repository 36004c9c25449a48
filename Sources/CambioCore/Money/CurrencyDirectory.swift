import Foundation

/// Finds currencies by code, symbol or name (English or the user's language), and names them.
/// Names come from ICU and are looked up only when first needed, so a conversion by code
/// never pays for them; they are remembered as locale facts in a file of their own
/// (`LocaleFacts.names`), so a later run that reads names does not open ICU's data at all.
public final class CurrencyDirectory {
    /// How a phrase named a currency.
    public enum Resolution: Equatable, Sendable {
        case found(CurrencyCode, Via)
        /// Several currencies fit; most likely first.
        case ambiguous([CurrencyCode])
        /// A real ISO code that the rate table has no rate for.
        case notInTable(CurrencyCode)
        /// Nothing fits; the closest currencies, best first.
        case unknown(suggestions: [CurrencyCode])
    }

    /// What matched.
    public enum Via: Equatable, Sendable {
        case code
        /// A symbol; `explained` where the user should be told which currency it was taken for
        /// (`$`).
        case symbol(String, explained: Bool)
        case name
        /// A name or word that fits several currencies, resolved by the stated rule; the
        /// reply says which was taken.
        case chosen(String)
    }

    /// One currency with every name it answers to.
    public struct Entry: Sendable {
        public let code: CurrencyCode
        /// The name in the user's language (ICU), else English.
        public let localName: String
        public let englishName: String
        /// Folded names to match against: local, English, ISO's.
        let foldedNames: [String]
        /// Folded names in the interface's other languages: whole names only, never prefixes,
        /// so that they add no noise to completion and lists.
        let foreignNames: [String]
    }

    public let catalog: CurrencyCatalog
    /// Codes the rate table can convert, sorted.
    public let codes: [CurrencyCode]
    public let languageID: String
    /// What a bare `$` means for this user (their region's dollar, else USD).
    public let dollar: CurrencyCode
    private let codeSet: Set<CurrencyCode>
    private var cachedEntries: [Entry]?
    private let facts: LocaleFacts
    private var entryIndex: [CurrencyCode: Int] = [:]

    /// Codes in order of how much they are traded, to rank ties.
    static let popularity: [String] = [
        "USD", "EUR", "JPY", "GBP", "CNY", "AUD", "CAD", "CHF", "HKD", "SGD", "SEK", "KRW", "NOK", "NZD", "INR", "MXN",
        "TWD", "ZAR", "BRL", "DKK", "PLN", "THB", "ILS", "IDR", "CZK", "AED", "TRY", "HUF", "CLP", "SAR", "PHP", "MYR",
        "COP", "RUB", "RON", "PEN", "BHD", "KWD", "ISK", "EGP", "MAD", "VND", "ARS", "UAH", "NGN", "KZT", "QAR",
    ]
    /// The currencies traded so much more than the rest (`clearlyMostTraded` of them) that a
    /// table that once had one never loses it.
    public static let mostTraded: [CurrencyCode] = popularity.prefix(clearlyMostTraded).compactMap(CurrencyCode.init)
    private static let popularityRank: [String: Int] = Dictionary(
        uniqueKeysWithValues: popularity.enumerated().map { ($1, $0) })

    /// Symbols that name one currency whatever the locale, and letter symbols users type.
    static let symbols: [String: [String]] = [
        "€": ["EUR"], "£": ["GBP"], "¥": ["JPY", "CNY"], "₺": ["TRY"], "₹": ["INR"], "₩": ["KRW"], "₽": ["RUB"],
        "₴": ["UAH"], "₪": ["ILS"], "₫": ["VND"], "฿": ["THB"], "₱": ["PHP"], "₦": ["NGN"], "₡": ["CRC"],
        "₲": ["PYG"], "₸": ["KZT"], "₼": ["AZN"], "₾": ["GEL"], "₭": ["LAK"], "₮": ["MNT"], "₵": ["GHS"],
        "R$": ["BRL"], "US$": ["USD"], "CA$": ["CAD"], "A$": ["AUD"], "AU$": ["AUD"], "NZ$": ["NZD"],
        "HK$": ["HKD"], "S$": ["SGD"], "MX$": ["MXN"], "NT$": ["TWD"], "zł": ["PLN"], "Kč": ["CZK"], "Ft": ["HUF"],
        "kr": ["SEK", "NOK", "DKK", "ISK"], "CN¥": ["CNY"], "JP¥": ["JPY"], "元": ["CNY", "TWD", "HKD", "MOP"],
        "圓": ["TWD", "HKD", "CNY", "MOP"], "圆": ["CNY"],
        "円": ["JPY"], "RMB": ["CNY"], "Fr.": ["CHF"], "SFr.": ["CHF"], "RM": ["MYR"],
        "Rs": ["INR", "PKR", "LKR", "NPR"], "Rs.": ["INR", "PKR", "LKR", "NPR"], "￥": ["JPY", "CNY"],
        "￡": ["GBP"], "＄": ["USD"], "₿": [], "TL": ["TRY"], "tl": ["TRY"],
        // Everyday names in the locale's own script: the shekel's abbreviation (with
        // gershayim or a typed quote), the Hindi rupee.
        "ש״ח": ["ILS"], "ש\"ח": ["ILS"], "שקל": ["ILS"], "שקלים": ["ILS"], "रुपये": ["INR"], "रुपया": ["INR"], "रुपए": ["INR"],
        // Hebrew as Israelis write it: the euro's everyday spelling, dollars (the rule for
        // several), the pound's abbreviation.
        "יורו": ["EUR"], "דולרים": ["USD", "CAD", "AUD", "NZD", "SGD", "HKD"], "ליש״ט": ["GBP"], "ליש\"ט": ["GBP"],
        // The yen's Arabic name, of two letters (shorter than a name's start is looked up by).
        "ين": ["JPY"],
        // Inflected and everyday forms people type in their own languages: Swedish and
        // Danish/Norwegian crowns, Polish złoty, Russian roubles, the hryvnia, Romanian lei,
        // the won, and German plurals (Lire: the current lira; Kronen: the crowns, by the rule for several).
        "kronor": ["SEK"], "kroner": ["NOK", "DKK"], "złotych": ["PLN"], "zlotych": ["PLN"], "złote": ["PLN"], "zlote": ["PLN"],
        "рублей": ["RUB"], "рубля": ["RUB"], "рубль": ["RUB"], "руб": ["RUB"], "руб.": ["RUB"], "грн": ["UAH"], "гривень": ["UAH"],
        "гривні": ["UAH"], "гривня": ["UAH"], "lei": ["RON"], "원": ["KRW"], "lire": ["TRY", "ITL"],
        "Kronen": ["SEK", "NOK", "DKK", "CZK", "ISK"],
        // The sol and the balboa as Peru and Panama write them; the dollar as ceb_PH does.
        "S/": ["PEN"], "B/.": ["PAB"], "US $": ["USD"],
    ]

    /// The symbols made of ASCII letters (and dots), by their lower case.
    static let lettersInAnyCase: [String: [String]] = {
        var found: [String: [String]] = [:]
        for (symbol, codes) in symbols where symbol.allSatisfy({ $0.isLetter || $0 == "." }) {
            found[symbol.lowercased(), default: []] += codes.filter { !(found[symbol.lowercased()] ?? []).contains($0) }
        }
        return found
    }()

    /// Words of money that are no currency, though they start or stand in currency names.
    static let moneyWords: Set<String> = subunitWords.union(["per", "of", "von", "the"])

    /// The hundredths of currencies (folded): no currency of their own, and no suggestion of one.
    public static let subunitWords: Set<String> = [
        "cent", "cents", "centime", "centimes", "centavo", "centavos", "centimo", "centimos", "centesimo", "penny", "pence",
        "kurus", "paisa", "paise", "kopek", "kopeks", "kopeck",
    ]

    /// Words that are no currency: words of money, and the words the grammar joins currencies
    /// with (`and`: never the start of “Trinidad and Tobago Dollar”).
    let noCurrency: Set<String>

    /// Withdrawn currencies the rate history quotes (TRL, ROL): found by their code, for dated lines.
    let historical: Set<CurrencyCode>

    /// Longer phrases are not looked up.
    static let longestName = 64

    public init(
        catalog: CurrencyCatalog, codes: [CurrencyCode], languageID: String, regionCurrency: CurrencyCode?,
        regionFormerCurrency: CurrencyCode? = nil, joiningWords: Set<String> = [], historical: Set<CurrencyCode> = [],
        facts: LocaleFacts = .names
    ) {
        self.facts = facts
        noCurrency = Self.moneyWords.union(joiningWords)
        self.historical = historical
        self.catalog = catalog
        self.codes = codes.sorted()
        self.languageID = languageID
        codeSet = Set(codes)
        regionCurrencyForSymbols = regionCurrency
        self.regionFormerCurrency = regionFormerCurrency
        let dollars: Set<String> = [
            "USD", "CAD", "AUD", "NZD", "SGD", "HKD", "TWD", "JMD", "BSD", "BBD", "BZD", "BMD", "KYD", "XCD", "TTD",
            "GYD", "SRD", "LRD", "NAD", "FJD", "SBD", "BND",
        ]
        if let regionCurrency, dollars.contains(regionCurrency.rawValue), codeSet.contains(regionCurrency) {
            dollar = regionCurrency
        } else {
            dollar = .usd
        }
    }

    /// Every convertible currency with its names (built on first use).
    public var entries: [Entry] {
        if let cachedEntries { return cachedEntries }
        // ICU's name of a currency in a language, remembered: an empty fact is no name.
        var locales: [String: Locale] = [:]
        func name(_ language: String, _ code: CurrencyCode) -> String? {
            let name = facts.value("currency-name \(language) \(code.rawValue)") {
                let locale = locales[language] ?? Locale(identifier: language)
                locales[language] = locale
                return locale.localizedString(forCurrencyCode: code.rawValue) ?? ""
            }
            return name.isEmpty ? nil : name
        }
        // Names in the interface's other languages are understood too (“türk lirası” for
        // anyone), after the user's own and English ones.
        let own = Localization.language(for: languageID)
        let others = Localization.languages.filter { $0 != "en" && $0 != own }
        var built: [Entry] = []
        built.reserveCapacity(codes.count)
        for code in codes {
            let iso = catalog[code]?.isoName ?? code.rawValue
            let englishName = name("en", code) ?? iso
            let localName = name(languageID, code) ?? englishName
            let otherNames = others.compactMap { name($0, code) }
            var folded: [String] = []
            for name in [localName, englishName, iso] {
                let f = TextFolding.fold(name)
                if !f.isEmpty, !folded.contains(f) { folded.append(f) }
            }
            let foreign = otherNames.map(TextFolding.fold).filter { !$0.isEmpty && !folded.contains($0) }
            entryIndex[code] = built.count
            built.append(
                Entry(code: code, localName: localName, englishName: englishName, foldedNames: folded, foreignNames: foreign))
        }
        cachedEntries = built
        return built
    }

    /// The one of `codes` that has `typed` as a whole word of one of its names (`türk`: Türk
    /// lirası, not Türkmenistan manatı), if one alone has.
    public func wholeWordMatch(_ typed: String, among codes: [CurrencyCode]) -> CurrencyCode? {
        let folded = TextFolding.fold(typed)
        guard folded.count >= 3 else { return nil }
        let having = codes.filter { code in entry(code)?.foldedNames.contains { Self.wordsStart($0, with: [folded], whole: true) } == true }
        return having.count == 1 ? having[0] : nil
    }

    public func entry(_ code: CurrencyCode) -> Entry? {
        _ = entries
        return entryIndex[code].map { entries[$0] }
    }

    /// The name to show for a currency in the user's language.
    public func name(of code: CurrencyCode) -> String {
        entry(code)?.localName ?? catalog[code]?.isoName ?? catalog.withdrawnName(code) ?? code.rawValue
    }

    public func contains(_ code: CurrencyCode) -> Bool { codeSet.contains(code) }

    /// Resolves what the user typed for a currency: a code, a symbol, or a name, an everyday
    /// form of it (`dollars`, `dólares`, `reais`), or the starts of its words (`jap`,
    /// `turk lir`). A phrase that fits several currencies follows one rule (`choose`).
    ///
    /// A caller that only asks whether the phrase names a currency passes `suggesting: false`:
    /// an unknown phrase then comes back without the near names, which cost a comparison with
    /// every name of a near length.
    public func resolve(_ phrase: String, suggesting: Bool = true) -> Resolution {
        // A ledger names the same few currencies on every line: look each phrase up once.
        if let known = resolved[phrase], known.suggested || !suggesting { return known.resolution }
        let resolution = resolveUncached(phrase, suggesting: suggesting)
        // Only phrases of a name's length are kept, in a bounded number: a pipe of long
        // unknown words (pasted text) keeps its memory flat.
        guard phrase.utf8.count <= Self.longestName * 4 else { return resolution }
        if resolved.count >= Self.resolvedLimit { resolved.removeAll(keepingCapacity: true) }
        resolved[phrase] = (resolution, suggesting)
        return resolution
    }

    /// Whether `text` names a currency (one or several; a code the table lacks too): what
    /// decides whether a Hebrew or Arabic word is read whole or with a connector joined.
    public func names(_ text: String) -> Bool {
        if case .unknown = resolve(text, suggesting: false) { return false }
        return true
    }

    /// Each phrase's resolution, and whether an unknown one came with its suggestions.
    private var resolved: [String: (resolution: Resolution, suggested: Bool)] = [:]
    private static let resolvedLimit = 4096

    private func resolveUncached(_ phrase: String, suggesting: Bool) -> Resolution {
        func suggestions(for folded: String) -> [CurrencyCode] { suggesting ? self.suggestions(for: folded) : [] }
        let trimmed = phrase.trimmingSpaces()
        if let code = CurrencyCode(trimmed) {
            if codeSet.contains(code) { return .found(code, .code) }
            if catalog[code] != nil { return .notInTable(code) }
            if catalog.withdrawnName(code) != nil {
                // A withdrawn currency the rate history quotes (TRL, ROL) is found by its code,
                // for dated lines; any other withdrawn code (ANG) is no currency here, never the
                // start of another one's name (“ang…olan kwanza”).
                if historical.contains(code) { return .found(code, .code) }
                return .unknown(suggestions: suggestions(for: TextFolding.fold(trimmed)))
            }
        }
        if let symbol = resolveSymbol(trimmed) { return symbol }
        // No currency name is this long; do not spend time matching pasted text.
        guard trimmed.count <= Self.longestName else { return .unknown(suggestions: []) }
        let folded = TextFolding.fold(trimmed)
        guard !folded.isEmpty else { return .unknown(suggestions: []) }
        // Words of money that name no currency, and words that join others: never the start
        // of a name (`cent` is not “Central African CFA Franc”, `and` not “Trinidad and Tobago”).
        if Self.subunitWords.contains(folded) { return .unknown(suggestions: []) }
        if noCurrency.contains(folded) { return .unknown(suggestions: suggestions(for: folded)) }
        let index = nameIndex
        func fits(_ candidate: String, prefixes: Bool) -> [CurrencyCode] {
            var fitting = index.exact[candidate] ?? []
            // A whole name that is also a word of other names (`som`: KGS is called just that,
            // UZS is the Uzbekistani som) is as ambiguous as that word. Two letters start too
            // many words (`de`, `us`): a prefix needs three.
            if candidate.count >= Self.shortestPrefix {
                let words = candidate.split(separator: " ").map(String.init)
                // Most phrases start no word of any name: one set look-up says so.
                if let first = words.first, index.wordStarts.contains(first) {
                    for (code, names) in index.words
                    where !fitting.contains(code) && names.contains(where: { Self.wordsStart(words: $0, with: words, whole: !prefixes) }) {
                        fitting.append(code)
                    }
                }
            }
            return fitting
        }
        // The phrase as typed, then its everyday forms (`dollars` → `dollar`): those match
        // whole words only, so that a plural never becomes the start of another word (`cents`
        // is not the start of “Central African CFA Franc”).
        for (position, candidate) in ([folded] + Self.everydayForms(folded)).enumerated() where !candidate.isEmpty {
            var names = [candidate]
            // One word spelt two ways in currency names (`rial`, `riyal`) means all of them.
            if let last = candidate.split(separator: " ").last, let other = Self.sameWord[String(last)] {
                names.append((candidate.split(separator: " ").dropLast().map(String.init) + [other]).joined(separator: " "))
            }
            var fitting: [CurrencyCode] = []
            for name in names { fitting += fits(name, prefixes: position == 0).filter { !fitting.contains($0) } }
            if fitting.count == 1 {
                // Named whole (`japanese yen`, `euros`), it is found; found by part of a name
                // (`jap`, `north`, `reais`), the reply says which currency it took.
                let whole = names.contains { index.exact[$0]?.contains(fitting[0]) == true }
                return .found(fitting[0], whole ? .name : .chosen(trimmed))
            }
            if fitting.count > 1 { return choose(fitting, typed: trimmed) }
        }
        // Inflected forms no plural rule reaches (`dolarów`, `franków szwajcarskich`, `liras
        // turcas`, `francs suisses`): each word's stem against those of a name's words, whole
        // and in order; the reply says which currency was taken.
        let stems = Self.stems(folded)
        if stems != folded.split(separator: " ").map(String.init) {
            var fitting: [CurrencyCode] = []
            for entry in entries {
                let names = entry.foldedNames + entry.foreignNames
                if names.contains(where: { Self.stemsName(stems, $0) }) { fitting.append(entry.code) }
            }
            if fitting.count == 1 { return .found(fitting[0], .chosen(trimmed)) }
            if fitting.count > 1 { return choose(fitting, typed: trimmed) }
        }
        return .unknown(suggestions: suggestions(for: folded))
    }

    /// The words of a folded phrase without a case or plural ending (Polish, Spanish,
    /// Portuguese, Italian, French), as long as three letters stay. A word alone loses only an
    /// ending of two letters, `y` or `i` (`dolarów`, `dolary`, `franki`): a lone `dolara` is
    /// Turkish's dative, and a lone `-s` is `everydayForms`' plural.
    static func stems(_ folded: String) -> [String] {
        let words = folded.split(separator: " ")
        return words.map { stem($0, alone: words.count == 1) }
    }

    /// A word without its ending (`alone`: only the endings a word alone loses).
    static func stem(_ word: Substring, alone: Bool = false) -> String {
        let ending = stemEndings.first {
            word.count - $0.count >= 3 && word.hasSuffix($0) && (!alone || $0.count >= 2 || $0 == "y" || $0 == "i")
        }
        return String(word.dropLast(ending?.count ?? 0))
    }

    /// Whether stems are consecutive words of a name, each the word or its stem (`liras` →
    /// `lira`; `szwajcarskich` and `szwajcarski` → `szwajcarsk`).
    static func stemsName(_ stems: [String], _ name: String) -> Bool {
        let words = name.split(separator: " ")
        guard !stems.isEmpty, words.count >= stems.count else { return false }
        let stemmed = words.map { stem($0) }
        for start in 0...(words.count - stems.count)
        where stems.indices.allSatisfy({ stems[$0] == words[start + $0] || stems[$0] == stemmed[start + $0] }) {
            return true
        }
        return false
    }

    /// The endings `stems` takes off, longest first.
    static let stemEndings = ["ami", "ach", "ich", "ych", "ego", "ow", "om", "es", "s", "y", "i", "e", "a", "o"]

    /// The shortest start of a name that resolves it.
    static let shortestPrefix = 3

    /// How many of the most traded currencies (`popularity`, after the BIS survey's ranking)
    /// are traded so much more than the rest that one of them is the obvious meaning of a
    /// shared name: `rial` (QAR ranks lower) stays a list.
    static let clearlyMostTraded = 20

    /// One rule for a phrase that fits several currencies: the user's region's currency when
    /// it is one of them (`peso` in es_MX, `dollar` in en_CA, `元` in zh_TW), or the one the
    /// euro replaced there (`francs` in fr_FR is FRF, `punt` in ga_IE is IEP); else current
    /// currencies before withdrawn ones (`lira` in de_DE is TRY, not ITL or MTL); of those, the
    /// only one, or the most traded when it is among the 20 most traded (`dollar` → USD,
    /// `pound` → GBP, `peso` → MXN), else a list. The reply says which was taken.
    func choose(_ codes: [CurrencyCode], typed: String) -> Resolution {
        if let own = regionCurrencyForSymbols, codes.contains(own) { return .found(own, .chosen(typed)) }
        if let former = regionFormerCurrency, codes.contains(former) { return .found(former, .chosen(typed)) }
        let current = codes.filter { !isWithdrawn($0) }
        if current.count == 1 { return .found(current[0], .chosen(typed)) }
        let order = ranked(current.isEmpty ? codes : current)
        if let first = order.first, let rank = Self.popularityRank[first.rawValue], rank < Self.clearlyMostTraded {
            return .found(first, .chosen(typed))
        }
        return .ambiguous(order)
    }

    /// Forms people type for a name that ICU does not list: plurals and other spellings.
    static func everydayForms(_ folded: String) -> [String] {
        var words = folded.split(separator: " ").map(String.init)
        guard let last = words.popLast() else { return [] }
        var forms: [String] = []
        if let spelled = spellings[last] { forms.append(spelled) }
        if last.count > 3, last.hasSuffix("es") {
            let stem = String(last.dropLast(2))
            forms.append(spellings[stem] ?? stem)
        }
        if last.count > 3, last.hasSuffix("s") { forms.append(String(last.dropLast())) }
        return forms.map { (words + [$0]).joined(separator: " ") }
    }

    /// Words that currency names spell two ways, each with the other.
    static let sameWord: [String: String] = ["rial": "riyal", "riyal": "rial"]

    /// Other spellings and plurals, folded: Spanish, Portuguese and Turkish forms of the
    /// names that ICU gives in English, and German plurals of the names it gives in German
    /// (`dänische Kronen`, `indische Rupien`).
    static let spellings: [String: String] = [
        "dolar": "dollar", "dolares": "dollar", "reais": "real", "libras": "pound", "libra": "pound",
        "francos": "franc", "franco": "franc", "yenes": "yen", "rupias": "rupee", "rupia": "rupee",
        "avro": "euro", "kronen": "krone", "rupien": "rupie", "zlotowki": "zloty", "zlotowka": "zloty", "zlotowek": "zloty",
    ]

    /// Whether the typed words start consecutive words of `name` (`turk lir` in `turkish lira`),
    /// or with `whole`, are consecutive words of it (`real` in `brazilian real`).
    static func wordsStart(_ name: String, with typed: [String], whole: Bool = false) -> Bool {
        wordsStart(words: name.split(separator: " "), with: typed, whole: whole)
    }

    /// The same, for a name already split into its words.
    static func wordsStart(words nameWords: [Substring], with typed: [String], whole: Bool) -> Bool {
        guard !typed.isEmpty, nameWords.count >= typed.count else { return false }
        for start in 0...(nameWords.count - typed.count)
        where typed.indices.allSatisfy({ whole ? nameWords[start + $0] == typed[$0] : nameWords[start + $0].hasPrefix(typed[$0]) }) {
            return true
        }
        return false
    }

    private func resolveSymbol(_ text: String) -> Resolution? {
        if text == "$" || text == "＄" { return .found(dollar, .symbol(text, explained: true)) }
        // Letters in any case (`rmb`, `Rmb`, `fr.`): people type the capitals small.
        guard let candidates = Self.symbols[text] ?? Self.lettersInAnyCase[text.lowercased()] else { return nil }
        let available = candidates.compactMap(CurrencyCode.init).filter(codeSet.contains)
        if available.count == 1 { return .found(available[0], .symbol(text, explained: false)) }
        return available.count > 1 ? choose(available, typed: text) : nil
    }

    /// The region's own currency decides ambiguous symbols (`kr` in Sweden is SEK).
    public let regionCurrencyForSymbols: CurrencyCode?
    /// The currency the euro replaced in the user's region (FRF in fr_FR, IEP in ga_IE).
    public let regionFormerCurrency: CurrencyCode?

    /// Whether a currency is no longer in use (one the euro replaced, or a code ISO lists as
    /// withdrawn: TRL, ROL).
    func isWithdrawn(_ code: CurrencyCode) -> Bool { LegacyEuro.entry(code) != nil || catalog.withdrawnName(code) != nil }

    /// Look-ups made once from the names: whole names (every language) to their currencies,
    /// every start (three letters or more) of every word of a name, and each currency's names
    /// (in the user's language) split into their words.
    struct NameIndex {
        var exact: [String: [CurrencyCode]] = [:]
        var wordStarts: Set<String> = []
        var words: [(code: CurrencyCode, names: [[Substring]])] = []
    }

    /// Look-ups for suggestions, made once the first phrase matches nothing.
    struct SuggestionIndex {
        /// Codes, names and words of names (with one edit's penalty) by their length.
        var byLength: [Int: [(code: CurrencyCode, text: String, scalars: [Unicode.Scalar], penalty: Int, isCode: Bool)]] = [:]
        /// The first four letters of each word of a name, to the currencies.
        var stems: [String: Set<CurrencyCode>] = [:]
    }

    private var cachedIndex: NameIndex?
    private var cachedSuggestionIndex: SuggestionIndex?

    private var nameIndex: NameIndex {
        if let cachedIndex { return cachedIndex }
        var index = NameIndex()
        index.words.reserveCapacity(entries.count)
        for entry in entries {
            for name in entry.foldedNames + entry.foreignNames where !(index.exact[name]?.contains(entry.code) ?? false) {
                index.exact[name, default: []].append(entry.code)
            }
            var names: [[Substring]] = []
            names.reserveCapacity(entry.foldedNames.count)
            for name in entry.foldedNames {
                let words = name.split(separator: " ")
                names.append(words)
                for word in words where word.count >= Self.shortestPrefix {
                    for length in Self.shortestPrefix...word.count { index.wordStarts.insert(String(word.prefix(length))) }
                }
            }
            index.words.append((entry.code, names))
        }
        cachedIndex = index
        return index
    }

    private var suggestionIndex: SuggestionIndex {
        if let cachedSuggestionIndex { return cachedSuggestionIndex }
        var index = SuggestionIndex()
        for entry in entries {
            let code = entry.code.rawValue.lowercased()
            index.byLength[code.count, default: []].append((entry.code, code, Array(code.unicodeScalars), 0, true))
            for name in entry.foldedNames + entry.foreignNames {
                index.byLength[name.count, default: []].append((entry.code, name, Array(name.unicodeScalars), 0, false))
                for word in name.split(separator: " ") where word.count > 2 {
                    index.byLength[word.count, default: []].append((entry.code, String(word), Array(word.unicodeScalars), 1, false))
                    if word.count >= 4 { index.stems[String(word.prefix(4)), default: []].insert(entry.code) }
                }
            }
        }
        cachedSuggestionIndex = index
        return index
    }

    /// Orders codes by how likely a user means them: widely traded first, then by code.
    public func ranked(_ codes: [CurrencyCode]) -> [CurrencyCode] {
        codes.sorted {
            let a = Self.popularityRank[$0.rawValue] ?? Int.max
            let b = Self.popularityRank[$1.rawValue] ?? Int.max
            return a != b ? a < b : $0 < $1
        }
    }

    /// The closest codes and names to a phrase that matched nothing, at most three.
    public func suggestions(for folded: String) -> [CurrencyCode] {
        guard !folded.isEmpty else { return [] }
        var best: [CurrencyCode: Int] = [:]
        let limit = max(1, min(3, folded.count / 2 + 1))
        let length = folded.count
        let index = suggestionIndex
        func consider(_ code: CurrencyCode, _ distance: Int) {
            if distance <= limit { best[code] = min(best[code] ?? Int.max, distance) }
        }
        // No distance is below the difference in length: only texts of a near length are compared.
        let typed = Array(folded.unicodeScalars)
        for candidateLength in max(1, length - limit)...(length + limit) {
            for candidate in index.byLength[candidateLength] ?? [] {
                var distance = Levenshtein.distance(typed, candidate.scalars, transpositions: true, limit: limit) + candidate.penalty
                // A code that starts with the same letter is the likelier typo.
                if candidate.isCode, candidate.text.first != folded.first { distance += 1 }
                consider(candidate.code, distance)
            }
        }
        // A word typed in another language often shares its stem: "türk" and "türkische".
        for word in folded.split(separator: " ") where word.count >= 4 {
            for code in index.stems[String(word.prefix(4))] ?? [] { consider(code, 2) }
        }
        let ranking = ranked(Array(best.keys))
        let order = Dictionary(uniqueKeysWithValues: ranking.enumerated().map { ($1, $0) })
        return best.keys.sorted {
            let (a, b) = (best[$0] ?? 0, best[$1] ?? 0)
            return a != b ? a < b : (order[$0] ?? 0) < (order[$1] ?? 0)
        }.prefix(3).map { $0 }
    }

    /// A completion candidate: the currency and why it matched.
    public struct Match: Equatable, Sendable {
        public let code: CurrencyCode
        /// 0 exact code, 1 code prefix, 2 name prefix, 3 word of the name, 4 symbol.
        public let strength: Int
    }

    /// Currencies whose code, name (any word of it) or symbol starts with `partial`, best first;
    /// `recent` currencies come before all others.
    public func matches(_ partial: String, recent: [CurrencyCode]) -> [Match] {
        guard partial.count <= Self.longestName else { return [] }
        let folded = TextFolding.fold(partial)
        var found: [CurrencyCode: Int] = [:]
        if let symbol = Self.symbols[partial] ?? (partial == "$" ? [dollar.rawValue] : nil) {
            for code in symbol.compactMap(CurrencyCode.init) where codeSet.contains(code) { found[code] = 4 }
        }
        if !folded.isEmpty {
            let upper = folded.uppercased()
            let typedWords = folded.split(separator: " ").map(String.init)
            for entry in entries {
                var strength: Int?
                if entry.code.rawValue == upper {
                    strength = 0
                } else if entry.code.rawValue.hasPrefix(upper) {
                    strength = 1
                } else if entry.foldedNames.contains(where: { $0.hasPrefix(folded) || Self.wordsStart($0, with: typedWords) }) {
                    // Any word of a name: `peso` lists MXN (Mexican peso) before UYU, most
                    // traded first, as `peso` resolves.
                    strength = 2
                }
                if let strength { found[entry.code] = min(found[entry.code] ?? strength, strength) }
            }
        }
        let recentRank = Dictionary(recent.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let ranking = ranked(Array(found.keys))
        let order = Dictionary(uniqueKeysWithValues: ranking.enumerated().map { ($1, $0) })
        return found.map { Match(code: $0.key, strength: $0.value) }.sorted { a, b in
            let ra = recentRank[a.code] ?? Int.max
            let rb = recentRank[b.code] ?? Int.max
            if ra != rb { return ra < rb }
            if a.strength != b.strength { return a.strength < b.strength }
            return (order[a.code] ?? 0) < (order[b.code] ?? 0)
        }
    }
}
