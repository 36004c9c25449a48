/// A conversion whose currencies are read: the source (`nil` for the base), the targets (none
/// for the recent currencies or the base) and what was taken in reading them.
struct ResolvedConversion {
    var from: CurrencyCode?
    var targets: [CurrencyCode]
    var notes: [String]
}
