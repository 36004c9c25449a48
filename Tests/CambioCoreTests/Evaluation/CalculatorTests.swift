import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

/// Money arithmetic in the one evaluator: exact values against rationals computed here from the
/// table's published rates, precedence, percentages, suffixes, `ans`, the fee, and every error
/// with its position.
@Suite struct CalculatorTests {
    let table: RateTable
    init() throws { table = try SeedTableDecoder.bundled() }

    func engine(_ locale: String) -> (Engine, SessionState) {
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        return (Engine(locale: settings, table: table), SessionState(base: .eur, recent: [], locale: settings))
    }

    /// The value a line computes (its one result), or its error.
    func value(_ line: String, _ locale: String = "en_US") -> Money? {
        let (engine, state) = engine(locale)
        return engine.evaluate(line, in: state).reply.value
    }

    func error(_ line: String, _ locale: String = "en_US", state: SessionState? = nil) -> CommandError? {
        let (engine, fresh) = engine(locale)
        for case .error(let error, _) in engine.evaluate(line, in: state ?? fresh).reply.lines { return error }
        return nil
    }

    /// `text` read as an exact decimal (`"12.5"`).
    func q(_ text: String) -> Rational { Rational(decimalText: text) ?? .zero }

    /// Units of `to` per `from`, from the published table, computed here.
    func rate(_ from: String, _ to: String) -> Rational {
        let rates = table.rates
        let fromRate = Rational(rates[CurrencyCode(from)!]!)!
        let toRate = Rational(rates[CurrencyCode(to)!]!)!
        return (toRate / fromRate)!
    }

    func money(_ value: Rational, _ code: String?) -> Money { Money(value, code.flatMap { CurrencyCode($0) }) }

    @Test func expressionsAreExactInEveryLocale() {
        let third = (Rational.one / Rational(3))!
        let cases: [(String, String, Money)] = [
            ("en_US", "3 × 12.50 eur in usd", money(q("37.5") * rate("EUR", "USD"), "USD")),
            ("en_US", "12.50 eur × 3 in usd", money(q("37.5") * rate("EUR", "USD"), "USD")),
            ("en_US", "2155*12 eur in usd", money(q("25860") * rate("EUR", "USD"), "USD")),
            ("en_US", "(50+60-5)*2 eur to usd", money(q("210") * rate("EUR", "USD"), "USD")),
            ("en_US", "129*1.07", money(q("138.03"), nil)),
            ("en_US", "1/3 eur × 3", money(.one, "EUR")),
            ("en_US", "(1/3 eur in usd) in eur", money(third, "EUR")),
            ("en_US", "1,234.5 × 3 eur", money(q("3703.5"), "EUR")),
            ("de_DE", "1.234,5 × 3 eur", money(q("3703.5"), "EUR")),
            ("de_DE", "3 × 12,50 eur in usd", money(q("37.5") * rate("EUR", "USD"), "USD")),
            ("de_DE", "1,5M jpy in eur", money(q("1500000") * rate("JPY", "EUR"), "EUR")),
            ("de_DE", "2 Tsd € + 500 €", money(q("2500"), "EUR")),
            ("tr_TR", "3 × 12,50 eur in usd", money(q("37.5") * rate("EUR", "USD"), "USD")),
            ("tr_TR", "5bin try in eur", money(q("5000") * rate("TRY", "EUR"), "EUR")),
            ("tr_TR", "1.234,5 × 2 try", money(q("2469"), "TRY")),
            ("hi_IN", "3 × 1,50,000 inr in usd", money(q("450000") * rate("INR", "USD"), "USD")),
            ("hi_IN", "2 × 250,000 inr", money(q("500000"), "INR")),
            ("en_IN", "1.5 lakh inr in usd", money(q("150000") * rate("INR", "USD"), "USD")),
            ("ar_EG", "٣ × ١٢٫٥ eur in usd", money(q("37.5") * rate("EUR", "USD"), "USD")),
            ("ar_EG", "١٠٠ eur − ٢٫٥ %", money(q("97.5"), "EUR")),
            ("en_US", "12k eur in usd", money(q("12000") * rate("EUR", "USD"), "USD")),
            ("en_US", "12 - 5", money(q("7"), nil)),
        ]
        for (locale, line, expected) in cases {
            #expect(value(line, locale) == expected, "\(locale): \(line) gave \(String(describing: value(line, locale)))")
        }
    }

