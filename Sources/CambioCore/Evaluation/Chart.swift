/// Draws a series as a line of braille cells (two columns and four rows of dots a cell),
/// with the value axis on the left and the first and last day below: pure text, the same in
/// every mode; the output layer colours it on a colour terminal.
public struct Chart: Sendable {
    /// Rows of cells the line is drawn in.
    public static let rows = 8

    /// `values` in time order, with the day of each (days since 1970), drawn `plotColumns` cells
    /// wide, between `low` and `high`.
    public static func plot(days: [Int], values: [Double], low: Double, high: Double, plotColumns: Int) -> [String] {
        let width = max(2, plotColumns) * 2
        let height = rows * 4
        // Row by row in one array: a dot is one store, without a row array to check.
        var dots = [Bool](repeating: false, count: width * height)
        guard let firstDay = days.first, let lastDay = days.last, !values.isEmpty else {
            return [String](repeating: "", count: rows)
        }
        let span = Double(max(1, lastDay - firstDay))
        let range = high - low
        func y(_ value: Double) -> Int {
            guard range > 0 else { return height / 2 }
            let position = Int(((value - low) / range * Double(height - 1)).rounded())
            return height - 1 - min(height - 1, max(0, position))
        }
        func x(_ day: Int) -> Int { min(width - 1, max(0, Int((Double(day - firstDay) / span * Double(width - 1)).rounded()))) }
        var previous: (x: Int, y: Int)?
        for (day, value) in zip(days, values) {
            let point = (x: x(day), y: y(value))
            if let previous {
                // Join to the previous point: a vertical run in the columns between them.
                let steps = max(abs(point.x - previous.x), abs(point.y - previous.y), 1)
                for step in 0...steps {
                    let px = previous.x + (point.x - previous.x) * step / steps
                    let py = previous.y + (point.y - previous.y) * step / steps
                    dots[py * width + px] = true
                }
            } else {
                dots[point.y * width + point.x] = true
            }
            previous = point
        }
        let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            line.unicodeScalars.reserveCapacity(width / 2)
            for column in 0..<width / 2 {
                var cell: UInt32 = 0
                for dy in 0..<4 {
                    for dx in 0..<2 where dots[(row * 4 + dy) * width + column * 2 + dx] { cell |= bits[dy][dx] }
                }
                line.unicodeScalars.append(Unicode.Scalar(0x2800 + cell) ?? " ")
            }
            lines.append(line)
        }
        return lines
    }
}
