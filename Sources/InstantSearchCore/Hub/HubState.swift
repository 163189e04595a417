/// What the hub knows, as values: what every view draws from. A view never reads a searcher;
/// it gets one of these after every change (a key, an answer, a resize).
public struct HubState: Sendable {
    public var indices: [IndexDescription]
    public var activeIndex: Int
    /// The query text, shared by every index.
    public var queryText: String
    /// Edits of the query text so far.
    public var keystrokes: Int
    /// Backend requests sent by every searcher.
    public var requestsSent: Int
    /// One entry per index, in `indices` order.
    public var index: [IndexState]
    /// The sections view, when the setup has one.
    public var sections: SectionsState?
    /// True while the sections view is the one on screen.
    public var showsSections: Bool
    /// Query suggestions for the text in the box, when the active index has any for it.
    public var suggestions: SuggestionsState?

    public init(
        indices: [IndexDescription], activeIndex: Int = 0, queryText: String = "", keystrokes: Int = 0, requestsSent: Int = 0,
        index: [IndexState], sections: SectionsState? = nil, showsSections: Bool = false,
        suggestions: SuggestionsState? = nil
    ) {
        self.suggestions = suggestions
        self.indices = indices
        self.activeIndex = activeIndex
        self.queryText = queryText
        self.keystrokes = keystrokes
        self.requestsSent = requestsSent
        self.index = index
        self.sections = sections
        self.showsSections = showsSections
    }

    public var active: IndexState { index[activeIndex] }
    public var activeDescription: IndexDescription { indices[activeIndex] }
}

/// One index as the tabbed view shows it.
public struct IndexState: Sendable {
    public var name: String
    public var query: Query
    /// The results to show: nil while the first are on their way, and after a failure —
    /// every pane derived from results then clears, none shows an older query's numbers.
    public var results: SearchResults?
    /// Why the last search failed, until one succeeds.
    public var error: SearchFailure?
    public var isSearching: Bool
    public var pendingRequests: Int
    public var cacheHits: Int
    /// The query changed since it was last sent (held back by the strategy, or manual mode).
    public var hasUnsentChanges: Bool
    /// The results shown have a page after the last one loaded.
    public var hasNextPage: Bool
    /// The strategy's mode, for the stats line ("realtime", "manual: Enter searches").
    public var mode: String
    /// How far a background load of this index is; nil once nothing loads.
    public var loading: LoadingProgress?
    /// The index's hit count for the latest text counted, even while it is not the active
    /// tab (the tabs show it when it is for the text in the box).
    public var count: HitCount?
    /// Expanded facet lists, their orders, and the search in a list's values.
    public var facetList = FacetListState()

    public init(
        name: String, query: Query = Query(), results: SearchResults? = nil, error: SearchFailure? = nil,
        isSearching: Bool = false, pendingRequests: Int = 0, cacheHits: Int = 0, hasUnsentChanges: Bool = false,
        hasNextPage: Bool = false, mode: String = "realtime", loading: LoadingProgress? = nil
    ) {
        self.name = name
        self.query = query
        self.results = results
        self.error = error
        self.isSearching = isSearching
        self.pendingRequests = pendingRequests
        self.cacheHits = cacheHits
        self.hasUnsentChanges = hasUnsentChanges
        self.hasNextPage = hasNextPage
        self.mode = mode
        self.loading = loading
    }
}

/// The sections view: one block per section, all from one multi-query.
public struct SectionsState: Sendable {
    public struct Section: Sendable {
        public var definition: SectionDefinition
        /// The hits of a hits section; nil while waiting and after a failure.
        public var hits: SearchResults?
        /// The values of a facet section, counted over the records its index matches; nil
        /// while waiting and after a failure.
        public var facetValues: FacetSearchResults?
        /// The refinements of the section's index, to mark chosen values.
        public var query: Query

        public init(definition: SectionDefinition, hits: SearchResults? = nil, facetValues: FacetSearchResults? = nil, query: Query = Query()) {
            self.definition = definition
            self.hits = hits
            self.facetValues = facetValues
            self.query = query
        }
    }

    public var sections: [Section]
    public var error: SearchFailure?
    public var isSearching: Bool
    public var mode: String

    public init(sections: [Section], error: SearchFailure? = nil, isSearching: Bool = false, mode: String = "realtime") {
        self.sections = sections
        self.error = error
        self.isSearching = isSearching
        self.mode = mode
    }
}

/// How many hits an index has for a text (its own refinements applied).
public struct HitCount: Hashable, Sendable {
    public var text: String
    public var nbHits: Int

    public init(text: String, nbHits: Int) {
        self.text = text
        self.nbHits = nbHits
    }
}