    /// One amount written another way — a suffix, brackets, a sign apart — and no target is
    /// the amount written out: converted into the base or the recent currencies, not echoed.
    /// One amount alone in parentheses is the accounting negative (`MisreadTests`).
    @Test func oneAmountWrittenAnotherWayIsTheAmountWrittenOut() {
        let pairs: [(String, String, String)] = [
            ("de_DE", "3Mio eur", "3000000 eur"), ("de_DE", "12k eur", "12000 eur"), ("en_US", "1.5M jpy", "1500000 jpy"),
            ("en_IN", "2 crore ₹", "20000000 ₹"), ("en_IN", "1.5 lakh inr", "150000 inr"), ("en_US", "2bn usd", "2000000000 usd"),
            ("en_US", "-(12 eur)", "-12 eur"), ("en_US", "(12) eur", "12 eur"), ("en_US", "- 12 eur", "-12 eur"),
            ("en_US", "(12 jpy)", "-12 jpy"), ("en_US", "12k", "12000"), ("tr_TR", "5 bin try", "5000 try"),
        ]
        for (locale, written, plain) in pairs {
            let settings = LocaleSettings(numbers: locale, money: locale, messages: "en")
            let engine = Engine(locale: settings, table: table)
            let state = SessionState(base: .eur, recent: [.usd, CurrencyCode("GBP")!], locale: settings)
            let a = engine.evaluate(written, in: state)
            let b = engine.evaluate(plain, in: state)
            #expect(
                !a.reply.failed && a.reply.results == b.reply.results && a.reply.conversions == b.reply.conversions,
                "\(locale): \(written) gave \(a.reply.lines), \(plain) gave \(b.reply.lines)")
            let fromBase = a.reply.conversions.first?.from == .eur
            #expect(a.reply.conversions.count == (fromBase ? 2 : 1), "\(locale): \(written)")
        }
    }

    @Test func mixedCurrenciesConvertIntoTheLeftOnesOrTheTarget() {
        // 12 EUR + 5 USD in GBP: (12 + 5 × USD→EUR) × EUR→GBP, which equals 12 × EUR→GBP + 5 × USD→GBP exactly.
        let expected = (q("12") + q("5") * rate("USD", "EUR")) * rate("EUR", "GBP")
        #expect(value("12 eur + 5 usd in gbp") == money(expected, "GBP"))
        #expect(expected == q("12") * rate("EUR", "GBP") + q("5") * rate("USD", "GBP"))
        let sum = q("1000") + (q("5500") / Rational(2))! * rate("USD", "TRY") - q("100") * rate("EUR", "TRY")
        #expect(value("1000 TRY + $5500/2 - 100 EUR") == money(sum, "TRY"))
        // Money by money is a plain ratio.
        #expect(value("12 eur / 4 usd") == money((q("12") / (q("4") * rate("USD", "EUR")))!, nil))
        // The reply shows the part converted inside the sum.
        let (engine, state) = engine("en_US")
        let reply = engine.evaluate("12 eur + 5 usd in gbp", in: state).reply
        #expect(reply.lines.contains { if case .note(let text) = $0 { text.hasPrefix("$5.000 = €") } else { false } }, "\(reply.lines)")
        #expect(reply.results.first?.hasPrefix("€12.000 + $5.000 = £") == true, "\(reply.results)")
    }

    @Test func aCurrencyAfterParenthesesAndATurkishPercentage() {
        #expect(value("(50 + 60) eur in usd") == money(q("110") * rate("EUR", "USD"), "USD"))
        #expect(value("(1+2) eur") == money(q("3"), "EUR"))
        #expect(error("(12 eur) usd")?.kind == .expected(.connectorOrEnd, found: "usd"))
        #expect(value("80 tl + %15", "tr_TR") == money(q("92"), "TRY"))
        // The sign first: the error covers both (this crashed on the range, found by fuzzing).
        #expect(error("%15", "tr_TR")?.kind == .arithmetic(.percentAlone))
        #expect(error("%15", "tr_TR")?.range == 0..<3)
        #expect(value("100 ₺ - %2,5", "tr_TR") == money(q("97.5"), "TRY"))
    }

    /// An ASCII `x` between a value and a number is ×, however it is spaced; anywhere else it
    /// is a word (and no currency).
    @Test func anASCIIxMultiplies() {
        for (typed, written) in [
            ("3 x 12 eur", "3 × 12 eur"), ("3x12 eur", "3 × 12 eur"), ("12 eur x 3", "12 eur × 3"), ("2 X (3 + 4) usd", "2 × (3 + 4) usd"),
            ("3 x 12,5 eur in usd", "3 × 12,5 eur in usd"), ("10 % von 80 eur x 4", "10 % von 80 eur × 4"),
        ] {
            #expect(value(typed, "de_DE") == value(written, "de_DE"), "\(typed)")
            #expect(value(typed, "de_DE") != nil, "\(typed)")
        }
        for typed in ["x 3", "12 eur in usd x", "3 x", "xau in usd x"] { #expect(value(typed) == nil || typed == "xau in usd x", "\(typed)") }
        #expect(value("1 xau") != nil)
    }

    @Test func precedenceAndAssociativity() {
        #expect(value("2 + 3 × 4") == money(q("14"), nil))
        #expect(value("(2 + 3) × 4") == money(q("20"), nil))
        #expect(value("10 - 4 - 3") == money(q("3"), nil))
        #expect(value("100 / 10 / 2") == money(q("5"), nil))
        #expect(value("-2 × 3") == money(q("-6"), nil))
        #expect(value("2 × -3") == money(q("-6"), nil))
        #expect(value("2 · 3 ÷ 4") == money(q("1.5"), nil))
        #expect(value("7 − 2") == money(q("5"), nil))
    }

    @Test func percentages() {
        #expect(value("80 eur + 15 %") == money(q("92"), "EUR"))
        #expect(value("100 usd − 2.5 %") == money(q("97.5"), "USD"))
        #expect(value("100 usd - 2,5 %", "de_DE") == money(q("97.5"), "USD"))
        #expect(value("15 % of 80 eur") == money(q("12"), "EUR"))
        #expect(value("15 % von 80 eur", "de_DE") == money(q("12"), "EUR"))
        #expect(value("80 eur × 15 %") == money(q("12"), "EUR"))
        #expect(value("12 eur in usd + 2 %") == money(q("12") * rate("EUR", "USD") * q("1.02"), "USD"))
        #expect(value("12 eur in usd - 2 %") == money(q("12") * rate("EUR", "USD") * q("0.98"), "USD"))
    }

    @Test func everyErrorSaysWhereAndWhat() {
        let cases: [(String, CommandError.Kind, Range<Int>?)] = [
            ("12 eur * 5 usd", .arithmetic(.moneyTimesMoney), 7..<8),
            ("12 / 0", .arithmetic(.divisionByZero), 3..<4),
            ("12 eur / (5 - 5)", .arithmetic(.divisionByZero), 7..<8),
            ("12 + 5 eur", .arithmetic(.numberAndMoney), 3..<4),
            ("15 %", .arithmetic(.percentAlone), 0..<4),
            ("15 % + 80 eur", .arithmetic(.percentFirst), 5..<6),
            ("ans × 2", .arithmetic(.noAnswer), 0..<3),
            ("(12 eur in usd", .expected(.closingParenthesis, found: nil), 14..<15),
            ("12 eur in usd + 5", .expected(.percentage, found: nil), 16..<17),
        ]
        for (line, kind, range) in cases {
            let found = error(line)
            #expect(found?.kind == kind, "\(line): \(String(describing: found))")
            #expect(found?.range == range, "\(line): \(String(describing: found?.range))")
        }
        // The message names the problem in the user's language.
        let (engine, state) = engine("de_DE")
        let reply = engine.evaluate("12 eur * 5 usd", in: state).reply
        #expect(reply.lines.contains { if case .error(_, let message) = $0 { message.contains("Geld") } else { false } })
    }

    /// A line nested or chained past what a person types is an error at the token that goes
    /// too far, never a crash: 100 parentheses, 200 signs, 250 products of 26-digit numbers; a
    /// line of more tokens than a line may have (20,000 parentheses) is refused as a whole.
    @Test func tooDeepOrTooLongCalculationsAreRefusedWhereTheyGoTooFar() {
        let deep = String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
        let signs = String(repeating: "-", count: 300) + "1"
        let long = Array(repeating: "99999999999999999999999999", count: 250).joined(separator: " × ")
        for line in [deep, signs, long] {
            guard case .arithmetic(.tooComplex)? = error(line)?.kind else {
                Issue.record("\(line.prefix(20))…: \(String(describing: error(line)))")
                continue
            }
        }
        #expect(error(deep)?.range == Parser.nestingLimit..<Parser.nestingLimit + 1)
        let huge = String(repeating: "(", count: 20_000) + "1" + String(repeating: ")", count: 20_000)
        #expect(error(huge)?.kind == .tooManyWords(limit: Parser.tokenLimit))
        // Within the limits the exact value may still outgrow what is kept: said, not rounded.
        let large = Array(repeating: "99999999999999999999999999", count: 150).joined(separator: " × ")
        #expect(error(large)?.kind == .arithmetic(.tooLarge))
        #expect(
            value(Array(repeating: "1", count: Parser.operatorLimit + 1).joined(separator: " + ")) == money(Rational(Parser.operatorLimit + 1), nil))
    }

    @Test func ansIsTheLastResultAcrossLines() {
        let (engine, start) = engine("en_US")
        var state = start
        let first = engine.evaluate("12 eur in usd", state: &state)
        let result = q("12") * rate("EUR", "USD")
        #expect(first.reply.value == money(result, "USD"))
        #expect(engine.evaluate("ans × 2", state: &state).reply.value == money(result * Rational(2), "USD"))
        #expect(engine.evaluate("ans in gbp", state: &state).reply.value == money(result * Rational(2) * rate("USD", "GBP"), "GBP"))
        #expect(engine.evaluate("_ / 4", state: &state).reply.value == money((result * Rational(2) * rate("USD", "GBP") / Rational(4))!, "GBP"))
        // `swap` still reverses the last conversion, and says which pair after several targets.
        _ = engine.evaluate("10 eur in usd, gbp", state: &state)
        let swapped = engine.evaluate("swap", state: &state)
        #expect(swapped.reply.conversions.first.map { "\($0.from)>\($0.to)" } == "USD>EUR")
        #expect(swapped.reply.lines.contains { if case .assumption(let text) = $0 { text.contains("USD → EUR") } else { false } })
    }

    @Test func aFeeShowsBothFiguresAndIsOffAgain() {
        let (engine, start) = engine("de_DE")
        var state = start
        _ = engine.evaluate("fee 1,75 %", state: &state)
        #expect(state.fee == q("0.0175"))
        let reply = engine.evaluate("100 eur in usd", state: &state).reply
        let result = q("100") * rate("EUR", "USD")
        #expect(reply.conversions.first?.resultWithFee == result * q("1.0175"))
        let withFee = MoneyFormatter(localeID: "de_DE").format(result * q("1.0175"), .usd)
        #expect(reply.results.first?.contains(withFee) == true, "\(reply.results)")
        #expect(reply.results.first?.contains("1,75\u{00A0}%") == true, "\(reply.results)")
        // A calculation's conversion carries it too; a currency into itself does not.
        #expect(engine.evaluate("2 × 50 eur in usd", state: &state).reply.conversions.first?.fee == q("0.0175"))
        #expect(engine.evaluate("2 × 50 eur", state: &state).reply.results.first?.contains("%") == false)
        #expect(error("fee 150 %", "de_DE")?.kind == .badFee("150 %"))
        // An amount the locale reads otherwise says so (`.` groups in de_DE), with its column.
        guard case .badAmount? = error("fee 1.75 %", "de_DE")?.kind else {
            Issue.record("fee 1.75 %: \(String(describing: error("fee 1.75 %", "de_DE")))")
            return
        }
        #expect(error("fee 1.75 %", "de_DE")?.range == 5..<6)
        #expect(error("fee viel", "de_DE")?.kind == .badFee("viel"))
        _ = engine.evaluate("fee off", state: &state)
        #expect(state.fee == nil)
        _ = engine.evaluate("fee 1 %", state: &state)
        _ = engine.evaluate("fee 0", state: &state)
        #expect(state.fee == nil)
        #expect(engine.evaluate("100 eur in usd", state: &state).reply.results.first?.contains("%") == false)
    }

    /// Every fee the command takes is shown with every digit, in the note, `fee` and beside a
    /// result, and the figure shown sets the same fee again: 0.0000001 % showed as 0,000000 %.
    @Test(arguments: ["de_DE", "en_US", "en_IN", "tr_TR", "ar_EG"])
    func aFeeShownReadsBackAsTheSameFee(_ locale: String) throws {
        let (engine, start) = engine(locale)
        let formatter = MoneyFormatter(localeID: locale)
        var random = SplitMix64(seed: 99)
        for _ in 0..<200 {
            // Up to 40 decimals, most of them tiny, some whole.
            let places = Int.random(in: 0...40, using: &random)
            let digits = String(UInt64.random(in: 1...99_999_999, using: &random))
            let typed = Rational(significand: BigUInt(UInt64(digits) ?? 1), exponent: -places)
            guard typed < Rational(100), typed > .zero else { continue }
            var state = start
            let shown = formatter.formatNumber(typed, fractionDigits: places)
            _ = engine.evaluate("fee \(shown) %", state: &state)
            #expect(state.fee == typed / Rational(100), "fee \(shown) %")
            let note = try #require(engine.evaluate("fee", state: &state).reply.results.first)
            let result = try #require(engine.evaluate("100 eur in usd", state: &state).reply.results.first)
            for text in [note, result] {
                // The percentage as shown, its sign where the locale writes it (`2 %`, `%2`,
                // `٢٪`), set again, is the same fee.
                let characters = Array(text)
                let sign = try #require(characters.firstIndex { $0 == "%" || $0 == "٪" }, "\(text)")
                func partOfNumber(_ character: Character) -> Bool {
                    character.isNumber || [",", ".", "٫", "٬", "'", "\u{00A0}", "\u{202F}"].contains(character)
                }
                var figure: String
                if sign + 1 < characters.count, characters[sign + 1].isNumber {
                    figure = String(characters[sign...].prefix { $0 == characters[sign] || partOfNumber($0) })
                } else {
                    var first = sign
                    if first > 0, characters[first - 1] == " " || characters[first - 1] == "\u{00A0}" { first -= 1 }
                    while first > 0, partOfNumber(characters[first - 1]) { first -= 1 }
                    figure = String(characters[first...sign])
                }
                figure = figure.trimmingCharacters(in: .whitespaces)
                var again = start
                _ = engine.evaluate("fee \(figure)", state: &again)
                #expect(again.fee == state.fee, "\(locale): \(shown) shown as \(figure) in \(text)")
            }
        }
    }

    @Test func aCalculationOfPlainNumbersIntoACurrencyShowsItsAmountInTheBase() {
        let (engine, state) = engine("de_DE")
        let reply = engine.evaluate("3 × 12,5 in usd", in: state).reply
        #expect(reply.results.first?.hasPrefix("37,500\u{00A0}€ = ") == true, "\(reply.results)")
        // `+ 2 %` after the targets is applied before converting: a record's amount × rate is its result.
        let adjusted = engine.evaluate("12 eur in usd + 2 %", in: state).reply.conversions.first
        #expect(adjusted.map { $0.amount == q("12.24") && $0.result == q("12.24") * $0.rate } == true)
    }

    @Test func swapAfterACalculationConvertsItsResultBack() {
        let (engine, start) = engine("en_US")
        var state = start
        let result = engine.evaluate("12 eur + 5 usd in gbp", state: &state).reply.value
        let swapped = engine.evaluate("swap", state: &state).reply.conversions.first
        #expect(swapped.map { "\($0.from)>\($0.to)" } == "GBP>EUR")
        #expect(swapped?.amount == result?.value)
    }

    @Test func theFeeIsChargedOnEveryConversionInACalculation() {
        let (engine, start) = engine("en_US")
        var state = start
        _ = engine.evaluate("fee 2 %", state: &state)
        // Into a currency already in the sum: the converted part is charged.
        let reply = engine.evaluate("12 gbp + 5 usd in gbp", state: &state).reply
        let withFee = q("12") + q("5") * rate("USD", "GBP") * q("1.02")
        let shown = MoneyFormatter(localeID: "en_US").format(withFee, CurrencyCode("GBP")!)
        #expect(reply.results.first?.contains("(\(shown) with the 2% fee)") == true, "\(reply.results)")
        // No conversion at all: no fee.
        #expect(engine.evaluate("12 gbp + 5 gbp", state: &state).reply.results.first?.contains("fee") == false)
        // The parts are marked as such in the records.
        #expect(reply.conversions.first?.isPart == true && reply.conversions.last?.isPart == false)
    }

    @Test func thePreviewShowsAnExpressionsResult() {
        let (engine, state) = engine("de_DE")
        #expect(engine.preview("3 × 12,50 eur", in: state) == "= 37,500\u{00A0}€")
        #expect(
            engine.preview("3 × 12,50 eur in usd", in: state) == "= " + MoneyFormatter(localeID: "de_DE").format(q("37.5") * rate("EUR", "USD"), .usd)
        )
        #expect(engine.preview("3 × 12,50 eur *", in: state) == nil)
        #expect(engine.preview("12 eur * 5 usd", in: state) == nil)
    }

    /// Properties over random expressions: a sum is the sum of its separately evaluated parts,
    /// and `x × 3 / 3` is `x`, exactly, whatever the currencies.
    @Test(arguments: ["en_US", "de_DE", "hi_IN"])
    func sumsAndInversesHoldExactly(_ locale: String) {
        let (engine, state) = engine(locale)
        let codes = ["EUR", "USD", "GBP", "JPY", "CHF", "INR", "TRY", "KWD", "VND", "XAU"].filter { table.contains(CurrencyCode($0)!) }
        let formatter = engine.formatter
        var random = SplitMix64(seed: 2026)
        for _ in 0..<300 {
            let a = Rational(
                negative: false, significand: BigUInt(UInt64.random(in: 1...99_999_999, using: &random)),
                exponent: -Int.random(in: 0...4, using: &random))
            let b = Rational(
                negative: false, significand: BigUInt(UInt64.random(in: 1...99_999_999, using: &random)),
                exponent: -Int.random(in: 0...4, using: &random))
            let x = codes[Int.random(in: 0..<codes.count, using: &random)]
            let y = codes[Int.random(in: 0..<codes.count, using: &random)]
            let t = codes[Int.random(in: 0..<codes.count, using: &random)]
            // Amounts written as the locale writes them, read back by the evaluator.
            let left = formatter.formatNumberGiven(a).replacingOccurrences(of: "\u{00A0}", with: "") + " " + x
            let right = formatter.formatNumberGiven(b).replacingOccurrences(of: "\u{00A0}", with: "") + " " + y
            func alone(_ text: String, _ amount: Rational, _ code: String) -> Rational? {
                code == t ? amount : engine.evaluate("\(text) in \(t)", in: state).reply.value?.value
            }
            guard let whole = engine.evaluate("\(left) + \(right) in \(t)", in: state).reply.value,
                let first = alone(left, a, x), let second = alone(right, b, y)
            else {
                Issue.record("\(locale): \(left) + \(right) in \(t) did not evaluate")
                continue
            }
            let expected = first + second
            #expect(whole.value == expected, "\(left) + \(right) in \(t)")
            #expect(engine.evaluate("\(left) × 3 / 3", in: state).reply.value == money(a, x), "\(left) × 3 / 3")
        }
    }

    /// The fee rule: a card charges its fee on each amount converted from one currency into
    /// another, once, never on money already in the target currency, and a subtracted part counts
    /// with its fee too. Found by exact references: `1000 try + 50 eur in eur` and `50 eur + 1000
    /// try in eur` differed (€71.077 against €69.057), `(100 eur in usd) in eur` was charged
    /// twice. Over random sums, differences and products: the figure with the fee is each amount
    /// at its rate into the target plus the fee (computed here), whatever the order, and a line
    /// all in the target currency has no fee.
    @Test(arguments: ["en_US", "de_DE"])
    func theFeeIsChargedOnceOnEachAmountConvertedWhateverTheOrder(_ locale: String) throws {
        let (engine, start) = engine(locale)
        var state = start
        _ = engine.evaluate("fee 2 %", state: &state)
        let fee = q("0.02")
        let codes = ["EUR", "USD", "GBP", "TRY", "JPY"]
        let formatter = engine.formatter
        var random = SplitMix64(seed: 24)
        func written(_ value: Rational, _ code: String) -> String {
            formatter.formatNumberGiven(value).replacingOccurrences(of: "\u{00A0}", with: "").replacingOccurrences(
                of: ",", with: locale == "en_US" ? "" : ",") + " " + code
        }
        for _ in 0..<200 {
            let count = Int.random(in: 2...4, using: &random)
            let amounts = (0..<count).map { _ in
                Rational(
                    negative: false, significand: BigUInt(UInt64.random(in: 1...9_999_999, using: &random)),
                    exponent: -Int.random(in: 0...2, using: &random))
            }
            let currencies = (0..<count).map { _ in codes[Int.random(in: 0..<codes.count, using: &random)] }
            let signs = (0..<count).map { index in index == 0 ? Rational.one : Bool.random(using: &random) ? .one : -.one }
            let multiplier = Rational(Int.random(in: 1...5, using: &random))
            let target = codes[Int.random(in: 0..<codes.count, using: &random)]
            func line(_ order: [Int]) -> String {
                var text = ""
                for (position, index) in order.enumerated() {
                    let sign = signs[index] == .one ? (position == 0 ? "" : " + ") : (position == 0 ? "-" : " - ")
                    text += sign + written(amounts[index], currencies[index])
                }
                return "\(multiplier) × (\(text)) in \(target)"
            }
            var expected = Rational.zero
            var converted = false
            for index in 0..<count {
                let charge = currencies[index] == target ? Rational.one : .one + fee
                if currencies[index] != target { converted = true }
                expected = expected + signs[index] * amounts[index] * rate(currencies[index], target) * charge
            }
            expected = expected * multiplier
            let forward = line(Array(0..<count))
            let backward = line(Array((0..<count).reversed()))
            for typed in [forward, backward] {
                let reply = engine.evaluate(typed, state: &state).reply
                let shown = try #require(reply.results.first, "\(typed): \(reply.lines)")
                let record = try #require(reply.records.first { $0.type == "expression" }, "\(typed)")
                let withFee = record.fields.first { $0.key == "result_with_fee" }?.value
                if converted {
                    let figure = formatter.format(expected, CurrencyCode(target)!)
                    #expect(shown.contains("(\(figure) "), "\(typed): \(shown), expected \(figure)")
                    #expect(withFee == .decimal(expected.decimalText(significantDigits: Conversion.significantDigits).text), "\(typed)")
                    #expect(reply.conversions.last?.resultWithFee == expected, "\(typed)")
                } else {
                    #expect(!shown.contains("%"), "\(typed): \(shown)")
                    #expect(withFee == .absent, "\(typed)")
                }
            }
        }
        // A conversion inside the line is no second charge.
        let twice = engine.evaluate("(100 eur in usd) in eur", state: &state).reply.results.first ?? ""
        #expect(!twice.contains("%"), "\(twice)")
        let once = engine.evaluate("(100 usd in gbp) in eur", state: &state).reply.results.first ?? ""
        let figure = formatter.format(q("100") * rate("USD", "EUR") * (.one + fee), .eur)
        #expect(once.contains("(\(figure) "), "\(once)")
    }

    /// `15 % × 2` and `2 × 15 %` printed 0.300 with exit 0, while `15 %` alone is an error: a
    /// percentage times a number is still a percentage, which is no value of its own.
    @Test(arguments: ["15 % × 2", "2 × 15 %", "15 % / 3", "(15 %) × 1", "2 × 15 % × 3"])
    func aPercentageTimesANumberIsStillNoValue(_ line: String) {
        #expect(error(line)?.kind == .arithmetic(.percentAlone), "\(line)")
    }

    /// A calculation without a target was not converted into the base, unlike the bare amount:
    /// `3 × 250 tl` (base EUR) now shows ₺750 and what it is in euros, as `750 tl` would.
    @Test func aCalculationWithoutATargetIsAlsoShownInTheBase() {
        let (engine, start) = engine("en_US")
        var state = start
        let reply = engine.evaluate("3 × 250 try", state: &state).reply
        let value = q("750")
        #expect(reply.results.count == 2, "\(reply.results)")
        #expect(reply.results.first?.hasSuffix("= " + engine.formatter.format(value, CurrencyCode("TRY")!)) == true, "\(reply.results)")
        #expect(reply.results.last?.hasSuffix("= " + engine.formatter.format(value * rate("TRY", "EUR"), .eur)) == true, "\(reply.results)")
        #expect(reply.value == money(value, "TRY"))
        #expect(state.answer?.currency == CurrencyCode("TRY") && state.answer?.value == value)
        #expect(reply.conversions.map { "\($0.from)>\($0.to)" } == ["TRY>EUR"])
        // In the base already: one line.
        #expect(engine.evaluate("3 × 250 eur", state: &state).reply.results.count == 1)
    }
}

