/// A request line and its header fields, parsed strictly from the bytes `HTTPHeadScanner` found.
///
/// Strict where leniency lets two parsers disagree about where a request ends (request
/// smuggling): no whitespace before a field's colon, no folded lines, no control characters,
/// one Content-Length, never both Content-Length and Transfer-Encoding.
public struct HTTPRequestHead: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        /// Lowercased: field names are case-insensitive.
        public var name: String
        public var value: String
    }

    public enum BodyFraming: Sendable, Equatable {
        case length(Int)
        case chunked
    }

    public var method: String
    /// The request target as sent (origin-form, or the path and query of an absolute URI).
    public var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public var minorVersion: Int
    public var fields: [Field]
    public var framing: BodyFraming
    /// The client waits for `100 Continue` before sending the body.
    public var expectsContinue: Bool
    /// Whether the connection may carry another request after this one.
    public var keepAlive: Bool

    /// The first value of a field (name in any case).
    public func field(_ name: String) -> String? {
        let name = name.lowercased()
        return fields.first { $0.name == name }?.value
    }

    /// The target's path and its query (without the `?`), both still percent-encoded.
    public var pathAndQuery: (path: String, query: String?) {
        guard let mark = target.firstIndex(of: "?") else { return (target, nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    public static func parse(_ head: ArraySlice<UInt8>) throws(HTTPFailure) -> HTTPRequestHead {
        var lines = Self.lines(head)
        guard !lines.isEmpty else { throw .badRequest("empty request") }
        let (method, target, minor) = try requestLine(lines.removeFirst())
        var fields: [Field] = []
        fields.reserveCapacity(lines.count)
        for line in lines { fields.append(try field(line)) }
        var head = HTTPRequestHead(
            method: method, target: target, minorVersion: minor, fields: fields, framing: .length(0),
            expectsContinue: false, keepAlive: minor >= 1)
        try head.readSemantics()
        return head
    }

    // MARK: Lines

    /// Non-empty lines without their line ends (the scanner guarantees the head ends in one).
    private static func lines(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        for index in head.indices where head[index] == UInt8(ascii: "\n") {
            var end = index
            if end > start, head[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end > start { lines.append(head[start..<end]) }
            start = index + 1
        }
        return lines
    }

    private static func requestLine(_ line: ArraySlice<UInt8>) throws(HTTPFailure) -> (String, String, Int) {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .badRequest("malformed request line: expected METHOD TARGET HTTP/1.1")
        }
        guard parts[0].allSatisfy(isTokenByte) else { throw .badRequest("malformed method") }
        guard parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .badRequest("the request target holds spaces or control characters")
        }
        let version = parts[2]
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)),
            isDigit(version[version.startIndex + 5]), version[version.startIndex + 6] == UInt8(ascii: "."),
            isDigit(version[version.startIndex + 7])
        else { throw .badRequest("malformed HTTP version") }
        let major = Int(version[version.startIndex + 5] - 0x30), minor = Int(version[version.startIndex + 7] - 0x30)
        guard major == 1 else { throw HTTPFailure(status: 505, "only HTTP/1.0 and HTTP/1.1 are served") }
        return (string(parts[0]), try originForm(string(parts[1])), minor)
    }

    /// `/path?query` as is; an absolute URI (`http://host/path`) reduced to its path and query.
    private static func originForm(_ target: String) throws(HTTPFailure) -> String {
        if target.hasPrefix("/") { return target }
        for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
            return rest[slash] == "/" ? String(rest[slash...]) : "/" + rest[slash...]
        }
        throw .badRequest("the request target must be a path such as /1/indexes")
    }

    private static func field(_ line: ArraySlice<UInt8>) throws(HTTPFailure) -> Field {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .badRequest(
                line.first == 0x20 || line.first == 0x09
                    ? "folded header lines are not accepted" : "a header line without a colon")
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw .badRequest("malformed header field name") }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value.removeFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
        guard value.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }) else {
            throw .badRequest("control characters in header field \"\(string(name))\"")
        }
        return Field(name: string(name).lowercased(), value: string(value))
    }

    // MARK: Meaning

    private mutating func readSemantics() throws(HTTPFailure) {
        let lengths = fields.filter { $0.name == "content-length" }.map(\.value)
        let codings = fields.filter { $0.name == "transfer-encoding" }.map(\.value)
        if !codings.isEmpty {
            guard lengths.isEmpty else { throw .badRequest("both Content-Length and Transfer-Encoding") }
            let coding = codings.joined(separator: ",").split(separator: ",").map { $0.trimmed.lowercased() }
            guard coding == ["chunked"] else {
                throw HTTPFailure(status: 501, "only the chunked transfer coding is understood")
            }
            guard minorVersion >= 1 else { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request") }
            framing = .chunked
        } else if let first = lengths.first {
            // Several fields, or a list, must all say the same (RFC 9110 §8.6).
            let values = lengths.joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false).map(\.trimmed)
            guard values.allSatisfy({ $0 == values[0] }), let length = Self.decimal(values[0]) else {
                throw .badRequest("malformed Content-Length: \"\(first)\"")
            }
            framing = .length(length)
        }
        let connection = fields.filter { $0.name == "connection" }
            .flatMap { $0.value.lowercased().split(separator: ",").map(\.trimmed) }
        if connection.contains("close") {
            keepAlive = false
        } else if connection.contains("keep-alive") {
            keepAlive = true
        }
        if let expect = field("expect") {
            guard expect.lowercased() == "100-continue" else { throw HTTPFailure(status: 417, "only Expect: 100-continue is understood") }
            expectsContinue = minorVersion >= 1
        }
    }

    /// Digits only, at most 15 of them: no sign, no overflow.
    private static func decimal(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 15, text.utf8.allSatisfy(isDigit) else { return nil }
        return text.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    // MARK: Bytes

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// RFC 9110's tchar: what a method or a field name may hold.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), 0x30...0x39: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

extension Substring {
    fileprivate var trimmed: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
