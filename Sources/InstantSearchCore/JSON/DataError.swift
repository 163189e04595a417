/// A problem in a data or settings file, located precisely enough to fix it in an editor:
/// `products.json:12:5: expected ',' or '}' after an object member`.
public struct DataError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The file name as the user gave it, or `<stdin>`.
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var out = file
        if let line { out += ":\(line)" }
        if let column { out += ":\(column)" }
        return out + ": " + message
    }
}

/// Turns a byte offset into a 1-based line and column. Only called when reporting an
/// error, so parsers track nothing but the offset on their hot path.
public enum SourceLocation {
    public static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var i = 0
        while i < end {
            if bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        // Columns count characters a user sees, not bytes: skip UTF-8 continuation bytes.
        var column = 1
        var j = lineStart
        while j < end {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        return (line, column)
    }
}
