import CambioCore

/// The recent-currencies file: one code a line, most recent first.
public enum RecentFile {
    public static func parse(_ text: String) -> [CurrencyCode] {
        var codes: [CurrencyCode] = []
        for line in text.split(whereSeparator: \.isNewline) {
            var word = line[...]
            while let first = word.first, first == " " || first == "\t" { word = word.dropFirst() }
            while let last = word.last, last == " " || last == "\t" { word = word.dropLast() }
            if let code = CurrencyCode(word), !codes.contains(code) {
                codes.append(code)
            }
        }
        return Array(codes.prefix(SessionState.recentLimit))
    }

    public static func text(_ codes: [CurrencyCode]) -> String {
        codes.map { $0.rawValue + "\n" }.joined()
    }
}
