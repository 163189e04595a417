import OrderedCollections

/// A JSON parser over raw UTF-8 bytes, written for load speed: no intermediate tokens,
/// strings without escapes are decoded straight from the buffer, integers skip `strtod`.
/// Object keys keep their file order. Every error names the file, line and column.
public struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    public private(set) var offset: Int
    private var depth = 0
    private let lines: LineIndex
    /// Deep enough for any real record, shallow enough that recursion cannot overflow the stack
    /// (a parse runs on any thread, with as little as 512 KB of stack).
    public static let maxDepth = 512

    /// `lines` locates errors; a loader that reports many (`--lenient`) shares one per file.
    public init(bytes: UnsafeBufferPointer<UInt8>, file: String, offset: Int = 0, lines: LineIndex = LineIndex()) {
        self.bytes = bytes
        self.file = file
        self.offset = offset
        self.lines = lines
    }

    /// Parses a whole document holding exactly one value.
    public static func parse(_ bytes: [UInt8], file: String) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, file: file)
            parser.skipByteOrderMark()
            let value = try parser.parseValue()
            parser.skipWhitespace()
            if !parser.atEnd { throw parser.error("unexpected data after the JSON value") }
            return value
        }
    }

    public static func parse(_ text: String, file: String) throws -> JSONValue {
        try parse(Array(text.utf8), file: file)
    }

    public var atEnd: Bool { offset >= bytes.count }

    /// Steps over `byte` when it is next; says whether it was.
    public mutating func consume(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    /// Moves the cursor (a loader skipping a bad record goes on after it).
    public mutating func seek(to position: Int) {
        offset = min(max(position, 0), bytes.count)
    }

    public mutating func skipByteOrderMark() {
        if bytes.count >= offset + 3, bytes[offset] == 0xEF, bytes[offset + 1] == 0xBB, bytes[offset + 2] == 0xBF {
            offset += 3
        }
    }

    public mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    public func error(_ message: String, at position: Int? = nil) -> DataError {
        let (line, column) = lines.lineAndColumn(of: position ?? offset, in: bytes)
        return DataError(file: file, line: line, column: column, message: message)
    }

    /// Names the byte at the cursor for messages like "expected a value, found '}'".
    public var found: String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16)
    }

    public mutating func parseValue() throws -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw error("expected a value, found end of input") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value, found \(found)")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws -> JSONValue {
        let start = offset
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected -> Bool in
            guard offset + count <= bytes.count else { return false }
            for i in 0..<count where bytes[offset + i] != expected[i] { return false }
            return true
        }
        guard matches else { throw error("expected a value (did you mean '\(word)'?)", at: start) }
        offset += count
        return value
    }

    private mutating func enterNesting() throws {
        depth += 1
        if depth > JSONParser.maxDepth { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enterNesting()
        defer { depth -= 1 }
        offset += 1  // '{'
        var fields = OrderedDictionary<String, JSONValue>()
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a string key in an object, found \(found)")
            }
            let key = try parseString()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after an object key, found \(found)")
            }
            offset += 1
            fields[key] = try parseValue()
            skipWhitespace()
            guard offset < bytes.count else { throw error("expected ',' or '}' after an object member") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return .object(fields)
            default: throw error("expected ',' or '}' after an object member, found \(found)")
            }
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enterNesting()
        defer { depth -= 1 }
        offset += 1  // '['
        var items: [JSONValue] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(items)
        }
        while true {
            items.append(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else { throw error("expected ',' or ']' after an array element") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return .array(items)
            default: throw error("expected ',' or ']' after an array element, found \(found)")
            }
        }
    }

    public mutating func parseString() throws -> String {
        let quote = offset
        offset += 1
        let start = offset
        // Fast path: most strings have no escapes and decode straight from the buffer.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            offset += 1
        }
        guard offset < bytes.count else { throw error("unterminated string (opened here)", at: quote) }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw error("unescaped control character in a string")
            default:
                buffer.append(byte)
                offset += 1
            }
        }
        throw error("unterminated string (opened here)", at: quote)
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws {
        let escapeStart = offset
        offset += 1  // '\'
        guard offset < bytes.count else { throw error("unterminated escape sequence", at: escapeStart) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var code = try parseHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(code) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                else { throw error("expected a low surrogate '\\uDC00'-'\\uDFFF' after a high surrogate", at: escapeStart) }
                offset += 2
                let low = try parseHex4(escapeStart: offset - 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("expected a low surrogate '\\uDC00'-'\\uDFFF' after a high surrogate", at: offset - 6)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(code) {
                throw error("unpaired low surrogate in \\u escape", at: escapeStart)
            }
            buffer.append(contentsOf: Array(String(Unicode.Scalar(code)!).utf8))
        default:
            throw error("invalid escape sequence; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: escapeStart)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("expected 4 hex digits after \\u", at: escapeStart) }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits after \\u", at: escapeStart)
            }
            code = code << 4 | digit
            offset += 1
        }
        return code
    }

    private mutating func parseNumber() throws -> Double {
        let start = offset
        var isInteger = true
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in a number") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw error("numbers cannot have leading zeros") }
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit after the decimal point") }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in the exponent") }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        let value = NumberBytes.double(UnsafeBufferPointer(rebasing: bytes[start..<offset]), isInteger: isInteger)
        // `1e999999` reads as infinity, which JSON cannot hold and would be written back as null.
        guard value.isFinite else { throw error("number out of range (at most about 1.8e308)", at: start) }
        return value
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
