import Foundation

/// What a session remembers between lines. A value, kept in one shared box that is copied
/// only when a copy is changed: the evaluator moves a session's state in and out on every
/// line, and moving one reference is cheaper than moving every field.
public struct SessionState: Sendable {
    private final class Storage: @unchecked Sendable {
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

        init(base: CurrencyCode, recent: [CurrencyCode], locale: LocaleSettings, pinnedSource: String?) {
            self.base = base
            self.recent = recent
            self.locale = locale
            self.pinnedSource = pinnedSource
        }

        func copy() -> Storage {
            let copy = Storage(base: base, recent: recent, locale: locale, pinnedSource: pinnedSource)
            copy.lastAmount = lastAmount
            copy.lastIsRate = lastIsRate
            copy.lastFrom = lastFrom
            copy.lastTo = lastTo
            copy.lastAsked = lastAsked
            copy.answerValue = answerValue
            copy.answerCurrency = answerCurrency
            copy.feeValue = feeValue
            copy.feeSet = feeSet
            copy.rounding = rounding
            copy.pins = pins
            copy.rule = rule
            return copy
        }
    }

    private var storage: Storage

    /// The box, copied first when another state shares it.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// The currency bare amounts are in; shown in the prompt.
    public var base: CurrencyCode {
        get { storage.base }
        set { unique.base = newValue }
    }
    /// Currencies used recently, most recent first, at most `recentLimit`.
    public var recent: [CurrencyCode] {
        get { storage.recent }
        set { unique.recent = newValue }
    }
    public var locale: LocaleSettings {
        get { storage.locale }
        set { unique.locale = newValue }
    }
    /// The last conversion or rate query, for `swap`.
    public var last: LastConversion? {
        storage.lastFrom.map {
            LastConversion(amount: storage.lastIsRate ? nil : storage.lastAmount, from: $0, to: storage.lastTo, asked: storage.lastAsked)
        }
    }

    /// Sets the last conversion, `amount` from `from` into `to` with the rates `asked` for
    /// (`nil`: the current ones), and its first result as the answer (a conversion sets both).
    public mutating func setLast(
        _ amount: Rational, from: CurrencyCode, to: [CurrencyCode], asked: RatesAsked?, answer: Rational, in currency: CurrencyCode
    ) {
        let box = unique
        box.lastAmount = amount
        box.lastIsRate = false
        box.lastFrom = from
        // The targets are copied into the list held, not shared with it: a line read by its
        // shape writes its codes into its own list, which would then be shared and copied anew
        // on the next line (and a reference counted, and an old list freed, on every line).
        if box.lastTo != to {
            if box.lastTo.count == to.count {
                // As many targets as the last line's (one, nearly always): written over them.
                box.lastTo.withUnsafeMutableBufferPointer { held in
                    for index in held.indices { held[index] = to[index] }
                }
            } else {
                box.lastTo.removeAll(keepingCapacity: true)
                to.withUnsafeBufferPointer { box.lastTo.append(contentsOf: $0) }
            }
        }
        box.lastAsked = asked
        box.answerValue = answer
        box.answerCurrency = currency
    }

    /// Sets the last line as a rate query of `from` in `to`, of the rates `asked` for (`nil`:
    /// the current ones).
    public mutating func setLastRates(from: CurrencyCode, to: [CurrencyCode], asked: RatesAsked?) {
        let box = unique
        box.lastIsRate = true
        box.lastFrom = from
        box.lastTo = to
        box.lastAsked = asked
    }
    /// The source `source NAME` pinned (its newest day held answers every line), or `nil` for
    /// the newest table of any source.
    public var pinnedSource: String? {
        get { storage.pinnedSource }
        set { unique.pinnedSource = newValue }
    }
    /// The jurisdiction's rule every line's rates follow (`rule pl`), until `rule off`.
    public var rule: String? {
        get { storage.rule }
        set { unique.rule = newValue }
    }
    /// The last result, for `ans` and `_`: its exact value and currency.
    public var answer: (value: Rational, currency: CurrencyCode)? {
        get { storage.answerCurrency.map { (storage.answerValue, $0) } }
        set {
            let box = unique
            box.answerValue = newValue?.value ?? .zero
            box.answerCurrency = newValue?.currency
        }
    }

    /// The most characters a fee's percentage is written with (`1.75` is four), in the
    /// settings as in records: the `fee` command refuses a fee past it, so that every fee set
    /// is read back.
    public static let feeTextLimit = 64

    /// The card or bank fee added to every conversion, as a fraction (`0.0175` for 1,75 %).
    public var fee: Rational? {
        get { storage.feeSet ? storage.feeValue : nil }
        set {
            let box = unique
            box.feeValue = newValue ?? .zero
            box.feeSet = newValue != nil
        }
    }
    /// How results are rounded for display (three decimals, half to even, unless the user chose).
    public var rounding: Rounding {
        get { storage.rounding }
        set { unique.rounding = newValue }
    }

    /// The pairs `pin` keeps, in the order pinned: a bare amount converts along them, a
    /// currency alone into its partners.
    public var pins: [PinnedPair] {
        get { storage.pins }
        set { unique.pins = newValue }
    }

    /// The most pairs kept pinned.
    public static let pinLimit = 16

    /// The currencies pinned with `code`, in the order pinned (from it, then into it).
    public func pinnedPartners(of code: CurrencyCode) -> [CurrencyCode] {
        var partners: [CurrencyCode] = []
        for pin in storage.pins where pin.from == code && !partners.contains(pin.to) { partners.append(pin.to) }
        for pin in storage.pins where pin.to == code && !partners.contains(pin.from) { partners.append(pin.from) }
        return partners
    }

    /// The pinned currencies and then the recent ones, each once: completion offers them first.
    public var favourites: [CurrencyCode] {
        var codes: [CurrencyCode] = []
        for pin in storage.pins {
            for code in [pin.from, pin.to] where !codes.contains(code) { codes.append(code) }
        }
        return codes + storage.recent.filter { !codes.contains($0) }
    }

    /// Whether a fee is set, without copying it.
    public var hasFee: Bool { storage.feeSet }

    public static let recentLimit = 8

    public init(base: CurrencyCode, recent: [CurrencyCode], locale: LocaleSettings, pinnedSource: String? = nil) {
        storage = Storage(base: base, recent: Array(recent.prefix(Self.recentLimit)), locale: locale, pinnedSource: pinnedSource)
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
        // A code not yet listed takes a slot at the end (the last one's when the list is
        // full) and then moves to the front like the others: the list never grows past its
        // limit and is never reallocated.
        // Inlined: it runs twice a line, and a call's entry and exit would be most of its work.
        @inline(__always) func moveToFront(_ code: CurrencyCode) {
            var index = box.recent.firstIndex(of: code)
            if index == 0 { return }
            if index == nil {
                if box.recent.count < Self.recentLimit { box.recent.append(code) }
                index = box.recent.count - 1
            }
            guard let index else { return }
            box.recent.withUnsafeMutableBufferPointer { list in
                var position = index
                while position > 0 {
                    list[position] = list[position - 1]
                    position -= 1
                }
                list[0] = code
            }
            changed = true
        }
        if box.recent.count > Self.recentLimit { box.recent.removeLast(box.recent.count - Self.recentLimit) }
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
