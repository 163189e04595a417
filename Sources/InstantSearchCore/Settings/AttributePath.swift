/// Algolia's nested attributes: `maker.name` reads `{"maker": {"name": …}}`, and `cast.name`
/// reads every `name` of `{"cast": [{"name": …}, {"name": …}]}` as one list. Everything that
/// reads a record by attribute — indexing, facets, numbers, filters, highlighting, display —
/// goes through `JSONValue.value(atPath:)`, so a dotted name means the same everywhere.
extension JSONValue {
    /// The value at `path`. A key that is itself the whole path wins (a CSV column called
    /// `a.b`); else the path is followed dot by dot, through arrays of objects, whose values
    /// are gathered into one array. nil when nothing is there.
    public func value(atPath path: Substring) -> JSONValue? {
        guard case .object(let fields) = self else {
            if case .array(let items) = self { return AttributePath.gather(items, path) }
            return nil
        }
        if let exact = fields[String(path)] { return exact }
        var rest = path
        // Keys may hold dots themselves (`v1.2.name`): each dot is tried as the split, the longest key first.
        while let dot = rest.lastIndex(of: ".") {
            rest = rest[..<dot]
            guard let inner = fields[String(rest)] else { continue }
            return inner.value(atPath: path[path.index(after: dot)...])
        }
        return nil
    }

    public func value(atPath path: String) -> JSONValue? {
        if case .object(let fields) = self, let exact = fields[path] { return exact }  // the common case, no copy
        guard path.utf8.contains(UInt8(ascii: ".")) else { return nil }
        return value(atPath: path[...])
    }
}

public enum AttributePath {
    /// An array's elements' values at `path`, one level of lists flattened.
    static func gather(_ items: [JSONValue], _ path: Substring) -> JSONValue? {
        var found: [JSONValue] = []
        for item in items {
            switch item.value(atPath: path) {
            case .array(let inner)?: found += inner
            case .null?, nil: continue
            case let value?: found.append(value)
            }
        }
        return found.isEmpty ? nil : .array(found)
    }

    /// Paths deeper than this are not listed (records are bounded by the parser's depth anyway).
    public static let maxDepth = 8

    /// Every attribute path `record` has: top-level keys, and `parent.child` for the keys of
    /// nested objects (through arrays of objects). What a named attribute is checked against.
    public static func paths(of record: JSONValue, into paths: inout Set<String>, limit: Int = 10_000) {
        func walk(_ value: JSONValue, prefix: String, depth: Int) {
            guard depth < maxDepth, paths.count < limit else { return }
            switch value {
            case .object(let fields):
                for (key, inner) in fields {
                    let path = prefix.isEmpty ? key : prefix + "." + key
                    paths.insert(path)
                    walk(inner, prefix: path, depth: depth + 1)
                }
            case .array(let items):
                for item in items { walk(item, prefix: prefix, depth: depth + 1) }
            default: return
            }
        }
        walk(record, prefix: "", depth: 0)
    }
}
