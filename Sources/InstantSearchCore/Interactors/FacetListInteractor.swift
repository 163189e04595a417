/// One facet value as a refinement list shows it.
public struct FacetItem: Hashable, Sendable {
    public var attribute: String
    public var value: String
    public var count: Int
    public var isRefined: Bool
}

/// The values of one facet attribute, in the order they are shown.
public struct FacetSection: Hashable, Sendable {
    public var attribute: String
    public var isDisjunctive: Bool
    public var items: [FacetItem]
}

/// Turns results and refinements into what a refinement list shows, and values into toggle intents.
///
/// Values keep the backend's order (most frequent first) so rows do not jump around as the
/// user toggles; refined values always appear, even when the results no longer contain them.
public struct FacetListInteractor: Sendable {
    public var attributes: [String]
    public var disjunctiveFacets: Set<String>
    /// The most values shown per attribute (refined values come on top of this).
    public var limit: Int

    public init(attributes: [String], disjunctiveFacets: Set<String>, limit: Int = 10) {
        self.attributes = attributes
        self.disjunctiveFacets = disjunctiveFacets
        self.limit = limit
    }

    public func sections(results: SearchResults?, query: Query) -> [FacetSection] {
        attributes.map { attribute in
            let counts = results?.facets[attribute] ?? []
            let refined = query.facetRefinements[attribute] ?? []
            var items = counts.prefix(limit).map {
                FacetItem(attribute: attribute, value: $0.value, count: $0.count, isRefined: refined.contains($0.value))
            }
            let shown = Set(items.map(\.value))
            for value in refined.sorted() where !shown.contains(value) {
                let count = counts.first { $0.value == value }?.count ?? 0
                items.append(FacetItem(attribute: attribute, value: value, count: count, isRefined: true))
            }
            return FacetSection(attribute: attribute, isDisjunctive: disjunctiveFacets.contains(attribute), items: items)
        }
    }

    /// The intent that toggles `item`, for the hub.
    public func toggle(_ item: FacetItem) -> SearchIntent {
        .toggleRefinement(attribute: item.attribute, value: item.value)
    }
}
