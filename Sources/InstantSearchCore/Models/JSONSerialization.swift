extension JSONValue {
    /// Compact JSON text (one line), keys in their stored order.
    public func serialized() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The same text, or nil as soon as it passes `limit` UTF-8 bytes: what an answer may
    /// hold is bounded while it is written, not after (checked between values, so the text
    /// grows at most one value past the limit before it is dropped).
    public func serialized(atMost limit: Int) -> String? {
        var out = ""
        return write(into: &out, limit: limit) ? out : nil
    }

    public func write(into out: inout String) {
        write(into: &out, limit: .max)
    }

    /// False once `out` holds more than `limit` UTF-8 bytes (the writing stops there).
    @discardableResult
    func write(into out: inout String, limit: Int) -> Bool {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONValue.format(number: n)
        case .string(let s): JSONValue.writeQuoted(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                guard item.write(into: &out, limit: limit) else { return false }
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeQuoted(key, into: &out)
                out += ":"
                guard value.write(into: &out, limit: limit) else { return false }
            }
            out += "}"
        }
        return out.utf8.count <= limit
    }

    /// Runs of characters that need no escape are appended whole: appending scalar by scalar
    /// was half of `serve`'s time per answer (a page of hits is mostly plain text).
    static func writeQuoted(_ s: String, into out: inout String) {
        out += "\""
        let utf8 = s.utf8
        var runStart = utf8.startIndex
        var index = runStart
        // Every byte that needs an escape is ASCII, so a run always ends on a scalar boundary.
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                index = utf8.index(after: index)
                continue
            }
            if runStart != index { out += String(decoding: utf8[runStart..<index], as: UTF8.self) }
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "\n"): out += "\\n"
            case UInt8(ascii: "\r"): out += "\\r"
            case UInt8(ascii: "\t"): out += "\\t"
            default:
                let hex = String(byte, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            index = utf8.index(after: index)
            runStart = index
        }
        if runStart == utf8.startIndex {
            out += s  // nothing escaped: the common case, one append
        } else if runStart != index {
            out += String(decoding: utf8[runStart..<index], as: UTF8.self)
        }
        out += "\""
    }
}
