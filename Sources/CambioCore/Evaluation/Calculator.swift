import Foundation

/// Arithmetic on amounts, money, percentages and the last result, exactly: each value a
/// fraction with its currency, money in another currency converted into the left one's with
/// the line's rates, the result converted into each target (or shown in the base), and with a
/// card fee the figure with it (README, "A card fee").
final class Calculator {
    let resolver: Resolver
    let converter: Converter
    let formatter: MoneyFormatter
    let localized: Localization
    let showsDetails: Bool
    /// The rates of the line being calculated (a dated line's day, the pinned source, the host
    /// that fetches what a day lacks), kept while the calculation recurses.
    private var rates: (dated: DatedLine?, pinned: String?, host: any SessionHost) = (nil, nil, SilentHost())

    /// The one table of a line whose value joins several currencies (`Converter.lineTable`).
    private var lineTable: RateTable?

    /// The calculation as the reply writes it back, in UTF-8, each value appended as it is
    /// calculated (not while a fee is charged: `charging`); then each result line after it.
    /// Kept between lines for its capacity.
    private var written: [UInt8] = []

    private func write(_ text: String) {
        guard charging == nil else { return }
        written.append(contentsOf: text.utf8)
    }

    /// `−` and, around a text that begins with a sign, parentheses (`−(−€108.732)`, never `−-`).
    private func writeNegation(from start: Int) {
        guard charging == nil else { return }
        let minus: [UInt8] = [0xE2, 0x88, 0x92]
        let signed =
            start < written.count
            && (written[start] == UInt8(ascii: "-") || written[start] == UInt8(ascii: "+")
                || written[start...].starts(with: minus))
        written.insert(contentsOf: signed ? minus + [UInt8(ascii: "(")] : minus, at: start)
        if signed { written.append(UInt8(ascii: ")")) }
    }

    /// The rate of a pair for the line being calculated, and its table.
    private func quote(_ from: CurrencyCode, _ to: CurrencyCode) throws(CommandError) -> Converter.Quote {
        if let lineTable {
            guard let rate = lineTable.rate(from: from, to: to) else {
                throw CommandError(.noCommonTable([from, to]), at: nil)
            }
            return Converter.Quote(rate: rate, table: lineTable)
        }
        return try converter.quote(from: from, to: to, dated: rates.dated, pinned: rates.pinned, host: rates.host)
    }

    /// The currencies of the money in an expression (`ans`'s among them), in the order written;
    /// a currency that does not resolve is left to the calculation to report.
    private func currencies(_ expression: Expression, _ state: SessionState, into codes: inout [CurrencyCode]) {
        func add(_ reference: CurrencyReference) {
            var ignored: [String] = []
            if let code = try? resolver.currency(reference, notes: &ignored), !codes.contains(code) { codes.append(code) }
        }
        switch expression {
        case .amount(_, let currency, _):
            if let currency { add(currency) }
        case .answer:
            if let code = state.answer?.currency, !codes.contains(code) { codes.append(code) }
        case .percent(let inner, _), .negate(let inner, _), .group(let inner):
            currencies(inner, state, into: &codes)
        case .binary(_, let left, let right, _), .percentOf(let left, let right, _):
            currencies(left, state, into: &codes)
            currencies(right, state, into: &codes)
        case .converted(let inner, let target, _):
            currencies(inner, state, into: &codes)
            add(target)
        case .tagged(let inner, let currency):
            currencies(inner, state, into: &codes)
            add(currency)
        }
    }

    /// The line's one table when its value joins money of two currencies or more: then every
    /// rate of the line, into the targets (or the base) too, is of that table.
    private func chooseLineTable(_ expression: Expression, adjust: Adjustment?, targets: [CurrencyCode], anyTarget: Bool, _ line: LineContext)
        throws(CommandError)
    {
        lineTable = nil
        var codes: [CurrencyCode] = []
        currencies(expression, line.state, into: &codes)
        if let adjust { currencies(adjust.percent, line.state, into: &codes) }
        guard codes.count > 1 else { return }
        for target in targets where !codes.contains(target) { codes.append(target) }
        if !anyTarget, !codes.contains(line.state.base) { codes.append(line.state.base) }
        lineTable = try converter.lineTable(quoting: codes, dated: rates.dated, pinned: rates.pinned, host: rates.host)
    }

