/// Which column of a table holds what a conversion needs, found by its header in the interface
/// languages and in the forms common bank and card exports use, or named by the user
/// (`--column amount=Betrag`). A header matches when, folded (case, accents, spaces and
/// punctuation aside), it is one of a role's names, or one followed by a currency in brackets
/// (`Betrag (EUR)`, `Amount (USD)`), which then is the amounts' currency.
public struct DocumentColumns: Sendable, Equatable {
    public enum Role: String, Sendable, CaseIterable {
        case date, amount, currency, charged
        /// Whether a row is a debit or a credit, beside an amount written without its sign
        /// (German banks' `Soll/Haben`: `S` or `H`).
        case sign
    }

    public var date: Int?
    public var amount: Int
    public var currency: Int?
    /// What the bank charged in the first target currency, for the markup of its rate.
    public var charged: Int?
    /// A currency the amount column's header names (`Betrag (EUR)`).
    public var headerCurrency: String?
    /// Debit or credit (`Soll/Haben`), for amounts written without their sign.
    public var sign: Int? = nil

    /// A role's names, most specific first: the first that matches wins.
    static let names: [Role: [String]] = [
        // The receipt's day first (a claim is judged by it, and a card's rate is the day's of
        // the purchase), then a plain date, then the booking's and the value's.
        .date: [
            "belegdatum", "transaktionsdatum", "kaufdatum", "umsatzdatum", "transaction date", "transactiondate", "trans date",
            "started date", "islem tarihi", "date operation", "data transakcji", "data operacji", "date", "datum", "tarih", "fecha",
            "data", "booking date", "buchungstag", "buchungsdatum", "data ksiegowania", "buchung", "posting date", "post date", "completed date",
            "value date", "valuta", "valutadatum",
            "wertstellung",
        ],
        .amount: [
            "amount", "betrag", "tutar", "original amount", "foreign amount", "transaction amount", "amount in original currency",
            "betrag in fremdwahrung", "fremdwahrungsbetrag", "umsatz", "ursprungsbetrag", "originalbetrag", "islem tutari", "importe",
            "montant", "value", "wert", "summe", "sum", "amount foreign currency", "foreign currency amount", "ursprunglicher betrag",
            "gross", "brutto", "kwota", "kwota operacji", "kwota transakcji",
        ],
        .currency: [
            "currency", "wahrung", "para birimi", "currency code", "original currency", "transaction currency", "fremdwahrung",
            "originalwahrung", "wahrungscode", "ccy", "curr", "devise", "moneda", "doviz", "waehrung", "type foreign currency",
            "foreign currency type", "waluta", "waluta operacji", "waluta transakcji",
        ],
        .charged: [
            "charged", "amount charged", "billed amount", "billing amount", "settlement amount", "belastet", "belastungsbetrag",
            "abgerechneter betrag", "abrechnungsbetrag", "betrag belastet", "odenen tutar", "tahsil edilen",
        ],
        .sign: [
            "soll haben", "s h", "soll haben kennzeichen", "sollhaben", "debit credit", "credit debit", "dr cr", "cr dr", "d c", "c d",
            "debit credit indicator", "credit debit indicator", "borc alacak", "b a", "haben soll", "h s", "alacak borc",
        ],
    ]

    /// What a sign column's cell says, folded, by the language of its marks: a debit (the
    /// amount is money out: negative) or a credit. German's first, then English's, then
    /// Turkish's (whose `B` and `A` are letters of many a column too).
    static let signFamilies: [(debits: Set<String>, credits: Set<String>)] = [
        (["s", "soll"], ["h", "haben"]), (["d", "dr", "db", "debit"], ["c", "cr", "credit"]), (["b", "borc"], ["a", "alacak"]),
    ]
    static let debits = Set(signFamilies.flatMap(\.debits))
    static let credits = Set(signFamilies.flatMap(\.credits))

