import InstantSearchCore

/// How a delimited file writes its cells (`CSVDialect.csv`, `.tsv`).
public struct CSVDialect: Sendable, Hashable {
    /// The byte between cells: a comma, a tab, `--delimiter`'s.
    public var separator: UInt8
    /// true: RFC 4180 quoting (a cell that starts with `"` runs to its closing quote, `""`
    /// inside is one quote). false: IANA `text/tab-separated-values` as `cut`, `paste`,
    /// Postgres `COPY` and spreadsheets write it: no quoting (a `"` is a character like any
    /// other), a cell ends at the next separator or line end, and `\t` `\n` `\r` `\\` stand
    /// for a tab, a line feed, a carriage return and a backslash (`\N` alone, Postgres's NULL,
    /// for an empty cell); any other backslash is kept as it is.
    public var quoted: Bool

    public init(separator: UInt8, quoted: Bool) {
        self.separator = separator
        self.quoted = quoted
    }

    /// RFC 4180 CSV.
    public static let csv = CSVDialect(separator: UInt8(ascii: ","), quoted: true)
    /// IANA TSV: tabs, no quoting, backslash escapes.
    public static let tsv = CSVDialect(separator: UInt8(ascii: "\t"), quoted: false)
}

/// CSV (RFC 4180) or TSV (IANA) with a header row, as its `CSVDialect` says: lines end in LF,
/// CRLF or a CR alone (old Mac text). A column whose non-empty cells all read as numbers becomes numeric; empty cells
/// are left out of the record.
///
/// Two steps: `scan` validates the file and keeps its cells column by column (`CSVTable`: no
/// value per cell, no String per row), then `CSVTable.record(_:)` builds a row's record when
/// asked. An index keeps its records that way: 1.7M rows of baby names take 15 MB instead of
/// the file's 30 MB, or millions of parsed values.
struct CSVParser {
    struct Cell {
        var start: Int32
        var length: Int32
        /// The cell holds doubled quotes (CSV) or backslash escapes (TSV): it must be unescaped.
        var hasEscapes: Bool
    }

    /// What stops a row from being read (where, and why): the scan turns it into a `DataError`
    /// and, with `--lenient`, goes on at the line after `offset`.
    struct RowProblem: Error {
        let offset: Int
        let message: String
    }

    static func parse(
        _ bytes: [UInt8], file: String, options: LoadOptions = .strict, dialect: CSVDialect = .csv
    ) throws -> [JSONValue] {
        let rows = try scan(bytes, file: file, options: options, dialect: dialect)
        var records: [JSONValue] = []
        records.reserveCapacity(rows.count)
        for index in 0..<rows.count {
            if index & 0xFFF == 0, Task.isCancelled { throw CancellationError() }
            records.append(rows.record(index))
        }
        return records
    }

