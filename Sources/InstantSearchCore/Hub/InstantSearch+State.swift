extension InstantSearch {
    /// Everything the views draw from, as values, read fresh after every change.
    public var state: HubState {
        HubState(
            indices: indices, activeIndex: activeIndex, queryText: queryText, keystrokes: keystrokes,
            requestsSent: requestsSent,
            index: searchers.map { state(of: $0) }, sections: sectionsSearch.map(Self.state(of:)),
            showsSections: showsSections,
            suggestions: showsSections ? nil : suggestions?.state(for: activeDescription.name, text: queryText))
    }

    /// The active index's state alone (`state.active`): what a view of the index on screen reads
    /// on every key and frame, without the other indices', the sections' and the suggestions'.
    public var activeState: IndexState { state(of: searcher) }

    /// One index's state, its facet lists' included.
    func state(of searcher: HitsSearcher) -> IndexState {
        var state = Self.state(of: searcher, loading: loading.progress[searcher.indexName])
        state.facetList = facetLists.state(of: searcher.indexName)
        state.count = tabCounts[searcher.indexName]
        return state
    }

    static func state(of searcher: HitsSearcher, loading: LoadingProgress?) -> IndexState {
        IndexState(
            name: searcher.indexName, query: searcher.query,
            results: searcher.lastError == nil ? searcher.results : nil, error: searcher.lastError,
            isSearching: searcher.isSearching, pendingRequests: searcher.pendingRequests, cacheHits: searcher.cacheHits,
            hasUnsentChanges: searcher.hasUnsentChanges, hasNextPage: searcher.hasNextPage,
            mode: searcher.strategy.modeDescription, loading: loading)
    }

    static func state(of sectionsSearch: SectionsSearch) -> SectionsState {
        let multi = sectionsSearch.multiSearcher
        let sections = sectionsSearch.sections.enumerated().map { position, definition in
            let hits = sectionsSearch.hitsSearchers[definition.indexName]
            return SectionsState.Section(
                definition: definition,
                hits: hits?.lastError == nil ? hits?.results : nil,
                facetValues: sectionsSearch.facetValues(inSection: position),
                query: hits?.query ?? Query())
        }
        return SectionsState(
            sections: sections, error: multi.lastError, isSearching: multi.isSearching, mode: multi.strategy.modeDescription)
    }
}
