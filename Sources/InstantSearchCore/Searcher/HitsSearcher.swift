/// Owns one index's query and sends it to the backend when its strategy says so.
///
/// All of its methods run on one thread (the event loop's). Requests run as tasks off that
/// thread; their answers come back through the router's mailbox, and a `Sequencer` decides
/// which may be shown: never one older than what is on screen. A `SearchCache`, when given,
/// answers repeated queries without calling the backend.
public final class HitsSearcher: PipelineSearcher {
    public let indexName: String
    public private(set) var query: Query
    /// Set when a `MultiSearcher` sends this searcher's query along with others': searches
    /// then go through it, one multi-query for all.
    public internal(set) weak var aggregator: MultiSearcher?

    /// The newest results shown, with every page loaded so far appended.
    public private(set) var results: SearchResults?
    public private(set) var lastError: SearchFailure?

    /// Called after `query` changes (before its results arrive): refinement lists mark a
    /// toggled value at once.
    public var onQueryChanged: [(Query) -> Void] = []
    public var onResults: [(SearchResults) -> Void] = []
    public var onError: [(SearchFailure) -> Void] = []
    /// Queries sent along with this searcher's first pages, in the same backend call, given
    /// the text searched (the hub's other tabs, counts only); their answers go to
    /// `onCompanionResults`, never to this searcher's results.
    public var companions: ((String) -> [IndexedQuery])?
    public var onCompanionResults: [([SearchResults]) -> Void] = []

    public let pipeline: RequestPipeline
    /// The query whose results are shown: next pages are asked for it, not for a newer
    /// query still waiting for its first page.
    private var shownQuery: Query?
    /// The last first-page query sent or answered from the cache.
    private var lastRequestedQuery: Query?

    public init(
        indexName: String, query: Query, backend: any Searchable, scheduler: any Scheduler,
        router: ResponseRouter, strategy: (any RequestStrategy)? = nil, cache: SearchCache? = nil,
        sequencer: Sequencer? = nil
    ) {
        self.indexName = indexName
        self.query = query
        pipeline = RequestPipeline(
            backend: backend, scheduler: scheduler, router: router, strategy: strategy, cache: cache, sequencer: sequencer)
    }

    /// True when the query has changed since it was last sent — the strategy is holding it
    /// back (debounce, throttle) or dropped it (manual mode).
    public var hasUnsentChanges: Bool { lastRequestedQuery != query.withPage(0) }

    // MARK: Changing the query

    public func setText(_ text: String) {
        guard text != query.text else { return }
        update(.asYouType) { $0.text = text }
    }

    public func toggleRefinement(attribute: String, value: String) {
        update(.final) { query in
            var values = query.facetRefinements[attribute] ?? []
            if values.remove(value) == nil { values.insert(value) }
            query.facetRefinements[attribute] = values.isEmpty ? nil : values
        }
    }

    public func setRange(_ range: NumericRange?, for attribute: String) {
        if attribute == GeoDistance.distanceAttribute {
            let radius = GeoDistance.radius(for: range)
            guard query.geo.aroundRadius != radius else { return }
            return update(.asYouType) { $0.geo.aroundRadius = radius }
        }
        let normalized = range.flatMap { $0.lower == nil && $0.upper == nil ? nil : $0 }
        guard query.numericRanges[attribute] != normalized else { return }
        update(.asYouType) { $0.numericRanges[attribute] = normalized }
    }

    public func clearRefinements() {
        guard query.hasRefinements || query.geo.aroundRadius != nil else { return }
        update(.final) { query in
            query.facetRefinements = [:]
            query.numericRanges = [:]
            query.geo.aroundRadius = nil
        }
    }

    /// Changes the query, tells the observers, and asks for a search.
    public func update(_ metadata: SearchMetadata = .asYouType, _ change: (inout Query) -> Void) {
        var next = query
        change(&next)
        next.page = 0
        guard next != query else { return }
        query = next
        onQueryChanged.forEach { $0(query) }
        search(metadata)
    }

    // MARK: Searching

    /// Sends the current query: from the cache at once if it is there, else when the
    /// strategy decides.
    public func search(_ metadata: SearchMetadata = .asYouType) {
        if let aggregator {
            aggregator.search(metadata)
            return
        }
        pipeline.schedule(metadata) { [weak self] in
            guard let self else { return }
            send(query.withPage(0))
        }
    }

    /// Loads the page after the last one shown (infinite scrolling). Ignored while any
    /// request is on its way or the query has changed since: a next page only makes sense
    /// for the results on screen, and the caller asks again once they are current.
    public func loadNextPage() {
        guard let results, lastError == nil, results.page + 1 < results.nbPages, !pipeline.isRunning,
            var next = shownQuery, isCurrent(next)
        else { return }
        next.page = results.page + 1
        send(next)
    }