    /// Reads every row. With `--lenient` a row that does not parse (a quote left open, text
    /// after a closing quote) is skipped like a row with the wrong number of fields: counted,
    /// and the reading goes on at the line after the problem.
    static func scan(
        _ bytes: [UInt8], file: String, options: LoadOptions = .strict, dialect: CSVDialect = .csv
    ) throws -> CSVTable {
        guard bytes.count < Int(Int32.max) else {
            throw DataError(file: file, message: "CSV files larger than 2 GB are not supported")
        }
        var header: [String] = []
        var columnIsNumeric: [Bool] = []
        var columnHasNumber: [Bool] = []
        var columns: [CSVColumnBuilder] = []
        var rowCount = 0
        var log = SkipLog(options: options, file: file)
        // Rows are at most the lines: enough room from the start, so no column grows by copying.
        let lineCount = bytes.withUnsafeBufferPointer { bytes in
            (0..<bytes.count).reduce(into: 1) { if SourceLocation.isLineEnd(at: $1, in: bytes) { $0 += 1 } }
        }
        try bytes.withUnsafeBufferPointer { bytes in
            let lines = LineIndex()
            func error(_ message: String, at position: Int) -> DataError {
                let (line, column) = lines.lineAndColumn(of: position, in: bytes)
                return DataError(file: file, line: line, column: column, message: message)
            }
            if !options.lenient { try TextCheck.requireText(bytes, file: file, lines: lines) }
            var offset = 0
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
            var line = 1
            var row: [Cell] = []
            var cellIsNumber: [Bool] = []
            var ids = DuplicateIDCheck(enabled: false)
            var idColumn = -1

            /// Everything that can be wrong with a row, checked before any of its cells is kept.
            func check(_ row: [Cell], start: Int, end: Int) throws {
                guard row.count == header.count else {
                    let at =
                        row.count > header.count
                        ? Int(row[header.count].start) : Int(row[row.count - 1].start + row[row.count - 1].length)
                    throw error("expected \(header.count) fields, found \(row.count)", at: at)
                }
                if options.lenient, let bad = TextCheck.firstInvalidByte(bytes, in: start..<end) {
                    throw TextCheck.error(at: bad, in: bytes, file: file, lines: lines)
                }
                for (column, cell) in row.enumerated() {
                    cellIsNumber[column] = false
                    guard cell.length > 0, columnIsNumeric[column] else { continue }
                    let slice = UnsafeBufferPointer(rebasing: bytes[Int(cell.start)..<Int(cell.start + cell.length)])
                    let reading = NumberBytes.isPlainNumber(slice)
                    cellIsNumber[column] = reading.isNumber
                    // Only an exponent or hundreds of digits can overflow: the rest needs no conversion here.
                    if reading.isNumber, !reading.isInteger || slice.count > 300, !CSVColumn.number(slice).isFinite {
                        throw error("number out of range (at most about 1.8e308)", at: Int(cell.start))
                    }
                }
                if idColumn >= 0, row[idColumn].length > 0 {
                    let id = text(of: row[idColumn], in: bytes, dialect: dialect)
                    if let first = ids.earlierOffset(of: id, at: start) {
                        let (line, column) = lines.lineAndColumn(of: first, in: bytes)
                        throw error("duplicate objectID \"\(id)\" (first at \(file):\(line):\(column))", at: Int(row[idColumn].start))
                    }
                }
            }

            while offset < bytes.count {
                let rowStart = offset
                do throws(RowProblem) {
                    try readRow(bytes, offset: &offset, line: &line, into: &row, dialect: dialect)
                } catch let problem {
                    let failure = error(problem.message, at: problem.offset)
                    guard !header.isEmpty else { throw failure }  // no header, no columns to read into
                    try log.skip(failure)
                    offset = JSONRecovery.nextLine(bytes, after: problem.offset)
                    continue
                }
                // Blank lines carry no record.
                if row.count == 1 && row[0].length == 0 && !row[0].hasEscapes { continue }
                if header.isEmpty {
                    if let bad = TextCheck.firstInvalidByte(bytes, in: rowStart..<offset) {
                        throw TextCheck.error(at: bad, in: bytes, file: file, lines: lines)
                    }
                    header = row.map { text(of: $0, in: bytes, dialect: dialect) }
                    for (column, name) in header.enumerated() {
                        if let first = header[..<column].firstIndex(of: name) {
                            throw error(
                                "duplicate column name \"\(name)\" (also column \(first + 1) of the header): rename one of them",
                                at: Int(row[column].start))
                        }
                    }
                    columnIsNumeric = Array(repeating: true, count: header.count)
                    columnHasNumber = Array(repeating: false, count: header.count)
                    cellIsNumber = Array(repeating: false, count: header.count)
                    columns = header.map { _ in CSVColumnBuilder(capacity: lineCount) }
                    idColumn = header.firstIndex(of: "objectID") ?? -1
                    ids = DuplicateIDCheck(enabled: idColumn >= 0)
                    continue
                }
                do {
                    try check(row, start: rowStart, end: offset)
                } catch let problem as DataError {
                    try log.skip(problem)
                    continue
                }
                if rowCount & 0xFFFF == 0, Task.isCancelled { throw CancellationError() }
                rowCount += 1
                for (column, cell) in row.enumerated() {
                    let slice = UnsafeBufferPointer(rebasing: bytes[Int(cell.start)..<Int(cell.start + cell.length)])
                    if cell.length > 0, columnIsNumeric[column] {
                        if cellIsNumber[column] { columnHasNumber[column] = true } else { columnIsNumeric[column] = false }
                    }
                    if cell.hasEscapes {
                        Array(text(of: cell, in: bytes, dialect: dialect).utf8).withUnsafeBufferPointer { columns[column].append($0) }
                    } else {
                        columns[column].append(slice)
                    }
                }
            }
        }
        log.finish()
        let numeric = zip(columnIsNumeric, columnHasNumber).map { $0 && $1 }
        return CSVTable(
            header: header, numeric: numeric, count: rowCount,
            columns: columns.indices.map { columns[$0].finish(numeric: numeric[$0]) })
    }

