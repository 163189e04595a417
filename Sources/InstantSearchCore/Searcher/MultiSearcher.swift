/// One query text, several searchers, one backend call per search (InstantSearch's
/// MultiSearcher): hits of several indices and facet values, sent as one multi-query
/// through `Searchable.multiSearch`, answers handed to each searcher in turn.
///
/// A child searcher's own changes (a refinement toggled on a hits searcher) go through
/// here too, so they cost one multi-query as well. A failure reaches every child, hits and
/// facet values alike: no section keeps showing an answer to an older query as if current.
public final class MultiSearcher: PipelineSearcher {
    public private(set) var text = ""
    public private(set) var hitsSearchers: [HitsSearcher] = []
    public private(set) var facetSearchers: [FacetSearcher] = []
    public private(set) var lastError: SearchFailure?
    /// Called after every answer has been handed out.
    public var onResults: [() -> Void] = []

    private let backend: any Searchable
    private let scheduler: any Scheduler
    private let router: ResponseRouter
    public let pipeline: RequestPipeline

    private enum Child {
        case hits(HitsSearcher, Query)
        case facets(FacetSearcher)
    }

    public init(backend: any Searchable, scheduler: any Scheduler, router: ResponseRouter, strategy: (any RequestStrategy)? = nil) {
        self.backend = backend
        self.scheduler = scheduler
        self.router = router
        pipeline = RequestPipeline(backend: backend, scheduler: scheduler, router: router, strategy: strategy)
    }

    @discardableResult
    public func addHitsSearcher(indexName: String, query: Query = Query()) -> HitsSearcher {
        let searcher = HitsSearcher(indexName: indexName, query: query, backend: backend, scheduler: scheduler, router: router)
        searcher.aggregator = self
        hitsSearchers.append(searcher)
        return searcher
    }

    @discardableResult
    public func addFacetSearcher(indexName: String, attribute: String, context: Query = Query()) -> FacetSearcher {
        let searcher = FacetSearcher(indexName: indexName, attribute: attribute, context: context, backend: backend, router: router)
        searcher.aggregator = self
        facetSearchers.append(searcher)
        return searcher
    }

    public func setText(_ text: String) {
        guard text != self.text else { return }
        self.text = text
        hitsSearchers.forEach { $0.adoptText(text) }
        facetSearchers.forEach { $0.adoptText(text) }
        search()
    }

    public func search(_ metadata: SearchMetadata = .asYouType) {
        pipeline.schedule(metadata) { [weak self] in self?.send() }
    }

    private func send() {
        let children = hitsSearchers.map { Child.hits($0, $0.query.withPage(0)) } + facetSearchers.map { Child.facets($0) }
        guard !children.isEmpty else { return }
        let requests = children.map { child -> SearchRequest in
            switch child {
            case .hits(let searcher, _): return searcher.request
            case .facets(let searcher): return searcher.request
            }
        }
        pipeline.multiSearch(requests) { [weak self] answer in self?.hand(answer, to: children) }
    }

    private func hand(_ answer: Result<[SearchResponse], SearchFailure>, to children: [Child]) {
        switch answer {
        case .success(let responses):
            lastError = nil
            for (child, response) in zip(children, responses) {
                switch (child, response) {
                case (.hits(let searcher, let query), .hits(let results)): searcher.apply(results, for: query)
                case (.facets(let searcher), .facetValues(let values)): searcher.apply(values)
                default: fail(SearchFailure("malformed response: answers do not match the requests"), child)
                }
            }
        case .failure(let failure):
            lastError = failure
            children.forEach { fail(failure, $0) }
        }
        onResults.forEach { $0() }
    }

    private func fail(_ failure: SearchFailure, _ child: Child) {
        lastError = failure
        switch child {
        case .hits(let searcher, _): searcher.apply(failure)
        case .facets(let searcher): searcher.apply(failure)
        }
    }
}
