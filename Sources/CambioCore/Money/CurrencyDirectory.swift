import Foundation

/// Finds currencies by code, symbol or name (English or the user's language), and names them.
/// Names come from ICU and are looked up only when first needed, so a conversion by code
/// never pays for them.
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
        /// A symbol; `meaning` is set where the user should be told which currency it was
        /// taken for (`$`).
        case symbol(String, explained: Bool)
        case name
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
    private var entryIndex: [CurrencyCode: Int] = [:]

    /// Codes in order of how much they are traded, to rank ties.
    static let popularity: [String] = [
        "USD", "EUR", "JPY", "GBP", "CNY", "AUD", "CAD", "CHF", "HKD", "SGD", "SEK", "KRW", "NOK", "NZD", "INR", "MXN",
        "TWD", "ZAR", "BRL", "DKK", "PLN", "THB", "ILS", "IDR", "CZK", "AED", "TRY", "HUF", "CLP", "SAR", "PHP", "MYR",
        "COP", "RUB", "RON", "PEN", "BHD", "KWD", "ISK", "EGP", "MAD", "VND", "ARS", "UAH", "NGN", "KZT", "QAR",
    ]
    private static let popularityRank: [String: Int] = Dictionary(
        uniqueKeysWithValues: popularity.enumerated().map { ($1, $0) })

    /// Symbols that name one currency whatever the locale, and letter symbols users type.
    static let symbols: [String: [String]] = [
        "€": ["EUR"], "£": ["GBP"], "¥": ["JPY", "CNY"], "₺": ["TRY"], "₹": ["INR"], "₩": ["KRW"], "₽": ["RUB"],
        "₴": ["UAH"], "₪": ["ILS"], "₫": ["VND"], "฿": ["THB"], "₱": ["PHP"], "₦": ["NGN"], "₡": ["CRC"],
        "₲": ["PYG"], "₸": ["KZT"], "₼": ["AZN"], "₾": ["GEL"], "₭": ["LAK"], "₮": ["MNT"], "₵": ["GHS"],
        "R$": ["BRL"], "US$": ["USD"], "CA$": ["CAD"], "A$": ["AUD"], "AU$": ["AUD"], "NZ$": ["NZD"],
        "HK$": ["HKD"], "S$": ["SGD"], "MX$": ["MXN"], "NT$": ["TWD"], "zł": ["PLN"], "Kč": ["CZK"], "Ft": ["HUF"],
        "kr": ["SEK", "NOK", "DKK", "ISK"], "CN¥": ["CNY"], "JP¥": ["JPY"], "元": ["CNY"],
        "円": ["JPY"],
    ]

    /// Longer phrases are not looked up.
    static let longestName = 64

    public init(catalog: CurrencyCatalog, codes: [CurrencyCode], languageID: String, regionCurrency: CurrencyCode?) {
        self.catalog = catalog
        self.codes = codes.sorted()
        self.languageID = languageID
        codeSet = Set(codes)
        regionCurrencyForSymbols = regionCurrency
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
        let local = Locale(identifier: languageID)
        let english = Locale(identifier: "en")
        // Names in the interface's other languages are understood too (“türk lirası” for
        // anyone), after the user's own and English ones.
        let own = Localization.language(for: languageID)
        let others = Localization.languages.filter { $0 != "en" && $0 != own }
            .map { Locale(identifier: $0) }
        var built: [Entry] = []
        built.reserveCapacity(codes.count)
        for code in codes {
            let iso = catalog[code]?.isoName ?? code.rawValue
            let englishName = english.localizedString(forCurrencyCode: code.rawValue) ?? iso
            let localName = local.localizedString(forCurrencyCode: code.rawValue) ?? englishName
            let otherNames = others.compactMap { $0.localizedString(forCurrencyCode: code.rawValue) }
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

    public func entry(_ code: CurrencyCode) -> Entry? {
        _ = entries
        return entryIndex[code].map { entries[$0] }
    }

    /// The name to show for a currency in the user's language.
    public func name(of code: CurrencyCode) -> String {
        entry(code)?.localName ?? catalog[code]?.isoName ?? code.rawValue
    }

    public func contains(_ code: CurrencyCode) -> Bool { codeSet.contains(code) }

    /// Resolves what the user typed for a currency: a code, a symbol, or a name or its prefix.
    public func resolve(_ phrase: String) -> Resolution {
        let trimmed = phrase.trimmingCharacters(in: .whitespaces)
        if let code = CurrencyCode(trimmed) {
            if codeSet.contains(code) { return .found(code, .code) }
            if catalog[code] != nil { return .notInTable(code) }
        }
        if let symbol = resolveSymbol(trimmed) { return symbol }
        // No currency name is this long; do not spend time matching pasted text.
        guard trimmed.count <= Self.longestName else { return .unknown(suggestions: []) }
        let folded = TextFolding.fold(trimmed)
        guard !folded.isEmpty else { return .unknown(suggestions: []) }
        for candidate in [folded, Self.singular(folded)] where !candidate.isEmpty {
            let exact = codesMatching(includingForeign: true) { $0 == candidate }
            if exact.count == 1 { return .found(exact[0], .name) }
            let prefixed = codesMatching { $0.hasPrefix(candidate) }
            if prefixed.count == 1 { return .found(prefixed[0], .name) }
            let wordStart = codesMatching { Self.hasWordPrefix($0, candidate) }
            if wordStart.count == 1 { return .found(wordStart[0], .name) }
            if let many = [exact, prefixed, wordStart].first(where: { $0.count > 1 }) {
                return .ambiguous(ranked(many))
            }
        }
        return .unknown(suggestions: suggestions(for: folded))
    }

    /// Only what names a currency completely and unambiguously: a code, a symbol, or a whole
    /// name. A prefix (`jap`, `us`) is not enough, so that half-typed words give no result.
    public func resolveExactly(_ phrase: String) -> CurrencyCode? {
        let trimmed = phrase.trimmingCharacters(in: .whitespaces)
        if let code = CurrencyCode(trimmed) { return codeSet.contains(code) ? code : nil }
        if let symbol = resolveSymbol(trimmed) {
            if case .found(let code, _) = symbol { return code }
            return nil
        }
        guard trimmed.count <= Self.longestName else { return nil }
        let folded = TextFolding.fold(trimmed)
        guard !folded.isEmpty else { return nil }
        let exact = codesMatching(includingForeign: true) { $0 == folded }
        return exact.count == 1 ? exact[0] : nil
    }

    private func resolveSymbol(_ text: String) -> Resolution? {
        if text == "$" { return .found(dollar, .symbol("$", explained: true)) }
        guard let candidates = Self.symbols[text] else { return nil }
        let available = candidates.compactMap(CurrencyCode.init).filter(codeSet.contains)
        if available.count == 1 { return .found(available[0], .symbol(text, explained: false)) }
        if available.count > 1 {
            if let own = available.first(where: { $0 == regionCurrencyForSymbols }) {
                return .found(own, .symbol(text, explained: true))
            }
            if text == "¥" { return .found(available[0], .symbol(text, explained: true)) }
            return .ambiguous(available)
        }
        return nil
    }

    /// The region's own currency decides ambiguous symbols (`kr` in Sweden is SEK).
    public let regionCurrencyForSymbols: CurrencyCode?

    private func codesMatching(includingForeign: Bool = false, _ predicate: (String) -> Bool) -> [CurrencyCode] {
        entries.filter {
            $0.foldedNames.contains(where: predicate) || (includingForeign && $0.foreignNames.contains(where: predicate))
        }.map(\.code)
    }

    static func hasWordPrefix(_ name: String, _ prefix: String) -> Bool {
        if name.hasPrefix(prefix) { return true }
        var rest = Substring(name)
        while let space = rest.firstIndex(of: " ") {
            rest = rest[rest.index(after: space)...]
            if rest.hasPrefix(prefix) { return true }
        }
        return false
    }

    /// `dollars` → `dollar`, `euros` → `euro`: the last word without a plural `s`.
    static func singular(_ folded: String) -> String {
        guard folded.count > 3, folded.hasSuffix("s") else { return "" }
        return String(folded.dropLast())
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
        let typedWords = folded.split(separator: " ").filter { $0.count >= 3 }
        for entry in entries {
            // A code that starts with the same letter is the likelier typo.
            let code = entry.code.rawValue.lowercased()
            var distance = Levenshtein.distance(folded, code) + (code.first == folded.first ? 0 : 1)
            for name in entry.foldedNames + entry.foreignNames {
                distance = min(distance, Levenshtein.distance(folded, name))
                for word in name.split(separator: " ") where word.count > 2 {
                    distance = min(distance, Levenshtein.distance(folded, String(word)) + 1)
                    // A word typed in another language often shares its stem: "türk" and "türkische".
                    if typedWords.contains(where: { $0.count >= 4 && word.hasPrefix(String($0.prefix(4))) }) {
                        distance = min(distance, 2)
                    }
                }
            }
            if distance <= limit { best[entry.code] = distance }
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
            for entry in entries {
                var strength: Int?
                if entry.code.rawValue == upper {
                    strength = 0
                } else if entry.code.rawValue.hasPrefix(upper) {
                    strength = 1
                } else if entry.foldedNames.contains(where: { $0.hasPrefix(folded) }) {
                    strength = 2
                } else if entry.foldedNames.contains(where: { Self.hasWordPrefix($0, folded) }) {
                    strength = 3
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

/// Edit distance between two short strings.
enum Levenshtein {
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = Array(repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}
