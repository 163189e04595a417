import InstantSearchCore
import OrderedCollections

/// RFC 4180 CSV with a header row: quoted fields may hold commas, line breaks and doubled
/// quotes; lines end in LF or CRLF. A column whose non-empty cells all read as numbers
/// becomes numeric; empty cells are left out of the record.
///
/// Two passes: the first only records where each cell lies (so a 30 MB file does not
/// allocate a String per numeric cell), the second builds records once column types are known.
struct CSVParser {
    private struct Cell {
        var start: Int32
        var length: Int32
        /// The cell was quoted and contains doubled quotes, so it must be unescaped.
        var hasEscapedQuotes: Bool
    }

    static func parse(_ bytes: [UInt8], file: String) throws -> [JSONValue] {
        try bytes.withUnsafeBufferPointer { try parse($0, file: file) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> [JSONValue] {
        guard bytes.count < Int(Int32.max) else {
            throw DataError(file: file, message: "CSV files larger than 2 GB are not supported")
        }
        var offset = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }

        var cells: [Cell] = []
        var rowStart: [Int] = []
        var header: [String] = []
        var columnIsNumeric: [Bool] = []
        var columnHasNumber: [Bool] = []
        var line = 1
        var row: [Cell] = []

        func error(_ message: String, at position: Int) -> DataError {
            let (line, column) = SourceLocation.lineAndColumn(of: position, in: bytes)
            return DataError(file: file, line: line, column: column, message: message)
        }

        while offset < bytes.count {
            let rowLine = line
            row.removeAll(keepingCapacity: true)
            // Reads one record, which may span several lines when a quoted cell holds line breaks.
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
                        if byte == UInt8(ascii: "\n") { line += 1 }
                        offset += 1
                    }
                    guard closed else { throw error("unterminated quoted field (opened here)", at: cellStart) }
                    cell.length = Int32(offset) - cell.start
                    offset += 1  // closing quote
                    if offset < bytes.count, !isFieldEnd(bytes[offset], bytes, offset) {
                        throw error("expected ',' or end of line after a closing quote", at: offset)
                    }
                } else {
                    while offset < bytes.count, !isFieldEnd(bytes[offset], bytes, offset) { offset += 1 }
                    cell.length = Int32(offset) - cell.start
                }
                row.append(cell)
                if offset >= bytes.count {
                    endOfRecord = true
                } else if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                } else {
                    offset += bytes[offset] == UInt8(ascii: "\r") ? 2 : 1
                    line += 1
                    endOfRecord = true
                }
            }
            // Blank lines carry no record.
            if row.count == 1 && row[0].length == 0 && !row[0].hasEscapedQuotes { continue }
            if header.isEmpty {
                header = row.map { text(of: $0, in: bytes) }
                columnIsNumeric = Array(repeating: true, count: header.count)
                columnHasNumber = Array(repeating: false, count: header.count)
                continue
            }
            guard row.count == header.count else {
                throw DataError(file: file, line: rowLine, message: "expected \(header.count) fields, found \(row.count)")
            }
            rowStart.append(cells.count)
            for (column, cell) in row.enumerated() where cell.length > 0 && columnIsNumeric[column] {
                let check = NumberBytes.isPlainNumber(UnsafeBufferPointer(rebasing: bytes[Int(cell.start)..<Int(cell.start + cell.length)]))
                if check.isNumber { columnHasNumber[column] = true } else { columnIsNumeric[column] = false }
            }
            cells.append(contentsOf: row)
        }

        let numeric = zip(columnIsNumeric, columnHasNumber).map { $0 && $1 }
        var records: [JSONValue] = []
        records.reserveCapacity(rowStart.count)
        for (index, first) in rowStart.enumerated() {
            if index & 0xFFF == 0, Task.isCancelled { throw CancellationError() }
            var fields = OrderedDictionary<String, JSONValue>(minimumCapacity: header.count)
            for column in 0..<header.count {
                let cell = cells[first + column]
                guard cell.length > 0 else { continue }
                let slice = UnsafeBufferPointer(rebasing: bytes[Int(cell.start)..<Int(cell.start + cell.length)])
                if numeric[column] {
                    fields[header[column]] = .number(NumberBytes.double(slice, isInteger: NumberBytes.isPlainNumber(slice).isInteger))
                } else {
                    fields[header[column]] = .string(text(of: cell, in: bytes))
                }
            }
            records.append(.object(fields))
        }
        return records
    }

    @inline(__always)
    private static func isFieldEnd(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") { return true }
        return byte == UInt8(ascii: "\r") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\n")
    }

    private static func text(of cell: Cell, in bytes: UnsafeBufferPointer<UInt8>) -> String {
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
