import InstantSearchCore
import OrderedCollections

/// A CSV file's cells, column by column, without the file: a row becomes a record only when
/// asked for (to index it, or to show it as a hit).
struct CSVTable: Sendable {
    let header: [String]
    /// Columns whose non-empty cells all read as numbers: their cells become JSON numbers.
    let numeric: [Bool]
    let count: Int
    let columns: [CSVColumn]

    func value(_ attribute: String, of row: Int) -> JSONValue? {
        guard let column = header.firstIndex(of: attribute) else { return nil }
        return columns[column].value(at: row, numeric: numeric[column]) ?? emptyLine
    }

    /// Plain lines' table (its one column `line`, as `LineTable` knows it): a blank line is a
    /// line, its text "" (a CSV's empty cell is no value).
    private var emptyLine: JSONValue? { header.count == 1 && header[0] == LineRecords.attribute ? .string("") : nil }

    /// A column of few distinct texts as each row's text id + 1 (0: empty); nil for other columns.
    /// Equal ids are equal cells, so a build can read each distinct text once.
    func codedCells(_ attribute: String) -> PackedIDs? {
        guard let column = header.firstIndex(of: attribute), case .dictionary(_, _, let ids) = columns[column] else { return nil }
        return ids
    }

    /// Every column's cell as the file had it ("" for an empty one), in the header's order.
    func cells(_ row: Int) -> OrderedDictionary<String, String> {
        var cells = OrderedDictionary<String, String>(minimumCapacity: header.count)
        for (column, name) in header.enumerated() { cells[name] = columns[column].text(at: row) }
        return cells
    }

    func record(_ row: Int) -> JSONValue {
        var fields = OrderedDictionary<String, JSONValue>(minimumCapacity: header.count)
        for (column, cells) in columns.enumerated() {
            if let value = cells.value(at: row, numeric: numeric[column]) ?? emptyLine { fields[header[column]] = value }
        }
        return .object(fields)
    }
}

/// One column's cells (unescaped), nil for an empty cell.
enum CSVColumn: Sendable {
    /// Few distinct texts — names, categories, years: each row's text id + 1 (0: empty) at the
    /// narrowest width, and for a numeric column each text's number, read once.
    case dictionary(texts: [String], numbers: [Double]?, ids: PackedIDs)
    /// Mostly distinct texts — titles, descriptions: their bytes back to back.
    case text(bytes: [UInt8], ends: TextEnds)

    func value(at row: Int, numeric: Bool) -> JSONValue? {
        switch self {
        case .dictionary(let texts, let numbers, let ids):
            let id = ids[row]
            guard id > 0 else { return nil }
            return numbers.map { .number($0[id - 1]) } ?? .string(texts[id - 1])
        case .text(let bytes, let ends):
            let range = ends.range(of: row)
            guard !range.isEmpty else { return nil }
            return bytes.withUnsafeBufferPointer { bytes in
                let slice = UnsafeBufferPointer(rebasing: bytes[range])
                return numeric ? .number(CSVColumn.number(slice)) : .string(String(decoding: slice, as: UTF8.self))
            }
        }
    }

    /// The cell's text as the file had it (unescaped); "" for an empty cell.
    func text(at row: Int) -> String {
        switch self {
        case .dictionary(let texts, _, let ids):
            let id = ids[row]
            return id > 0 ? texts[id - 1] : ""
        case .text(let bytes, let ends):
            let range = ends.range(of: row)
            return String(decoding: bytes[range], as: UTF8.self)
        }
    }

    static func number(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        NumberBytes.double(text, isInteger: NumberBytes.isPlainNumber(text).isInteger)
    }
}

/// Collects one column's cells row by row: as a dictionary of texts while they repeat enough
/// to pay for it, as plain bytes from the moment they do not.
struct CSVColumnBuilder {
    /// Past this many distinct texts, and more than one for every four rows, a dictionary costs
    /// more than it saves.
    static let dictionaryLimit = 65_536

    private var idOfText: [String: Int] = [:]
    private var texts: [String] = []
    private var ids: PackedIDsBuilder
    private var rows = 0
    /// The previous cell and its id: sorted or grouped files repeat a cell row after row, and
    /// comparing bytes is cheaper than making and hashing a String.
    private var previous: [UInt8] = []
    private var previousID = 0
    private var bytes: [UInt8]?
    private var ends = TextEnds()
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        ids = PackedIDsBuilder(capacity: capacity)
    }

    mutating func append(_ cell: UnsafeBufferPointer<UInt8>) {
        rows += 1
        if bytes != nil {
            bytes!.append(contentsOf: cell)
            ends.append(bytes!.count)
            return
        }
        guard !cell.isEmpty else { return ids.append(0) }
        if previousID > 0, previous.elementsEqual(cell) { return ids.append(previousID) }
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: cell)
        let text = String(decoding: cell, as: UTF8.self)
        if let id = idOfText[text] {
            previousID = id
            return ids.append(id)
        }
        texts.append(text)
        idOfText[text] = texts.count
        previousID = texts.count
        ids.append(texts.count)
        if texts.count > CSVColumnBuilder.dictionaryLimit, texts.count > rows / 4 { becomeText() }
    }

    private mutating func becomeText() {
        var bytes: [UInt8] = []
        ends.reserveCapacity(capacity)
        let coded = ids.ids
        for row in 0..<coded.count {
            if coded[row] > 0 { bytes.append(contentsOf: texts[coded[row] - 1].utf8) }
            ends.append(bytes.count)
        }
        self.bytes = bytes
        idOfText = [:]
        texts = []
        ids = PackedIDsBuilder()
    }

    func finish(numeric: Bool) -> CSVColumn {
        if let bytes { return .text(bytes: bytes, ends: ends) }
        let numbers =
            numeric
            ? texts.map { text in
                var text = text
                return text.withUTF8 { CSVColumn.number($0) }
            } : nil
        return .dictionary(texts: texts, numbers: numbers, ids: ids.ids)
    }
}
