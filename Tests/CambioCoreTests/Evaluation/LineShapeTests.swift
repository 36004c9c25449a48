import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// A line recognised by its shape (`LineShape`) reads and converts exactly as the parser
/// reads it: random lines of every form, in locales with every kind of mark, through an engine
/// that keeps shapes and one that keeps none; and the results against ICU's formatting of the
/// exactly rounded value.
@Suite struct LineShapeTests {
    static let locales = [
        "en_US", "de_DE", "de_CH", "fr_FR", "hi_IN", "ja_JP", "es_ES", "it_IT", "pt_BR", "nl_NL", "tr_TR", "en_IN", "ar_EG", "he_IL",
    ]

    /// An amount as a user of the locale might type it: with or without grouping, a fraction
    /// of any length, and sometimes a mistake or an ambiguity.
    static func amountText(_ conventions: NumberConventions, _ random: inout SplitMix64) -> String {
        let integerCount = Int.random(in: 1...14, using: &random)
        var integer = String((0..<integerCount).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        if Int.random(in: 0..<6, using: &random) == 0 { integer = "0" }
        var text = integer
        if Bool.random(using: &random), let grouping = conventions.groupingSeparator {
            var grouped = ""
            for (index, digit) in integer.enumerated() {
                let remaining = integer.count - index
                let primary = conventions.primaryGroupSize
                let size = Bool.random(using: &random) ? conventions.secondaryGroupSize : primary
                if index > 0, conventions.groups(integer.count) || Bool.random(using: &random),
                    remaining == primary || (remaining > primary && (remaining - primary) % size == 0)
                {
                    grouped.append(grouping.isWhitespace || !grouping.isASCII ? [",", ".", "'"][Int.random(in: 0..<3, using: &random)] : grouping)
                }
                grouped.append(digit)
            }
            text = grouped
        }
        let fractionCount = [0, 0, 1, 2, 2, 3, 4, 6, 8][Int.random(in: 0..<9, using: &random)]
        if fractionCount > 0 {
            let mark = conventions.decimalSeparator.isASCII ? conventions.decimalSeparator : "."
            text.append(mark)
            text += String((0..<fractionCount).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        }
        switch Int.random(in: 0..<24, using: &random) {
        case 0: text = "12.50"
        case 1: text = "12,50"
        case 2: text = "1.234"
        case 3: text = "1,234"
        case 4: text += String(conventions.decimalSeparator)
        case 5: text = "-" + text
        case 6: text = "." + text
        case 7: text = "1'234.5"
        case 8: text = "+" + text
        case 9: text = "−" + text
        case 10: text += "'"
        case 11: text = String(repeating: "9", count: 25)
        default: break
        }
        return text
    }

    /// A conversion line of one of many forms around an amount.
    static func line(_ amount: String, _ codes: [CurrencyCode], _ random: inout SplitMix64) -> String {
        let pick = { (random: inout SplitMix64) in codes[Int.random(in: 0..<codes.count, using: &random)].rawValue }
        let (from, to, other) = (pick(&random), pick(&random), pick(&random))
        // A day from 1998 to 2027 (before the history, weekends, holidays, after the bundle), a
        // month of those years, in ISO form.
        let day = Day(iso: "1998-06-01")!.adding(days: Int.random(in: 0..<(29 * 366), using: &random))
        let month = String(day.iso.prefix(7))
        let forms = [
            "\(amount) \(from) in \(to) on \(day.iso)", "\(amount) eur in usd on \(day.iso)", "\(amount) \(from) on \(day.iso) in \(to)",
            "\(amount) \(from) in \(to) average \(month)", "\(amount) eur in usd avg \(month)", "\(amount) dem in \(to) on \(day.iso)",
            "\(amount) \(from) in \(to), \(other) on \(day.iso)", "\(from) in \(to) on \(day.iso)", "\(amount) \(from) on \(day.iso)",
            "\(amount) \(from.lowercased()) in \(to)", "\(amount) \(from) to \(to.lowercased())", "\(amount)  \(from)\tinto \(to) ",
            "\(amount) € in $", "€\(amount) in usd", "\(amount) eur in usd, \(other)", "\(amount) japanese yen in chf",
            "£\(amount) in jpy", "\(amount) eur in usd and gbp", "\(amount) dollars in eur", "\(amount) peso in usd",
            "-€\(amount) in usd", "\(amount)", "\(amount) \(from)", "\(amount) \(from) in", "\(amount) \(from) \(to)",
            "\(amount)\(from) in \(to)", "\(amount) \(from) in \(to) # lunch", "\(amount) \(from) in \(to)?", "$\(amount)",
            "\(amount) xxx in usd", "\(amount) eur in usd extra", "\(amount) EUR → USD", "\(amount)e3 eur in usd",
            "convert \(amount) \(from) to \(to)", "\(amount) ₺ in €", "CHF \(amount) in eur", "\(amount) usd in usd",
            "3 × \(amount) eur in \(to)", "\(amount) eur + \(amount) usd in gbp", "(\(amount) + 2) × 3 eur", "\(amount) eur + 15 %",
            "15 % of \(amount) eur", "\(amount)k eur in usd", "12 eur in usd + \(amount) %", "\(amount) eur / 0", "-\(amount) × 2 usd",
            "\(amount) eur * \(amount) usd", "ans × \(amount)", "\(amount) eur − \(amount) % in \(to)",
        ]
        return forms[Int.random(in: 0..<forms.count, using: &random)]
    }

    static func shown(_ outcome: Outcome) -> [String] {
        outcome.reply.lines.map { line in
            switch line {
            case .result(let text, let detail): "result \(text) \(detail ?? "")"
            case .error(let error, let message): "error \(error.range.map { "\($0)" } ?? "-") \(message)"
            case .assumption(let text): "assumption \(text)"
            case .note(let text), .heading(let text), .source(let text), .chart(let text), .warning(let text): "other \(text)"
            case .table(let table): "table \(table.lines)"
            }
        }
    }

    /// Evaluates a line with shapes and without, expects the same of both, and gives the state
    /// after it.
    static func evaluatesAlike(_ line: String, _ shaped: Engine, _ plain: Engine, _ state: SessionState, _ now: Date, _ localeID: String)
        -> SessionState
    {
        let expected = plain.evaluate(line, in: state, now: now)
        let got = shaped.evaluate(line, in: state, now: now)
        #expect(Self.shown(got) == Self.shown(expected), "\(localeID): \(line)")
        #expect(got.reply == expected.reply, "\(localeID): \(line)")
        #expect(got.state.recent == expected.state.recent && got.state.last == expected.state.last, "\(localeID): \(line)")
        #expect(
            got.state.answer?.value == expected.state.answer?.value && got.state.answer?.currency == expected.state.answer?.currency,
            "\(localeID): \(line)")
        #expect(got.effects == expected.effects, "\(localeID): \(line)")
        return expected.state
    }

    @Test(arguments: locales)
    func everyLineReadsAsWithoutShapes(_ localeID: String) throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: localeID, money: localeID, messages: localeID)
        let details = localeID.hasPrefix("d") || localeID.hasPrefix("h") || localeID.hasPrefix("a")
        let shaped = Engine.configured(settings, table, showsDetails: details)
        let plain = Engine.configured(settings, table, showsDetails: details, recognisesShapes: false)
        var state = SessionState(base: .eur, recent: [], locale: settings)
        var random = SplitMix64(seed: UInt64(localeID.unicodeScalars.reduce(0) { $0 &* 31 &+ UInt64($1.value) }))
        let codes = table.codes
        let now = Date(timeIntervalSince1970: 1_764_460_800)
        for _ in 0..<1_500 {
            let line = Self.line(Self.amountText(plain.amountParser.conventions, &random), codes, &random)
            state = Self.evaluatesAlike(line, shaped, plain, state, now, localeID)
        }
        // Most lines take the shape read before (not only the first of each).
        #expect(shaped.shapeHits > 150, "\(localeID): \(shaped.shapeHits) lines by their shape")
    }

    @Test(arguments: ["en_US", "de_DE", "hi_IN", "fr_FR", "ja_JP", "tr_TR"])
    func resultsAreICUsFormattingOfTheExactValue(_ localeID: String) throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: localeID, money: localeID, messages: localeID)
        let engine = Engine.configured(settings, table, showsDetails: false)
        let state = SessionState(base: .eur, recent: [], locale: settings)
        var random = SplitMix64(seed: 42)
        let codes = table.codes
        for _ in 0..<600 {
            let from = codes[Int.random(in: 0..<codes.count, using: &random)].rawValue
            let to = codes[Int.random(in: 0..<codes.count, using: &random)].rawValue
            let amount = Self.amountText(engine.amountParser.conventions, &random)
            let outcome = engine.evaluate("\(amount) \(from) in \(to)", in: state)
            guard let conversion = outcome.reply.conversions.first else { continue }
            let style = { (code: String) in
                Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: localeID))
                    .precision(.fractionLength(3)).rounded(rule: .toNearestOrEven)
            }
            // Amounts with more than three decimals are echoed whole; the result is compared.
            let rounded = try #require(Decimal(string: conversion.roundedResult, locale: Locale(identifier: "en_US_POSIX")))
            let result = try #require(outcome.reply.results.first?.components(separatedBy: " = ").last)
            #expect(result == rounded.formatted(style(to)), "\(localeID): \(amount) \(from) in \(to)")
        }
    }

    @Test func aShapeIsKeptFromItsSecondSight() throws {
        // A line seen once keeps nothing (a list of distinct lines pays no copy of each); the
        // second line of a shape is read and kept, and every later one is recognised.
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: "de_DE", money: "de_DE", messages: "de_DE")
        let engine = Engine(locale: settings, table: table)
        let state = SessionState(base: .eur, recent: [], locale: settings)
        for (index, amount) in ["1", "22", "333", "4.444", "55,5"].enumerated() {
            #expect(!engine.evaluate("\(amount) eur in usd, gbp und chf", in: state).reply.failed)
            #expect(engine.shapeHits == max(0, index - 1), "line \(index + 1)")
        }
        // Other shapes between two sights of one do not make it new again.
        _ = engine.evaluate("7 eur in jpy", in: state)
        for other in ["7 japanischer yen in eur", "7 € in $", "7 schweizer franken in eur"] { _ = engine.evaluate(other, in: state) }
        _ = engine.evaluate("8 eur in jpy", in: state)
        _ = engine.evaluate("9 eur in jpy", in: state)
        #expect(engine.shapeHits == 4)
        // Lines whose currencies differ are shapes of their own, each kept from its second
        // sight; so are capitals.
        for (line, hits) in [
            ("1 chf in sek", 4), ("2 chf in sek", 4), ("3 chf in sek", 5), ("4 CHF in SEK", 5), ("5 CHF in SEK", 5), ("6 CHF in SEK", 6),
        ] {
            _ = engine.evaluate(line, in: state)
            #expect(engine.shapeHits == hits, "\(line)")
        }
        // A calculation is read by the parser every time.
        for amount in ["1", "2", "3", "4"] { _ = engine.evaluate("3 × \(amount) eur in usd", in: state) }
        #expect(engine.shapeHits == 6)
        // The same through a pipe's lane, which looks at a line's bytes before its text.
        let piped = Engine(locale: settings, table: table)
        var pipeState = state
        for (index, amount) in ["1", "22", "333", "4.444"].enumerated() {
            let line = Array("\(amount) eur in usd, gbp und chf".utf8)
            let reply = line.withUnsafeBufferPointer { piped.evaluate(.utf8($0), state: &pipeState, host: SilentHost(locale: settings)).reply }
            #expect(!reply.failed)
            #expect(piped.shapeHits == max(0, index - 1), "piped line \(index + 1)")
        }
    }

    @Test func aByteBesideTheDigitsIsTheShapesOwn() throws {
        // Every byte after the digits: the line either reads as without shapes, or has none.
        let table = try SeedTableDecoder.bundled()
        for localeID in ["fr_FR", "de_DE", "en_IN"] {
            let settings = LocaleSettings(numbers: localeID, money: localeID, messages: localeID)
            let shaped = Engine(locale: settings, table: table)
            let plain = Engine.configured(settings, table, recognisesShapes: false)
            let state = SessionState(base: .eur, recent: [], locale: settings)
            for byte in UInt8(0)...UInt8(127) {
                for digits in ["26", "1", "26579"] {
                    let line = String(decoding: Array(digits.utf8) + [byte] + Array("579 usd -> eur".utf8), as: UTF8.self)
                    #expect(Self.shown(shaped.evaluate(line, in: state)) == Self.shown(plain.evaluate(line, in: state)), "\(line)")
                }
            }
        }
    }

    /// Lines of many forms with words drawn from every code of the table in both cases and
    /// from words that are codes and keywords, commands, names, legacy codes or nothing at all,
    /// two thirds of them repeated with other amounts (so that each is kept and read through its
    /// shape), give the reply, state and effects of an engine that keeps no shapes.
    @Test(arguments: ["en_US", "de_DE", "tr_TR", "he_IL", "hi_IN", "fr_CH"])
    func linesOfManyWordsReadAsWithoutShapes(_ localeID: String) throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: localeID, money: localeID, messages: localeID)
        let shaped = Engine.configured(settings, table)
        let plain = Engine.configured(settings, table, recognisesShapes: false)
        var state = SessionState(base: .eur, recent: [], locale: settings)
        var random = SplitMix64(seed: UInt64(localeID.unicodeScalars.reduce(7) { $0 &* 31 &+ UInt64($1.value) }))
        let tricky = [
            "all", "ALL", "try", "TRY", "top", "cup", "mad", "and", "und", "ans", "avg", "mio", "bin", "tsd", "lac", "mrd", "off", "fee",
            "day", "dem", "DEM", "frf", "itl", "xxx", "XAU", "xdr", "abc", "yen", "usd", "EUR", "sek", "Eur", "uSD", "kes", "ron", "bob",
        ]
        let words = table.codes.flatMap { [$0.rawValue, $0.rawValue.lowercased()] } + tricky + tricky
        let forms = [
            "N A in B", "N A in B, C und D", "N A in B, C, D", "N A in B C", "N A in B and C", "(N A + N B) in C", "N × N A in B und C",
            "N A in B on 2024-03-15", "N A in B average 2024-03", "A N in B", "N A B", "N A in B at 1,2", "N A − 5 % in B", "N A to B",
            "N A in B # A", "convert N A to B", "N A", "N A + N € in B", "€N in A, B", "N A in japanese yen, B", "N (A) in B",
            "N A in B, A", "N A in A", "N $ A in B", "$ A N in B", "N A, B in C",
        ]
        let now = Date(timeIntervalSince1970: 1_764_460_800)
        // Lines with their words chosen, two thirds of them one of the last ten again (with
        // other amounts).
        var templates: [String] = []
        for _ in 0..<2_500 {
            var template = ""
            if !templates.isEmpty, Int.random(in: 0..<3, using: &random) != 0 {
                template = templates[templates.count - 1 - Int.random(in: 0..<min(10, templates.count), using: &random)]
            } else {
                for character in forms[Int.random(in: 0..<forms.count, using: &random)] {
                    switch character {
                    case "N": template.append("\u{1}")  // An amount's place (codes have an N).
                    case "A", "B", "C", "D": template += words[Int.random(in: 0..<words.count, using: &random)]
                    default: template.append(character)
                    }
                }
                templates.append(template)
            }
            var line = ""
            for character in template {
                if character == "\u{1}" {
                    line += ["12", "1.234,5", "7,25", "100", "3"][Int.random(in: 0..<5, using: &random)]
                } else {
                    line.append(character)
                }
            }
            state = Self.evaluatesAlike(line, shaped, plain, state, now, localeID)
        }
        #expect(shaped.shapeHits > 150, "\(localeID): \(shaped.shapeHits) lines by their shape")
    }

    /// A calculation that fails after computing its value (its money has no rate into the
    /// base) leaves `ans` as it was, in an engine that keeps shapes or not.
    @Test func aFailedCalculationLeavesTheAnswerAsItWas() throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let shaped = Engine.configured(settings, table)
        let plain = Engine.configured(settings, table, recognisesShapes: false)
        // A base the table has no rate for: every calculation in another currency fails.
        let base = try #require(CurrencyCode("XTS"))
        #expect(!table.codes.contains(base))
        var state = SessionState(base: base, recent: [], locale: settings)
        let now = Date(timeIntervalSince1970: 1_764_460_800)
        for line in ["(1 + 1) usd", "(2 + 1) chf", "(3 + 1) jpy", "(4 + 1) gbp", "ans in eur", "_ + 1 eur"] {
            let expected = plain.evaluate(line, in: state, now: now)
            let got = shaped.evaluate(line, in: state, now: now)
            #expect(Self.shown(got) == Self.shown(expected), "\(line)")
            #expect(expected.reply.lines.contains { if case .error = $0 { true } else { false } }, "\(line)")
            #expect(got.state.answer == nil && expected.state.answer == nil, "\(line)")
            // The shaped engine's state is carried on, so that a leak would reach `ans`.
            state = got.state
        }
    }

    @Test func theRunsOfDigitsAreFoundInOrder() {
        func runs(_ line: String) -> [String]? {
            Array(line.utf8).withUnsafeBufferPointer { bytes in
                LineShape(bytes).map { shape in
                    (0..<shape.count).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[shape[$0]]), as: UTF8.self) }
                }
            }
        }
        #expect(runs("1.234,50 eur in usd") == ["1.234,50"])
        #expect(runs("€12 in $") == ["12"])
        #expect(runs("-12'000 chf") == ["12'000"])
        #expect(runs("12 eur in usd # 3 items") == ["12", "3"])
        #expect(runs("(50+60-5)*2 eur") == ["50", "60", "5", "2"])
        #expect(runs("1 234,5 eur") == ["1", "234,5"])
        #expect(runs(".5 eur") == nil)
        #expect(runs("eur in usd") == nil)
        #expect(runs("1 2 3 4 5 6 7 8 9") == nil)
    }
    /// The runs, the context and the key against the rule read byte by byte, over random lines
    /// of digits, marks, letters, spaces and UTF-8: a run is digits with marks inside it, a
    /// mark just before one means no shape, and so do more than `maxRuns`; lines whose bytes
    /// around the runs are alike have one key and match each other's context, others do not
    /// (and have keys of their own).
    @Test func theShapeFollowsItsRuleByteForByte() {
        func reference(_ bytes: [UInt8]) -> (runs: [Range<Int>], context: [UInt8])? {
            func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
            func isMark(_ byte: UInt8) -> Bool { byte == 46 || byte == 44 || byte == 39 }
            var runs: [Range<Int>] = []
            var context: [UInt8] = []
            var index = 0
            while index < bytes.count {
                guard isDigit(bytes[index]) else {
                    context.append(bytes[index])
                    index += 1
                    continue
                }
                if index > 0, isMark(bytes[index - 1]) { return nil }
                let start = index
                while index < bytes.count, isDigit(bytes[index]) || isMark(bytes[index]) { index += 1 }
                runs.append(start..<index)
                context.append(0xFF)
            }
            guard !runs.isEmpty, runs.count <= LineShape.maxRuns else { return nil }
            return (runs, context)
        }
        let pieces: [[UInt8]] = [
            "1", "12", "2024", "-", ".", ",", "'", " ", "eur", " in ", "usd", " on ", "€", "é", "\u{0}", "x", "abcdefghij", "CHF", "Gbp", "(", ")",
            "\t", "jpy", "ab",
        ].map {
            Array($0.utf8)
        }
        var random = SplitMix64(seed: 22)
        var byContext: [[UInt8]: UInt64] = [:]
        var lines: [[UInt8]] = []
        for _ in 0..<20_000 {
            var line: [UInt8] = []
            for _ in 0..<Int.random(in: 0...14, using: &random) { line += pieces.randomElement(using: &random) ?? [] }
            lines.append(line)
            let expected = reference(line)
            line.withUnsafeBufferPointer { bytes in
                let shape = LineShape(bytes)
                #expect((shape == nil) == (expected == nil), "\(line)")
                guard let shape, let expected else { return }
                #expect((0..<shape.count).map { shape[$0] } == expected.runs, "\(line)")
                #expect(shape.context(bytes) == expected.context, "\(line)")
                #expect(shape.matches(expected.context, in: bytes), "\(line)")
                if let key = byContext[expected.context] {
                    #expect(shape.key == key, "\(line)")
                } else {
                    byContext[expected.context] = shape.key
                }
            }
        }
        // And lines of different contexts have different keys (the hash takes every byte, in
        // order, whether eight came at once or one by one).
        #expect(Set(byContext.values).count == byContext.count)
        // Another line's context matches only where it is the same.
        for _ in 0..<5_000 {
            guard let a = lines.randomElement(using: &random), let b = lines.randomElement(using: &random), let contextA = reference(a)?.context,
                let contextB = reference(b)?.context
            else { continue }
            b.withUnsafeBufferPointer { bytes in
                #expect(LineShape(bytes)?.matches(contextA, in: bytes) == (contextA == contextB), "\(a) \(b)")
            }
        }
    }
}
