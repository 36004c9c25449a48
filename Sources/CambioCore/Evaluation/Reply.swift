import Foundation

/// What one command line produced, line by line.
public struct Reply: Sendable, Equatable {
    public enum Line: Sendable, Equatable {
        /// A result: goes to standard output in every mode. `detail` (the rate used) is
        /// shown beside it on terminals and left out of pipes.
        case result(ResultText, detail: String? = nil)
        /// A heading or label around results (shown on terminals).
        case heading(String)
        /// Context around a result: shown on terminals, left out of pipes.
        case note(String)
        /// What was taken in reading the line where it could be read otherwise (“peso” taken
        /// as MXN, “12,50” read as 12.500): shown on terminals and, in pipes and one-shot
        /// commands, on standard error — never left unsaid.
        case assumption(String)
        /// The table a result came from (date, age, source): the shell shows it when it
        /// changes, not under every result.
        case source(String)
        /// The command failed; goes to standard error. (Boxed: an error is large, and every
        /// line's reply is copied and scanned.)
        indirect case error(CommandError, message: String)
        /// A row of a chart: standard output in every mode, coloured on a colour terminal.
        case chart(String)
    }

    public var lines: [Line] = []
    /// The line's one result as a value, when it has exactly one (a conversion into one
    /// currency, or a calculation): what the live preview shows.
    public var value: Money?
    /// The conversions behind the result lines, for machine-readable output.
    public var conversions: [Conversion] = []
    /// What other commands produced as data (rates, currencies, status), for machine-readable
    /// output; conversions are in `conversions`.
    public var records: [Record] = []

    public init(_ lines: [Line] = []) { self.lines = lines }

    /// Empties the reply, keeping its storage for the next line's.
    public mutating func clear() {
        // One line or two, most of the time: dropped one by one, which costs less than a
        // general removal.
        while !lines.isEmpty { lines.removeLast() }
        if !conversions.isEmpty { conversions.removeAll(keepingCapacity: true) }
        if !records.isEmpty { records.removeAll(keepingCapacity: true) }
        if value != nil { value = nil }
    }

    /// Appends the text of the result and chart lines to `bytes`, a line each: what a pipe
    /// writes for a reply without assumptions or errors.
    public func appendResults(to bytes: inout [UInt8]) {
        for index in lines.indices {
            switch lines[index] {
            case .result(let text, _): text.append(to: &bytes)
            case .chart(let text): bytes += text.utf8
            default: continue
            }
            bytes.append(0x0A)
        }
    }

    public var failed: Bool {
        lines.contains { if case .error = $0 { true } else { false } }
    }

    public var results: [String] {
        lines.compactMap { if case .result(let text, _) = $0 { text.string } else { nil } }
    }
}

extension Reply.Line {
    /// A result line from a `String`.
    public static func result(_ text: String, detail: String? = nil) -> Reply.Line { .result(ResultText(text), detail: detail) }
}

/// An exact amount, with its currency when it is money.
public struct Money: Sendable, Equatable {
    public let value: Rational
    public let currency: CurrencyCode?

    public init(_ value: Rational, _ currency: CurrencyCode?) {
        self.value = value
        self.currency = currency
    }
}

/// One conversion as data: exact values, for `--format json` and `--format tsv`.
public struct Conversion: Sendable, Equatable {
    public let amount: Decimal
    public let from: CurrencyCode
    public let to: CurrencyCode
    /// Units of `to` per one `from`, exact.
    public let rate: Rational
    /// `amount × rate`, exact.
    public let result: Rational
    /// The table's data date and source.
    public let date: String
    public let source: String
    /// The card fee in use (a fraction), when it applies to this conversion.
    public private(set) var fee: Rational? = nil
    /// The result with the fee, as the line shows it: for a calculation, every amount charged
    /// once into the target (README, "A card fee"), which is not `result × (1 + fee)`.
    public private(set) var resultWithFee: Rational? = nil
    /// The amount exactly, when it was calculated (`amount` is then its nearest `Decimal`).
    public var exactAmount: Rational? = nil
    /// True for a conversion inside a calculation (its result is part of another one's amount).
    public var isPart = false

