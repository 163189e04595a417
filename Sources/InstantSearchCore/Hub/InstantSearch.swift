/// The hub: one searcher per index, and which index is active. Views read what it knows as
/// values (`state`, after every change) and ask for changes as intents (`dispatch(_:)`, the
/// one road to the searchers). Each index keeps its own refinements while the query text is
/// shared.
public final class InstantSearch {
    public let indices: [IndexDescription]
    public let searchers: [HitsSearcher]
    public let router: ResponseRouter
    public private(set) var activeIndex = 0
    /// The query text, shared by every index: held by the query of the view on screen (the
    /// active index's, or the sections view's), and handed on when another view comes.
    public var queryText: String {
        if showsSections, let sectionsSearch { return sectionsSearch.multiSearcher.text }
        return searcher.query.text
    }
    /// Edits of the query text so far: what a hosted service's "one operation per
    /// keystroke" counts, to compare with the requests actually sent.
    public private(set) var keystrokes = 0
    /// Every tab's hit count for the latest text it was counted for: the other tabs' counts
    /// ride along with the active index's search (see `countOtherTabs`).
    public private(set) var tabCounts: [String: HitCount] = [:]
    /// The sections view's searchers, when the setup has one.
    public let sectionsSearch: SectionsSearch?
    /// True while the sections view is the one on screen (the query goes to it).
    public private(set) var showsSections = false
    /// Indices still loading in the background, and how far they are.
    public private(set) lazy var loading = LoadingStatus(router: router)
    private let cache: SearchCache?
    /// Expanded facet lists, their orders, and the search in a list's values.
    public let facetLists: FacetLists
    /// Whether hits should carry their ranking criteria (see `SearchIntent.setRankingInfo`).
    public private(set) var wantsRankingInfo = false
    /// Query suggestions for the indices that have a suggestions index; nil: none has.
    public let suggestions: QuerySuggestions?

    /// `facetValues`: values a facet list shows, and how many when expanded (show more).
    public init(
        indices: [IndexDescription], backend: any Searchable, scheduler: any Scheduler,
        router: ResponseRouter, hitsPerPage: Int = 20, cache: SearchCache? = nil,
        sections: [SectionDefinition] = [], facetValues: (limit: Int, showMoreLimit: Int) = (10, 100),
        strategy makeStrategy: () -> any RequestStrategy = { RealtimeStrategy() },
        suggestionIndices: [String: String] = [:], suggestionLimit: Int = 5
    ) {
        precondition(!indices.isEmpty, "InstantSearch needs at least one index")
        self.indices = indices
        self.router = router
        self.cache = cache
        let facetLists = FacetLists(
            indices: indices, limit: facetValues.limit, showMoreLimit: facetValues.showMoreLimit, backend: backend, router: router)
        self.facetLists = facetLists
        searchers = indices.map { index in
            var query = index.initialQuery(hitsPerPage: hitsPerPage)
            query.maxValuesPerFacet = facetLists.initialMaxValuesPerFacet(indexName: index.name)
            return HitsSearcher(
                indexName: index.name, query: query,
                backend: backend, scheduler: scheduler, router: router, strategy: makeStrategy(), cache: cache)
        }
        sectionsSearch =
            sections.isEmpty
            ? nil
            : SectionsSearch(
                sections: sections, indices: indices, backend: backend, scheduler: scheduler, router: router,
                strategy: makeStrategy())
        suggestions =
            suggestionIndices.isEmpty
            ? nil
            : QuerySuggestions(
                indexNames: suggestionIndices, limit: suggestionLimit, backend: backend, scheduler: scheduler, router: router,
                strategy: makeStrategy)
        if searchers.count > 1 {
            for searcher in searchers { countOtherTabs(along: searcher) }
        }
    }

    public var searcher: HitsSearcher { searchers[activeIndex] }
    public var activeDescription: IndexDescription { indices[activeIndex] }

    // MARK: Intents

    /// Acts on one intent: the one road from a view to the searchers.
    public func dispatch(_ intent: SearchIntent) {
        switch intent {
        case .setQuery(let text): setQueryText(text)
        case .toggleRefinement(let attribute, let value): searcher.toggleRefinement(attribute: attribute, value: value)
        case .refineHierarchy(let attribute, let path):
            searcher.update(.final) { $0.facetRefinements[attribute] = path.map { [$0] } }
        case .setRange(let attribute, let range): searcher.setRange(range, for: attribute)
        case .clearRefinements: clearAllRefinements()
        case .sortBy(let criterion): searcher.update(.final) { $0.sortBy = criterion }
        case .setRelevancyStrictness(let strictness): searcher.update(.final) { $0.relevancyStrictness = strictness }
        case .setToggle(let toggle, let state): searcher.update(.final) { toggle.apply(state, to: &$0) }
        case .applyScope(let scope, let scopes): searcher.update(.final) { scope.apply(to: &$0, among: scopes) }
        case .nextPage: searcher.loadNextPage()
        case .loadThrough(let count): searcher.loadThrough(count: count)
        case .selectIndex(let position): selectIndex(position)
        case .nextIndex: selectNextIndex()
        case .previousIndex: selectPreviousIndex()
        case .toggleSections: toggleSectionsView()
        case .toggleSectionValue(let section, let value): sectionsSearch?.toggle(value, inSection: section)
        case .toggleShowMore(let attribute): facetLists.toggleShowMore(attribute, of: searcher)
        case .toggleFacetOrder(let attribute): facetLists.toggleOrder(attribute, of: searcher)
        case .searchFacetValues(let attribute, let text): facetLists.search(attribute, text: text, of: searcher)
        case .closeFacetSearch: facetLists.close()
        case .searchNow: searchNow()
        case .setRankingInfo(let wanted):
            wantsRankingInfo = wanted
            askRankingInfo()
        case .refreshIndex(let name): refresh(indexName: name)
        }
        followOpenFacetSearch()
    }