extension CalculatorTests: LineChecks {

    @Test(.tags(.misread)) func aSignBeforeTheAnswerNegatesIt() {
        let settings = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let engine = Engine(locale: settings, table: table)
        var state = SessionState(base: .eur, recent: [], locale: settings)
        _ = engine.evaluate("12 eur × 1", state: &state)
        for (line, value) in [("-ans", Rational(-12)), ("−ans", Rational(-12)), ("+ans", Rational(12)), ("2 × -ans", Rational(-24))] {
            var copy = state
            let reply = engine.evaluate(line, state: &copy).reply
            #expect(reply.value == Money(value, .eur), "\(line): \(reply.lines)")
        }
    }

    /// `ans` is echoed with every decimal it has, so that the line reads true.
    @Test(.tags(.misread)) func theAnswerIsEchoedExactly() {
        let settings = LocaleSettings(numbers: "en_US", money: "en_US", messages: "en_US")
        let engine = Engine(locale: settings, table: table)
        var state = SessionState(base: .eur, recent: [], locale: settings)
        _ = engine.evaluate("12.50 eur in usd", state: &state)
        let reply = engine.evaluate("ans × 2", state: &state).reply
        #expect(reply.results.first == "$14.290824625 × 2 = $28.582", "\(reply.lines)")
        _ = engine.evaluate("-ans", state: &state)
        #expect(engine.evaluate("2 × -ans", state: &state).reply.results.first == "2 × −(-$28.58164925) = $57.163")
    }

