/// The tables a line without a date converts with, newest first (the later day, then the later
/// fetch): a pair takes the first that quotes both of its currencies, so one rate never mixes
/// two days or two sources, and no pair uses an older rate than the newest one held for it.
/// Made once per store generation and pinned source; immutable.
public final class CurrentRates {
    let holdings: [Holding]
    /// The source asked alone (`source ecb`), or `nil` for every source.
    public let pinned: String?
    /// The store's generation it was made of.
    let generation: Int

    init(_ holdings: [Holding], pinned: String?, generation: Int) {
        self.holdings = holdings
        self.pinned = pinned
        self.generation = generation
    }

    /// The newest table that quotes both `from` and `to`.
    public func table(quoting from: CurrencyCode, _ to: CurrencyCode) -> RateTable? {
        for holding in holdings {
            guard let table = holding.table else { continue }
            if table.contains(from), table.contains(to) { return table }
        }
        return nil
    }

    /// The newest table held (what the banner names first).
    public var newest: RateTable? {
        for holding in holdings { if let table = holding.table { return table } }
        return nil
    }

    /// The newest table that has `code`.
    public func table(having code: CurrencyCode) -> RateTable? {
        for holding in holdings { if let table = holding.table, table.contains(code) { return table } }
        return nil
    }

    /// Every currency some table converts, sorted.
    public var codes: [CurrencyCode] {
        var codes: Set<CurrencyCode> = []
        for holding in holdings {
            if let known = holding.knownCodes { codes.formUnion(known) } else if let table = holding.table { codes.formUnion(table.codes) }
        }
        return codes.sorted()
    }

    /// Whether no table is held (a pinned source with nothing yet).
    public var isEmpty: Bool { holdings.isEmpty }
}
