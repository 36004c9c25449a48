import Foundation

/// Edit distance between two short strings.
enum Levenshtein {
    /// Insertions, deletions and substitutions; with `transpositions`, swapping two neighbours
    /// counts as one edit too (`hlep` is one edit from `help`).
    static func distance(_ a: String, _ b: String, transpositions: Bool = false) -> Int {
        distance(Array(a.unicodeScalars), Array(b.unicodeScalars), transpositions: transpositions)
    }

    /// The same over scalars; with `limit`, any distance above it is returned as `limit + 1`
    /// as soon as a row shows it (suggestions only want near texts).
    static func distance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], transpositions: Bool = false, limit: Int = .max) -> Int {
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        let width = y.count + 1
        // Three rows in one buffer: before the previous, the previous, the current.
        var rows = [Int](repeating: 0, count: 3 * width)
        return rows.withUnsafeMutableBufferPointer { rows in
            var beforePrevious = 0
            var previous = width
            var current = 2 * width
            var j = 0
            while j < width {
                rows[previous + j] = j
                j += 1
            }
            var i = 1
            while i <= x.count {
                rows[current] = i
                var rowMinimum = i
                j = 1
                while j < width {
                    var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                    if transpositions, i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                        value = min(value, rows[beforePrevious + j - 2] + 1)
                    }
                    rows[current + j] = value
                    rowMinimum = min(rowMinimum, value)
                    j += 1
                }
                if rowMinimum > limit { return limit + 1 }
                (beforePrevious, previous, current) = (previous, current, beforePrevious)
                i += 1
            }
            return rows[previous + width - 1]
        }
    }
}