    /// Records the fee and the figure with it.
    public mutating func charge(_ fee: Rational, giving charged: Rational) {
        self.fee = fee
        resultWithFee = charged
    }

    /// The fields that state a fee and the figure with it, for a conversion's or a
    /// calculation's record: the percentage, the figure rounded as shown, and exactly.
    public static func feeFields(_ fee: Rational, _ charged: Rational) -> [(key: String, value: Record.Value)] {
        let (negative, digits) = charged.roundedDigits(fractionDigits: MoneyFormatter.fractionDigits)
        return [
            ("fee_percent", .decimal((fee * Rational(100)).decimalText(significantDigits: significantDigits).text)),
            ("rounded_with_fee", .decimal(negative ? "-" + digits : digits)),
            ("result_with_fee", .decimal(charged.decimalText(significantDigits: significantDigits).text)),
        ]
    }

    /// Significant digits of `result` and `rate` in machine output when they have no finite
    /// decimal (when they have one, it is written whole).
    public static let significantDigits = 40

    /// The result rounded half to even to three decimals, as shown.
    public var roundedResult: String {
        let (negative, digits) = result.roundedDigits(fractionDigits: MoneyFormatter.fractionDigits)
        return negative ? "-" + digits : digits
    }

    /// The result as a plain decimal: exact when it terminates, else 40 significant digits.
    public var resultText: (text: String, exact: Bool) { result.decimalText(significantDigits: Self.significantDigits) }

    /// The rate as a plain decimal: exact when it terminates, else 40 significant digits.
    public var rateText: (text: String, exact: Bool) { rate.decimalText(significantDigits: Self.significantDigits) }
}

/// The effects of a line that the shell carries out (files to write, whether to stop).
public struct Effects: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A setting changed: the shell saves the one that did (`baseChanged`, `localeChanged`,
    /// `feeChanged`), and nothing else.
    public static let saveConfig = Effects(rawValue: 1)
    public static let saveRecent = Effects(rawValue: 2)
    public static let quit = Effects(rawValue: 4)
    /// The locale changed: the shell rebuilds its engine (and saves it, with `saveConfig`).
    public static let localeChanged = Effects(rawValue: 8)
    /// The base currency changed (with `saveConfig`).
    public static let baseChanged = Effects(rawValue: 16)
    /// The card fee changed (with `saveConfig`).
    public static let feeChanged = Effects(rawValue: 32)
}

/// Work a line asks of the layers that do I/O.
public enum ShellRequest: Equatable, Sendable {
    /// Fetch rates now.
    case refresh
    /// Show the rate provider (`nil`), or choose one by name (`auto` for the default order).
    case source(String?)
    /// Show (`nil`) or switch the live preview while typing.
    case preview(Bool?)
    /// Fetch the rates a dated line needs, then evaluate it again.
    case fetchHistory(Engine.HistoryNeed)
}

/// The reply and the effects of evaluating one line against a state changed in place.
public struct LineResult: Sendable {
    public var reply: Reply
    public var effects: Effects
    /// Work for the shell; `nil` for most lines.
    public var request: ShellRequest?

    public init(reply: Reply, effects: Effects, request: ShellRequest?) {
        self.reply = reply
        self.effects = effects
        self.request = request
    }
}

/// The new state, the reply and the effects of evaluating one line.
public struct Outcome: Sendable {
    public var state: SessionState
    public var reply: Reply
    public var effects: Effects
    /// Work for the shell; `nil` for most lines.
    public var request: ShellRequest?

    public init(state: SessionState, reply: Reply, effects: Effects, request: ShellRequest? = nil) {
        self.state = state
        self.reply = reply
        self.effects = effects
        self.request = request
    }
}
