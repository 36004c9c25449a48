import Foundation

/// What a session remembers between lines. A value, kept in one shared box that is copied
/// only when a copy is changed: the evaluator moves a session's state in and out on every
/// line, and moving one reference is cheaper than moving every field.
public struct SessionState: Sendable {
    /// What a state holds, as one value.
    private struct Fields {
        var base: CurrencyCode
        var recent: [CurrencyCode]
        var locale: LocaleSettings
        var pinnedSource: String?
        /// The last result (its currency `nil` when there is none yet), and the fee (`nil`
        /// when there is none): kept as plain fields, which a line copies and drops cheaply.
        var answerValue = Rational.zero
        var answerCurrency: CurrencyCode?
        var feeValue = Rational.zero
        var feeSet = false
        var rounding = Rounding.shown
        /// The last conversion (`lastFrom` `nil` when there is none), as plain fields too.
        var lastAmount = Rational.zero
        var lastIsRate = false
        var lastFrom: CurrencyCode?
        var lastTo: [CurrencyCode] = []
        var lastAsked: RatesAsked?
        var pins: [PinnedPair] = []
        var rule: String?
    }

    /// The box that holds the fields, shared by copies of the state until one changes.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    /// The box, copied first when another state shares it.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            return storage
        }
    }

    /// The currency bare amounts are in; shown in the prompt.
    public var base: CurrencyCode {
        get { storage.fields.base }
        set { unique.fields.base = newValue }
    }
    /// Currencies used recently, most recent first, at most `recentLimit`.
    public var recent: [CurrencyCode] {
        get { storage.fields.recent }
        set { unique.fields.recent = newValue }
    }
    public var locale: LocaleSettings {
        get { storage.fields.locale }
        set { unique.fields.locale = newValue }
    }
    /// The last conversion or rate query, for `swap`.
    public var last: LastConversion? {
        storage.fields.lastFrom.map {
            LastConversion(
                amount: storage.fields.lastIsRate ? nil : storage.fields.lastAmount, from: $0, to: storage.fields.lastTo,
                asked: storage.fields.lastAsked)
        }
    }

    /// Sets the last conversion, `amount` from `from` into `to` with the rates `asked` for
    /// (`nil`: the current ones), and its first result as the answer (a conversion sets both).
    public mutating func setLast(
        _ amount: Rational, from: CurrencyCode, to: [CurrencyCode], asked: RatesAsked?, answer: Rational, in currency: CurrencyCode
    ) {
        let box = unique
        box.fields.lastAmount = amount
        box.fields.lastIsRate = false
        box.fields.lastFrom = from
        // The targets are copied into the list held, not shared with it: a line read by its
        // shape writes its codes into its own list, which would then be shared and copied anew
        // on the next line (and a reference counted, and an old list freed, on every line).
        if box.fields.lastTo != to {
            box.fields.lastTo.replaceSubrange(box.fields.lastTo.indices, with: to)
        }
        box.fields.lastAsked = asked
        box.fields.answerValue = answer
        box.fields.answerCurrency = currency
    }

    /// Sets the last line as a rate query of `from` in `to`, of the rates `asked` for (`nil`:
    /// the current ones).
    public mutating func setLastRates(from: CurrencyCode, to: [CurrencyCode], asked: RatesAsked?) {
        let box = unique
        box.fields.lastIsRate = true
        box.fields.lastFrom = from
        box.fields.lastTo = to
        box.fields.lastAsked = asked
    }
    /// The source `source NAME` pinned (its newest day held answers every line), or `nil` for
    /// the newest table of any source.
    public var pinnedSource: String? {
        get { storage.fields.pinnedSource }
        set { unique.fields.pinnedSource = newValue }
    }
    /// The jurisdiction's rule every line's rates follow (`rule pl`), until `rule off`.
    public var rule: String? {
        get { storage.fields.rule }
        set { unique.fields.rule = newValue }
    }
    /// The last result, for `ans` and `_`: its exact value and currency.
    public var answer: (value: Rational, currency: CurrencyCode)? {
        get { storage.fields.answerCurrency.map { (storage.fields.answerValue, $0) } }
        set {
            let box = unique
            box.fields.answerValue = newValue?.value ?? .zero
            box.fields.answerCurrency = newValue?.currency
        }
    }

    /// The most characters a fee's percentage is written with (`1.75` is four), in the
    /// settings as in records: the `fee` command refuses a fee past it, so that every fee set
    /// is read back.
    public static let feeTextLimit = 64

    /// The card or bank fee added to every conversion, as a fraction (`0.0175` for 1,75 %).
    public var fee: Rational? {
        get { storage.fields.feeSet ? storage.fields.feeValue : nil }
        set {
            let box = unique
            box.fields.feeValue = newValue ?? .zero
            box.fields.feeSet = newValue != nil
        }
    }
    /// How results are rounded for display (three decimals, half to even, unless the user chose).
    public var rounding: Rounding {
        get { storage.fields.rounding }
        set { unique.fields.rounding = newValue }
    }

    /// The pairs `pin` keeps, in the order pinned: a bare amount converts along them, a
    /// currency alone into its partners.
    public var pins: [PinnedPair] {
        get { storage.fields.pins }
        set { unique.fields.pins = newValue }
    }

    /// The most pairs kept pinned.
    public static let pinLimit = 16

    /// The currencies pinned with `code`, in the order pinned (from it, then into it).
    public func pinnedPartners(of code: CurrencyCode) -> [CurrencyCode] {
        var partners: [CurrencyCode] = []
        for pin in storage.fields.pins where pin.from == code && !partners.contains(pin.to) { partners.append(pin.to) }
        for pin in storage.fields.pins where pin.to == code && !partners.contains(pin.from) { partners.append(pin.from) }
        return partners
    }

    /// The pinned currencies and then the recent ones, each once: completion offers them first.
    public var favourites: [CurrencyCode] {
        var codes: [CurrencyCode] = []
        for pin in storage.fields.pins {
            for code in [pin.from, pin.to] where !codes.contains(code) { codes.append(code) }
        }
        return codes + storage.fields.recent.filter { !codes.contains($0) }
    }

    /// Whether a fee is set, without copying it.
    public var hasFee: Bool { storage.fields.feeSet }

    public static let recentLimit = 8

    public init(base: CurrencyCode, recent: [CurrencyCode], locale: LocaleSettings, pinnedSource: String? = nil) {
        storage = Storage(Fields(base: base, recent: Array(recent.prefix(Self.recentLimit)), locale: locale, pinnedSource: pinnedSource))
    }

    /// `codes` with the recent currencies among them first, in their order.
    public func recentFirst(_ codes: [CurrencyCode]) -> [CurrencyCode] {
        let recent = self.recent.filter(codes.contains)
        return recent + codes.filter { !recent.contains($0) }
    }

    /// Moves `codes` to the front of the recent list, keeping their order.
    public mutating func use(_ codes: [CurrencyCode]) {
        guard let first = codes.first else { return }
        use(first, then: codes.dropFirst())
    }

    /// Moves `first`, then `rest`, to the front of the recent list, keeping their order;
    /// true when the list changed. The list is changed in place (a pipe does this every line).
    @discardableResult
    public mutating func use(_ first: CurrencyCode, then rest: some BidirectionalCollection<CurrencyCode>) -> Bool {
        // Already at the front in that order (a ledger's same pair again): nothing moves.
        if recent.first == first, recent.count > rest.count {
            var index = 1
            var same = true
            for code in rest {
                if recent[index] != code {
                    same = false
                    break
                }
                index += 1
            }
            if same { return false }
        }
        var changed = false
        let box = unique
        // A code moves to the front; a new one drops the last when the list is full.
        func moveToFront(_ code: CurrencyCode) {
            if box.fields.recent.first == code { return }
            if let index = box.fields.recent.firstIndex(of: code) {
                box.fields.recent.remove(at: index)
            } else if box.fields.recent.count >= Self.recentLimit {
                box.fields.recent.removeLast()
            }
            box.fields.recent.insert(code, at: 0)
            changed = true
        }
        if box.fields.recent.count > Self.recentLimit { box.fields.recent.removeLast(box.fields.recent.count - Self.recentLimit) }
        for code in rest.reversed() { moveToFront(code) }
        moveToFront(first)
        return changed
    }
}

