/// One of a fixed list of filters of which one is in force at a time, cycled by one key
/// (`next-scope`): InstantSearch iOS's FilterList in single-select mode, each filter named as a
/// person says it ("this directory"). A scope refines one facet to one value, or nothing
/// ("everywhere"). Its state is the query's: a scope is in force when the query refines the
/// scopes' facets exactly as it says, so a value picked by hand in the facet list shows too.
public struct FilterScope: Hashable, Sendable {
    public var name: String
    /// The facet refined; nil: every record.
    public var attribute: String?
    public var value: String

    public init(name: String, attribute: String? = nil, value: String = "") {
        self.name = name
        self.attribute = attribute
        self.value = value
    }

    /// `NAME=FACET:VALUE`, or `NAME` alone for every record (`--scope`).
    public init(option: String) throws(SyntaxSettingError) {
        guard let equals = option.firstIndex(of: "=") else {
            guard !option.trimmingBlanks().isEmpty else { throw SyntaxSettingError("a scope needs a name: NAME=FACET:VALUE, or NAME alone") }
            self.init(name: option)
            return
        }
        let name = String(option[..<equals])
        let filter = option[option.index(after: equals)...]
        guard !name.trimmingBlanks().isEmpty else { throw SyntaxSettingError("the name before \"=\" is empty in \"\(option.prefix(80))\"") }
        guard let colon = filter.firstIndex(of: ":"), colon > filter.startIndex else {
            throw SyntaxSettingError("\"\(filter.prefix(80))\" must be FACET:VALUE (e.g. dir:~/src), in \"\(option.prefix(80))\"")
        }
        self.init(name: name, attribute: String(filter[..<colon]), value: String(filter[filter.index(after: colon)...]))
    }

    /// Where in `scopes` the query is: the first scope whose refinement is exactly what the
    /// query refines of the scopes' facets; nil when it refines them otherwise.
    public static func active(_ scopes: [FilterScope], in query: Query) -> Int? {
        let attributes = Set(scopes.compactMap(\.attribute))
        return scopes.firstIndex { scope in
            attributes.allSatisfy { attribute in
                let refined = query.facetRefinements[attribute] ?? []
                return scope.attribute == attribute ? refined == [scope.value] : refined.isEmpty
            }
        }
    }

    /// The scope after the one in force (the first when none is), round the list.
    public static func next(after active: Int?, in scopes: [FilterScope]) -> FilterScope? {
        guard !scopes.isEmpty else { return nil }
        return scopes[((active ?? -1) + 1) % scopes.count]
    }

    /// Puts this scope into `query`: every facet of `scopes` cleared, then its own refined.
    public func apply(to query: inout Query, among scopes: [FilterScope]) {
        for attribute in Set(scopes.compactMap(\.attribute)) { query.facetRefinements[attribute] = nil }
        if let attribute { query.facetRefinements[attribute] = [value] }
    }
}
