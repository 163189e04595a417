/// Searches the values of one facet for the query text (InstantSearch's FacetSearcher):
/// "dra" → Drama 3,021, Dragon films 12. On its own it sends search-for-facet-values
/// requests; inside a `MultiSearcher` its request rides along with the others.
public final class FacetSearcher: PipelineSearcher {
    public let indexName: String
    public let attribute: String
    public private(set) var text = ""
    /// The refinements the values are counted under.
    public var context: Query
    /// The newest values received. After a failure they are kept but stale: `lastError` says
    /// so, and a view shows the error instead of them.
    public private(set) var results: FacetSearchResults?
    public private(set) var lastError: SearchFailure?
    public var onResults: [(FacetSearchResults) -> Void] = []
    public var onError: [(SearchFailure) -> Void] = []
    public internal(set) weak var aggregator: MultiSearcher?

    public let pipeline: RequestPipeline

    public init(indexName: String, attribute: String, context: Query = Query(), backend: any Searchable, router: ResponseRouter) {
        self.indexName = indexName
        self.attribute = attribute
        self.context = context
        pipeline = RequestPipeline(backend: backend, scheduler: nil, router: router)
    }

    public func setText(_ text: String) {
        guard text != self.text else { return }
        self.text = text
        search()
    }

    public func search() {
        if let aggregator {
            aggregator.search()
            return
        }
        pipeline.searchFacetValues(indexName: indexName, attribute: attribute, text: text, query: context) { [weak self] answer in
            switch answer {
            case .success(let values): self?.apply(values)
            case .failure(let failure): self?.apply(failure)
            }
        }
    }

    var request: SearchRequest { .facetValues(indexName: indexName, attribute: attribute, text: text, query: context) }

    func adoptText(_ text: String) { self.text = text }

    func apply(_ values: FacetSearchResults) {
        results = values
        lastError = nil
        onResults.forEach { $0(values) }
    }

    func apply(_ failure: SearchFailure) {
        lastError = failure
        onError.forEach { $0(failure) }
    }
}