/// A pair of currencies pinned (`pin try eur`): a bare amount is in `from` and goes into `to`.
public struct PinnedPair: Equatable, Sendable {
    public let from: CurrencyCode
    public let to: CurrencyCode

    public init(from: CurrencyCode, to: CurrencyCode) {
        self.from = from
        self.to = to
    }

    /// The pairs as the interface shows them: `TRY → EUR, TRY → USD`.
    public static func listed(_ pins: [PinnedPair]) -> String {
        pins.map { "\($0.from) → \($0.to)" }.joined(separator: ", ")
    }

    /// The pairs as the settings file keeps them: `TRY EUR, TRY USD`.
    public static func text(_ pins: [PinnedPair]) -> String {
        pins.map { "\($0.from) \($0.to)" }.joined(separator: ", ")
    }

    /// The pairs of that text; `nil` when any part is not two codes of two currencies.
    public static func parse(_ text: String) -> [PinnedPair]? {
        var pins: [PinnedPair] = []
        for part in text.split(separator: ",") {
            let codes = part.split(separator: " ").compactMap { CurrencyCode($0) }
            guard codes.count == 2, part.split(separator: " ").count == 2, codes[0] != codes[1] else { return nil }
            let pin = PinnedPair(from: codes[0], to: codes[1])
            if !pins.contains(pin) { pins.append(pin) }
        }
        return pins.count <= SessionState.pinLimit ? pins : nil
    }
}
