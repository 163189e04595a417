/// The hub's part of the facet lists: which are expanded (their hits searcher's query asks for
/// more values then), how each is ordered, and the search in one list's values — a
/// `FacetSearcher` per index and attribute, sending through its own request pipeline with the
/// hits searcher's query and refinements as context.
public final class FacetLists {
    /// Values a collapsed list shows; the query asks for one more, to know there are more.
    public let limit: Int
    /// Values an expanded list asks for and shows.
    public let showMoreLimit: Int
    private let backend: any Searchable
    private let router: ResponseRouter
    private var states: [String: FacetListState] = [:]
    private var searchers: [String: [String: FacetSearcher]] = [:]
    /// The index and attribute whose values are being searched.
    private var open: (indexName: String, attribute: String)?

    init(indices: [IndexDescription], limit: Int, showMoreLimit: Int, backend: any Searchable, router: ResponseRouter) {
        self.limit = max(1, limit)
        self.showMoreLimit = max(self.limit + 1, showMoreLimit)
        self.backend = backend
        self.router = router
        var facets: [String: [String]] = [:]
        for index in indices where states[index.name] == nil {
            states[index.name] = FacetListState(defaultOrder: index.facetValueOrder)
            facets[index.name] = index.facetAttributes
        }
        self.facets = facets
    }

    private let facets: [String: [String]]

    /// `maxValuesPerFacet` for an index whose lists are as `state` says (see `FacetListInteractor`).
    func maxValuesPerFacet(_ state: FacetListState, of indexName: String) -> Int {
        FacetListInteractor(attributes: facets[indexName] ?? [], disjunctiveFacets: [], limit: limit, showMoreLimit: showMoreLimit)
            .maxValuesPerFacet(state)
    }

    func initialMaxValuesPerFacet(indexName: String) -> Int {
        maxValuesPerFacet(states[indexName] ?? FacetListState(), of: indexName)
    }

    /// The lists of `indexName` as views draw them, with what the open search found.
    func state(of indexName: String) -> FacetListState {
        var state = states[indexName] ?? FacetListState()
        if let open, open.indexName == indexName, let searcher = searchers[indexName]?[open.attribute] {
            state.search = FacetValueSearch(
                attribute: open.attribute, text: searcher.text,
                results: searcher.lastError == nil ? searcher.results : nil, error: searcher.lastError,
                isSearching: searcher.isSearching)
        }
        return state
    }

    func toggleShowMore(_ attribute: String, of searcher: HitsSearcher) {
        var state = states[searcher.indexName] ?? FacetListState()
        if state.expanded.remove(attribute) == nil { state.expanded.insert(attribute) }
        states[searcher.indexName] = state
        askForValues(state, searcher)
    }

    func toggleOrder(_ attribute: String, of searcher: HitsSearcher) {
        var state = states[searcher.indexName] ?? FacetListState()
        state.chosenOrder[attribute] = state.order(of: attribute).next
        states[searcher.indexName] = state
        askForValues(state, searcher)
    }

    /// The query asks for as many values per facet as the lists now show (a search if that changed).
    private func askForValues(_ state: FacetListState, _ searcher: HitsSearcher) {
        let wanted = maxValuesPerFacet(state, of: searcher.indexName)
        searcher.update(.final) { $0.maxValuesPerFacet = wanted }
    }

    /// Opens the search in `attribute`'s values (or types into it): the values matching `text`
    /// are asked for, counted for `query`.
    func search(_ attribute: String, text: String, of searcher: HitsSearcher) {
        let facetSearcher = self.facetSearcher(searcher.indexName, attribute)
        open = (searcher.indexName, attribute)
        facetSearcher.context = context(searcher.query)
        if text != facetSearcher.text { facetSearcher.setText(text) } else { facetSearcher.search() }
    }

    func close() { open = nil }

    /// The open search in `searcher`'s values, when its counts are for another query than the
    /// hits searcher's now (a value toggled, the text edited): the hub then asks it again.
    func staleSearch(of searcher: HitsSearcher) -> (attribute: String, text: String)? {
        guard let open, open.indexName == searcher.indexName, let facetSearcher = searchers[open.indexName]?[open.attribute],
            context(searcher.query) != facetSearcher.context
        else { return nil }
        return (open.attribute, facetSearcher.text)
    }

    /// True while a search in facet values waits for its answer.
    public var isSearching: Bool { searchers.values.contains { $0.values.contains(where: \.isSearching) } }

    /// Requests sent by every facet searcher.
    var requestsSent: Int { searchers.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.requestsSent } } }

    /// The values asked for: as many as an expanded list shows, counted under `query`.
    private func context(_ query: Query) -> Query {
        var context = query.withPage(0)
        context.maxValuesPerFacet = showMoreLimit
        return context
    }

    private func facetSearcher(_ indexName: String, _ attribute: String) -> FacetSearcher {
        if let existing = searchers[indexName]?[attribute] { return existing }
        let created = FacetSearcher(indexName: indexName, attribute: attribute, backend: backend, router: router)
        searchers[indexName, default: [:]][attribute] = created
        return created
    }
}