    /// `ans × 1000` after `100 usd in eur` read `€89.509 × 1,000 = €89,509.488`: the echo did
    /// not give the result. A value whose decimals never end is written `ans`; one whose
    /// decimals end is written whole.
    @Test(arguments: ["en_US", "de_DE", "tr_TR"]) func anAnswerWithoutAnEndIsEchoedAsAns(_ locale: String) throws {
        let engine = Engine(locale: LocaleSettings(numbers: locale, money: locale, messages: locale), table: table)
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        _ = engine.evaluate("100 usd in eur", state: &state)
        let value = try #require(state.answer?.value)
        #expect(value.exactFractionDigits(minimum: 3, maximum: AmountParser.digitLimit) == nil)
        let reply = engine.evaluate("ans × 1000", state: &state).reply
        let line = try #require(reply.results.first)
        #expect(line.hasPrefix("ans × "), "\(line)")
        #expect(state.answer?.value == value * Rational(1000))
        _ = engine.evaluate("1/8 eur", state: &state)
        #expect(engine.evaluate("ans × 2", state: &state).reply.results.first?.hasPrefix("ans") == false)
    }

    /// en_US `(€12.50)`, the accounting way of writing −12.50, was read as +12.50.
    @Test(.tags(.misread), arguments: ["(€12.50)", "(12.50 eur) in usd", "(12.50)", "(€12.50) in usd"])
    func anAmountInParenthesesIsTheAccountingNegativeAndSaidSo(_ line: String) {
        let outcome = run(line)
        #expect(outcome.reply.conversions.first.map { $0.amount } == -Rational(decimalText: "12.5")!, "\(outcome.reply.lines)")
        #expect(notes(outcome).contains { $0.contains("negative") }, "\(notes(outcome))")
        // Parentheses around a calculation, or before the currency, group as always.
        #expect(run("(12) eur in usd").reply.conversions.first?.amount == Rational(12))
        #expect(run("2 × (€12.50)").reply.value?.value == Rational(25))
    }

