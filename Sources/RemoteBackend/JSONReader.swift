import InstantSearchCore
import OrderedCollections

/// A small JSON reader into `JSONValue`, keeping object keys in the order they arrive.
///
/// Why not JSONSerialization: on Linux it hands back unordered dictionaries, and a hit printed
/// back (Enter) should read like the record the server sent. Why not the engine's parser: this
/// target must not depend on the engine, so a remote front end stays small.
struct JSONReader {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0

    struct Failure: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "\(reason) at byte \(offset)" }
    }

    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value()
        reader.skipSpace()
        guard reader.i == bytes.count else { throw reader.failure("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ reason: String) -> Failure { Failure(offset: i, reason: reason) }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value() throws -> JSONValue {
        guard i < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try nested { try $0.object() }
        case UInt8(ascii: "["): return try nested { try $0.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return .number(try number())
        }
    }

    /// Bounds nesting so a hostile response cannot exhaust the stack.
    private mutating func nested(_ body: (inout JSONReader) throws -> JSONValue) throws -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 200 else { throw failure("nesting deeper than 200 levels") }
        return try body(&self)
    }

    private mutating func object() throws -> JSONValue {
        i += 1
        var fields: OrderedDictionary<String, JSONValue> = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try string()
            skipSpace()
            try expect(":")
            skipSpace()
            fields[key] = try value()
            skipSpace()
            if try endOrComma("}") { return .object(fields) }
        }
    }

    private mutating func array() throws -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            if try endOrComma("]") { return .array(items) }
        }
    }

    private mutating func endOrComma(_ close: Unicode.Scalar) throws -> Bool {
        guard i < bytes.count else { throw failure("unexpected end of input") }
        if bytes[i] == UInt8(ascii: close) { i += 1; return true }
        guard bytes[i] == UInt8(ascii: ",") else { throw failure("expected ',' or '\(close)'") }
        i += 1
        return false
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws {
        guard i < bytes.count, bytes[i] == UInt8(ascii: scalar) else { throw failure("expected '\(scalar)'") }
        i += 1
    }

    private mutating func literal(_ word: String, _ result: JSONValue) throws -> JSONValue {
        let utf8 = Array(word.utf8)
        guard i + utf8.count <= bytes.count, Array(bytes[i..<i + utf8.count]) == utf8 else { throw failure("invalid literal") }
        i += utf8.count
        return result
    }

    private mutating func number() throws -> Double {
        let start = i
        while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
        guard i > start, let text = String(bytes: bytes[start..<i], encoding: .utf8), let value = Double(text) else {
            i = start
            throw failure("expected a value")
        }
        return value
    }

    private mutating func string() throws -> String {
        i += 1
        var scalars = String.UnicodeScalarView()
        var run = i  // start of the current run of plain bytes
        var out = ""
        func flush(_ end: Int) { out += String(decoding: bytes[run..<end], as: UTF8.self) }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                flush(i)
                i += 1
                return out
            }
            guard byte == UInt8(ascii: "\\") else {
                guard byte >= 0x20 else { throw failure("control character in a string") }
                i += 1
                continue
            }
            flush(i)
            i += 1
            guard i < bytes.count else { break }
            let escaped = bytes[i]
            i += 1
            switch escaped {
            case UInt8(ascii: "n"): out += "\n"
            case UInt8(ascii: "t"): out += "\t"
            case UInt8(ascii: "r"): out += "\r"
            case UInt8(ascii: "b"): out += "\u{8}"
            case UInt8(ascii: "f"): out += "\u{C}"
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                scalars = String.UnicodeScalarView()
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                out += String(scalars)
            default: out.unicodeScalars.append(Unicode.Scalar(escaped))
            }
            run = i
        }
        throw failure("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count, let text = String(bytes: bytes[i..<i + 4], encoding: .ascii),
            let code = UInt32(text, radix: 16)
        else { throw failure("invalid \\u escape") }
        i += 4
        return code
    }
}
