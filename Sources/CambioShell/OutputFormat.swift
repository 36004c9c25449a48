import CambioCore

/// How results are written in one-shot and pipe mode.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// As on the screen, in the user's locale.
    case text
    /// One line a conversion: amount, from, to, rounded result, exact result, rate, data date,
    /// source, separated by tabs; numbers as plain decimals with a point.
    case tsv
    /// One JSON object a line and a conversion, numbers as exact decimal strings.
    case json

    /// The machine-readable lines for a reply's conversions; `nil` for `text`.
    func render(_ reply: Reply) -> String? {
        switch self {
        case .text:
            return nil
        case .tsv:
            if reply.conversions.isEmpty { return reply.results.map { $0 + "\n" }.joined() }
            return reply.conversions.map { conversion in
                [
                    conversion.amount.description, conversion.from.rawValue, conversion.to.rawValue, conversion.roundedResult,
                    conversion.resultText.text, conversion.rateText.text, conversion.date, conversion.source,
                ].joined(separator: "\t") + "\n"
            }.joined()
        case .json:
            if reply.conversions.isEmpty {
                return reply.results.map { "{\"text\": \(JSONText.string($0))}\n" }.joined()
            }
            return reply.conversions.map { conversion in
                let fields = [
                    ("amount", conversion.amount.description), ("from", conversion.from.rawValue), ("to", conversion.to.rawValue),
                    ("result", conversion.resultText.text), ("rounded", conversion.roundedResult),
                    ("rate", conversion.rateText.text), ("date", conversion.date), ("source", conversion.source),
                ]
                let exactness = ", \"result_exact\": \(conversion.resultText.exact), \"rate_exact\": \(conversion.rateText.exact)"
                return "{" + fields.map { "\"\($0.0)\": \(JSONText.string($0.1))" }.joined(separator: ", ") + exactness + "}\n"
            }.joined()
        }
    }
}
