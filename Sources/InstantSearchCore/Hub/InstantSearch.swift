/// The hub: one searcher per index, the widgets registered with it, and which index is
/// active. Output widgets hear from the active searcher only; switching index re-connects
/// the input widgets and replays that index's query and results, so each index keeps its
/// own refinements while the query text is shared.
public final class InstantSearch {
    public let indices: [IndexDescription]
    public let searchers: [HitsSearcher]
    public let router: ResponseRouter
    public private(set) var activeIndex = 0
    /// The query text, shared by every index.
    public private(set) var queryText = ""
    /// Edits of the query text so far: what a hosted service's "one operation per
    /// keystroke" counts, to compare with the requests actually sent.
    public private(set) var keystrokes = 0
    /// Every tab's hit count for the latest text it was counted for: the other tabs' counts
    /// ride along with the active index's search (see `countOtherTabs`).
    public private(set) var tabCounts: [String: HitCount] = [:]
    private var widgets: [any InstantSearchWidget] = []
    /// The federated view's searchers, when the setup has one.
    public let federated: FederatedSearch?
    /// True while the federated view is the one on screen (the query goes to it).
    public private(set) var showsFederated = false
    /// Indices still loading in the background, and how far they are.
    public private(set) lazy var loading = LoadingStatus(router: router) { [unowned self] in self.refresh(indexName: $0) }
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
        federatedSections: [FederatedSection] = [], facetValues: (limit: Int, showMoreLimit: Int) = (10, 100),
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
        federated = federatedSections.isEmpty ? nil : FederatedSearch(
            sections: federatedSections, indices: indices, backend: backend, scheduler: scheduler, router: router,
            strategy: makeStrategy())
        suggestions = suggestionIndices.isEmpty ? nil : QuerySuggestions(
            indexNames: suggestionIndices, limit: suggestionLimit, backend: backend, scheduler: scheduler, router: router,
            strategy: makeStrategy)
        for searcher in searchers { observe(searcher) }
        if searchers.count > 1 {
            for searcher in searchers { countOtherTabs(along: searcher) }
        }
    }

    public var searcher: HitsSearcher { searchers[activeIndex] }
    public var activeDescription: IndexDescription { indices[activeIndex] }

    // MARK: Widgets

    public func add(widget: any InstantSearchWidget) {
        widgets.append(widget)
        introduce(searcher, to: widget)
    }

    public func addAllWidgets(in container: some WidgetContainer) {
        container.instantSearchWidgets.forEach(add(widget:))
    }

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
        case .nextPage: searcher.loadNextPage()
        case .selectIndex(let position): selectIndex(position)
        case .nextIndex: selectNextIndex()
        case .previousIndex: selectPreviousIndex()
        case .toggleSections: toggleFederatedView()
        case .toggleSectionValue(let section, let value): federated?.toggle(value, inSection: section)
        case .toggleShowMore(let attribute): facetLists.toggleShowMore(attribute, of: searcher)
        case .toggleFacetOrder(let attribute): facetLists.toggleOrder(attribute, of: searcher)
        case .searchFacetValues(let attribute, let text): facetLists.search(attribute, text: text, of: searcher)
        case .closeFacetSearch: facetLists.close()
        case .searchNow: searchNow()
        case .setRankingInfo(let wanted):
            wantsRankingInfo = wanted
            askRankingInfo()
        }
    }

    /// Sends the first search of the active index.
    public func start() {
        searcher.search(.final)
    }

    public func setQueryText(_ text: String) {
        guard text != queryText else { return }
        keystrokes += 1
        queryText = text
        if showsFederated, let federated {
            federated.multiSearcher.setText(text)
        } else {
            searcher.setText(text)
        }
        suggestions?.search(text, in: activeDescription.name)
    }

    /// Switches between the tabbed view (one index at a time) and the federated view (all
    /// sections at once); the text follows, and the view shown searches if it must.
    public func toggleFederatedView() {
        guard let federated else { return }
        showsFederated.toggle()
        if showsFederated {
            let multi = federated.multiSearcher
            if multi.text != queryText {
                multi.setText(queryText)
            } else if federated.hitsSearchers.values.allSatisfy({ $0.results == nil }) && !multi.isSearching {
                multi.search(.final)
            }
        } else if searcher.query.text != queryText {
            searcher.setText(queryText)
        }
    }

    public func selectIndex(_ position: Int) {
        guard indices.indices.contains(position), position != activeIndex else { return }
        facetLists.close()  // a search in one index's values does not follow to another
        activeIndex = position
        for widget in widgets { introduce(searcher, to: widget) }
        suggestions?.search(queryText, in: activeDescription.name)
        if searcher.query.getRankingInfo != wantsRankingInfo(of: searcher) {
            let wanted = wantsRankingInfo(of: searcher)
            searcher.update(.final) {
                $0.text = queryText
                $0.getRankingInfo = wanted
            }
        } else if searcher.query.text != queryText {
            searcher.setText(queryText)
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

    public func selectNextIndex() { selectIndex((activeIndex + 1) % indices.count) }
    public func selectPreviousIndex() { selectIndex((activeIndex + indices.count - 1) % indices.count) }

    public func clearAllRefinements() { searcher.clearRefinements() }

    /// Searches the active index now, whatever the strategy (Enter).
    public func searchNow() {
        if showsFederated, let federated { federated.multiSearcher.search(.final) } else { searcher.search(.final) }
    }

    /// Asks again what is on screen for an index whose data grew: a bigger snapshot arrived.
    /// Its cached answers are forgotten, and the sequencer keeps any older answer still on its
    /// way from replacing the new one.
    public func refresh(indexName: String) {
        cache?.removeAll(indexName: indexName)
        for searcher in searchers where searcher.indexName == indexName && (searcher === self.searcher || searcher.results != nil) {
            searcher.search(.final)
        }
        if let federated, showsFederated || federated.hitsSearchers.values.contains(where: { $0.results != nil }) {
            federated.multiSearcher.search(.final)
        }
    }

    /// Backend requests sent by every searcher.
    public var requestsSent: Int {
        searchers.reduce(0) { $0 + $1.requestsSent } + (federated?.multiSearcher.requestsSent ?? 0) + facetLists.requestsSent
            + (suggestions?.requestsSent ?? 0)
    }

    /// Hands the backend's answers to their searchers; call it on the hub's thread when the
    /// mailbox wakes you. Returns how many answers there were.
    @discardableResult
    public func deliverPendingResponses() -> Int { router.deliverPending() }

    // MARK: Wiring

    private func observe(_ searcher: HitsSearcher) {
        searcher.onResults.append { [unowned self, unowned searcher] results in
            guard searcher === self.searcher else { return }
            for case let widget as any ResultingWidget in widgets { widget.show(results, of: searcher.indexName) }
        }
        searcher.onError.append { [unowned self, unowned searcher] failure in
            guard searcher === self.searcher else { return }
            for case let widget as any ResultingWidget in widgets { widget.show(failure, of: searcher.indexName) }
        }
        searcher.onQueryChanged.append { [unowned self, unowned searcher] query in
            facetLists.queryChanged(query, of: searcher.indexName)
            guard searcher === self.searcher else { return }
            for case let widget as any RefinableWidget in widgets { widget.show(query, of: searcher.indexName) }
        }
    }

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

    private func introduce(_ searcher: HitsSearcher, to widget: any InstantSearchWidget) {
        (widget as? any SearchableWidget)?.connect(to: state(of: searcher)) { [unowned self] in self.dispatch($0) }
        (widget as? any RefinableWidget)?.show(searcher.query, of: searcher.indexName)
        if let resulting = widget as? any ResultingWidget {
            if let results = searcher.results { resulting.show(results, of: searcher.indexName) }
            if let error = searcher.lastError { resulting.show(error, of: searcher.indexName) }
        }
    }
}