    /// Sends the first search of the view on screen.
    public func start() {
        dispatch(.searchNow)
    }

    private func setQueryText(_ text: String) {
        guard text != queryText else { return }
        keystrokes += 1
        if showsSections, let sectionsSearch {
            sectionsSearch.multiSearcher.setText(text)
        } else {
            searcher.setText(text)
        }
        suggestions?.search(text, in: activeDescription.name)
    }

    /// Switches between the tabbed view (one index at a time) and the sections view (all
    /// sections at once); the text follows, and the view shown searches if it must.
    private func toggleSectionsView() {
        guard let sectionsSearch else { return }
        let text = queryText
        showsSections.toggle()
        if showsSections {
            let multi = sectionsSearch.multiSearcher
            if multi.text != text {
                multi.setText(text)
            } else if sectionsSearch.hitsSearchers.values.allSatisfy({ $0.results == nil }) && !multi.isSearching {
                multi.search(.final)
            }
        } else if searcher.query.text != text {
            searcher.setText(text)
        }
    }

    private func selectIndex(_ position: Int) {
        guard indices.indices.contains(position), position != activeIndex else { return }
        facetLists.close()  // a search in one index's values does not follow to another
        let text = queryText
        activeIndex = position
        suggestions?.search(text, in: activeDescription.name)
        if searcher.query.getRankingInfo != wantsRankingInfo(of: searcher) {
            let wanted = wantsRankingInfo(of: searcher)
            searcher.update(.final) {
                $0.text = text
                $0.getRankingInfo = wanted
            }
        } else if searcher.query.text != text {
            searcher.setText(text)
        } else if searcher.results == nil, !searcher.isSearching {
            searcher.search(.final)
        }
    }

    /// The active index's query follows `wantsRankingInfo` (a new search when it changes);
    /// another index follows when it becomes active.
    private func askRankingInfo() {
        let wanted = wantsRankingInfo(of: searcher)
        guard searcher.query.getRankingInfo != wanted else { return }
        searcher.update(.final) { $0.getRankingInfo = wanted }
    }

    /// The preview's wish, or a geo centre's: the distance column reads `geoDistance`.
    private func wantsRankingInfo(of searcher: HitsSearcher) -> Bool {
        wantsRankingInfo || searcher.query.geo.origin != nil
    }

    private func selectNextIndex() { selectIndex((activeIndex + 1) % indices.count) }
    private func selectPreviousIndex() { selectIndex((activeIndex + indices.count - 1) % indices.count) }

    private func clearAllRefinements() { searcher.clearRefinements() }

    /// Searches the active index now, whatever the strategy (Enter).
    private func searchNow() {
        if showsSections, let sectionsSearch { sectionsSearch.multiSearcher.search(.final) } else { searcher.search(.final) }
    }

    /// Asks again what is on screen for an index whose data grew: a bigger snapshot arrived.
    /// Its cached answers are forgotten, and the sequencer keeps any older answer still on its
    /// way from replacing the new one.
    private func refresh(indexName: String) {
        cache?.removeAll(indexName: indexName)
        for searcher in searchers where searcher.indexName == indexName && (searcher === self.searcher || searcher.results != nil) {
            searcher.search(.final)
        }
        if let sectionsSearch, showsSections || sectionsSearch.hitsSearchers.values.contains(where: { $0.results != nil }) {
            sectionsSearch.multiSearcher.search(.final)
        }
    }

    /// Backend requests sent by every searcher.
    public var requestsSent: Int {
        searchers.reduce(0) { $0 + $1.requestsSent } + (sectionsSearch?.multiSearcher.requestsSent ?? 0) + facetLists.requestsSent
            + (suggestions?.requestsSent ?? 0)
    }

    /// Hands the backend's answers to their searchers; call it on the hub's thread when the
    /// mailbox wakes you. Returns how many answers there were. What they call for (an index
    /// whose data grew is asked again) is dispatched after, never from inside a callback.
    @discardableResult
    public func deliverPendingResponses() -> Int {
        let count = router.deliverPending()
        for name in loading.takeNewSnapshots() { dispatch(.refreshIndex(name)) }
        return count
    }

    /// The open search in facet values counts under the hits query: when that query changed
    /// (a value toggled, the text edited), the search is asked again under the new one.
    private func followOpenFacetSearch() {
        guard let open = facetLists.staleSearch(of: searcher) else { return }
        dispatch(.searchFacetValues(attribute: open.attribute, text: open.text))
    }

    // MARK: Wiring

    /// The other indices' counts go in the same multi-query as `searcher`'s first page, each
    /// with its own refinements and no hits nor facets (cheap); so every tab's count follows
    /// every keystroke without a request of its own.
    private func countOtherTabs(along searcher: HitsSearcher) {
        searcher.companions = { [unowned self, unowned searcher] text in
            searchers.filter { $0 !== searcher }.map { other in
                var query = other.query.withPage(0)
                query.text = text
                query.hitsPerPage = 0
                query.facets = []
                return IndexedQuery(indexName: other.indexName, query: query)
            }
        }
        searcher.onCompanionResults.append { [unowned self, unowned searcher] counts in
            let others = searchers.filter { $0 !== searcher }
            for (other, results) in zip(others, counts) {
                tabCounts[other.indexName] = HitCount(text: results.query, nbHits: results.nbHits)
            }
        }
        searcher.onResults.append { [unowned self, unowned searcher] results in
            tabCounts[searcher.indexName] = HitCount(text: results.query, nbHits: results.nbHits)
        }
    }
}