    /// A header folded for matching: lower case, without accents, words separated by one space.
    static func fold(_ header: String) -> String {
        let folded = TextFolding.fold(header)
        // In ASCII the folding has left words of letters and digits, one space between them.
        if folded.utf8.allSatisfy({ $0 < 0x80 }) { return folded }
        var words: [String] = []
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: " ")
    }

    /// The names of an amount that stand for the receipt's own amount in its own currency
    /// (a card's `Ursprünglicher Betrag`, `Original Amount`), beside what was charged.
    static let originalAmounts: Set<String> = [
        "original amount", "foreign amount", "amount in original currency", "betrag in fremdwahrung", "fremdwahrungsbetrag",
        "ursprungsbetrag", "originalbetrag", "amount foreign currency", "foreign currency amount", "ursprunglicher betrag",
    ]

    /// The names of a role that stand for the receipt's day (a card payment's, a purchase's),
    /// before the booking's: said when both are in a table.
    static let receiptDates: Set<String> = [
        "belegdatum", "transaktionsdatum", "kaufdatum", "umsatzdatum", "transaction date", "transactiondate", "trans date", "started date",
        "islem tarihi", "date operation",
    ]

    /// A header without what it ends with in brackets (`Betrag (€)`, `Amount [USD]`), and
    /// that, when it is short enough to be a currency's code or symbol.
    static func bracketed(_ header: String) -> (name: String, currency: String?) {
        let trimmed = header.trimmingSpaces()
        guard let last = trimmed.last, last == ")" || last == "]",
            let open = trimmed.lastIndex(of: last == ")" ? "(" : "["), open > trimmed.startIndex
        else { return (header, nil) }
        let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)].trimmingSpaces()
        guard (1...4).contains(inside.count), !inside.contains(where: \.isNumber) else { return (header, nil) }
        return (String(trimmed[..<open]), inside)
    }

    /// The role a header plays and the currency it names in brackets, if any.
    static func match(_ header: String, _ role: Role) -> (rank: Int, currency: String?)? { Candidates(folded: fold(header)).match(role) }

    /// The same for a header already folded.
    static func match(folded: String, _ role: Role) -> (rank: Int, currency: String?)? { Candidates(folded: folded).match(role) }

    /// What a folded header can name, for every role at once (a row's fields are each looked
    /// up once): the roles of the whole, and those of what comes before a last word of three
    /// letters, with that word as a currency (`betrag eur`).
    struct Candidates {
        var whole: [Role: Int]?
        var named: (ranks: [Role: Int], currency: String)?

        init() {}

        /// A header as written: a currency in brackets at its end (`Betrag (€)`) is the one its
        /// name names, whatever the folding makes of a symbol.
        init(header: String) {
            let (name, currency) = DocumentColumns.bracketed(header)
            self.init(folded: DocumentColumns.fold(name))
            if let currency, let ranks = whole { named = (ranks, currency) }
        }

        init(folded: String) {
            // Text longer than the longest name is looked up only for a name before its last word.
            if folded.utf8.count <= longestName { whole = roles[folded] }
            if let space = folded.utf8.lastIndex(of: UInt8(ascii: " ")), folded.utf8.distance(from: folded.startIndex, to: space) <= longestName {
                let rest = folded[folded.index(after: space)...]
                if rest.count == 3, rest.allSatisfy(\.isLetter), let ranks = roles[String(folded[..<space])] {
                    named = (ranks, rest.uppercased())
                }
            }
        }

        func match(_ role: Role) -> (rank: Int, currency: String?)? {
            var best = whole?[role].map { (rank: $0, currency: String?.none) }
            // `betrag eur`: a name, then a currency code.
            if role == .amount || role == .charged, let named, let rank = named.ranks[role], rank <= best?.rank ?? .max {
                best = (rank, named.currency)
            }
            return best
        }
    }

    /// The longest header cell that can name a column, in bytes: four times the longest name
    /// (accents, punctuation and spaces fold away).
    static let longestCell = 4 * longestName

    /// The length of the longest name, in bytes.
    static let longestName = names.values.joined().map(\.utf8.count).max() ?? 0

    /// Each name to the roles it names, with its place among each role's names.
    static let roles: [String: [Role: Int]] = {
        var roles: [String: [Role: Int]] = [:]
        for (role, names) in names {
            for (rank, name) in names.enumerated() where roles[name]?[role] == nil { roles[name, default: [:]][role] = rank }
        }
        return roles
    }()

    /// The columns of a header row, by the user's names first (`named`: role → header), then by
    /// the known names; `nil` when there is no amount column.
    static func find(_ header: [String], named: [Role: String]) -> Result<DocumentColumns, ColumnProblem> {
        var found: [Role: Int] = [:]
        var headerCurrency: String?
        for (role, name) in named {
            let folded = fold(name)
            guard let index = header.firstIndex(where: { $0 == name || fold($0) == folded }) else {
                return .failure(.notFound(name))
            }
            found[role] = index
        }
        // A cell far longer than any name (a line of text, a note) is not folded to be sure.
        let candidates = header.map { $0.utf8.count <= longestCell ? Candidates(header: $0) : Candidates() }
        for role in Role.allCases where found[role] == nil && named[role] == nil {
            var best: (index: Int, rank: Int, currency: String?)?
            for (index, fits) in candidates.enumerated() where !found.values.contains(index) {
                guard let match = fits.match(role) else { continue }
                // Of two currency columns alike (ING's `Währung` after the balance and after the
                // amount), the first after the amount is the amount's.
                let closer =
                    role == .currency && best.map({ match.rank == $0.rank }) == true
                    && found[.amount].map { amount in index > amount && (best.map { $0.index < amount } ?? true) } == true
                if best.map({ match.rank < $0.rank }) ?? true || closer { best = (index, match.rank, match.currency) }
            }
            if let best {
                found[role] = best.index
                if role == .amount { headerCurrency = best.currency }
            }
        }
        guard let amount = found[.amount] else { return .failure(.noAmount) }
        return .success(
            DocumentColumns(
                date: found[.date], amount: amount, currency: found[.currency], charged: found[.charged], headerCurrency: headerCurrency,
                sign: found[.sign]))
    }

    enum ColumnProblem: Error, Equatable {
        case notFound(String)
        case noAmount
    }
}
