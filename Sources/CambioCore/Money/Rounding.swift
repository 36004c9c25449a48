/// How a result is rounded for display, once, from its exact value: to how many decimals (three,
/// as the shell shows by default; the currency's ISO minor units, as books keep them; or a number
/// of places) and by which rule. The rules are those of ICU and of bookkeeping: half to even
/// (the default, "banker's rounding"), half up (ties away from zero: commercial rounding), up
/// (away from zero) and down (towards zero, truncation). Every rule works on the magnitude, so a
/// negative amount rounds as its positive counterpart does.
public struct Rounding: Sendable, Hashable, CustomStringConvertible {
    public enum Places: Sendable, Hashable {
        /// This many decimals for every currency (0 to `maximumPlaces`).
        case fixed(Int)
        /// The currency's minor units (2 for EUR, 0 for JPY, 3 for KWD; three where ISO has none).
        case minor
    }

    public enum Mode: String, Sendable, Hashable, CaseIterable {
        case halfEven = "half-even"
        case halfUp = "half-up"
        case up
        case down
    }

    public var places: Places
    public var mode: Mode

    public init(places: Places, mode: Mode = .halfEven) {
        self.places = places
        self.mode = mode
    }

    /// Three decimals, half to even: what the shell shows unless the user chose otherwise.
    public static let shown = Rounding(places: .fixed(MoneyFormatter.fractionDigits))
    /// The currency's minor units, half to even: what documents and price files default to.
    public static let minor = Rounding(places: .minor)

    /// The decimals of a number without a currency: the places chosen, or three for `minor`
    /// (a number has no minor units).
    public var numberFractionDigits: Int {
        if case .fixed(let places) = places { return places }
        return MoneyFormatter.fractionDigits
    }

    /// The most decimals a setting may ask for.
    public static let maximumPlaces = 12

    /// Decimals for a currency that ISO gives no minor units (gold, SDR).
    public static let placesWithoutMinorUnits = 3

    /// Whether this is the default (three decimals, half to even).
    public var isShown: Bool { self == .shown }

    /// The decimals a result in `code` is rounded to. The catalog is asked only for `minor`:
    /// reaching a static asks the runtime whether it is made yet, every line of a pipe.
    @inline(__always) public func fractionDigits(_ code: CurrencyCode) -> Int {
        switch places {
        case .fixed(let places): return places
        case .minor: return CurrencyCatalog.bundled.minorUnits(code) ?? Self.placesWithoutMinorUnits
        }
    }

    /// `3`, `minor`, `2 half-up`: the setting as written in the config file and read back by
    /// `init(setting:)`.
    public var description: String {
        let placesText: String
        switch places {
        case .fixed(let places): placesText = String(places)
        case .minor: placesText = "minor"
        }
        return mode == .halfEven ? placesText : placesText + " " + mode.rawValue
    }

    /// Reads a setting's words, in any order: a number of places (`0`…`12`) or `minor`, and a
    /// rule (`half-even`, `half-up`, `up`, `down`; also `halfeven`, `half_up`, `even`,
    /// `commercial`); what is not given keeps `current`'s. `nil` when a word is neither or says
    /// something twice.
    public init?(setting text: String, keeping current: Rounding = .shown) {
        var places: Places?
        var mode: Mode?
        let words = text.split { $0 == " " || $0 == "\t" || $0 == "," }
        guard !words.isEmpty, words.count <= 2 else { return nil }
        for word in words {
            let folded = word.lowercased().replacingOccurrences(of: "_", with: "-")
            if let number = Int(folded), folded.allSatisfy({ $0.isASCII }), (0...Self.maximumPlaces).contains(number), places == nil {
                places = .fixed(number)
            } else if folded == "minor", places == nil {
                places = .minor
            } else if let rule = Self.rules[folded], mode == nil {
                mode = rule
            } else {
                return nil
            }
        }
        self.init(places: places ?? current.places, mode: mode ?? current.mode)
    }

    /// The words a rule may be written as.
    static let rules: [String: Mode] = [
        "half-even": .halfEven, "halfeven": .halfEven, "even": .halfEven, "bankers": .halfEven, "half-up": .halfUp, "halfup": .halfUp,
        "commercial": .halfUp, "up": .up, "down": .down, "truncate": .down,
    ]
}
