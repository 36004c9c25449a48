/// The comma-separated lists the program reads itself (the ISO list): rows of RFC 4180 fields
/// (`DelimitedText`, which reads the users' tables too), blank lines skipped.
enum CSV {
    static func forEachRow(of text: String, _ body: ([String]) -> Void) {
        for row in DelimitedText.rows(text, delimiter: UInt8(ascii: ",")).rows where !row.fields.isEmpty { body(row.fields) }
    }

    /// The fields of one line.
    static func fields(of line: Substring) -> [String] {
        var result: [String] = []
        forEachRow(of: String(line)) { result = $0 }
        return result
    }
}
