import Foundation

/// A central bank (or a tax authority) whose published rates Cambio reads: one file each in
/// this folder declares who it is, how it quotes, which kinds of rate it publishes, where its
/// tables are and how they read. The store holds what is fetched of it per day (`BankDays`),
/// and a jurisdiction's rule (`TaxRule`) says which of its tables a day takes.
public protocol Bank: Sendable {
    /// What `from ID`, `source ID` and `--source ID` take (`nbp`).
    var id: String { get }
    /// The name users see (`NBP`).
    var name: String { get }
    /// The currency its rates are against (the złoty for the NBP).
    var home: CurrencyCode { get }
    /// Home currency per foreign unit(s) (most central banks), or foreign per home (HMRC, the
    /// US Treasury).
    var quoting: Quoting { get }
    /// The kinds of rate it publishes; the first is what `from ID` uses.
    var kinds: [RateKind] { get }
    /// Its tables, when it publishes several of one kind (the NBP's table A daily and table B
    /// weekly): asked in this order for a currency.
    var series: [String] { get }
    /// The series a line of a day takes (all but a yearly one: the Bank of Canada's annual
    /// averages are asked for by a rule).
    var lineSeries: [String] { get }
    /// How many days back from a day its last table may be (a weekly table's week, a monthly
    /// table's month, a quarter): a longer gap in what is held is no holiday, and fails.
    var lookback: Int { get }
    /// The same for one series (the NBP's daily table A: a week; its weekly table B: two).
    func lookback(series: String) -> Int
    /// The base URL of its service; `CAMBIO_PROVIDER_URL` replaces it.
    var baseURL: String { get }
    /// What `status` and `rules` say of the source and its terms.
    var attribution: String { get }
    /// Whether a rate stays in force until the next of its currency (the US Treasury's), so
    /// that a day takes each currency's latest; otherwise a day takes the latest table.
    var carriesForward: Bool { get }
    /// The request for the tables that speak for `day` (of `series`) and the days it covers.
    func request(for day: Day, series: String, today: Day) -> BankRequest
    /// The tables of an answer to `request`; a body that is not one is refused whole.
    func decode(_ body: [UInt8], _ request: BankRequest) throws(SourceProblem) -> [BankTable]
}

/// The kinds of rate a source publishes.
public enum RateKind: String, Sendable, CaseIterable {
    /// A mid (average, reference) rate.
    case mid
    /// The bank's buying rate of a foreign currency (TCMB's forex buying).
    case buying
    case selling
    /// Buying and selling rates of banknotes (cash).
    case banknoteBuying = "banknote_buying"
    case banknoteSelling = "banknote_selling"
}

/// How a source writes a rate.
public enum Quoting: Sendable, Equatable {
    /// Home currency per `units` of the foreign one (3.6056 PLN per USD; 6.304 CZK per 100 HUF).
    case homePerForeign
    /// Foreign currency per home unit (1.2651 USD per GBP).
    case foreignPerHome
}

/// One rate as published: `value` for `units` of the foreign currency (or per home unit).
public struct BankQuote: Sendable, Equatable {
    public let value: Decimal
    public let units: Int

    public init(value: Decimal, units: Int) {
        self.value = value
        self.units = units
    }
}

/// One table a source published: the first day it is the rate of, its kind and series, the
/// label it carries (`041/A/NBP/2026`) and its rates.
public struct BankTable: Sendable {
    public let day: Day
    public let kind: RateKind
    public let series: String
    public let label: String
    public let quotes: [CurrencyCode: BankQuote]

    public init(day: Day, kind: RateKind, series: String, label: String, quotes: [CurrencyCode: BankQuote]) {
        self.day = day
        self.kind = kind
        self.series = series
        self.label = label
        self.quotes = quotes
    }
}

/// A request for a source's tables: the path below its base URL and the days its answer speaks
/// for (a day among them without a table had none).
public struct BankRequest: Sendable, Hashable {
    public let path: String
    public let series: String
    public let covers: ClosedRange<Day>
    /// Whether a 404 means that no table was published in `covers` (the NBP's "Brak danych",
    /// TCMB's file of a holiday), not an error.
    public let notFoundIsEmpty: Bool

    public init(path: String, series: String = "", covers: ClosedRange<Day>, notFoundIsEmpty: Bool) {
        self.path = path
        self.series = series
        self.covers = covers
        self.notFoundIsEmpty = notFoundIsEmpty
    }
}

/// What was wrong with a source's answer.
public struct SourceProblem: Error, Equatable, Sendable {
    public let problem: Problem

    public init(_ key: String, _ arguments: String...) { problem = Problem(key: key, arguments: arguments.map { UntrustedText($0) }) }
}

/// Every source Cambio reads besides the current-rate providers.
public enum Banks {
    public static let all: [any Bank] = [NBP(), TCMB(), HMRC(), BankOfCanada(), CNB(), Treasury()]

    /// The source called `name` (any case).
    public static func named(_ name: String) -> (any Bank)? {
        let folded = name.lowercased()
        return all.first { $0.id == folded }
    }
}

extension Bank {
    public var series: [String] { [""] }
    public var lineSeries: [String] { series }
    public func lookback(series: String) -> Int { lookback }
    public var carriesForward: Bool { false }

    /// A rate read from its text, positive and within a currency's range, or the problem.
    func rate(_ text: String, _ code: String) throws(SourceProblem) -> Decimal {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        // Written as the sources write rates: digits, a point and digits; no sign, no exponent.
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 &- 48 < 10 } }),
            trimmed.utf8.count <= 40, let value = ExactDecimal.parse(trimmed), !value.isNaN
        else { throw SourceProblem("problem.rateNotNumber", code) }
        guard !value.isZero, value.sign == .plus else { throw SourceProblem("problem.rateNotPositive", code) }
        guard value >= RateTable.smallestRate, value <= RateTable.largestRate else { throw SourceProblem("problem.rateOutOfRange", code) }
        return value
    }

    /// A JSON answer, or the problem.
    func json(_ body: [UInt8]) throws(SourceProblem) -> JSONValue {
        do {
            return try JSONParser.parse(body)
        } catch {
            throw SourceProblem("problem.notJSON", error.reason, String(error.offset))
        }
    }

    /// A number of a JSON answer as it was written, or a string holding one.
    func text(_ value: JSONValue?) -> String? {
        switch value {
        case .number(let text)?: return text
        case .string(let text)?: return text
        default: return nil
        }
    }

    /// A day of the request's span, or the problem (an answer never speaks of another day).
    func day(_ text: String?, within request: BankRequest) throws(SourceProblem) -> Day {
        guard let text, let day = Day(iso: text) else { throw SourceProblem("problem.notDate", text ?? "") }
        guard request.covers.contains(day) else {
            throw SourceProblem("problem.dateOutOfRange", day.iso, request.covers.lowerBound.iso, request.covers.upperBound.iso)
        }
        return day
    }
}
