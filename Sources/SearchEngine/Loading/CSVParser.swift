import InstantSearchCore

/// RFC 4180 CSV with a header row: quoted fields may hold commas, line breaks and doubled
/// quotes; lines end in LF, CRLF or a CR alone (old Mac text). A column whose non-empty cells all read as numbers
/// becomes numeric; empty cells are left out of the record.
///
/// Two steps: `scan` validates the file and keeps its cells column by column (`CSVTable`: no
/// value per cell, no String per row), then `CSVTable.record(_:)` builds a row's record when
/// asked. An index keeps its records that way: 1.7M rows of baby names take 15 MB instead of
/// the file's 30 MB, or millions of parsed values.
struct CSVParser {
    struct Cell {
        var start: Int32
        var length: Int32
        /// The cell was quoted and contains doubled quotes, so it must be unescaped.
        var hasEscapedQuotes: Bool
    }

    static func parse(
        _ bytes: [UInt8], file: String, options: LoadOptions = .strict, separator: UInt8 = UInt8(ascii: ",")
    ) throws -> [JSONValue] {
        let rows = try scan(bytes, file: file, options: options, separator: separator)
        var records: [JSONValue] = []
        records.reserveCapacity(rows.count)
        for index in 0..<rows.count {
            if index & 0xFFF == 0, Task.isCancelled { throw CancellationError() }
            records.append(rows.record(index))
        }
        return records
    }

    /// `separator` is a comma, or a tab for TSV (which is read with the same quoting rules).
    static func scan(
        _ bytes: [UInt8], file: String, options: LoadOptions = .strict, separator: UInt8 = UInt8(ascii: ",")
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
                    let at = row.count > header.count
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
                    let id = text(of: row[idColumn], in: bytes)
                    if let first = ids.earlierOffset(of: id, at: start) {
                        let (line, column) = lines.lineAndColumn(of: first, in: bytes)
                        throw error("duplicate objectID \"\(id)\" (first at \(file):\(line):\(column))", at: Int(row[idColumn].start))
                    }
                }
            }

            while offset < bytes.count {
                let rowStart = offset
                try readRow(bytes, offset: &offset, line: &line, into: &row, file: file, lines: lines, separator: separator)
                // Blank lines carry no record.
                if row.count == 1 && row[0].length == 0 && !row[0].hasEscapedQuotes { continue }
                if header.isEmpty {
                    if let bad = TextCheck.firstInvalidByte(bytes, in: rowStart..<offset) {
                        throw TextCheck.error(at: bad, in: bytes, file: file, lines: lines)
                    }
                    header = row.map { text(of: $0, in: bytes) }
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
                    if cell.hasEscapedQuotes {
                        Array(text(of: cell, in: bytes).utf8).withUnsafeBufferPointer { columns[column].append($0) }
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
        _ bytes: UnsafeBufferPointer<UInt8>, offset: inout Int, line: inout Int, into row: inout [Cell], file: String,
        lines: LineIndex, separator: UInt8 = UInt8(ascii: ",")
    ) throws {
        func error(_ message: String, at position: Int) -> DataError {
            let (line, column) = lines.lineAndColumn(of: position, in: bytes)
            return DataError(file: file, line: line, column: column, message: message)
        }
        row.removeAll(keepingCapacity: true)
        var endOfRecord = false
        while !endOfRecord {
            let cellStart = offset
            var cell = Cell(start: Int32(offset), length: 0, hasEscapedQuotes: false)
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
                offset += 1
                cell.start = Int32(offset)
                var closed = false
                while offset < bytes.count {
                    let byte = bytes[offset]
                    if byte == UInt8(ascii: "\"") {
                        if offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\"") {
                            cell.hasEscapedQuotes = true
                            offset += 2
                            continue
                        }
                        closed = true
                        break
                    }
                    if SourceLocation.isLineEnd(at: offset, in: bytes) { line += 1 }
                    offset += 1
                }
                guard closed else { throw error("unterminated quoted field (opened here)", at: cellStart) }
                cell.length = Int32(offset) - cell.start
                offset += 1  // closing quote
                if offset < bytes.count, !isFieldEnd(bytes[offset], bytes, offset, separator) {
                    throw error("expected '\(separator == 9 ? "\\t" : ",")' or end of line after a closing quote", at: offset)
                }
            } else {
                while offset < bytes.count, !isFieldEnd(bytes[offset], bytes, offset, separator) { offset += 1 }
                cell.length = Int32(offset) - cell.start
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

    static func text(of cell: Cell, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[Int(cell.start)..<Int(cell.start + cell.length)])
        guard cell.hasEscapedQuotes else { return String(decoding: slice, as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(slice.count)
        var i = 0
        while i < slice.count {
            unescaped.append(slice[i])
            // A doubled quote inside a quoted cell stands for one quote.
            i += slice[i] == UInt8(ascii: "\"") ? 2 : 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }
}
