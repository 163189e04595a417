/// How many rows a hit takes in a list: the title row alone, or title and details.
public enum HitsLayout: String, Hashable, Sendable, CaseIterable {
    case one, two

    public var rows: Int { self == .one ? 1 : 2 }
}

/// What a front end needs to know about an index before the first search:
/// which attributes to show, count as facets, and offer as ranges.
public struct IndexDescription: Hashable, Sendable {
    public var name: String
    public var recordCount: Int?
    public var searchableAttributes: [String]
    /// Facets in the order a refinement list shows them.
    public var facetAttributes: [String]
    /// Facets whose values combine with OR (the others combine with AND).
    public var disjunctiveFacets: Set<String>
    /// Numeric attributes offered as range sliders.
    public var numericAttributes: [String]
    /// The attribute a hit is titled with, then the ones shown beneath it.
    public var displayAttributes: [String]
    /// Facets shown as trees (InstantSearch's HierarchicalMenu), after the lists.
    public var hierarchicalFacets: [HierarchicalFacet] = []
    /// Sorts offered besides relevance (the sort-by widget), from the settings' `sorts`.
    public var sorts: [SortOption]
    /// On / off / any attributes (0/1 numbers or true/false facet values); shown as toggles,
    /// not as a facet list or a slider.
    public var toggles: [FilterToggle]
    /// Numeric attributes also offered as menus of buckets (the settings' `numericMenus`).
    public var numericMenus: [NumericMenu]
    /// Each facet list's order, from the settings (`sortFacetValuesBy`); by count when left out.
    public var facetValueOrder: [String: FacetValueOrder] = [:]
    /// How numbers of an attribute are shown, from the settings (`format`); as the data has them when left out.
    public var numberFormats: [String: NumberFormat] = [:]
    /// Rows per hit in a list (`--hits-layout`); nil: the list decides (one row when the second would be empty).
    public var hitsLayout: HitsLayout?
    /// Geo search from this point (`--around-lat-lng`): hits rank by distance and show it, and
    /// the slider pane offers a radius (`GeoDistance`).
    public var aroundLatLng: GeoPoint?
    /// Filters one of which is in force at a time, cycled by a key (`--scope`; Ctrl-R's
    /// "this directory", "this repository"…).
    public var scopes: [FilterScope] = []

    public init(
        name: String, recordCount: Int? = nil, searchableAttributes: [String] = [],
        facetAttributes: [String] = [], disjunctiveFacets: Set<String> = [],
        numericAttributes: [String] = [], displayAttributes: [String] = [],
        sorts: [SortOption] = [], toggles: [FilterToggle] = [], numericMenus: [NumericMenu] = []
    ) {
        self.name = name
        self.recordCount = recordCount
        self.searchableAttributes = searchableAttributes
        self.facetAttributes = facetAttributes
        self.disjunctiveFacets = disjunctiveFacets
        self.numericAttributes = numericAttributes
        self.displayAttributes = displayAttributes
        self.sorts = sorts
        self.toggles = toggles
        self.numericMenus = numericMenus
    }

    /// Descriptions by index name (the first wins if two share a name).
    public static func byName(_ indices: [IndexDescription]) -> [String: IndexDescription] {
        Dictionary(indices.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The query a searcher of this index starts from: every facet counted, boolean toggles
    /// too (their "true" count, counted as if the toggle were off: disjunctive), and each tree
    /// as a disjunctive facet (without its own refinement, its counts cover every level).
    public func initialQuery(hitsPerPage: Int = 20) -> Query {
        let booleans = toggles.filter { $0.kind == .boolean }.map(\.attribute).filter { !facetAttributes.contains($0) }
        let trees = hierarchicalFacets.map(\.name).filter { !facetAttributes.contains($0) && !booleans.contains($0) }
        let extra = booleans + trees
        var query = Query(
            hitsPerPage: hitsPerPage, facets: facetAttributes + extra, disjunctiveFacets: disjunctiveFacets.union(extra))
        if let aroundLatLng {
            // The distances shown come with the ranking info; the radius slider's track with the stats.
            query.geo.aroundLatLng = aroundLatLng
            query.getRankingInfo = true
            query.facets.append(GeoDistance.distanceAttribute)
        }
        // The first scope is in force from the start.
        scopes.first?.apply(to: &query, among: scopes)
        return query
    }
}
