import InstantSearchCore

/// A picked record as one JSON line. A row of a table (CSV, TSV) prints its cells as the file
/// had them, every column in the file's order, empty cells included (as ""): the numbers of a
/// numeric column keep their text (`6.0` stays `6.0`, not `6`) and stay JSON numbers. Any
/// other record prints as the backend gave it.
public enum PickedRecordText {
    public static func jsonLine(_ hit: Hit) -> String {
        guard let cells = hit.sourceCells else { return hit.record.serialized() }
        var out = "{"
        for (position, (column, cell)) in cells.enumerated() {
            if position > 0 { out += "," }
            out += JSONValue.string(column).serialized() + ":"
            if let number = hit.record[column]?.numberValue, !cell.isEmpty {
                // A cell the table read as a number; written as the file has it where that is JSON.
                out += isJSONNumber(cell) ? cell : JSONValue.format(number: number)
            } else {
                out += JSONValue.string(cell).serialized()
            }
        }
        return out + "}"
    }

    /// Whether `text` is a number as JSON writes one (RFC 8259 §6): `-0.5`, `6.0`, `1e6`, but
    /// not `+5`, `.5`, `5.` or `007`, which a CSV may hold and a JSON reader would refuse.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let leadingZero = bytes.first == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0, !(leadingZero && whole > 1) else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if let e = bytes.first, e | 0x20 == UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