    init(resolver: Resolver, converter: Converter, formatter: MoneyFormatter, localized: Localization, showsDetails: Bool) {
        self.resolver = resolver
        self.converter = converter
        self.formatter = formatter
        self.localized = localized
        self.showsDetails = showsDetails
    }

    /// A calculated value: an exact number, with a currency when it is money, or a percentage.
    /// Its text as the reply writes it back (`12,500 €`, `3`, `15 %`, `(…)`) is in `written`.
    private struct Quantity {
        var value: Rational
        var currency: CurrencyCode?
        var isPercent = false
        /// While a fee is charged (`charging`): the value in the charged currency with the fee
        /// on every amount converted into it (money), or the value again (a number).
        var charged = Rational.zero
    }

    /// The largest numerator or denominator kept (bits); a calculation past it stops.
    static let bitLimit = 4096

    /// While set, a calculation is evaluated a second time for the figure with the card fee:
    /// every amount of money (typed, `ans`, or given a currency) that is not in `target` is
    /// counted at its rate into `target` plus the fee, once, however the line reaches it;
    /// money already in `target` is counted as it is. `charged` records whether any amount was.
    private var charging: (target: CurrencyCode, fee: Rational, charged: Bool)?

    /// The calculation's value with the card fee, in `target`: the fee rule (README, "A card
    /// fee") is that a card charges its fee on each amount converted from one currency into
    /// another, once, and never on money already in the target currency; a part that is
    /// subtracted counts with its fee as well (`€100 − $50` is €100 less what the $50 cost).
    /// `nil` when nothing is converted (no fee applies) or the value is no money.
    private func chargedValue(_ expression: Expression, factor: Rational, into target: CurrencyCode, fee: Rational, _ state: SessionState)
        throws(CommandError) -> Rational?
    {
        charging = (target, fee, false)
        defer { charging = nil }
        var ignoredNotes: [String] = []
        var ignoredParts: [Conversion] = []
        let value = try quantity(expression, state, notes: &ignoredNotes, parts: &ignoredParts)
        guard !value.isPercent else { return nil }
        // A calculation of plain numbers converted is an amount in the base currency.
        let charged = value.currency == nil ? try chargedLeaf(value.value, state.base, state) : value.charged
        guard charging?.charged == true else { return nil }
        return charged * factor
    }

    /// An amount of money as charged into the target (`charging`).
    private func chargedLeaf(_ value: Rational, _ currency: CurrencyCode?, _ state: SessionState) throws(CommandError) -> Rational {
        guard let currency, let charge = charging else { return value }
        guard currency != charge.target else { return value }
        charging?.charged = true
        return value * (try quote(currency, charge.target).rate) * (.one + charge.fee)
    }

