/// How a facet's values are ordered in its list (refined values always come first).
public enum FacetValueOrder: String, Hashable, Sendable, CaseIterable {
    /// Most frequent first (InstantSearch's `count:desc`).
    case count
    /// Alphabetical (InstantSearch's `name:asc`; Algolia's `alpha`).
    case name

    public var next: FacetValueOrder { self == .count ? .name : .count }

    /// The order `facetOrdering`'s `sortRemainingBy` names; nil for `hidden`, which is no order.
    init?(_ remaining: FacetValuesOrdering.Remaining) {
        switch remaining {
        case .count: self = .count
        case .alpha: self = .name
        case .hidden: return nil
        }
    }
}

/// What a person chose about one index's facet lists, kept by the hub: which lists are expanded
/// (show more), each list's order, and the search in a list's values, when one is open.
public struct FacetListState: Hashable, Sendable {
    public var expanded: Set<String>
    /// Orders chosen with a key; the others follow `defaultOrder`.
    public var chosenOrder: [String: FacetValueOrder]
    /// Orders from the settings (`sortFacetValuesBy`); count for a facet it leaves out.
    public var defaultOrder: [String: FacetValueOrder]
    public var search: FacetValueSearch?

    public init(
        expanded: Set<String> = [], chosenOrder: [String: FacetValueOrder] = [:],
        defaultOrder: [String: FacetValueOrder] = [:], search: FacetValueSearch? = nil
    ) {
        self.expanded = expanded
        self.chosenOrder = chosenOrder
        self.defaultOrder = defaultOrder
        self.search = search
    }

    public func order(of attribute: String) -> FacetValueOrder {
        chosenOrder[attribute] ?? defaultOrder[attribute] ?? .count
    }
}

/// A search in the values of one facet list (InstantSearch's searchable RefinementList): the
/// text typed so far and what the facet searcher last found for it, counted for the query and
/// refinements in force.
public struct FacetValueSearch: Hashable, Sendable {
    public var attribute: String
    public var text: String
    /// nil until the first answer, and after a failure.
    public var results: FacetSearchResults?
    public var error: SearchFailure?
    public var isSearching: Bool

    public init(attribute: String, text: String = "", results: FacetSearchResults? = nil, error: SearchFailure? = nil, isSearching: Bool = false) {
        self.attribute = attribute
        self.text = text
        self.results = results
        self.error = error
        self.isSearching = isSearching
    }
}