    /// `$10 + ($12.50)` gave $22.50 without a word, where `($12.50)` alone is −12.50: money
    /// alone in parentheses inside a calculation groups, and the reply says how it was read.
    @Test(.tags(.misread), arguments: ["2 × (€12.50)", "$10 + ($12.50) in eur", "(€12.50) + 0 eur", "(12.50 eur) × 1 in usd", "(12.50 €) − $1"])
    func moneyInParenthesesInsideACalculationGroupsAndIsSaid(_ line: String) {
        let outcome = run(line)
        #expect(!outcome.reply.failed, "\(outcome.reply.lines)")
        #expect(notes(outcome).contains { $0.contains("inside a calculation") && $0.contains("write −") }, "\(line): \(notes(outcome))")
        #expect(!notes(outcome).contains { $0.contains("read as a negative amount") }, "\(notes(outcome))")
    }

    /// Parentheses around a signed amount, a number or a calculation group with nothing said.
    @Test(arguments: ["(-€12.50) + €1", "2 × (12.50) eur", "(12 + 3) eur in usd", "2 × (€1 + €2)"])
    func otherParenthesesGroupWithoutANote(_ line: String) {
        let outcome = run(line)
        #expect(!outcome.reply.failed && !notes(outcome).contains { $0.contains("parentheses") }, "\(line): \(notes(outcome))")
    }
}