    func calculate(_ typed: Expression, targets references: [CurrencyReference], adjust: Adjustment?, _ line: inout LineContext) throws(CommandError)
    {
        rates = (line.dated, line.state.pinnedSource, line.host)
        defer { lineTable = nil }
        // The targets are resolved once; an error in them is said after the calculation's own.
        var targetNotes: [String] = []
        let resolvedTargets = try? resolver.targets(references, notes: &targetNotes)
        try chooseLineTable(typed, adjust: adjust, targets: resolvedTargets ?? [], anyTarget: !references.isEmpty, line)
        written.removeAll(keepingCapacity: true)
        var notes: [String] = []
        var parts: [Conversion] = []
        let state = line.state
        // One amount in parentheses and nothing else (`(€12.50)`, `(12.50 eur) in usd`) is how
        // accounts and bank statements write a negative amount: read so, and said. Parentheses
        // around a calculation, or before the currency (`(12) eur`), group as always.
        var expression = typed
        var accounting = false
        if case .group(let inner) = typed, case .amount(let amount, _, _) = inner, Self.unsigned(amount) {
            expression = .negate(inner, range: typed.range.lowerBound..<typed.range.lowerBound + 1)
            accounting = true
        }
        var total = try quantity(expression, state, notes: &notes, parts: &parts)
        if accounting {
            // The amount as written, in parentheses, without the `−` (3 bytes) put before it.
            let amount = String(decoding: written.dropFirst(3), as: UTF8.self)
            notes.append(localized("note.accounting", Sanitiser.quoted("(" + amount + ")")))
        }
        if total.isPercent { throw CommandError(.arithmetic(.percentAlone), at: expression.range) }
        let targets: [CurrencyCode]
        if let resolvedTargets {
            targets = resolvedTargets
            notes += targetNotes
        } else {
            targets = try resolver.targets(references, notes: &notes)
        }
        let base = state.base
        // One amount written another way (`12k eur`, `1,5 Mio. jpy`, `(12) eur`, `- 12 eur`) and
        // no target: the same as the amount written out, converted into the base currency or
        // the recent ones.
        if targets.isEmpty, adjust == nil, expression.isOneAmount {
            _ = consume state
            try converter.show(total.value, from: total.currency ?? base, targets: [], notes: notes, &line)
            return
        }
        // A calculation of plain numbers converted into a target is in the base currency: the
        // line shows that amount, as a bare amount would (`3 × 12,5 in usd`: `37,500 € = …`).
        if total.currency == nil, !targets.isEmpty {
            written.removeAll(keepingCapacity: true)
            formatter.writeGiven(total.value, base, into: &written)
        }
        // `+ 2 %` after the targets: applied before converting (the same, exactly), so that a
        // record's amount times its rate is its result.
        var factor = Rational.one
        if let adjust {
            write(adjust.subtract ? " − " : " + ")
            let percent = try quantity(adjust.percent, state, notes: &notes, parts: &parts)
            factor = adjust.subtract ? .one - percent.value : .one + percent.value
            total.value = total.value * factor
        }
        // The calculation as written back; each result line is written after it.
        let echoCount = written.count
        var echoText: String?
        func echo() -> String {
            if let echoText { return echoText }
            let text = String(decoding: written[..<echoCount], as: UTF8.self)
            echoText = text
            return text
        }
        let fee = state.hasFee ? state.fee : nil
        line.reply.lines += notes.map { .assumption($0) }
        showParts(parts, state.rounding, &line)
        let from = total.currency ?? base
        guard !targets.isEmpty else {
            // The value itself: money in its currency, or a plain number; money in another
            // currency than the base is also shown in the base, as a bare amount is.
            let value = total.value
            try converter.readable(value)
            var shown =
                total.currency.map { formatter.format(value, $0, rounding: state.rounding) }
                ?? formatter.formatNumber(value, rounding: state.rounding)
            var charged: Rational?
            if let fee, let currency = total.currency {
                charged = try chargedValue(expression, factor: factor, into: currency, fee: fee, state)
                if let charged { shown += converter.feeSuffix(charged, currency, fee, state.rounding) }
            }
            line.reply.lines.append(.result(echo() + " = " + shown))
            line.reply.value = Money(value, total.currency)
            if line.keepsRecords {
                line.reply.records.append(
                    expressionRecord(echo(), value, total.currency, fee: fee, charged: charged, typed: line.typed, state.rounding))
            }
            // The line's state is changed from here on: the copy read so far is let go first, so
            // that it is changed in place, not copied.
            _ = consume state
            if let currency = total.currency, currency != base {
                try inBase(expression, total: value, from: currency, factor: factor, fee: fee, &line)
            }
            // `ans` once nothing can fail: a calculation, as a conversion, changes the state
            // only when it has succeeded (a line read by its shape relies on it).
            line.state.answer = (value, total.currency ?? base)
            if let currency = total.currency, line.state.use(currency, then: currency == base ? [] : [base]) {
                line.effects.insert(.saveRecent)
            }
            return
        }
        var first: (result: Rational, target: CurrencyCode)?
        var used = Converter.UsedTables()
        for target in targets {
            let quote = try quote(from, target)
            let rate = quote.rate
            // The tables are named on a terminal only (a bundled day's table is made for it).
            if showsDetails { used.add(quote.table(converter.store), target) }
            let result = total.value * rate
            try converter.readable(result)
            let charged = try fee.flatMap { (fee) throws(CommandError) in try chargedValue(expression, factor: factor, into: target, fee: fee, state)
            }
            written.removeLast(written.count - echoCount)
            written.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "="), UInt8(ascii: " ")])
            formatter.write(result, target, rounding: state.rounding, into: &written)
            if let fee, let charged { written += converter.feeSuffix(charged, target, fee, state.rounding).utf8 }
            let detail = showsDetails && from != target ? formatter.rateDetail(from: from, to: target, rate: rate) : nil
            line.reply.lines.append(.result(written.withUnsafeBufferPointer(ResultText.init(utf8:)), detail: detail))
            if first == nil { first = (result, target) }
            if line.keepsRecords {
                var conversion = Conversion(
                    amount: total.value, from: from, to: target, rate: rate, result: result, origin: converter.origin(quote, line.dated))
                if let fee, let charged { conversion.charge(fee, giving: charged) }
                conversion.rounding = state.rounding
                line.reply.conversions.append(conversion)
                line.reply.records.append(expressionRecord(echo(), result, target, fee: fee, charged: charged, typed: line.typed, state.rounding))
            }
        }
        if showsDetails { line.reply.lines += converter.sourceNotes(used, line) }
        _ = consume state
        if let first {
            if targets.count == 1 { line.reply.value = Money(first.result, first.target) }
            // `swap` converts the result back: the calculation's value was never one amount the
            // user typed.
            line.state.setLast(
                first.result, from: from, to: [first.target], asked: line.asked, answer: first.result, in: first.target)
        }
        if line.state.use(from, then: targets) { line.effects.insert(.saveRecent) }
    }

    /// The parts converted inside a calculation: shown beside it (not in pipes), and kept as
    /// its records' parts.
    private func showParts(_ parts: [Conversion], _ rounding: Rounding, _ line: inout LineContext) {
        if showsDetails {
            for part in parts {
                line.reply.lines.append(
                    .note(
                        localized(
                            "note.part", formatter.formatGiven(part.amount, part.from), formatter.format(part.result, part.to, rounding: rounding))))
            }
        }
        if line.keepsRecords {
            for var part in parts {
                part.isPart = true
                line.reply.conversions.append(part)
            }
        }
    }

    /// A calculation without a target whose money is not in the base currency: its value in
    /// the base as well, on a line of its own, as the bare amount would show it (`3 × 250 tl`
    /// is ₺750.000, which is €13.986). The calculation's value stays `ans`.
    private func inBase(
        _ expression: Expression, total: Rational, from currency: CurrencyCode, factor: Rational, fee: Rational?, _ line: inout LineContext
    ) throws(CommandError) {
        let base = line.state.base
        let quote = try quote(currency, base)
        let rate = quote.rate
        let result = total * rate
        try converter.readable(result)
        let charged = try fee.flatMap { (fee) throws(CommandError) in try chargedValue(expression, factor: factor, into: base, fee: fee, line.state) }
        var text = formatter.formatGiven(total, currency) + " = " + formatter.format(result, base, rounding: line.state.rounding)
        if let fee, let charged { text += converter.feeSuffix(charged, base, fee, line.state.rounding) }
        let detail = showsDetails ? formatter.rateDetail(from: currency, to: base, rate: rate) : nil
        line.reply.lines.append(.result(text, detail: detail))
        if showsDetails { line.reply.lines.append(.source(converter.tableNote(quote.table(converter.store), line))) }
        if line.keepsRecords {
            var conversion = Conversion(
                amount: total, from: currency, to: base, rate: rate, result: result, origin: converter.origin(quote, line.dated))
            if let fee, let charged { conversion.charge(fee, giving: charged) }
            conversion.rounding = line.state.rounding
            line.reply.conversions.append(conversion)
        }
        // The one value of the line stays the calculation's (the preview shows it).
        line.state.setLast(total, from: currency, to: [base], asked: line.asked, answer: total, in: currency)
    }

    /// The calculation as data: what it says, its exact and rounded value, its currency, and
    /// with a fee the figure with it, as the line shows them.
    private func expressionRecord(
        _ echo: String, _ value: Rational, _ currency: CurrencyCode?, fee: Rational?, charged: Rational?, typed: String, _ rounding: Rounding
    ) -> Record {
        let exact = value.decimalText(significantDigits: Conversion.significantDigits)
        let rounded =
            currency.map { value.roundedText(rounding, $0) } ?? value.roundedText(fractionDigits: rounding.numberFractionDigits, mode: rounding.mode)
        var fields: [(key: String, value: Record.Value)] = [
            ("typed", .text(Sanitiser.visible(typed))), ("expression", .text(echo)), ("result", .decimal(exact.text)),
            ("result_exact", .flag(exact.exact)),
            ("rounded", .decimal(rounded)), ("currency", .text(currency?.rawValue ?? "")),
        ]
        if let fee, let charged, let currency {
            fields += Conversion.feeFields(fee, charged, rounding, currency)
        } else {
            fields += Conversion.noFeeFields
        }
        return Record("expression", fields)
    }

    /// Whether an amount is written without a sign before it: in parentheses, the way accounts
    /// write a negative one.
    private static func unsigned(_ amount: AmountReference) -> Bool { amount.text.first.map { !"-−+".contains($0) } ?? false }

    private func quantity(_ expression: Expression, _ state: SessionState, notes: inout [String], parts: inout [Conversion]) throws(CommandError)
        -> Quantity
    {
        var result: Quantity
        // Where this value's text begins in `written`.
        let start = written.count
        switch expression {
        case .amount(let reference, let currencyReference, let scale):
            let parsed = try resolver.amount(reference, notes: &notes)
            var value = parsed.exact
            if scale > 0 { value = value * Rational(significand: .one, exponent: scale) }
            let code = try currencyReference.map { (reference) throws(CommandError) in try resolver.currency(reference, notes: &notes) }
            // Money as the formatter writes it; a plain number as typed (`3`, `1,07`).
            if charging == nil {
                if let code { formatter.writeGiven(value, code, into: &written) } else { formatter.writePercentNumber(value, into: &written) }
            }
            result = Quantity(value: value, currency: code)
            if charging != nil { result.charged = try chargedLeaf(value, code, state) }
        case .answer(let range):
            guard let answer = state.answer else { throw CommandError(.arithmetic(.noAnswer), at: range) }
            // Written with every decimal it has, as a typed amount is: rounded to three, `ans × 2`
            // would read `1,143 $ × 2 = 2,287 $`. A value whose decimals never end (a converted
            // one) has no such writing: it is written `ans`, which reads back as itself, where
            // `€89.509 × 1,000 = €89,509.488` would not.
            if charging == nil {
                if answer.value.exactFractionDigits(minimum: MoneyFormatter.fractionDigits, maximum: AmountParser.digitLimit) != nil {
                    formatter.writeGiven(answer.value, answer.currency, into: &written)
                } else {
                    write("ans")
                }
            }
            result = Quantity(value: answer.value, currency: answer.currency)
            if charging != nil { result.charged = try chargedLeaf(answer.value, answer.currency, state) }
        case .percent(let inner, let range):
            let value = try quantity(inner, state, notes: &notes, parts: &parts)
            guard value.currency == nil, !value.isPercent else { throw CommandError(.arithmetic(.percentAlone), at: range) }
            write(" %")
            result = Quantity(value: value.value.ofPercent, currency: nil, isPercent: true)
            result.charged = result.value
        case .negate(let inner, _):
            result = try quantity(inner, state, notes: &notes, parts: &parts)
            result.value = -result.value
            result.charged = -result.charged
            // A sign before a sign is bracketed (`2 × −(−€108.732)`), never `−-`.
            writeNegation(from: start)
        case .group(let inner):
            result = try quantity(inner, state, notes: &notes, parts: &parts)
            if charging == nil {
                written.insert(UInt8(ascii: "("), at: start)
                written.append(UInt8(ascii: ")"))
                // Money alone in parentheses inside a calculation (`$10 + ($12.50)`) groups, as
                // parentheses do; an account would mean a negative amount by it: said, once the
                // line is read the one way.
                if case .amount(let amount, let currency, _) = inner, currency != nil, Self.unsigned(amount) {
                    let money = String(decoding: written[(start + 1)..<(written.count - 1)], as: UTF8.self)
                    notes.append(localized("note.accountingInCalculation", Sanitiser.quoted("(" + money + ")"), "−" + money))
                }
            }
        case .tagged(let inner, let currencyReference):
            result = try quantity(inner, state, notes: &notes, parts: &parts)
            guard result.currency == nil, !result.isPercent else {
                throw CommandError(.expected(.connectorOrEnd, found: currencyReference.text), at: currencyReference.range)
            }
            let code = try resolver.currency(currencyReference, notes: &notes)
            result.currency = code
            write(" ")
            write(code.rawValue)
            if charging != nil { result.charged = try chargedLeaf(result.value, code, state) }
        case .converted(let inner, let target, let range):
            let value = try quantity(inner, state, notes: &notes, parts: &parts)
            if value.isPercent { throw CommandError(.arithmetic(.percentAlone), at: range) }
            let to = try resolver.currency(target, notes: &notes)
            let converted = try part(value.value, from: value.currency ?? state.base, to: to, state, &parts)
            write(" in ")
            write(to.rawValue)
            result = Quantity(value: converted, currency: to)
            // A conversion inside the line is no second charge: its amounts are charged once,
            // into the line's target (a plain number converted is in the base currency).
            if charging != nil { result.charged = value.currency == nil ? try chargedLeaf(value.value, state.base, state) : value.charged }
        case .percentOf(let percent, let base, let range):
            let share = try quantity(percent, state, notes: &notes, parts: &parts)
            write(" × ")
            let whole = try quantity(base, state, notes: &notes, parts: &parts)
            if whole.isPercent { throw CommandError(.arithmetic(.percentFirst), at: range) }
            result = Quantity(value: whole.value * share.value, currency: whole.currency)
            result.charged = whole.charged * share.value
        case .binary(let op, let left, let right, let range):
            let a = try quantity(left, state, notes: &notes, parts: &parts)
            let leftEnd = written.count
            switch op {
            case .add: write(" + ")
            case .subtract: write(" − ")
            case .multiply: write(" × ")
            case .divide: write(" ÷ ")
            }
            let b = try quantity(right, state, notes: &notes, parts: &parts)
            result = try combine(op, a, b, at: range, state, &parts)
            // `1/3 eur` is a third of a euro, not one divided by €3: echoed as what was computed,
            // `(1 ÷ 3) EUR`, as `(1/3) eur` is.
            if charging == nil, op == .divide, a.currency == nil, !a.isPercent, !b.isPercent, let currency = b.currency {
                let numerator = Array(written[start..<leftEnd])
                written.removeSubrange(start...)
                write("(")
                written += numerator
                write(" ÷ ")
                formatter.writePercentNumber(b.value, into: &written)
                write(") ")
                write(currency.rawValue)
            }
        }
        // Exact, but not without bound: reduce a fraction that grew, and stop one that stays huge.
        if result.value.numerator.bitWidth > 256 || result.value.denominator.bitWidth > 256 {
            result.value = result.value.reduced()
            if result.value.numerator.bitWidth > Self.bitLimit || result.value.denominator.bitWidth > Self.bitLimit {
                throw CommandError(.arithmetic(.tooLarge), at: expression.range)
            }
        }
        if charging != nil, result.charged.numerator.bitWidth > 256 || result.charged.denominator.bitWidth > 256 {
            result.charged = result.charged.reduced()
            if result.charged.numerator.bitWidth > Self.bitLimit || result.charged.denominator.bitWidth > Self.bitLimit {
                throw CommandError(.arithmetic(.tooLarge), at: expression.range)
            }
        }
        return result
    }

    /// Two values combined; with a fee being charged (`charging`), their charged figures too,
    /// which are all in the one target currency.
    private func combine(_ op: Operator, _ a: Quantity, _ b: Quantity, at range: Range<Int>, _ state: SessionState, _ parts: inout [Conversion])
        throws(CommandError)
        -> Quantity
    {
        func quantity(_ value: Rational, _ currency: CurrencyCode?, percent: Bool = false, charged: @autoclosure () -> Rational) -> Quantity {
            var result = Quantity(value: value, currency: currency, isPercent: percent)
            if charging != nil { result.charged = charged() }
            return result
        }
        switch op {
        case .add, .subtract:
            let sign: Rational = op == .add ? .one : -.one
            if b.isPercent, !a.isPercent {
                return quantity(a.value * (.one + sign * b.value), a.currency, charged: a.charged * (.one + sign * b.value))
            }
            if a.isPercent, b.isPercent { return quantity(a.value + sign * b.value, nil, percent: true, charged: a.value + sign * b.value) }
            if a.isPercent { throw CommandError(.arithmetic(.percentFirst), at: range) }
            switch (a.currency, b.currency) {
            case (nil, nil):
                return quantity(a.value + sign * b.value, nil, charged: a.value + sign * b.value)
            case (let x?, let y?):
                // Money in another currency is converted into the left one's.
                let right = x == y ? b.value : try part(b.value, from: y, to: x, state, &parts)
                return quantity(a.value + sign * right, x, charged: a.charged + sign * b.charged)
            default:
                throw CommandError(.arithmetic(.numberAndMoney), at: range)
            }
        case .multiply:
            // A percentage times a number is a percentage still (`15 % × 2` is 30 %, no value
            // of its own); times money, it is money (`80 eur × 15 %`).
            if a.isPercent, b.isPercent || b.currency == nil { return quantity(a.value * b.value, nil, percent: true, charged: a.value * b.value) }
            if b.isPercent, a.currency == nil { return quantity(a.value * b.value, nil, percent: true, charged: a.value * b.value) }
            if a.currency != nil, b.currency != nil { throw CommandError(.arithmetic(.moneyTimesMoney), at: range) }
            return quantity(a.value * b.value, a.currency ?? b.currency, charged: a.charged * b.charged)
        case .divide:
            guard let quotient = b.value.isZero ? nil : Optional(b.value) else {
                throw CommandError(.arithmetic(.divisionByZero), at: range)
            }
            if b.isPercent || a.isPercent {
                if b.currency != nil { throw CommandError(.arithmetic(.numberByMoney), at: range) }
                let value = (a.value / quotient) ?? .zero
                return quantity(value, a.currency, percent: a.isPercent && !b.isPercent, charged: (a.charged / quotient) ?? .zero)
            }
            switch (a.currency, b.currency) {
            case (_, nil):
                return quantity((a.value / quotient) ?? .zero, a.currency, charged: (a.charged / quotient) ?? .zero)
            case (let x?, let y?):
                // Money by money is a plain ratio, in the left one's currency.
                let divisor = x == y ? quotient : try part(quotient, from: y, to: x, state, &parts)
                guard !divisor.isZero else { throw CommandError(.arithmetic(.divisionByZero), at: range) }
                let ratio = (a.value / divisor) ?? .zero
                return quantity(ratio, nil, charged: ratio)
            case (nil, let y?):
                // `1/3 eur`: the currency after a quotient of numbers is the whole term's, and the
                // quotient is the amount charged.
                let value = (a.value / quotient) ?? .zero
                let charged = charging == nil ? .zero : try chargedLeaf(value, y, state)
                return quantity(value, y, charged: charged)
            }
        }
    }

    /// Converts money inside a calculation, keeping the conversion to show and record.
    private func part(_ value: Rational, from: CurrencyCode, to: CurrencyCode, _ state: SessionState, _ parts: inout [Conversion])
        throws(CommandError)
        -> Rational
    {
        guard from != to else { return value }
        let quote = try quote(from, to)
        let rate = quote.rate
        let result = value * rate
        guard charging == nil else { return result }
        let conversion = Conversion(amount: value, from: from, to: to, rate: rate, result: result, origin: converter.origin(quote, rates.dated))
        parts.append(conversion)
        return result
    }
}
