/// An independent reading of delimited text, written from RFC 4180 and not from Cambio's
/// scanner: a quote opens a quoted field only where a field starts, a doubled quote inside one is
/// a quote, and after its closing quote the field goes on as text; rows end in LF or CR LF; a tab
/// separates fields without any quoting. The document target holds the converter's output to it.
enum ReferenceTable {
    static func rows(_ bytes: [UInt8], delimiter: UInt8) -> [[[UInt8]]] {
        var rows: [[[UInt8]]] = []
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var quoted = false
        var fieldStarted = false
        var rowStarted = false
        let quotes = delimiter != 0x09
        var index = 0
        func endRow() {
            if rowStarted { fields.append(field) }
            rows.append(fields)
            (fields, field, rowStarted, fieldStarted) = ([], [], false, false)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == 0x22 {
                    if index < bytes.count, bytes[index] == 0x22 {
                        field.append(0x22)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22 where quotes && !fieldStarted:
                (quoted, fieldStarted, rowStarted) = (true, true, true)
            case delimiter:
                fields.append(field)
                (field, fieldStarted, rowStarted) = ([], false, true)
            case 0x0D where index < bytes.count && bytes[index] == 0x0A:
                index += 1
                endRow()
            case 0x0A:
                endRow()
            default:
                field.append(byte)
                (fieldStarted, rowStarted) = (true, true)
            }
        }
        if rowStarted { endRow() }
        return rows
    }

    /// A row's fields up to its last filled one.
    static func filled(_ row: [[UInt8]]) -> [[UInt8]] {
        var row = row
        while row.last?.isEmpty == true { row.removeLast() }
        return row
    }
}