    /// Hits reached by loading through (`loadThrough`): far more than a screen, few enough that
    /// every hit made stays a small share of memory on a list of millions.
    public static let reachableHits = 100_000

    /// Loads pages until `count` hits of the results shown are loaded, as far as there are
    /// (up to `reachableHits`): what fzf's `last`, `pos(-N)` and keys held past the end need.
    /// From a backend in this process each request asks as many hits as are loaded, the page
    /// after them (a page of that size), so the hits loaded double with each answer; a remote
    /// backend gets the next page. The caller asks again as each answer arrives.
    public func loadThrough(count wanted: Int) {
        guard let results, lastError == nil, results.page + 1 < results.nbPages, !pipeline.isRunning,
            var next = shownQuery, isCurrent(next)
        else { return }
        let loaded = results.hits.count
        guard loaded < min(wanted, results.nbHits, Self.reachableHits) else { return }
        if pipeline.answersWithinFrame, loaded > 0, loaded == (results.page + 1) * results.hitsPerPage {
            next.hitsPerPage = loaded
            next.page = 1
        } else {
            next.page = results.page + 1
        }
        send(next)
    }

    /// Every hit of the results shown (up to `reachableHits`) in their order: the hits loaded
    /// when they are all there, else asked at once of a backend in this process (fzf's `{*}`);
    /// nil when the backend can only answer by waiting.
    public func everyMatchedHit() -> [Hit]? {
        guard let results, lastError == nil else { return nil }
        if results.hits.count >= results.nbHits { return results.hits }
        guard var all = shownQuery, isCurrent(all) else { return nil }
        all.page = 0
        all.hitsPerPage = min(results.nbHits, Self.reachableHits)
        return pipeline.answerNow([IndexedQuery(indexName: indexName, query: all)])?.first?.hits
    }

    /// Whether a query sent for the results shown is still the query (its pages aside: next
    /// pages may be asked in larger sizes than the first).
    private func isCurrent(_ sent: Query) -> Bool {
        var first = sent.withPage(0)
        first.hitsPerPage = query.hitsPerPage
        return first == query
    }

    /// True when the results shown have a page after the last one loaded.
    public var hasNextPage: Bool {
        guard let results, lastError == nil else { return false }
        return results.page + 1 < results.nbPages
    }

    private func send(_ request: Query) {
        if request.page == 0 { lastRequestedQuery = request }
        if request.page == 0, let others = companions?(request.text), !others.isEmpty {
            pipeline.searchHits(IndexedQuery(indexName: indexName, query: request), along: others) { [weak self] answer in
                switch answer {
                case .success((let page, let counts)):
                    guard let self else { return }
                    onCompanionResults.forEach { $0(counts) }
                    show(page, for: request)
                case .failure(let failure): self?.apply(failure)
                }
            }
            return
        }
        pipeline.searchHits(IndexedQuery(indexName: indexName, query: request)) { [weak self] answer in
            switch answer {
            case .success(let page): self?.show(page, for: request)
            case .failure(let failure): self?.apply(failure)
            }
        }
    }

    // MARK: Inside a multi-search

    /// The request this searcher adds to its aggregator's multi-query.
    var request: SearchRequest { .hits(IndexedQuery(indexName: indexName, query: query.withPage(0))) }

    /// Takes the text of the aggregator's query without searching on its own.
    func adoptText(_ text: String) {
        guard text != query.text else { return }
        query.text = text
        query.page = 0
        onQueryChanged.forEach { $0(query) }
    }

    func apply(_ results: SearchResults, for request: Query) { show(results, for: request) }

    func apply(_ failure: SearchFailure) {
        lastError = failure
        onError.forEach { $0(failure) }
    }

    private func show(_ page: SearchResults, for request: Query) {
        lastError = nil
        results = request.page > 0 ? appending(page) : page
        shownQuery = request
        onResults.forEach { $0(results!) }
    }

    private func appending(_ page: SearchResults) -> SearchResults {
        // The page follows the last one loaded, or starts where the loaded hits end (a page of another size).
        guard var merged = results,
            (page.page == merged.page + 1 && page.hitsPerPage == merged.hitsPerPage) || page.page * page.hitsPerPage == merged.hits.count
        else { return page }
        merged.hits += page.hits
        merged.page = page.page
        merged.hitsPerPage = page.hitsPerPage
        merged.nbPages = page.nbPages
        merged.processingTimeMS = page.processingTimeMS
        return merged
    }
}
