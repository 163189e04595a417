/// Algolia's `renderingContent`: what the index says about how its results are shown, sent with
/// every answer so a front end can follow it without a release (InstantSearch's DynamicFacetList).
/// Only `facetOrdering` is read; it changes no search.
public struct RenderingContent: Hashable, Sendable {
    public var facetOrdering: FacetOrdering?

    public init(facetOrdering: FacetOrdering? = nil) {
        self.facetOrdering = facetOrdering
    }

    /// Reads `{"facetOrdering": {"facets": {"order": [...]}, "values": {"brand": {...}}}}`; a
    /// wrong shape is an error naming the key and what was expected.
    public static func parse(_ value: JSONValue, fail: (String) -> DataError) throws -> RenderingContent {
        guard case .object(let fields) = value else { throw fail("\"renderingContent\" must be an object") }
        var content = RenderingContent()
        for (key, field) in fields {
            switch key {
            case "facetOrdering": content.facetOrdering = try FacetOrdering.parse(field, fail: fail)
            default: throw fail("\"renderingContent\" has an unknown key \"\(key)\"; known: facetOrdering")
            }
        }
        return content
    }

    public var json: JSONValue {
        guard let facetOrdering else { return .object([:]) }
        return .object(["facetOrdering": facetOrdering.json])
    }
}

/// Which facet lists show and in which order, and each list's pinned, hidden and remaining values
/// (Algolia's `facetOrdering`).
public struct FacetOrdering: Hashable, Sendable {
    /// The facets shown, in this order; a facet left out is not shown. nil: every facet, as the
    /// index lists them.
    public var facets: [String]?
    /// attribute → how its values are ordered.
    public var values: [String: FacetValuesOrdering]

    public init(facets: [String]? = nil, values: [String: FacetValuesOrdering] = [:]) {
        self.facets = facets
        self.values = values
    }

    /// The facet lists shown, in order: the ordering's own where it gives one (only those the
    /// index has), else `attributes` as they are.
    public func shown(_ attributes: [String]) -> [String] {
        guard let facets else { return attributes }
        let known = Set(attributes)
        var seen: Set<String> = []
        return facets.filter { known.contains($0) && seen.insert($0).inserted }
    }

    static func parse(_ value: JSONValue, fail: (String) -> DataError) throws -> FacetOrdering {
        guard case .object(let fields) = value else { throw fail("\"facetOrdering\" must be an object") }
        var ordering = FacetOrdering()
        for (key, field) in fields {
            switch key {
            case "facets":
                guard case .object(let facetFields) = field else { throw fail("\"facetOrdering.facets\" must be an object: {\"order\": [...]}") }
                for (facetKey, order) in facetFields {
                    guard facetKey == "order" else { throw fail("\"facetOrdering.facets\" has an unknown key \"\(facetKey)\"; known: order") }
                    ordering.facets = try Self.strings(order, "facetOrdering.facets.order", fail: fail)
                }
            case "values":
                guard case .object(let perFacet) = field else { throw fail("\"facetOrdering.values\" must be an object of facets") }
                for (attribute, rule) in perFacet {
                    ordering.values[attribute] = try FacetValuesOrdering.parse(rule, attribute: attribute, fail: fail)
                }
            default: throw fail("\"facetOrdering\" has an unknown key \"\(key)\"; known: facets, values")
            }
        }
        return ordering
    }

    static func strings(_ value: JSONValue, _ name: String, fail: (String) -> DataError) throws -> [String] {
        guard case .array(let items) = value, items.allSatisfy({ $0.stringValue != nil }) else {
            throw fail("\"\(name)\" must be an array of strings")
        }
        return items.compactMap(\.stringValue)
    }

    public var json: JSONValue {
        var object: [(String, JSONValue)] = []
        if let facets { object.append(("facets", .object(["order": .array(facets.map { .string($0) })]))) }
        if !values.isEmpty {
            let rules = values.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }
            object.append(("values", .object(.init(uniqueKeysWithValues: rules))))
        }
        return .object(.init(uniqueKeysWithValues: object))
    }
}

/// One facet's values: `order` pinned on top in that order, `hide` never shown, the rest by
/// `sortRemainingBy` (count, alpha, or hidden: only the pinned show).
public struct FacetValuesOrdering: Hashable, Sendable {
    public enum Remaining: String, Hashable, Sendable, CaseIterable {
        case count, alpha, hidden
    }

    public var order: [String]
    /// nil: the list's own order (the settings' `sortFacetValuesBy`, or what the user chose).
    public var sortRemainingBy: Remaining?
    public var hide: [String]

    public init(order: [String] = [], sortRemainingBy: Remaining? = nil, hide: [String] = []) {
        self.order = order
        self.sortRemainingBy = sortRemainingBy
        self.hide = hide
    }

    /// `items` as the rule shows them: hidden ones out, pinned ones first in their order, the
    /// rest as `remaining` sorts them (nil when `sortRemainingBy` hides them).
    public func arrange<Item>(_ items: [Item], value: (Item) -> String, remaining: ([Item]) -> [Item]) -> [Item] {
        let hidden = Set(hide)
        let visible = items.filter { !hidden.contains(value($0)) }
        let pinnedPlace = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let pinned = visible.filter { pinnedPlace[value($0)] != nil }.sorted { pinnedPlace[value($0)]! < pinnedPlace[value($1)]! }
        let rest = visible.filter { pinnedPlace[value($0)] == nil }
        return pinned + (sortRemainingBy == .hidden ? [] : remaining(rest))
    }

    static func parse(_ value: JSONValue, attribute: String, fail: (String) -> DataError) throws -> FacetValuesOrdering {
        let name = "facetOrdering.values.\(attribute)"
        guard case .object(let fields) = value else { throw fail("\"\(name)\" must be an object") }
        var rule = FacetValuesOrdering()
        for (key, field) in fields {
            switch key {
            case "order": rule.order = try FacetOrdering.strings(field, "\(name).order", fail: fail)
            case "hide": rule.hide = try FacetOrdering.strings(field, "\(name).hide", fail: fail)
            case "sortRemainingBy":
                guard let text = field.stringValue, let remaining = Remaining(rawValue: text) else {
                    throw fail("\"\(name).sortRemainingBy\" must be \"count\", \"alpha\" or \"hidden\"")
                }
                rule.sortRemainingBy = remaining
            default: throw fail("\"\(name)\" has an unknown key \"\(key)\"; known: order, sortRemainingBy, hide")
            }
        }
        return rule
    }

    var json: JSONValue {
        var object: [(String, JSONValue)] = [("order", .array(order.map { .string($0) }))]
        if let sortRemainingBy { object.append(("sortRemainingBy", .string(sortRemainingBy.rawValue))) }
        if !hide.isEmpty { object.append(("hide", .array(hide.map { .string($0) }))) }
        return .object(.init(uniqueKeysWithValues: object))
    }
}
