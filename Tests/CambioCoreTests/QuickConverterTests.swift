import Foundation
import Testing

@testable import CambioCore

/// The shortcut for `AMOUNT CODE in CODE` must answer exactly as the engine does, and the
/// engine as plain `Decimal` arithmetic formatted by ICU: random amounts, currencies,
/// spellings and locales, compared character for character.
@Suite struct QuickConverterTests {
    static let locales = ["en_US", "de_DE", "de_CH", "fr_FR", "hi_IN", "ja_JP", "es_ES", "it_IT", "pt_BR", "nl_NL", "tr_TR", "en_IN"]

    /// An amount as a user of the locale might type it: with or without grouping, a
    /// fraction of any length, and sometimes a mistake or an ambiguity.
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
                if index > 0, conventions.groups(integer.count) || Bool.random(using: &random),
                    remaining == primary || (remaining > primary && (remaining - primary) % conventions.secondaryGroupSize == 0)
                {
                    grouped.append(grouping)
                }
                grouped.append(digit)
            }
            text = grouped
        }
        let fractionCount = [0, 0, 1, 2, 2, 3, 4, 6, 8][Int.random(in: 0..<9, using: &random)]
        if fractionCount > 0 {
            text.append(conventions.decimalSeparator)
            text += String((0..<fractionCount).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        }
        switch Int.random(in: 0..<20, using: &random) {
        case 0: text = "12.50"
        case 1: text = "12,50"
        case 2: text = "1.234"
        case 3: text = "1,234"
        case 4: text += String(conventions.decimalSeparator)
        case 5: text = "-" + text
        case 6: text = "." + text
        case 7: text = "1'234.5"
        default: break
        }
        return text
    }

    @Test(arguments: locales)
    func answersExactlyAsTheEngineAndICU(_ localeID: String) throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: localeID, money: localeID, messages: localeID)
        let engine = Engine(locale: settings, table: table)
        engine.showsDetails = false
        let quick = try #require(
            QuickConverter(table: table, amountConventions: engine.amountParser.conventions, formatter: engine.formatter))
        let state = SessionState(base: .eur, recent: [], locale: settings, table: table)
        let codes = table.codes
        var random = SplitMix64(seed: UInt64(localeID.unicodeScalars.reduce(0) { $0 &* 31 &+ UInt64($1.value) }))
        var answeredCount = 0
        let lines = 1_500
        for _ in 0..<lines {
            let from = codes[Int.random(in: 0..<codes.count, using: &random)].rawValue
            let to = codes[Int.random(in: 0..<codes.count, using: &random)].rawValue
            let connector = ["in", "to", "into", "IN", "->", "=", "In"][Int.random(in: 0..<7, using: &random)]
            let space = [" ", " ", "  ", "\t"][Int.random(in: 0..<4, using: &random)]
            let amount = Self.amountText(engine.amountParser.conventions, &random)
            let line = [amount, Bool.random(using: &random) ? from.lowercased() : from, connector, to].joined(separator: space)
                + (Int.random(in: 0..<10, using: &random) == 0 ? " " : "")
            var output: [UInt8] = []
            let answered = Array(line.utf8).withUnsafeBufferPointer { quick.convert($0, into: &output) }
            let (recent, last) = quick.takeRecent()
            guard answered else {
                #expect(output.isEmpty)
                #expect(recent.isEmpty && last == nil)
                continue
            }
            let answer = try #require(last)
            answeredCount += 1
            let outcome = engine.evaluate(line, in: state)
            let expected = outcome.reply.lines.compactMap { line -> String? in
                if case .result(let text, _) = line { return text + "\n" }
                if case .error(_, let message) = line { return "error: \(message)\n" }
                return nil
            }.joined()
            #expect(String(decoding: output, as: UTF8.self) == expected, "\(localeID): \(line)")
            #expect(outcome.state.recent.prefix(2) == [answer.from, answer.to], "\(line)")
            #expect(recent == [answer.from, answer.to], "\(line)")

            // The reference: the amount read by the engine's parser, the exact result rounded
            // half to even (checked against Python in ExactConversionTests), ICU's formatting.
            let conversion = try #require(outcome.reply.conversions.first)
            #expect(conversion.amount == answer.amount, "\(line)")
            let style = { (code: String) in
                Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: localeID))
                    .precision(.fractionLength(3)).rounded(rule: .toNearestOrEven)
            }
            let rounded = try #require(Decimal(string: conversion.roundedResult, locale: Locale(identifier: "en_US_POSIX")))
            let reference = "\(answer.amount.formatted(style(from))) = \(rounded.formatted(style(to)))\n"
            #expect(String(decoding: output, as: UTF8.self) == reference, "\(localeID): \(line)")
        }
        // Most generated lines are plain conversions: the shortcut must take them (in fr_FR
        // not those grouped with its narrow no-break space).
        #expect(answeredCount > lines / 3, "\(localeID): answered \(answeredCount) of \(lines)")
    }

    @Test func leavesEverythingElseToTheEngine() throws {
        let table = try SeedTableDecoder.bundled()
        let engine = Engine(locale: LocaleSettings(numbers: "de_DE", money: "de_DE", messages: "de_DE"), table: table)
        let quick = try #require(
            QuickConverter(table: table, amountConventions: engine.amountParser.conventions, formatter: engine.formatter))
        for line in [
            "12.50 eur in usd", "12,50 € in usd", "12,50 euro in usd", "12,50 eur", "12,50 eur in usd, chf", "eur in usd",
            "12,50 eur in eur", "12,50 xxx in usd", "12,50 eur in usd extra", "-12,50 eur in usd", "12, eur in usd",
            "1.23.456 eur in usd", "12,50eur in usd", "base usd", "12,50 eur into", "１２ eur in usd",
            "12345678901234567890 eur in usd", "12,50 EUR → USD",
        ] {
            var output: [UInt8] = []
            let answered = Array(line.utf8).withUnsafeBufferPointer { quick.convert($0, into: &output) }
            #expect(!answered, "\(line)")
            #expect(quick.takeRecent().codes.isEmpty)
            #expect(output.isEmpty, "\(line)")
        }
    }

    @Test func aByteThatIsNoGroupingMarkIsNeverTakenForOne() throws {
        // fr_FR groups with U+202F, which the shortcut does not read: no byte may stand in for it.
        let table = try SeedTableDecoder.bundled()
        let engine = Engine(locale: LocaleSettings(numbers: "fr_FR", money: "fr_FR", messages: "fr_FR"), table: table)
        let quick = try #require(
            QuickConverter(table: table, amountConventions: engine.amountParser.conventions, formatter: engine.formatter))
        for byte in UInt8(0)...UInt8(255) where !(48...57).contains(byte) && byte != UInt8(ascii: ",") {
            var output: [UInt8] = []
            let line = Array("26".utf8) + [byte] + Array("579 usd -> eur".utf8)
            #expect(!line.withUnsafeBufferPointer { quick.convert($0, into: &output) }, "byte \(byte)")
        }
    }

    @Test func aLocaleWithOtherDigitsIsLeftToTheEngine() throws {
        let table = try SeedTableDecoder.bundled()
        let engine = Engine(locale: LocaleSettings(numbers: "ar_EG", money: "ar_EG", messages: "ar_EG"), table: table)
        #expect(QuickConverter(table: table, amountConventions: engine.amountParser.conventions, formatter: engine.formatter) == nil)
    }

    @Test func recentCurrenciesFollowTheAnswersAsTheEngineKeepsThem() throws {
        let table = try SeedTableDecoder.bundled()
        let settings = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let engine = Engine(locale: settings, table: table)
        let quick = try #require(
            QuickConverter(table: table, amountConventions: engine.amountParser.conventions, formatter: engine.formatter))
        var state = SessionState(base: .eur, recent: [CurrencyCode("NOK")!], locale: settings, table: table)
        var shortcut = state
        var random = SplitMix64(seed: 7)
        let codes = ["EUR", "USD", "GBP", "JPY", "CHF", "SEK", "PLN", "CZK", "HUF", "CAD", "AUD", "TRY"]
        for _ in 0..<300 {
            let from = codes[Int.random(in: 0..<codes.count, using: &random)]
            var to = codes[Int.random(in: 0..<codes.count, using: &random)]
            if to == from { to = "INR" }
            let line = "12.5 \(from) in \(to)"
            state = engine.evaluate(line, in: state).state
            var output: [UInt8] = []
            #expect(Array(line.utf8).withUnsafeBufferPointer { quick.convert($0, into: &output) })
            if Int.random(in: 0..<5, using: &random) == 0 {
                shortcut.use(quick.takeRecent().codes)
                #expect(shortcut.recent == state.recent)
            }
        }
        shortcut.use(quick.takeRecent().codes)
        #expect(shortcut.recent == state.recent)
    }
}