    /// Reads one record's cells from `offset`, which may span several lines when a quoted cell
    /// holds line breaks, and leaves `offset` at the next record.
    static func readRow(
        _ bytes: UnsafeBufferPointer<UInt8>, offset: inout Int, line: inout Int, into row: inout [Cell], dialect: CSVDialect
    ) throws(RowProblem) {
        let separator = dialect.separator
        row.removeAll(keepingCapacity: true)
        var endOfRecord = false
        while !endOfRecord {
            let cellStart = offset
            var cell = Cell(start: Int32(offset), length: 0, hasEscapes: false)
            if dialect.quoted, offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
                offset += 1
                cell.start = Int32(offset)
                var closed = false
                while offset < bytes.count {
                    let byte = bytes[offset]
                    if byte == UInt8(ascii: "\"") {
                        if offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\"") {
                            cell.hasEscapes = true
                            offset += 2
                            continue
                        }
                        closed = true
                        break
                    }
                    if SourceLocation.isLineEnd(at: offset, in: bytes) { line += 1 }
                    offset += 1
                }
                guard closed else { throw RowProblem(offset: cellStart, message: "unterminated quoted field (opened here)") }
                cell.length = Int32(offset) - cell.start
                offset += 1  // closing quote
                if offset < bytes.count, !isFieldEnd(bytes[offset], bytes, offset, separator) {
                    let name = separator == 9 ? "\\t" : String(UnicodeScalar(separator))
                    throw RowProblem(offset: offset, message: "expected '\(name)' or end of line after a closing quote")
                }
            } else {
                while offset < bytes.count, !isFieldEnd(bytes[offset], bytes, offset, separator) {
                    if !dialect.quoted, bytes[offset] == UInt8(ascii: "\\") { cell.hasEscapes = true }
                    offset += 1
                }
                cell.length = Int32(offset) - cell.start
                // Postgres writes NULL as \N: an empty cell.
                if cell.hasEscapes, cell.length == 2, bytes[cellStart] == UInt8(ascii: "\\"), bytes[cellStart + 1] == UInt8(ascii: "N") {
                    (cell.length, cell.hasEscapes) = (0, false)
                }
            }
            row.append(cell)
            if offset >= bytes.count {
                endOfRecord = true
            } else if bytes[offset] == separator {
                offset += 1
            } else {
                let crlf = bytes[offset] == UInt8(ascii: "\r") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\n")
                offset += crlf ? 2 : 1
                line += 1
                endOfRecord = true
            }
        }
    }

    @inline(__always)
    private static func isFieldEnd(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ separator: UInt8) -> Bool {
        byte == separator || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// A cell's text: doubled quotes made one (CSV), backslash escapes decoded (TSV).
    static func text(of cell: Cell, in bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[Int(cell.start)..<Int(cell.start + cell.length)])
        guard cell.hasEscapes else { return String(decoding: slice, as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(slice.count)
        var i = 0
        while i < slice.count {
            let byte = slice[i]
            if dialect.quoted {
                unescaped.append(byte)
                // A doubled quote inside a quoted cell stands for one quote.
                i += byte == UInt8(ascii: "\"") ? 2 : 1
                continue
            }
            guard byte == UInt8(ascii: "\\"), i + 1 < slice.count else {
                unescaped.append(byte)
                i += 1
                continue
            }
            switch slice[i + 1] {
            case UInt8(ascii: "t"): unescaped.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "n"): unescaped.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): unescaped.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "\\"): unescaped.append(UInt8(ascii: "\\"))
            default:
                // Not an escape TSV defines: the backslash is text.
                unescaped.append(byte)
                i += 1
                continue
            }
            i += 2
        }
        return String(decoding: unescaped, as: UTF8.self)
    }
}