extension CalculatorTests {
    /// A number typed in a calculation is written back with every decimal it has, on the line
    /// and in its record, so that the echo reads back as what was typed.
    @Test(arguments: [
        ("1.0000001 × 3 eur in usd", "1.0000001 × €3.000"), ("2 × 1.123456789", "2 × 1.123456789"), ("0.00000001 × 1", "0.00000001 × 1"),
    ])
    func typedNumbersAreEchoedWhole(_ line: String, _ echo: String) throws {
        let (engine, state) = engine("en_US")
        let reply = engine.evaluate(line, in: state).reply
        let first = try #require(reply.lines.compactMap { if case .result(let text, _) = $0 { "\(text)" } else { nil } }.first)
        #expect(first.hasPrefix(echo + " = "), "\(first)")
        let expression = reply.records.first { $0.type == "expression" }?.fields.first { $0.key == "expression" }?.value
        #expect(expression == .text(echo))
    }

    /// `round` rounds a plain number's result as it rounds money: its places (three for the
    /// currency's cents) and its rule, on the line, in the preview and in the record.
    @Test(arguments: [
        ("1/3", Rounding(places: .fixed(12)), "0.333333333333"), ("0.129 × 1", Rounding(places: .fixed(2), mode: .down), "0.12"),
        ("0.125 × 1", Rounding(places: .fixed(2)), "0.12"), ("0.125 × 1", Rounding(places: .fixed(2), mode: .halfUp), "0.13"),
        ("2/3", Rounding(places: .minor), "0.667"), ("5/2", Rounding(places: .fixed(0), mode: .up), "3"),
    ])
    func plainNumbersFollowTheRoundingChosen(_ line: String, _ rounding: Rounding, _ shown: String) throws {
        var (engine, state) = engine("en_US")
        state.rounding = rounding
        let reply = engine.evaluate(line, in: state).reply
        let text = try #require(reply.lines.compactMap { if case .result(let text, _) = $0 { "\(text)" } else { nil } }.first)
        #expect(text.hasSuffix(" = " + shown), "\(text)")
        #expect(engine.preview(line, in: state) == "= " + shown)
        let rounded = reply.records.first { $0.type == "expression" }?.fields.first { $0.key == "rounded" }?.value
        #expect(rounded == .decimal(shown))
    }

