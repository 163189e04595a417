/// Turns a byte offset into a 1-based line and column. Only called when reporting an
/// error, so parsers track nothing but the offset on their hot path.
public enum SourceLocation {
    public static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(max(offset, 0), bytes.count)
        var i = 0
        while i < end {
            if isLineEnd(at: i, in: bytes) {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return (line, column(from: lineStart, to: end, in: bytes))
    }

    /// Whether a line ends with the byte at `i`: LF, the LF of CRLF, or a CR alone (old Mac
    /// text), so that CRLF is one line end and CR-only text has lines at all.
    @inlinable
    public static func isLineEnd(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let byte = bytes[i]
        if byte == UInt8(ascii: "\n") { return true }
        return byte == UInt8(ascii: "\r") && (i + 1 == bytes.count || bytes[i + 1] != UInt8(ascii: "\n"))
    }

    /// Columns count characters a user sees, not bytes: UTF-8 continuation bytes are skipped.
    static func column(from lineStart: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var column = 1
        var j = lineStart
        while j < end {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        return column
    }
}

/// Where each line of a file starts, found once, so that a loader skipping many bad records
/// (`--lenient`) locates each one in the length of its line rather than of the whole file.
public final class LineIndex {
    private var starts: [Int]?

    public init() {}

    public func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        if starts == nil {
            var found = [0]
            for i in 0..<bytes.count where SourceLocation.isLineEnd(at: i, in: bytes) { found.append(i + 1) }
            starts = found
        }
        let end = min(max(offset, 0), bytes.count)
        // The last line start at or before `end`.
        var low = 0
        var high = starts!.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts![mid] <= end { low = mid } else { high = mid - 1 }
        }
        return (low + 1, SourceLocation.column(from: starts![low], to: end, in: bytes))
    }
}
