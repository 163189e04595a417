/// A request target split into what the routes need: percent-decoded path segments (dot
/// segments resolved, as a URL is standardized) and percent-decoded query items.
public struct HTTPTarget: Sendable, Equatable {
    public var pathSegments: [String]
    public var queryItems: [(name: String, value: String)]

    public init(_ target: String) {
        let mark = target.firstIndex(of: "?")
        let path = target[..<(mark ?? target.endIndex)]
        var segments: [String] = []
        for raw in path.split(separator: "/") {
            let segment = Self.decode(raw) ?? String(raw)
            switch segment {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(segment)
            }
        }
        pathSegments = segments
        queryItems = []
        guard let mark else { return }
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "") else { continue }
            queryItems.append((name, value))
        }
    }

    /// The first value of a query item, its name in any case.
    public func query(_ name: String) -> String? {
        let name = name.lowercased()
        return queryItems.first { $0.name.lowercased() == name }?.value
    }

    /// `%XX` decoded; nil when an escape is malformed or the result is not UTF-8.
    static func decode(_ text: Substring) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    public static func == (a: HTTPTarget, b: HTTPTarget) -> Bool {
        a.pathSegments == b.pathSegments && a.queryItems.elementsEqual(b.queryItems) { $0 == $1 }
    }
}
