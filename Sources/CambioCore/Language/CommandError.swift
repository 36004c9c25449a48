/// Everything that can be wrong with a command line, with the columns it concerns.
public struct CommandError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A character that starts no token (`#`, a control character).
        case unexpectedCharacter(Character)
        /// An amount that does not follow the locale's number format.
        case badAmount(AmountError.Kind, localeID: String, example: String)
        /// Nothing is called that; the closest currencies.
        case unknownCurrency(String, suggestions: [CurrencyCode])
        /// Several currencies fit what was typed.
        case ambiguousCurrency(String, candidates: [CurrencyCode])
        /// An ISO code the rate table has no rate for.
        case currencyNotInTable(CurrencyCode, table: TableDescription)
        /// Money of several currencies on one line whose rates no one table held quotes all of
        /// (a line's rates are of one day and one source).
        case noCommonTable([CurrencyCode])
        /// A withdrawn currency asked for without a date: the history has its rates until `last`.
        case withdrawnCurrency(CurrencyCode, name: String, last: Day)
        /// Something else stood where the grammar expected `expected`.
        case expected(Expectation, found: String?)
        /// An unknown command word after `help`.
        case unknownTopic(String)
        /// A locale identifier ICU does not know.
        case unknownLocale(String)
        /// `swap` before any conversion.
        case nothingToSwap
        /// `source` with a name that is no provider.
        case unknownProvider(String, known: [String])
        /// A line longer than the engine reads (bytes).
        case lineTooLong(limit: Int)
        /// More words, numbers and signs than a line may have.
        case tooManyWords(limit: Int)
        /// A number with an exponent (`1e3`), which is not read; `expanded` is it written out.
        case exponent(String, expanded: String)
        /// A word that is no currency but nearly a command (`hlep`).
        case unknownCommand(String, suggestion: String)
        /// A result line typed back whole (`€12.500 = $14.291`); `conversion` is the line that
        /// converts again (`€12.500 in $`).
        case pastedResult(conversion: String)
        /// A command word with an argument it does not take (`recent all`, `preview maybe`).
        case unexpectedArgument(command: String, allowed: [String], found: String)
        /// Arithmetic that has no meaning for money (the range is the operator's).
        case arithmetic(ArithmeticProblem)
        /// `fee` with something that is no percentage between 0 and 100.
        case badFee(String)
        /// A fee with more digits than it is written with (`FeeCommand.textLimit`).
        case feeTooPrecise(String, limit: Int)
        /// `pin` with one currency: a pin is a pair.
        case pinNeedsTwo
        /// More pairs pinned than `SessionState.pinLimit`.
        case tooManyPins(limit: Int)
        /// `round` with words that are neither a number of decimals, `minor`, nor a rule.
        case badRounding(String)
        /// A date that does not read, or a day without rates.
        case date(DateProblem)
        /// A period that does not read, or has no average.
        case average(AverageError)
        /// A source or a rule that cannot answer (`BankProblem`).
        case bank(BankProblem)
        /// A pinned source of which no table is held yet.
        case nothingHeld(source: String)
        /// `chart` with arguments it does not take.
        case badChart(String)
        /// `at` without a rate, with one that is no positive number, or after no one conversion.
        case badBankRate(String)
        /// `at` after a line of several conversions (several targets): the `at` clause as typed
        /// and how many.
        case bankRateNotOne(String, Int)
        /// `at` with an amount charged in another currency than the target (the code, the target's).
        case bankChargedIn(String, String)
        /// `prices` without currencies, or of a pair and period without rates.
        case badPrices(String)
        /// `prices` of a pair none of whose days in the period has a rate held: the pair, the
        /// period's first and last day, and the last day the ECB's rates held reach.
        case pricesNoneHeld(String, from: Day, through: Day, last: Day)
        /// `prices` without `fill` of a period whose days have rates, none of them published (a
        /// weekend): the pair and the period's first and last day.
        case pricesNonePublished(String, from: Day, through: Day)
        /// `prices` wrote its file, but this many of the days or months asked have no price in it
        /// (each said in the file's comments and on standard error).
        case pricesIncomplete(Int)
    }

    /// What is wrong with the date of a line (`on …`).
    public enum DateProblem: Equatable, Sendable {
        /// The text does not read as a date; the locale's pattern and an example follow.
        case reading(DateReader.Problem, pattern: String, example: String)
        case future(Day, today: Day)
        case beforeData(Day, first: Day)
        /// A day after the rates held, and they could not be fetched (offline, or failed); `last`
        /// is the bundled history's last day or a fetched one.
        case notFetched(Day, last: Day, reason: String?)
        /// A day after the bundled history and before the first day the fetched ECB files have.
        case betweenHistories(Day, bundleEnd: Day, fetchedFrom: Day, reason: String?)
        /// A currency that the day's tables do not have; `fetched` when the day's snapshot was
        /// looked at, `pinned` the source pinned, `reason` why a fetch failed.
        case currencyMissing(CurrencyCode, Day, snapshotsSince: Day, fetched: Bool, pinned: String?, reason: String?)
        /// A pinned source other than the ECB with no table of the day.
        case sourceWithoutDay(String, Day, reason: String?)
        /// `on` after a command that has no date (`base eur on 2020-01-01`).
        case notAllowed
        /// `on` inside parentheses (`(45 eur in usd on 2024-01-15) + …`).
        case insideParentheses
    }

    /// What is wrong with the period of a line (`average …`).
    /// Why a line with `from SOURCE` or `by RULE` has no rate.
    public enum BankProblem: Equatable, Sendable {
        case unknownSource(String, known: [String])
        case unknownRule(String, known: [String])
        /// The source published no table within its look-back of the day, or what would say
        /// so could not be fetched (`reason`).
        case noTable(source: String, Day, reason: String?)
        /// The table used has no rate of the currency.
        case currencyMissing(CurrencyCode, source: String, label: String, Day, reason: String?)
        /// The two currencies are in two of the source's tables (the NBP's A and B).
        case twoTables(CurrencyCode, CurrencyCode, source: String, String, String, home: CurrencyCode)
        /// A rule's period is not over yet (the BMF's month, a year's mean).
        case notOver(rule: String, Period, today: Day)
        /// A month of a yearly mean has no table of the currency, or could not be fetched.
        case incomplete(rule: String, Period, missing: String, reason: String?)
        /// `from` or `by` with an average or a bank's own rate.
        case notAllowed
        /// Two of `from` and `by` on one line.
        case oneChoice
    }

    public enum AverageError: Equatable, Sendable {
        /// The text does not read as a period; an example in the locale's form follows.
        case reading(PeriodReader.Problem, example: String)
        /// The period has no average (not over, not held, no publication); `reason` why a fetch
        /// failed.
        case problem(AverageProblem, reason: String?)
        /// A currency without a rate on every published day of the period: how many it has, of
        /// how many, and its first and last.
        case partial(CurrencyCode, Period, days: Int, of: Int, first: Day?, last: Day?)
        /// `average` after a command that has none, or with `on` as well.
        case notAllowed
    }

    /// What is wrong with a calculation.
    public enum ArithmeticProblem: Equatable, Sendable {
        /// `12 eur * 5 usd`.
        case moneyTimesMoney
        /// `12 + 5 eur`: a plain number and money.
        case numberAndMoney
        /// `12 / 5 eur`.
        case numberByMoney
        /// `x / 0`.
        case divisionByZero
        /// `15 %` with nothing to take it of.
        case percentAlone
        /// `15 % + 80 eur`: the percentage belongs after what it is taken of.
        case percentFirst
        /// `ans` before any result.
        case noAnswer
        /// A value whose exact fraction outgrew what is kept (over 4,096 bits).
        case tooLarge
        /// A result with more digits than an amount may be typed with (`limit`).
        case tooLong(limit: Int)
        /// More operators or deeper nesting than a calculation may have.
        case tooComplex(operators: Int, nesting: Int)
    }

    /// The table a conversion would have used, for messages about what it lacks.
    public struct TableDescription: Equatable, Sendable {
        public let source: String
        public let date: String
        public let count: Int
        /// The date of the bundled seed when it has the currency that was missing.
        public let bundledDate: String?
        /// The source pinned (`source NAME`), when one is.
        public let pinned: String?

        public init(source: String, date: String, count: Int, bundledDate: String?, pinned: String? = nil) {
            self.source = source
            self.date = date
            self.count = count
            self.bundledDate = bundledDate
            self.pinned = pinned
        }
    }

    /// What the parser was looking for.
    public enum Expectation: Equatable, Sendable {
        case currency
        case connectorOrEnd
        case amountOrCurrency
        case endOfLine
        /// A percentage after the targets (`in usd + 2 %`).
        case percentage
        case closingParenthesis
    }

    public let kind: Kind
    /// Character offsets into the line; `nil` when the error concerns the whole line.
    public let range: Range<Int>?

    public init(_ kind: Kind, at range: Range<Int>?) {
        self.kind = kind
        self.range = range
    }
}
