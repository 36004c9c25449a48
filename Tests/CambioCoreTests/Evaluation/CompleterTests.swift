import Testing

@testable import CambioCore

@Suite struct CompleterTests {
    let engine: Engine
    let german: Engine
    let turkish: Engine

    init() throws {
        let table = try SeedTableDecoder.bundled()
        engine = Engine(locale: LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US"), table: table)
        german = Engine(locale: LocaleSettings(numbers: "de_DE", money: "de_DE", messages: "de_DE"), table: table)
        turkish = Engine(locale: LocaleSettings(numbers: "tr_TR", money: "tr_TR", messages: "tr_TR"), table: table)
    }

    func inserts(_ line: String, _ engine: Engine, recent: [String] = []) -> [String] {
        Completer.complete(line, engine: engine, recent: recent.compactMap(CurrencyCode.init)).candidates.map(\.insert)
    }

    /// Where a shared name resolves to one currency, Tab lists that currency first: the
    /// list and Enter agree.
    @Test(arguments: ["peso", "dollar", "pound", "franc", "rupee", "krone", "dinar", "riyal", "yuan", "real"])
    func theCurrencyANameResolvesToIsListedFirst(_ name: String) throws {
        let table = try SeedTableDecoder.bundled()
        for engine in [engine, german, turkish] {
            let state = SessionState(base: .eur, recent: [], locale: engine.locale)
            guard let resolved = engine.evaluate("1 \(name) in xau", in: state).reply.conversions.first?.from else { continue }
            #expect(inserts("12 eur in \(name)", engine).first == resolved.rawValue + " ", "\(name) in \(engine.locale.messages)")
        }
    }

    /// A Hebrew connector joined to the start of a name: the name completes after it, written
    /// the way Hebrew joins a letter to a code (`ל-USD`), and the completed line converts as
    /// `in` would; a word that names a currency whole (`לירה`) is not split.
    @Test func aNameAfterAJoinedHebrewConnectorCompletes() throws {
        let hebrew = Engine(
            locale: LocaleSettings(numbers: "he_IL", money: "he_IL", messages: "he_IL"), table: try SeedTableDecoder.bundled())
        let line = "100 ש\"ח לדולר אמ"
        let completion = Completer.complete(line, engine: hebrew, recent: [])
        #expect(completion.candidates.map(\.insert).contains("-USD "), "\(completion)")
        #expect(completion.replacing == "דולר אמ".count)
        let joined = Completer.complete("100 ש\"ח לאיר", engine: hebrew, recent: [])
        #expect(joined.candidates.first?.insert == "-EUR ", "\(joined)")
        #expect(joined.candidates.allSatisfy { $0.insert.hasPrefix("-") })
        let completed = String("100 ש\"ח לאיר".dropLast(joined.replacing)) + "-EUR"
        let state = SessionState(base: .eur, recent: [], locale: hebrew.locale)
        #expect(hebrew.evaluate(completed, in: state).reply.results == hebrew.evaluate("100 ils in eur", in: state).reply.results)
        #expect(!Completer.complete("100 ש\"ח in ליר", engine: hebrew, recent: []).candidates.contains { $0.insert.hasPrefix("-") })
    }

    @Test func aUniqueNamePrefixCompletesToItsCode() {
        #expect(inserts("jap", engine) == ["JPY "])
        #expect(inserts("12 eur in jap", engine) == ["JPY "])
        #expect(inserts("base jap", engine) == ["JPY "])
    }

    @Test func namesInTheUsersLanguageComplete() {
        let swiss = inserts("schw", german)
        #expect(swiss.contains("CHF ") && swiss.contains("SEK "))
        #expect(inserts("schweizer", german) == ["CHF "])
        #expect(inserts("türk", turkish).first == "TRY ")
        #expect(inserts("turk lira", turkish).first == "TRY ")
    }

    /// A word typed that is a whole word of one currency's name alone completes to it at the
    /// first Tab (`türk` listed TRY and TMT and inserted nothing); a word of several names
    /// (`peso`) or part of a word inserts nothing until one is chosen.
    @Test func aWholeWordOfOneNameCompletesAtOnce() {
        let türk = Completer.complete("100 türk", engine: turkish, recent: [])
        #expect(türk.candidates.count > 1 && türk.commonInsert(typed: "türk") == "TRY ", "\(türk.candidates.map(\.insert))")
        let peso = Completer.complete("100 peso", engine: engine, recent: [])
        #expect(peso.candidates.count > 1 && peso.commonInsert(typed: "peso") == nil, "\(peso.candidates.map(\.insert))")
        let swiss = Completer.complete("schw", engine: german, recent: [])
        #expect(swiss.commonInsert(typed: "schw") == nil)
    }

    @Test func multiWordNamesCompleteAsOneUnit() {
        let completion = Completer.complete("12 japanese y", engine: engine, recent: [])
        #expect(completion.candidates.map(\.insert) == ["JPY "])
        #expect(completion.replacing == "japanese y".count)
    }

    @Test func recentCurrenciesComeFirst() {
        // After an amount (at the line's start, `unpin` comes first: commands lead there).
        let recent = inserts("12 u", engine, recent: ["UYU"])
        #expect(recent.first == "UYU ")
        #expect(recent.dropFirst().first == "USD ")
        let all = inserts("12 eur in ", engine, recent: ["GBP", "CHF"])
        #expect(all.prefix(2) == ["GBP ", "CHF "])
    }

    @Test func commandsAndKeywordsCompleteWhereTheGrammarAllowsThem() {
        #expect(inserts("ba", engine).first == "base ")
        #expect(inserts("ba", engine).contains("BAM "))
        #expect(inserts("st", engine).first == "status ")
        #expect(inserts("12 eur ", engine) == ["in ", "to ", "into "])
        #expect(inserts("12 eur i", engine) == ["in ", "into "])
        #expect(inserts("recent c", engine) == ["clear "])
        #expect(inserts("swap ", engine).isEmpty)
    }

    @Test func symbolsCompleteToCodes() {
        #expect(inserts("₺", engine) == ["TRY "])
    }

    @Test func theCommonPrefixIsInsertedOnlyWhenItExtendsTheText() {
        let completion = Completer.complete("us", engine: engine, recent: [])
        #expect(completion.commonInsert(typed: "us") == "USD ")
        let several = Completer.complete("schw", engine: german, recent: [])
        #expect(several.commonInsert(typed: "schw") == nil)
    }
}
