import Synchronization

/// The minimal CSV reading the ISO list needs: commas, double-quoted fields, doubled quotes,
/// one row per line. It works on the UTF-8 bytes: the catalog is read at every start.
enum CSV {
    static func forEachRow(of text: String, _ body: ([String]) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var fields: [String] = []
            var field: [UInt8] = []
            var quoted = false
            var index = 0
            func endRow() {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                if fields.count > 1 || !(fields.first?.isEmpty ?? true) { body(fields) }
                fields.removeAll(keepingCapacity: true)
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if quoted {
                    if byte != UInt8(ascii: "\"") {
                        field.append(byte)
                    } else if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): quoted = true
                case UInt8(ascii: ","):
                    fields.append(String(decoding: field, as: UTF8.self))
                    field.removeAll(keepingCapacity: true)
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                    endRow()
                default: field.append(byte)
                }
            }
            if !field.isEmpty || !fields.isEmpty { endRow() }
        }
    }

    /// The fields of one line.
    static func fields(of line: Substring) -> [String] {
        var result: [String] = []
        forEachRow(of: String(line)) { result = $0 }
        return result
    }
}
