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