    /// `1/3 eur` is a third of a euro, echoed as what was computed, not as one divided by €3.
    @Test func aQuotientBeforeACurrencyIsEchoedAsOne() {
        let (engine, state) = engine("en_US")
        let reply = engine.evaluate("1/3 eur in usd", in: state).reply
        #expect(reply.results.first?.hasPrefix("(1 ÷ 3) EUR = ") == true, "\(reply.results)")
        #expect(reply.results == engine.evaluate("(1/3) eur in usd", in: state).reply.results)
        #expect(engine.evaluate("10 / 4 eur", in: state).reply.results.first?.hasPrefix("(10 ÷ 4) EUR = ") == true)
    }

    /// Machine output's `result` has 40 significant digits when it has no finite decimal, its
    /// whole digits too (it gave all 59 of a huge result).
    @Test func anInexactResultHasFortySignificantDigitsWhateverItsSize() {
        let value = Rational(decimalText: "285052560128908477289705732587772382697396906929673")! / Rational(decimalText: "3.22")!
        let text = value?.decimalText(significantDigits: 40)
        #expect(text?.exact == false)
        #expect(text?.text.count == 50 && text?.text.hasSuffix("0000000000") == true, "\(String(describing: text))")
        #expect(text?.text.prefix(40) == "8852563979158648363034339521359390767000", "\(String(describing: text))")
        // A finite decimal is written whole.
        #expect(Rational(decimalText: "285052560128908477289705732587772382697396906929673.5")?.decimalText().text.count == 53)
    }
}
