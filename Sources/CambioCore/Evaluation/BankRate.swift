/// `100 eur in usd on 2024-01-02 at 1,0720` and `… at 107,20 $`: a conversion at the rate a bank
/// or card used (given, or what it charged divided by the amount), beside the mid-market rate of
/// the same day and source and how far it lies from it: the markup a "no fee" card hides in its
/// rate. The line is first evaluated as it stands without `at` (the one conversion it must be),
/// then its result is the amount at the bank's rate.
enum BankRate {
    static func run(_ inner: Command, _ clause: DateReference, _ engine: Engine, _ line: inout LineContext) throws(CommandError) {
        // The mid-market conversion is needed whether or not the reply keeps records.
        let keepsRecords = line.keepsRecords
        line.keepsRecords = true
        defer { line.keepsRecords = keepsRecords }
        try engine.run(inner, &line)
        // A rate is of one pair: several targets are one too many, said as such.
        if line.reply.conversions.count > 1, !clause.text.isEmpty {
            throw CommandError(.bankRateNotOne(clause.text, line.reply.conversions.count), at: clause.word)
        }
        guard line.reply.conversions.count == 1, let mid = line.reply.conversions.first, !mid.isPart, mid.from != mid.to, !mid.amount.isZero
        else { throw CommandError(.badBankRate(clause.text), at: clause.word) }
        var notes: [String] = []
        let rate = try bankRate(clause, amount: mid.amount, from: mid.from, to: mid.to, engine, notes: &notes)
        let result = mid.amount * rate
        try engine.converter.readable(result)
        let formatter = engine.formatter
        let localized = engine.localized
        let rounding = line.state.rounding
        // How far the bank's rate lies from the mid-market one: negative below, positive above.
        let markup = rate.percentAbove(mid.rate) ?? .zero
        let percent = formatter.formatNumber(markup.magnitude, fractionDigits: 2)
        let side = markup.isZero ? "bank.same" : markup.isNegative ? "bank.below" : "bank.above"
        let source = mid.source == RateSource.ecbID ? localized("bank.ecb") : localized("bank.source", Sanitiser.visible(mid.source))
        // An average's rate is the mean of its period, and is said to be: not its first day's.
        let period = mid.origin.period?.period
        let day = period?.iso ?? String(mid.date.prefix(10))
        let midRate = formatter.formatRateNumber(mid.rate)
        let text =
            formatter.formatGiven(mid.amount, mid.from) + " = " + formatter.format(result, mid.to, rounding: rounding) + " "
            + localized(
                "bank.at", formatter.formatGivenRate(rate, minimum: 4),
                localized(side, percent, source, period == nil ? midRate : localized("bank.mean", midRate), day))
        let detail = localized("bank.mid", formatter.format(mid.result, mid.to, rounding: rounding))
        // The mid-market result line gives way to the bank's; notes and the source stay.
        line.reply.lines.removeAll { if case .result = $0 { true } else { false } }
        let at = line.reply.lines.firstIndex { if case .source = $0 { true } else { false } } ?? line.reply.lines.count
        line.reply.lines.insert(.result(text, detail: detail), at: at)
        line.reply.lines.insert(contentsOf: notes.map { .assumption($0) }, at: 0)
        var conversion = Conversion(amount: mid.amount, from: mid.from, to: mid.to, rate: rate, result: result, origin: mid.origin)
        conversion.rounding = rounding
        conversion.midRate = mid.rate
        line.reply.conversions = keepsRecords ? [conversion] : []
        line.reply.value = keepsRecords ? Money(result, mid.to) : nil
        // The day or period of the mid-market rates, for `swap` (the dated run that asked for
        // them has ended by now).
        let asked = period.map { RatesAsked.period($0) } ?? mid.origin.asked.map { RatesAsked.day($0) } ?? line.asked
        line.state.setLast(mid.amount, from: mid.from, to: [mid.to], asked: asked, answer: result, in: mid.to)
    }

    /// The clause's rate: a number is units of the target for one of the source (`1,0720`), read
    /// as every amount is (its error with a caret, a separator read otherwise said in `notes`); an
    /// amount in the target is what was charged (`107,20 $`, `USD 107.20`), divided by the amount.
    static func bankRate(
        _ clause: DateReference, amount: Rational, from: CurrencyCode, to: CurrencyCode, _ engine: Engine, notes: inout [String]
    ) throws(CommandError) -> Rational {
        let text = clause.text.trimmingSpaces()
        guard !text.isEmpty else { throw CommandError(.badBankRate(""), at: clause.word) }
        if text.allSatisfy({ $0.isNumber || AmountParser.separators.contains($0) || $0 == " " }) {
            let parsed = try engine.resolver.amount(AmountReference(text: text, range: clause.range, symbol: nil), notes: &notes)
            guard !parsed.exact.isZero else { throw CommandError(.badBankRate(text), at: clause.range) }
            return parsed.exact
        }
        guard let (value, currencyText) = DocumentConverter.amount(text, engine.amountParser), !value.isNegative, !value.isZero,
            let currencyText
        else { throw CommandError(.badBankRate(text), at: clause.range) }
        var ignored: [String] = []
        let code = try engine.resolver.currency(CurrencyReference(text: currencyText, range: clause.range), notes: &ignored)
        guard code == to, let rate = value / amount.magnitude else {
            throw CommandError(.bankChargedIn(code.rawValue, to.rawValue), at: clause.range)
        }
        return rate
    }
}
