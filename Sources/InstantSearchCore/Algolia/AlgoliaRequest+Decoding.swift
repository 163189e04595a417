#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A request parameter a server cannot read: its message says which and why (a 400).
public struct AlgoliaParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Algolia's search parameters → a `Query` (the server side of `AlgoliaRequest`).
///
/// Understood: `query`, `page`, `hitsPerPage`, `offset`/`length`, `facets`, `maxValuesPerFacet`,
/// `filters`, `facetFilters` (strings AND-ed, inner arrays OR-ed), `numericFilters` (the same),
/// `typoTolerance`, `distinct`, `getRankingInfo`, `facetingAfterDistinct`, `facetQuery`,
/// `enableRules` and `ruleContexts`; plus
/// `disjunctiveFacets`, this server's own: facets counted, and numeric attributes' stats taken,
/// as if their own refinements were absent (what Algolia's JavaScript helper does with extra
/// queries). Every other name is checked by `AlgoliaParameterNames`. Filters the refinement model
/// cannot hold (negations, `!=`, OR across attributes, numeric conditions whose stats must
/// honour them) join `filters` with AND.
public struct AlgoliaParameters {
    public let values: [String: JSONValue]

    public init(values: [String: JSONValue]) {
        self.values = values
    }

    /// The query; `alsoAllowed` names a route's own parameters (`indexName` in a multi-query,
    /// `facetQuery` in a facet search), read by the route itself.
    public func query(alsoAllowed: Set<String> = []) throws -> Query {
        try AlgoliaParameterNames.check(values, alsoAllowed: alsoAllowed)
        let text = try string("query") ?? ""
        try AlgoliaLimits.checkQuery(text)
        var query = Query(text: text)
        query.page = try integer("page", at: QueryLimits.page) ?? 0
        query.hitsPerPage = try integer("hitsPerPage", at: QueryLimits.hitsPerPage) ?? 20
        if let (offset, length) = try window() {
            // The first offset + length hits; the server drops the first `offset` of them.
            (query.page, query.hitsPerPage) = (0, offset + length)
        }
        query.maxValuesPerFacet = try integer("maxValuesPerFacet", at: 1...1_000) ?? 100
        query.facets = try list("facets") ?? []
        query.disjunctiveFacets = Set(try list("disjunctiveFacets") ?? [])
        query.getRankingInfo = try boolean("getRankingInfo") ?? false
        query.enableRules = try boolean("enableRules") ?? true
        query.ruleContexts = try list("ruleContexts") ?? []
        query.geo = try geo()
        query.relevancyStrictness = try integer("relevancyStrictness", at: 0...100)
        query.enableReRanking = try boolean("enableReRanking")
        if let sort = try string("sortBy") {
            do { query.sortBy = try SortCriterion.parse(sort) } catch { throw AlgoliaParameterError("sortBy: \(error.message)") }
        }
        query.facetingAfterDistinct = try boolean("facetingAfterDistinct")
        if let distinct = try boolean("distinct") {
            query.distinct = distinct ? 1 : 0
        } else {
            query.distinct = try integer("distinct", at: 0...4)
        }
        if let typos = try typoTolerance() { query.typoTolerance = typos }
        query.advancedSyntax = try boolean("advancedSyntax")
        if let features = try list("advancedSyntaxFeatures") {
            do { query.advancedSyntaxFeatures = try AdvancedSyntaxFeature.parseList(features, what: "advancedSyntaxFeatures") } catch {
                throw AlgoliaParameterError(error.message)
            }
        }
        var extra: [String] = []
        if let filters = try string("filters"), !filters.trimmingBlanks().isEmpty {
            try AlgoliaLimits.checkFilters(filters)
            // Put first and bare when it has no top-level OR, so its columns and its nesting
            // are what the client wrote (256 levels stay 256).
            extra.append(FilterText.hasTopLevelOR(filters) ? "(\(filters))" : filters)
        }
        var conditions = 0
        try readFacetFilters(into: &query, extra: &extra, conditions: &conditions)
        try readNumericFilters(into: &query, extra: &extra, conditions: &conditions)
        query.filters = extra.isEmpty ? nil : extra.joined(separator: " AND ")
        return query
    }

    /// `typoTolerance`: true (the index's rules) or false (none); `min` and `strict` are refused.
    private func typoTolerance() throws -> Bool? {
        switch values["typoTolerance"] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case .string("true")?: return true
        case .string("false")?: return false
        default: throw AlgoliaParameterError("typoTolerance: only true or false are supported (not \"min\" or \"strict\")")
        }
    }

    // MARK: Filters

    private func readFacetFilters(into query: inout Query, extra: inout [String], conditions: inout Int) throws {
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
            conditions += members.count
            try AlgoliaLimits.checkConditions(conditions, parameter: "facetFilters")
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
            throw AlgoliaParameterError("facetFilters: \"\(text.prefix(80))\" is not attribute:value")
        }
        let attribute = String(text[..<colon])
        var value = String(text[text.index(after: colon)...])
        let negated = value.hasPrefix("-")
        if negated { value.removeFirst() }
        if value.hasPrefix("\\-") { value.removeFirst() }  // Algolia's escape for a value starting with "-"
        return (attribute, value, negated)
    }

    /// A lone condition on an attribute of `disjunctiveFacets` becomes a range, so that
    /// attribute's stats ignore it (a slider's bounds stay put); every other condition joins
    /// `filters`, so stats and counts honour it as Algolia's do.
    private func readNumericFilters(into query: inout Query, extra: inout [String], conditions: inout Int) throws {
        guard let raw = values["numericFilters"] else { return }
        let groups: [[String]]
        switch raw {
        case .array(let list):
            groups = try list.map { item in
                if let text = item.stringValue { return [text] }
                guard let inner = item.arrayValue else { throw AlgoliaParameterError("numericFilters: expected strings or arrays of strings") }
                return try inner.map {
                    guard let text = $0.stringValue else { throw AlgoliaParameterError("numericFilters: expected strings") }
                    return text
                }
            }
        case .string(let s): groups = s.split(separator: ",").map { [String($0)] }
        default: throw AlgoliaParameterError("numericFilters must be an array")
        }
        for group in groups where !group.isEmpty {
            conditions += group.count
            try AlgoliaLimits.checkConditions(conditions, parameter: "numericFilters")
            let parsed = try group.map(AlgoliaNumericFilter.parse)
            if parsed.count == 1, query.disjunctiveFacets.contains(parsed[0].attribute), let range = parsed[0].range {
                let attribute = parsed[0].attribute
                query.numericRanges[attribute] = (query.numericRanges[attribute] ?? NumericRange()).intersected(with: range)
            } else {
                let clauses = parsed.map(\.filterText)
                extra.append(clauses.count == 1 ? clauses[0] : "(" + clauses.joined(separator: " OR ") + ")")
            }
        }
    }

    static func quoted(_ s: String) -> String {
        "\"" + s.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"") + "\""
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
    public func boolean(_ key: String) throws -> Bool? {
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
        case .string(let s): return s.split(separator: ",").map { $0.trimmingBlanks() }
        case .array(let items):
            return try items.map {
                guard let s = $0.stringValue else { throw AlgoliaParameterError("\(key) must be an array of strings") }
                return s
            }
        default: throw AlgoliaParameterError("\(key) must be an array of strings")
        }
    }
}
