/// One facet value as a refinement list shows it.
public struct FacetItem: Hashable, Sendable {
    public var attribute: String
    public var value: String
    public var count: Int
    public var isRefined: Bool

    public init(attribute: String, value: String, count: Int, isRefined: Bool) {
        self.attribute = attribute
        self.value = value
        self.count = count
        self.isRefined = isRefined
    }
}

/// The values of one facet attribute, in the order they are shown.
public struct FacetSection: Hashable, Sendable {
    public var attribute: String
    public var isDisjunctive: Bool
    public var items: [FacetItem]
    public var order: FacetValueOrder = .count
    /// Showing up to the show-more limit rather than the first few.
    public var isExpanded = false
    /// The list can grow or shrink: collapsed with more values than shown, or expanded.
    public var canToggleShowMore = false
}

/// Turns results and refinements into what a refinement list shows, and values into toggle intents
/// (InstantSearch's RefinementList with `limit`, `showMore`, `showMoreLimit` and `sortBy`).
///
/// Refined values come first (they always appear, even when the results no longer contain
/// them), then the others by count or by name as the facet's order says. A collapsed facet
/// shows `limit` values; the query asks for one more, so the list knows there are more to show.
/// An expanded one (or one ordered by name) asks for `showMoreLimit` values.
public struct FacetListInteractor: Sendable {
    public var attributes: [String]
    public var disjunctiveFacets: Set<String>
    /// The values shown per collapsed attribute (refined values come on top of this).
    public var limit: Int
    /// The values asked for and shown per expanded attribute.
    public var showMoreLimit: Int

    public init(attributes: [String], disjunctiveFacets: Set<String>, limit: Int = 10, showMoreLimit: Int = 100) {
        self.attributes = attributes
        self.disjunctiveFacets = disjunctiveFacets
        self.limit = limit
        self.showMoreLimit = max(limit + 1, showMoreLimit)
    }

    /// `maxValuesPerFacet` for a query whose lists are as `display` says: one past the limit tells
    /// a collapsed list there is more; an expanded list, or one ordered by name (its first values
    /// alphabetically need more than the most frequent few), asks for the show-more limit.
    public func maxValuesPerFacet(_ display: FacetListState) -> Int {
        let byName = attributes.contains { display.order(of: $0) == .name }
        return display.expanded.isEmpty && !byName ? limit + 1 : showMoreLimit
    }

    /// The lists as the answer's `renderingContent.facetOrdering` (Algolia's dynamic facets)
    /// says when it says something: which facets show in which order, each list's pinned values
    /// first and hidden ones left out. A refined facet always shows, so its refinement can be undone.
    public func sections(results: SearchResults?, query: Query, display: FacetListState = FacetListState()) -> [FacetSection] {
        let ordering = results?.renderingContent?.facetOrdering
        var shown = ordering?.shown(attributes) ?? attributes
        shown += attributes.filter { !shown.contains($0) && !(query.facetRefinements[$0] ?? []).isEmpty }
        return shown.map { attribute in
            let counts = results?.facets[attribute] ?? []
            let refined = query.facetRefinements[attribute] ?? []
            let expanded = display.expanded.contains(attribute)
            let rule = ordering?.values[attribute]
            let order = display.chosenOrder[attribute] ?? rule?.sortRemainingBy.flatMap(FacetValueOrder.init) ?? display.order(of: attribute)
            // The values not refined, in the facet's order, as many as the list shows; the
            // refined ones on top of them, whatever their count.
            let unrefined = counts.filter { !refined.contains($0.value) }.map {
                FacetItem(attribute: attribute, value: $0.value, count: $0.count, isRefined: false)
            }
            let others =
                rule.map { $0.arrange(unrefined, value: \.value) { Self.sorted($0, by: order) } }
                ?? Self.sorted(unrefined, by: order)
            let chosen = refined.map { value in
                FacetItem(attribute: attribute, value: value, count: counts.first { $0.value == value }?.count ?? 0, isRefined: true)
            }
            return FacetSection(
                attribute: attribute, isDisjunctive: disjunctiveFacets.contains(attribute),
                items: Self.sorted(chosen, by: order) + others.prefix(expanded ? showMoreLimit : limit), order: order,
                isExpanded: expanded, canToggleShowMore: expanded || others.count > limit)
        }
    }

    /// The values a facet search found, refined ones marked, in the backend's order (best
    /// match first): the order the person typing for them wants.
    public func items(found search: FacetValueSearch, query: Query) -> [FacetItem] {
        let refined = query.facetRefinements[search.attribute] ?? []
        return (search.results?.facetHits ?? []).map {
            FacetItem(attribute: search.attribute, value: $0.value, count: $0.count, isRefined: refined.contains($0.value))
        }
    }

    /// Refined first, then by count (most first) or by name; ties by name, so the order is total.
    public static func sorted(_ items: [FacetItem], by order: FacetValueOrder) -> [FacetItem] {
        items.sorted { a, b in
            if a.isRefined != b.isRefined { return a.isRefined }
            if order == .count, a.count != b.count { return a.count > b.count }
            let (x, y) = (a.value.lowercased(), b.value.lowercased())
            return x == y ? a.value < b.value : x < y
        }
    }

    /// The intent that toggles `item`, for the hub.
    public func toggle(_ item: FacetItem) -> SearchIntent {
        .toggleRefinement(attribute: item.attribute, value: item.value)
    }
}
