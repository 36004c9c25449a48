import Foundation

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
        var text = text
        let crlf = text.withUTF8 { bytes in
            var scanner = Scanner(bytes, delimiter: delimiter)
            var row = Fields()
            while scanner.next(&row) {
                rows.append(Row(fields: (0..<row.count).map { row.string($0, bytes) }, line: row.line))
            }
            return scanner.crlf
        }
        return (rows, crlf)
    }

    /// A row's fields as spans of the bytes they were read from, kept for the next row (a
    /// table of 100,000 rows is read without a string or an array for each).
    public struct Fields {
        /// Where a field's bytes begin and end (quotes included), and whether it has a quote in
        /// it (it is read without them).
        struct Span {
            var start: Int
            var end: Int
            var quoted: Bool
        }

        /// The spans of this row's fields: the first `count` (the rest are an earlier row's).
        private var spans: [Span] = []
        public private(set) var count = 0
        /// The line of the file the row starts on (from 1).
        public fileprivate(set) var line = 1

        /// Room for the fields of most rows, made once.
        public init() { spans.reserveCapacity(16) }

        /// Whether no field has a quote or a carriage return in it: then the row's fields, as
        /// written, are the bytes they were read from.
        public fileprivate(set) var plain = true

        fileprivate mutating func removeAll() {
            count = 0
            plain = true
        }

        fileprivate mutating func append(_ start: Int, _ end: Int, quoted: Bool) {
            let span = Span(start: start, end: end, quoted: quoted)
            if count < spans.count { spans[count] = span } else { spans.append(span) }
            count += 1
            if quoted { plain = false }
        }

        /// The bytes of the first `count` fields, from the first one's start to the last one's end.
        public func raw(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> UnsafeBufferPointer<UInt8> {
            guard count > 0 else { return UnsafeBufferPointer(rebasing: bytes[0..<0]) }
            return UnsafeBufferPointer(rebasing: bytes[spans[0].start..<spans[min(count, self.count) - 1].end])
        }

        /// Field `index` as read: without its quotes, a doubled quote as one.
        public func withBytes<T>(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            precondition(index < count, "a field past the row's")
            let span = spans[index]
            return DelimitedText.withField(UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), quoted: span.quoted, body)
        }

        /// Field `index` as a string.
        public func string(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
            withBytes(index, bytes) { String(decoding: $0, as: UTF8.self) }
        }

        /// Whether field `index` reads as nothing.
        public func isEmpty(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            spans[index].start == spans[index].end || (spans[index].quoted && withBytes(index, bytes) { $0.isEmpty })
        }

        /// A row with nothing in it (an empty line, or only separators).
        public func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            (0..<count).allSatisfy { isEmpty($0, bytes) }
        }

        /// Field `index` appended to `out` as `append(_:delimiter:to:)` writes it: as read when
        /// it needs no quotes (most do), else in quotes.
        public func write(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, to out: inout [UInt8]) {
            withBytes(index, bytes) { DelimitedText.append(bytes: $0, delimiter: delimiter, to: &out) }
        }
    }

    /// A field's bytes as read: a field that opens with a quote without it and its closing
    /// quote, a doubled quote inside them as one, and what follows the closing quote as it is.
    static func withField<T>(_ raw: UnsafeBufferPointer<UInt8>, quoted: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard quoted, raw.first == UInt8(ascii: "\"") else { return body(raw) }
        var unquoted: [UInt8] = []
        unquoted.reserveCapacity(raw.count)
        var position = 1
        while position < raw.count {
            let byte = raw[position]
            position += 1
            if byte == UInt8(ascii: "\"") {
                guard position < raw.count, raw[position] == UInt8(ascii: "\"") else { break }
                position += 1
            }
            unquoted.append(byte)
        }
        unquoted.append(contentsOf: raw[min(position, raw.count)...])
        return unquoted.withUnsafeBufferPointer(body)
    }

    /// Reads the rows of UTF-8 bytes one at a time, by the rules of `rows(_:delimiter:)`. A
    /// quote is special only at the start of a field (`TV 55" screen` is text, as spreadsheets
    /// read it), and only where the separator is not a tab (TSV has no quoting).
    public struct Scanner {
        private var bytes: UnsafeBufferPointer<UInt8>
        private let delimiter: UInt8
        /// Whether a quote at a field's start opens a quoted field (CSV; not TSV).
        public let quotes: Bool
        private var index = 0
        private var line = 1
        /// Whether a line has ended in CR LF so far.
        public private(set) var crlf = false
        /// The line of a quote that no quote closes before the end of the bytes: every line
        /// after it was read into one field, so the table is not what it looks like.
        public private(set) var unclosedQuote: Int?
        /// Whether the bytes are all there are: otherwise a row that reaches their end is not
        /// read, and waits for more (`rebase`).
        public private(set) var isFinal: Bool

        public init(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, isFinal: Bool = true) {
            self.bytes = bytes
            self.delimiter = delimiter
            self.quotes = delimiter != UInt8(ascii: "\t")
            self.isFinal = isFinal
        }

        /// Where the next row starts in the bytes.
        public var offset: Int { index }

        /// How many lines the rows read so far span.
        public var linesRead: Int { line - 1 }

        /// The scanner carried over to new bytes that begin with this one's from `offset` on.
        public mutating func rebase(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool) {
            self.bytes = bytes
            self.index = 0
            self.isFinal = isFinal
        }

        /// The next row into `row`; false at the end of the bytes (or of what has come of them).
        public mutating func next(_ row: inout Fields) -> Bool {
            row.removeAll()
            row.line = line
            guard let carriageReturn = scanRow({ start, end, quoted in row.append(start, end, quoted: quoted) }) else { return false }
            if carriageReturn { row.plain = false }
            return true
        }

        /// Reads one row, giving each field's span (quotes included) and whether it opens with
        /// a quote to `field`; returns whether a field has a carriage return of its own (not the
        /// one before the line feed), `nil` at the end of the bytes or before a row they do not
        /// hold whole.
        private mutating func scanRow(_ field: (_ start: Int, _ end: Int, _ quoted: Bool) -> Void) -> Bool? {
            guard index < bytes.count, let base = bytes.baseAddress else { return nil }
            var carriageReturn = false
            // A line without a quote (almost every one) is split at its separators as it stands.
            let newline = memchr(base + index, 0x0A, bytes.count - index).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
            if newline == nil, !isFinal { return nil }
            let lineEnd = newline ?? bytes.count
            if !quotes || memchr(base + index, Int32(UInt8(ascii: "\"")), lineEnd - index) == nil {
                // The carriage return of a CR LF ends the line; any other is the field's.
                var contentEnd = lineEnd
                if lineEnd < bytes.count, lineEnd > index, bytes[lineEnd - 1] == 0x0D {
                    crlf = true
                    contentEnd -= 1
                }
                if contentEnd > index {
                    carriageReturn = memchr(base + index, 0x0D, contentEnd - index) != nil
                    var start = index
                    while let found = memchr(base + start, Int32(delimiter), contentEnd - start) {
                        let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                        field(start, position, false)
                        start = position + 1
                    }
                    field(start, contentEnd, false)
                }
                index = min(lineEnd + 1, bytes.count)
                if lineEnd < bytes.count { line += 1 }
                return carriageReturn
            }
            // A quote at a field's start: the field may hold separators and line ends. The row
            // is read first without giving its fields, to know that the bytes hold it whole.
            let (rowStart, rowLine) = (index, line)
            var spans: [(Int, Int, Bool)] = []
            var start = index
            var quoted = false
            var inQuotes = false
            var quoteLine = line
            var rowStarted = false
            var ended = false
            scan: while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inQuotes {
                    if byte == UInt8(ascii: "\"") {
                        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                            index += 1
                        } else if index == bytes.count, !isFinal {
                            // A doubled quote may be cut at the end of the bytes.
                            break scan
                        } else {
                            inQuotes = false
                        }
                    } else if byte == UInt8(ascii: "\n") {
                        line += 1
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\"") where index - 1 == start:
                    rowStarted = true
                    inQuotes = true
                    quoted = true
                    quoteLine = line
                case delimiter:
                    rowStarted = true
                    spans.append((start, index - 1, quoted))
                    start = index
                    quoted = false
                case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
                    crlf = true
                    if rowStarted || index - 1 > start { spans.append((start, index - 1, quoted)) }
                    index += 1
                    line += 1
                    ended = true
                    break scan
                case UInt8(ascii: "\n"):
                    if rowStarted || index - 1 > start { spans.append((start, index - 1, quoted)) }
                    line += 1
                    ended = true
                    break scan
                default:
                    rowStarted = true
                    if byte == 0x0D { carriageReturn = true }
                }
            }
            if !ended {
                guard isFinal else {
                    (index, line) = (rowStart, rowLine)
                    return nil
                }
                // Only a quote that swallowed a line end loses rows (a lone one last is a field).
                if inQuotes, line > quoteLine, unclosedQuote == nil { unclosedQuote = quoteLine }
                if rowStarted || index > start { spans.append((start, index, quoted)) }
            }
            for (start, end, quoted) in spans { field(start, end, quoted) }
            return carriageReturn
        }
    }

    /// The separator a table uses: of `,` `;` and tab, the one that splits its first lines into
    /// the most columns alike (a German bank export's `;`, a card export's `,`).
    public static func detectDelimiter(_ text: String) -> UInt8 {
        var text = text
        return text.withUTF8 { detectDelimiter(bytes: $0) }
    }

    /// The same for a table's UTF-8 bytes: for each candidate, its count on each of the first 40
    /// lines (outside quoted fields, as the scanner reads them with that separator), and the
    /// count most lines agree on, weighted by the columns it makes. A tie goes to `;`, then tab,
    /// then `,`.
    public static func detectDelimiter(bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let head = UnsafeBufferPointer(rebasing: bytes.prefix(64 * 1024))
        var best: (delimiter: UInt8, score: Int) = (UInt8(ascii: ","), -1)
        for candidate in [UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: ",")] {
            var scanner = Scanner(head, delimiter: candidate)
            var row = Fields()
            var counts: [Int: Int] = [:]
            var lines = 0
            // A row is as many lines as it spans; a row that reaches past the 40th still counts.
            while lines < 40, scanner.next(&row) {
                if row.count > 1 { counts[row.count - 1, default: 0] += 1 }
                lines = scanner.linesRead
            }
            let score = counts.map { ($0.key + 1) * $0.value }.max() ?? 0
            if score > best.score { best = (candidate, score) }
        }
        return best.delimiter
    }

    /// A field appended to `out` as UTF-8: in quotes, with quotes doubled, when it holds the
    /// separator, a quote or a line break.
    public static func append(_ text: String, delimiter: UInt8, to out: inout [UInt8]) {
        if text.isEmpty { return }
        // A string's own bytes where it has them (almost always), else a copy's.
        if text.utf8.withContiguousStorageIfAvailable({ append(bytes: $0, delimiter: delimiter, to: &out) }) != nil { return }
        var text = text
        text.withUTF8 { append(bytes: $0, delimiter: delimiter, to: &out) }
    }

    /// The same for a field's UTF-8 bytes.
    /// In TSV, which has no quoting, a tab or a line feed becomes a space (a field read from
    /// TSV has none); a carriage return stays, as it was read (only one before the line feed
    /// ends a line, and the reading took that one off).
    public static func append(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, to out: inout [UInt8]) {
        if delimiter == UInt8(ascii: "\t") {
            for byte in bytes { out.append(byte == 0x09 || byte == 0x0A ? UInt8(ascii: " ") : byte) }
            return
        }
        guard needsQuotes(bytes, delimiter: delimiter) else { return out.append(contentsOf: bytes) }
        appendQuoted(bytes, to: &out)
    }

    /// The field written at the end of `out` from `start` on, put in quotes as `append` writes
    /// it when it needs them (a figure written in place: `"68,98"` in a table of commas).
    public static func quoteField(in out: inout [UInt8], from start: Int, delimiter: UInt8) {
        guard delimiter != UInt8(ascii: "\t"), out[start...].withUnsafeBufferPointer({ needsQuotes($0, delimiter: delimiter) }) else { return }
        let field = Array(out[start...])
        out.removeSubrange(start...)
        field.withUnsafeBufferPointer { appendQuoted($0, to: &out) }
    }

    /// Whether a field holds the separator, a quote or a line break.
    private static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> Bool {
        bytes.contains { $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
    }

    /// A field in quotes, its quotes doubled.
    private static func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Outside text for a CSV or TSV field that a spreadsheet would read as a formula (it
    /// starts with `=`, `+`, `-`, `@`, a tab or a CR), with an apostrophe before it: OWASP's
    /// rule against CSV injection. Other text is returned as it is.
    public static func inert(_ text: String) -> String {
        guard let first = text.utf8.first,
            first == UInt8(ascii: "=") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: "@")
                || first == 0x09 || first == 0x0D
        else { return text }
        return "'" + text
    }

    /// A field as written into a row: in quotes, with quotes doubled, when it holds the
    /// separator, a quote or a line break.
    public static func field(_ text: String, delimiter: UInt8) -> String {
        var out: [UInt8] = []
        append(text, delimiter: delimiter, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
