import InstantSearchCore

/// Tells a format from the first bytes of data nobody named (standard input, a file without a
/// known extension), the way a person would glance at it:
///
/// - `[` first: a JSON array; `{` first: JSON objects (NDJSON).
/// - TSV when the first row has at least two tab-separated fields and every following row of
///   the sample has as many (TSV as IANA has it: no quoting); CSV likewise with commas (quotes
///   as RFC 4180 has them).
/// - Anything else — `ls`, `ps aux`, logs, one column of names, a header with no rows — is plain
///   lines. A one-column CSV cannot be told from lines by looking: `--format csv` says it.
public enum FormatSniffer {
    /// Rows after the header that must agree; fewer will do when the data is shorter.
    static let sampleRows = 20
    /// The sample never reads further than this.
    static let sampleBytes = 64 * 1024

    /// `isComplete`: `bytes` is all the data, so a last line without a newline counts.
    public static func sniff(_ bytes: [UInt8], isComplete: Bool) -> DataFormat {
        guard let first = firstSignificantByte(bytes) else { return .lines }
        switch bytes[first] {
        case UInt8(ascii: "["): return .jsonArray
        case UInt8(ascii: "{"): return .ndjson
        default: break
        }
        let sample = sampleEnd(bytes, isComplete: isComplete)
        guard sample > 0 else { return .lines }
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        let headerHasTab = bytes[start..<sample].prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }.contains(UInt8(ascii: "\t"))
        if headerHasTab, rowsAgree(bytes, from: start, to: sample, dialect: .tsv) { return .tsv }
        if rowsAgree(bytes, from: start, to: sample, dialect: .csv) { return .csv }
        return .lines
    }

    /// The offset of the first byte that is neither a byte order mark nor whitespace.
    static func firstSignificantByte(_ bytes: [UInt8]) -> Int? {
        var i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count ? i : nil
    }

    /// Where the sample ends: after the last whole line within `sampleBytes`.
    private static func sampleEnd(_ bytes: [UInt8], isComplete: Bool) -> Int {
        let limit = min(bytes.count, sampleBytes)
        if isComplete && limit == bytes.count { return limit }
        var end = limit
        while end > 0, bytes[end - 1] != UInt8(ascii: "\n"), bytes[end - 1] != UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// True when the header has at least two fields and the next rows (one at least) as many.
    private static func rowsAgree(_ bytes: [UInt8], from start: Int, to end: Int, dialect: CSVDialect) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            let sample = UnsafeBufferPointer(rebasing: all[..<end])
            var offset = start
            var line = 1
            var row: [CSVParser.Cell] = []
            var header = 0
            var agreeing = 0
            while offset < sample.count, agreeing < sampleRows {
                guard (try? CSVParser.readRow(sample, offset: &offset, line: &line, into: &row, dialect: dialect)) != nil
                else { return false }
                if row.count == 1 && row[0].length == 0 { continue }  // a blank line
                if header == 0 {
                    header = row.count
                    if header < 2 { return false }
                } else if row.count == header {
                    agreeing += 1
                } else {
                    return false
                }
            }
            return agreeing > 0
        }
    }
}
