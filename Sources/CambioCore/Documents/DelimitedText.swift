/// Rows of delimited text as RFC 4180 has them: fields separated by `,` (or `;`, or a tab),
/// double-quoted where they hold the separator, a quote (doubled) or a line break; rows ending
/// in CR LF or LF. Read from the UTF-8 bytes; written back with quotes only where needed.
public enum DelimitedText {
    /// One row: its fields, and the line of the file it starts on (from 1).
    public struct Row: Sendable, Equatable {
        public var fields: [String]
        public let line: Int

        /// A row with nothing in it (an empty line, or only separators).
        public var isBlank: Bool { fields.allSatisfy { $0.isEmpty } }
    }

    /// The rows of `text` split at `delimiter`, blank lines kept as rows without fields (so that
    /// they stay in their place), and whether its lines end in CR LF.
    public static func rows(_ text: String, delimiter: UInt8) -> (rows: [Row], crlf: Bool) {
        var rows: [Row] = []
        var crlf = false
        var text = text
        text.withUTF8 { bytes in
            var fields: [String] = []
            var field: [UInt8] = []
            var quoted = false
            var line = 1
            var rowLine = 1
            var index = 0
            var rowStarted = false
            func endField() {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            }
            func endRow() {
                if rowStarted || !field.isEmpty { endField() }
                rows.append(Row(fields: fields, line: rowLine))
                fields.removeAll(keepingCapacity: true)
                rowStarted = false
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if quoted {
                    if byte == UInt8(ascii: "\"") {
                        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                            field.append(byte)
                            index += 1
                        } else {
                            quoted = false
                        }
                    } else {
                        if byte == UInt8(ascii: "\n") { line += 1 }
                        field.append(byte)
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    rowStarted = true
                    quoted = true
                case delimiter:
                    rowStarted = true
                    endField()
                case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
                    crlf = true
                    index += 1
                    endRow()
                    line += 1
                    rowLine = line
                case UInt8(ascii: "\n"):
                    endRow()
                    line += 1
                    rowLine = line
                default:
                    rowStarted = true
                    field.append(byte)
                }
            }
            if rowStarted || !field.isEmpty { endRow() }
        }
        return (rows, crlf)
    }

    /// The separator a table uses: of `,` `;` and tab, the one that splits its first lines into
    /// the most columns alike (a German bank export's `;`, a card export's `,`).
    public static func detectDelimiter(_ text: String) -> UInt8 {
        let sample = text.utf8.prefix(64 * 1024)
        var best: (delimiter: UInt8, score: Int) = (UInt8(ascii: ","), -1)
        for delimiter in [UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: ",")] {
            var counts: [Int: Int] = [:]
            var count = 0
            var quoted = false
            var lines = 0
            for byte in sample {
                if byte == UInt8(ascii: "\"") { quoted.toggle() }
                if quoted { continue }
                if byte == delimiter { count += 1 }
                if byte == UInt8(ascii: "\n") {
                    if count > 0 { counts[count, default: 0] += 1 }
                    count = 0
                    lines += 1
                    if lines >= 40 { break }
                }
            }
            if count > 0 { counts[count, default: 0] += 1 }
            // The lines that agree, weighted by how many columns they make.
            let score = counts.map { ($0.key + 1) * $0.value }.max() ?? 0
            if score > best.score { best = (delimiter, score) }
        }
        return best.delimiter
    }

    /// The same, appended to `out` as UTF-8.
    public static func append(_ text: String, delimiter: UInt8, to out: inout [UInt8]) {
        var text = text
        let plain = text.withUTF8 { bytes in
            for byte in bytes where byte == delimiter || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if plain { return }
        let utf8 = text.utf8
        out.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A field as written into a row: in quotes, with quotes doubled, when it holds the
    /// separator, a quote or a line break.
    public static func field(_ text: String, delimiter: UInt8) -> String {
        var out: [UInt8] = []
        append(text, delimiter: delimiter, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
