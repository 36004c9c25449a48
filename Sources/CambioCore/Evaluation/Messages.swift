/// Every sentence Cambio says about an error, written in one place.
public enum Messages {
    /// `a, b or c` in the interface's language.
    public static func alternatives(_ items: [String], _ localized: Localization) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " \(localized("list.or")) " + last
    }

    /// The words that join a currency to its targets, as an error lists them.
    static func connectorList(_ localized: Localization) -> String {
        alternatives(Command.connectorsShown(language: localized.localeLanguage).map { Sanitiser.quoted($0) }, localized)
    }

    /// The sentence for an error; `name` gives a currency's name in the user's language.
    public static func describe(_ error: CommandError, localized: Localization, name: (CurrencyCode) -> String) -> String {
        func named(_ code: CurrencyCode) -> String { "\(code) (\(name(code)))" }
        switch error.kind {
        case .unexpectedCharacter(let character):
            // Bytes that were not UTF-8 arrive as U+FFFD.
            if character == "\u{FFFD}" { return localized("error.notUTF8") }
            return localized("error.unexpectedCharacter", Sanitiser.quoted(String(character)))
        case .badAmount(let kind, let localeID, let example):
            let format = localized("amount.format", localeID, example)
            switch kind {
            case .misplacedGrouping(let mark): return localized("error.amount.misplacedGrouping", Sanitiser.quoted(String(mark)), format)
            case .separatorInFraction(let mark): return localized("error.amount.separatorInFraction", Sanitiser.quoted(String(mark)), format)
            case .nothingAfterSeparator(let mark): return localized("error.amount.nothingAfterSeparator", Sanitiser.quoted(String(mark)), format)
            case .unexpectedSeparator(let mark): return localized("error.amount.unexpectedSeparator", Sanitiser.quoted(String(mark)), format)
            case .unclearSeparator(let mark, let decimal, let whole):
                return localized("error.amount.unclearSeparator", Sanitiser.quoted(String(mark)), decimal, whole)
            case .ambiguousSeparator(let mark, let decimal, let whole):
                return localized("error.amount.ambiguousSeparator", Sanitiser.quoted(String(mark)), localeID, decimal, whole)
            case .unexpectedCharacter(let character):
                return localized("error.amount.unexpectedCharacter", Sanitiser.quoted(String(character)), format)
            case .tooManyDigits(let limit): return localized("error.amount.tooManyDigits", String(limit))
            case .noDigits: return localized("error.amount.noDigits", format)
            }
        case .unknownCurrency(let typed, let suggestions):
            if CurrencyDirectory.subunitWords.contains(TextFolding.fold(typed)) { return localized("error.subunit", Sanitiser.quoted(typed)) }
            if suggestions.isEmpty { return localized("error.unknownCurrency", Sanitiser.quoted(typed)) }
            return localized("error.unknownCurrency.suggest", Sanitiser.quoted(typed), alternatives(suggestions.map(named), localized))
        case .ambiguousCurrency(let typed, let candidates):
            // Every choice by name, so that the code to type is there (`dinar` has nine); only a
            // longer list is cut short.
            let limit = candidates.count > 10 ? 8 : candidates.count
            var shown = candidates.prefix(limit).map(named)
            if candidates.count > limit { shown.append(localized("list.more", String(candidates.count - limit))) }
            return localized("error.ambiguousCurrency", Sanitiser.quoted(typed), alternatives(shown, localized))
        case .withdrawnCurrency(let code, let name, let last):
            return localized("error.withdrawn", code.rawValue, name, last.iso)
        case .currencyNotInTable(let code, let table):
            if let pinned = table.pinned {
                let what = localized("error.notInTable.pinned", code.rawValue, name(code), pinned, table.date, String(table.count))
                return what + (table.bundledDate.map { localized("error.notInTable.bundled", $0) } ?? "") + localized("error.notInTable.unpin")
            }
            return localized("error.notInTable", code.rawValue, name(code), table.source, table.date, String(table.count))
                + localized("error.notInTable.fetch")
        case .noCommonTable(let codes):
            return localized("error.noCommonTable", codes.map(\.rawValue).joined(separator: ", "))
        case .nothingHeld(let source):
            return localized("error.nothingHeld", source)
        case .expected(let expectation, let found):
            switch (expectation, found) {
            case (.currency, nil): return localized("error.expected.currency")
            case (.currency, let found?): return localized("error.expected.currency.found", Sanitiser.quoted(found))
            case (.connectorOrEnd, nil): return localized("error.expected.connector", connectorList(localized))
            case (.connectorOrEnd, let found?): return localized("error.expected.connector.found", Sanitiser.quoted(found), connectorList(localized))
            case (.amountOrCurrency, nil): return localized("error.expected.amountOrCurrency")
            case (.amountOrCurrency, let found?): return localized("error.expected.amountOrCurrency.found", Sanitiser.quoted(found))
            case (.endOfLine, let found): return localized("error.expected.end", Sanitiser.quoted(found ?? ""))
            case (.percentage, _): return localized("error.expected.percentage")
            case (.closingParenthesis, nil): return localized("error.expected.parenthesis")
            case (.closingParenthesis, let found?): return localized("error.expected.parenthesis.found", Sanitiser.quoted(found))
            }
        case .unknownTopic(let word):
            let commands = CommandTable.grammar.words.joined(separator: ", ")
            // A typo of a command (`help swapp`) names the help meant, as one of the line does.
            let closest = CommandTable.grammar.words.map { ($0, Levenshtein.distance(word, $0, transpositions: true)) }.min { $0.1 < $1.1 }
            if let (topic, distance) = closest, word.count >= 3, distance <= (word.count >= 5 ? 2 : 1) {
                return localized("error.unknownTopic.suggest", Sanitiser.quoted(word), Sanitiser.quoted("help " + topic), commands)
            }
            return localized("error.unknownTopic", Sanitiser.quoted(word), commands)
        case .unknownLocale(let id):
            return localized("error.unknownLocale", Sanitiser.quoted(id))
        case .lineTooLong(let limit):
            return localized("error.lineTooLong", String(limit))
        case .tooManyWords(let limit):
            return localized("error.tooManyWords", String(limit))
        case .exponent(let typed, let expanded):
            // An exponent too large to write out is no amount at all.
            if expanded == typed { return localized("error.exponentTooLarge", Sanitiser.quoted(typed), String(AmountParser.digitLimit)) }
            return localized("error.exponent", Sanitiser.quoted(typed), expanded)
        case .pastedResult(let conversion):
            return localized("error.pastedResult", Sanitiser.quoted(conversion))
        case .unknownCommand(let word, let suggestion):
            return localized("error.unknownCommand", Sanitiser.quoted(word), suggestion)
        case .nothingToSwap:
            return localized("error.nothingToSwap")
        case .unknownProvider(let providerName, let known):
            return localized("error.unknownProvider", Sanitiser.quoted(providerName), alternatives(known, localized))
        case .unexpectedArgument(let command, let allowed, let found):
            return localized(
                "error.unexpectedArgument", command, alternatives(allowed.map { Sanitiser.quoted($0) }, localized), Sanitiser.quoted(found))
        case .arithmetic(let problem):
            switch problem {
            case .moneyTimesMoney: return localized("error.arithmetic.moneyTimesMoney")
            case .numberAndMoney: return localized("error.arithmetic.numberAndMoney")
            case .numberByMoney: return localized("error.arithmetic.numberByMoney")
            case .divisionByZero: return localized("error.arithmetic.divisionByZero")
            case .percentAlone: return localized("error.arithmetic.percentAlone")
            case .percentFirst: return localized("error.arithmetic.percentFirst")
            case .noAnswer: return localized("error.arithmetic.noAnswer")
            case .tooLarge: return localized("error.arithmetic.tooLarge")
            case .tooLong(let limit): return localized("error.arithmetic.tooLong", String(limit))
            case .tooComplex(let operators, let nesting): return localized("error.arithmetic.tooComplex", String(operators), String(nesting))
            }
        case .badFee(let typed):
            return localized("error.badFee", Sanitiser.quoted(typed))
        case .feeTooPrecise(let typed, let limit):
            return localized("error.feeTooPrecise", Sanitiser.quoted(typed), String(limit))
        case .badRounding(let typed):
            return localized("error.badRounding", Sanitiser.quoted(typed))
        case .pinNeedsTwo: return localized("error.pinNeedsTwo")
        case .tooManyPins(let limit): return localized("error.tooManyPins", String(limit))
        case .badBankRate(let typed):
            return typed.isEmpty ? localized("error.bankRate.usage") : localized("error.bankRate", Sanitiser.quoted(typed))
        case .bankRateNotOne(let typed, let count):
            return localized("error.bankRate.notOne", Sanitiser.quoted(typed), String(count))
        case .bankChargedIn(let code, let target):
            return localized("error.bankChargedIn", code, target)
        case .pricesIncomplete(let count):
            return localized(count == 1 ? "error.prices.incomplete.one" : "error.prices.incomplete", String(count))
        case .pricesNonePublished(let pair, let from, let through):
            return localized("error.prices.nonePublished", pair, from.iso, through.iso)
        case .pricesNoneHeld(let pair, let from, let through, let last):
            return localized("error.prices.noneHeld", pair, from.iso, through.iso, last.iso)
        case .badPrices(let typed):
            return typed.isEmpty ? localized("error.prices.usage") : localized("error.prices", Sanitiser.quoted(typed))
        case .badChart(let typed):
            return typed.isEmpty ? localized("error.chart.usage") : localized("error.chart", Sanitiser.quoted(typed))
        case .date(let problem):
            return dateMessage(problem, localized, named)
        case .bank(let problem):
            return bankMessage(problem, localized, named)
        case .average(let problem):
            return averageMessage(problem, localized, named)
        }
    }

    /// The sentence for CommandError.DateProblem.
    private static func dateMessage(_ problem: CommandError.DateProblem, _ localized: Localization, _ named: (CurrencyCode) -> String) -> String {
        switch problem {
        case .reading(let reading, let pattern, let example):
            switch reading {
            case .missing: return localized("error.date.missing", pattern, example)
            case .unreadable(let typed): return localized("error.date.unreadable", Sanitiser.quoted(typed), pattern, example)
            case .noSuchDay(let typed): return localized("error.date.noSuchDay", Sanitiser.quoted(typed), pattern)
            case .otherOrder(let typed, let other): return localized("error.date.otherOrder", Sanitiser.quoted(typed), pattern, other.iso)
            case .shortYear(let typed): return localized("error.date.shortYear", Sanitiser.quoted(typed), example)
            case .ambiguous(let typed, let dayFirst, let monthFirst):
                return localized("error.date.ambiguous", Sanitiser.quoted(typed), dayFirst.iso, monthFirst.iso, pattern)
            }
        case .future(let day, let today): return localized("error.date.future", day.iso, today.iso)
        case .beforeData(let day, let first): return localized("error.date.beforeData", day.iso, first.iso)
        case .notFetched(let day, let last, let reason):
            let bundled = last == BundledHistory.shared.lastDay
            return localized(bundled ? "error.date.notFetched" : "error.date.notFetched.fetched", day.iso, last.iso)
                + (reason.map { " " + $0 } ?? "")
        case .betweenHistories(let day, let bundleEnd, let fetchedFrom, let reason):
            return localized("error.date.betweenHistories", day.iso, bundleEnd.iso, fetchedFrom.iso) + (reason.map { " " + $0 } ?? "")
        case .currencyMissing(let code, let day, let since, let fetched, let pinned, let reason):
            if let pinned { return localized("error.date.currencyNotInPinned", named(code), day.iso, pinned) + (reason.map { " " + $0 } ?? "") }
            if day < since { return localized("error.date.currencyBeforeSnapshots", named(code), day.iso, since.iso) }
            return localized(fetched ? "error.date.currencyNotInSnapshot" : "error.date.currencyNotCached", named(code), day.iso)
                + (reason.map { " " + $0 } ?? "")
        case .sourceWithoutDay(let source, let day, let reason):
            return localized("error.date.sourceWithoutDay", source, day.iso) + (reason.map { " " + $0 } ?? "")
        case .notAllowed: return localized("error.date.notAllowed")
        case .insideParentheses: return localized("error.date.insideParentheses")
        }
    }

    /// The sentence for CommandError.BankProblem.
    private static func bankMessage(_ problem: CommandError.BankProblem, _ localized: Localization, _ named: (CurrencyCode) -> String) -> String {
        switch problem {
        case .unknownSource(let name, let known):
            return localized("error.bank.unknownSource", Sanitiser.quoted(name), known.joined(separator: ", "))
        case .unknownRule(let name, let known): return localized("error.bank.unknownRule", Sanitiser.quoted(name), known.joined(separator: ", "))
        case .noTable(let source, let day, let reason):
            return localized("error.bank.noTable", source, day.iso) + (reason.map { " " + $0 } ?? "")
        case .currencyMissing(let code, let source, let label, let day, let reason):
            return localized("error.bank.currencyMissing", named(code), source, Sanitiser.visible(label), day.iso)
                + (reason.map { " " + $0 } ?? "")
        case .twoTables(let from, let to, let source, let first, let second, let home):
            return localized(
                "error.bank.twoTables", named(from), named(to), source, Sanitiser.visible(first), Sanitiser.visible(second), home.rawValue)
        case .notOver(let rule, let period, let today): return localized("error.bank.notOver", rule, period.iso, today.iso)
        case .incomplete(let rule, let period, let missing, let reason):
            return localized("error.bank.incomplete", rule, period.iso, missing) + (reason.map { " " + $0 } ?? "")
        case .notAllowed: return localized("error.bank.notAllowed")
        case .oneChoice: return localized("error.bank.oneChoice")
        }
    }

    /// The sentence for CommandError.AverageError.
    private static func averageMessage(_ problem: CommandError.AverageError, _ localized: Localization, _ named: (CurrencyCode) -> String) -> String {
        switch problem {
        case .reading(let reading, let example):
            switch reading {
            case .missing: return localized("error.average.missing", example)
            case .unreadable(let typed): return localized("error.average.unreadable", Sanitiser.quoted(typed), example)
            case .noSuchMonth(let typed): return localized("error.average.noSuchMonth", Sanitiser.quoted(typed), example)
            case .reversed(let typed): return localized("error.average.reversed", Sanitiser.quoted(typed))
            case .day: return localized("error.average.unreadable", "", example)
            }
        case .problem(let problem, let reason):
            let text: String
            switch problem {
            case .notStarted(let period, let today): text = localized("error.average.notStarted", period.iso, today.iso)
            case .notOver(let period, let today):
                text = localized("error.average.notOver", period.iso, today.iso, period.from.iso, max(period.from, today.adding(days: -1)).iso)
            case .future(let period, let today): text = localized("error.average.future", period.through.iso, today.iso)
            case .beforeData(let period, let first): text = localized("error.average.beforeData", period.iso, first.iso)
            case .notHeld(let period, let last):
                text = localized(period.from > last ? "error.average.noneHeld" : "error.average.notHeld", period.iso, last.iso)
            case .noDays(let period): text = localized("error.average.noDays", period.iso)
            case .notECB(let source): text = localized("error.average.notECB", source)
            }
            return text + (reason.map { " " + $0 } ?? "")
        case .partial(let code, let period, let days, let total, let first, let last):
            guard let first, let last, days > 0 else { return localized("error.average.none", named(code), period.iso) }
            return localized("error.average.partial", named(code), String(days), String(total), period.iso, first.iso, last.iso)
        case .notAllowed: return localized("error.average.notAllowed")
        }
    }
}
