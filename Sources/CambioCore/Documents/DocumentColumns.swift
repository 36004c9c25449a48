/// Which column of a table holds what a conversion needs, found by its header in the interface
/// languages and in the forms common bank and card exports use, or named by the user
/// (`--column amount=Betrag`). A header matches when, folded (case, accents, spaces and
/// punctuation aside), it is one of a role's names, or one followed by a currency in brackets
/// (`Betrag (EUR)`, `Amount (USD)`), which then is the amounts' currency.
public struct DocumentColumns: Sendable, Equatable {
    public enum Role: String, Sendable, CaseIterable {
        case date, amount, currency, charged
    }

    public var date: Int?
    public var amount: Int
    public var currency: Int?
    /// What the bank charged in the first target currency, for the markup of its rate.
    public var charged: Int?
    /// A currency the amount column's header names (`Betrag (EUR)`).
    public var headerCurrency: String?

    /// A role's names, most specific first: the first that matches wins.
    static let names: [Role: [String]] = [
        .date: [
            "date", "datum", "tarih", "transaction date", "transactiondate", "booking date", "posting date", "value date", "started date",
            "completed date", "buchungstag", "buchungsdatum", "belegdatum", "umsatzdatum", "transaktionsdatum", "valuta", "valutadatum",
            "wertstellung", "islem tarihi", "fecha", "data", "date operation", "trans date", "post date",
        ],
        .amount: [
            "amount", "betrag", "tutar", "original amount", "foreign amount", "transaction amount", "amount in original currency",
            "betrag in fremdwahrung", "fremdwahrungsbetrag", "umsatz", "ursprungsbetrag", "originalbetrag", "islem tutari", "importe",
            "montant", "value", "wert", "summe", "sum",
        ],
        .currency: [
            "currency", "wahrung", "para birimi", "currency code", "original currency", "transaction currency", "fremdwahrung",
            "originalwahrung", "wahrungscode", "ccy", "curr", "devise", "moneda", "doviz", "waehrung",
        ],
        .charged: [
            "charged", "amount charged", "billed amount", "billing amount", "settlement amount", "belastet", "belastungsbetrag",
            "abgerechneter betrag", "abrechnungsbetrag", "betrag belastet", "odenen tutar", "tahsil edilen",
        ],
    ]

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

    /// The role a header plays and the currency it names in brackets, if any.
    static func match(_ header: String, _ role: Role) -> (rank: Int, currency: String?)? { match(folded: fold(header), role) }

    /// The same for a header already folded (a row's fields are folded once for every role):
    /// one lookup of the whole, and one of what comes before a last word of three letters.
    static func match(folded: String, _ role: Role) -> (rank: Int, currency: String?)? {
        guard !folded.isEmpty, let ranks = ranks[role] else { return nil }
        var best = ranks[folded].map { (rank: $0, currency: String?.none) }
        // `betrag eur`: a name, then a currency code.
        if role == .amount || role == .charged, let space = folded.lastIndex(of: " ") {
            let rest = folded[folded.index(after: space)...]
            if rest.count == 3, rest.allSatisfy(\.isLetter), let rank = ranks[String(folded[..<space])], rank < best?.rank ?? .max {
                best = (rank, rest.uppercased())
            }
        }
        return best
    }

    /// Each role's names to their place in `names`.
    static let ranks: [Role: [String: Int]] = names.mapValues { names in
        Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
    }

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
        let folded = header.map(fold)
        for role in Role.allCases where found[role] == nil && named[role] == nil {
            var best: (index: Int, rank: Int, currency: String?)?
            for (index, text) in folded.enumerated() where !found.values.contains(index) {
                if let match = match(folded: text, role), best.map({ match.rank < $0.rank }) ?? true { best = (index, match.rank, match.currency) }
            }
            if let best {
                found[role] = best.index
                if role == .amount { headerCurrency = best.currency }
            }
        }
        guard let amount = found[.amount] else { return .failure(.noAmount) }
        return .success(
            DocumentColumns(date: found[.date], amount: amount, currency: found[.currency], charged: found[.charged], headerCurrency: headerCurrency)
        )
    }

    enum ColumnProblem: Error, Equatable {
        case notFound(String)
        case noAmount
    }
}
