import Foundation

/// A request parameter a server cannot read: its message says which and why (a 400).
public struct AlgoliaParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Algolia's search parameters → a `Query` (the server side of `AlgoliaRequest`).
///
/// Understood: `query`, `page`, `hitsPerPage`, `facets`, `maxValuesPerFacet`, `filters`,
/// `facetFilters` (strings AND-ed, inner arrays OR-ed), `numericFilters`, `facetQuery`,
/// `enableRules` and `ruleContexts`;
/// plus `disjunctiveFacets`, this server's own: facets counted as if their own refinements
/// were absent (what Algolia's JavaScript helper does with extra queries). Filters the
/// refinement model cannot hold (negations, `!=`) join `filters` with AND.
public struct AlgoliaParameters {
    public let values: [String: JSONValue]

    public init(values: [String: JSONValue]) {
        self.values = values
    }

    public func query() throws -> Query {
        var query = Query(text: try string("query") ?? "")
        query.page = try integer("page", at: 0...10_000) ?? 0
        query.hitsPerPage = try integer("hitsPerPage", at: 0...1_000) ?? 20
        query.maxValuesPerFacet = try integer("maxValuesPerFacet", at: 1...1_000) ?? 100
        query.facets = try list("facets") ?? []
        query.disjunctiveFacets = Set(try list("disjunctiveFacets") ?? [])
        query.getRankingInfo = try boolean("getRankingInfo") ?? false
        query.enableRules = try boolean("enableRules") ?? true
        query.ruleContexts = try list("ruleContexts") ?? []
        query.facetingAfterDistinct = try boolean("facetingAfterDistinct")
        if let distinct = try boolean("distinct") {
            query.distinct = distinct ? 1 : 0
        } else {
            query.distinct = try integer("distinct", at: 0...4)
        }
        var extra: [String] = []
        if let filters = try string("filters"), !filters.trimmingCharacters(in: .whitespaces).isEmpty {
            extra.append("(\(filters))")
        }
        try readFacetFilters(into: &query, extra: &extra)
        try readNumericFilters(into: &query, extra: &extra)
        query.filters = extra.isEmpty ? nil : extra.joined(separator: " AND ")
        return query
    }

    // MARK: Filters

    private func readFacetFilters(into query: inout Query, extra: inout [String]) throws {
        guard let raw = values["facetFilters"] else { return }
        let groups: [JSONValue]
        switch raw {
        case .array(let items): groups = items
        case .string(let s): groups = s.split(separator: ",").map { .string(String($0)) }
        default: throw AlgoliaParameterError("facetFilters must be an array")
        }
        for group in groups {
            let members: [String]
            switch group {
            case .string(let s): members = [s]
            case .array(let items):
                members = try items.map {
                    guard let s = $0.stringValue else { throw AlgoliaParameterError("facetFilters: expected strings") }
                    return s
                }
            default: throw AlgoliaParameterError("facetFilters: expected strings or arrays of strings")
            }
            let parsed = try members.map(Self.facetFilter)
            let attributes = Set(parsed.map(\.attribute))
            // One attribute, no negation: a refinement, OR-ed when the group has several values.
            if attributes.count == 1, !parsed.contains(where: \.negated) {
                let attribute = parsed[0].attribute
                if parsed.count > 1 { query.disjunctiveFacets.insert(attribute) }
                query.facetRefinements[attribute, default: []].formUnion(parsed.map(\.value))
            } else {
                let clauses = parsed.map { ($0.negated ? "NOT " : "") + "\(Self.quoted($0.attribute)):\(Self.quoted($0.value))" }
                extra.append("(" + clauses.joined(separator: " OR ") + ")")
            }
        }
    }

    private static func facetFilter(_ text: String) throws -> (attribute: String, value: String, negated: Bool) {
        guard let colon = text.firstIndex(of: ":") else {
            throw AlgoliaParameterError("facetFilters: \"\(text)\" is not attribute:value")
        }
        let attribute = String(text[..<colon])
        var value = String(text[text.index(after: colon)...])
        let negated = value.hasPrefix("-")
        if negated { value.removeFirst() }
        if value.hasPrefix("\\-") { value.removeFirst() }  // Algolia's escape for a value starting with "-"
        return (attribute, value, negated)
    }

    private func readNumericFilters(into query: inout Query, extra: inout [String]) throws {
        guard let raw = values["numericFilters"] else { return }
        let items: [String]
        switch raw {
        case .array(let list): items = list.compactMap { $0.stringValue ?? $0.arrayValue?.first?.stringValue }
        case .string(let s): items = s.split(separator: ",").map(String.init)
        default: throw AlgoliaParameterError("numericFilters must be an array")
        }
        for item in items {
            let compact = item.replacingOccurrences(of: " ", with: "")
            if let (attribute, op, number) = Self.comparison(compact), op != "!=" {
                var range = query.numericRanges[attribute] ?? NumericRange()
                // The tighter bound wins; at the same value a strict one is the tighter.
                if op.hasPrefix(">") || op == "=" {
                    let strict = op == ">"
                    if number > range.lower ?? -.infinity { (range.lower, range.excludesLower) = (number, strict) }
                    else if number == range.lower, strict { range.excludesLower = true }
                }
                if op.hasPrefix("<") || op == "=" {
                    let strict = op == "<"
                    if number < range.upper ?? .infinity { (range.upper, range.excludesUpper) = (number, strict) }
                    else if number == range.upper, strict { range.excludesUpper = true }
                }
                query.numericRanges[attribute] = range
            } else {
                extra.append("(\(item))")  // the engine's filter syntax reads the rest, or says what is wrong
            }
        }
    }

    private static func comparison(_ text: String) -> (String, String, Double)? {
        for op in [">=", "<=", "!=", "=", ">", "<"] {
            guard let range = text.range(of: op) else { continue }
            let attribute = String(text[..<range.lowerBound])
            guard !attribute.isEmpty, let number = Double(text[range.upperBound...]) else { return nil }
            return (attribute, op, number)
        }
        return nil
    }

    private static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    // MARK: Typed access

    public func string(_ key: String) throws -> String? {
        guard let value = values[key], value != .null else { return nil }
        switch value {
        case .string(let s): return s
        case .number, .bool: return value.displayText
        default: throw AlgoliaParameterError("\(key) must be a string")
        }
    }

    public func integer(_ key: String, at allowed: ClosedRange<Int>) throws -> Int? {
        guard let value = values[key], value != .null else { return nil }
        let number = value.numberValue ?? value.stringValue.flatMap { Double($0) }
        guard let number, number == number.rounded(), let int = Int(exactly: number), allowed.contains(int) else {
            throw AlgoliaParameterError("\(key) must be an integer from \(allowed.lowerBound) to \(allowed.upperBound)")
        }
        return int
    }

    /// true / false, also as the strings a `params` string carries; nil for a number, which
    /// `distinct` reads as a count.
    func boolean(_ key: String) throws -> Bool? {
        switch values[key] {
        case .bool(let b)?: return b
        case .string("true")?: return true
        case .string("false")?: return false
        case nil, .null?, .number?, .string?: return nil
        default: throw AlgoliaParameterError("\(key) must be true or false")
        }
    }

    /// An array of strings, or one comma-separated string.
    public func list(_ key: String) throws -> [String]? {
        guard let value = values[key], value != .null else { return nil }
        switch value {
        case .string(let s): return s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        case .array(let items):
            return try items.map {
                guard let s = $0.stringValue else { throw AlgoliaParameterError("\(key) must be an array of strings") }
                return s
            }
        default: throw AlgoliaParameterError("\(key) must be an array of strings")
        }
    }
}
