/// One query text, several searchers, one backend call per search (InstantSearch's
/// MultiSearcher): hits of several indices and facet values, sent as one multi-query
/// through `Searchable.multiSearch`, answers handed to each searcher in turn.
///
/// A child searcher's own changes (a refinement toggled on a hits searcher) go through
/// here too, so they cost one multi-query as well.
public final class MultiSearcher: DeliveryReceiver {
    public private(set) var text = ""
    public var strategy: any RequestStrategy
    public let sequencer = Sequencer()
    public private(set) var hitsSearchers: [HitsSearcher] = []
    public private(set) var facetSearchers: [FacetSearcher] = []
    /// Backend calls made: one per search, however many searchers.
    public private(set) var requestsSent = 0
    public private(set) var lastError: SearchFailure?
    /// Called after every answer has been handed out.
    public var onResults: [() -> Void] = []

    private let backend: any Searchable
    private let scheduler: any Scheduler
    private let router: ResponseRouter
    private var recipientID = 0
    private var running: [Int: (task: Task<Void, Never>, searchers: [Child])] = [:]

    private enum Child {
        case hits(HitsSearcher, Query)
        case facets(FacetSearcher)
    }

    public init(backend: any Searchable, scheduler: any Scheduler, router: ResponseRouter, strategy: (any RequestStrategy)? = nil) {
        self.backend = backend
        self.scheduler = scheduler
        self.router = router
        self.strategy = strategy ?? RealtimeStrategy()
        recipientID = router.register(self)
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

    public var isSearching: Bool { !running.isEmpty }

    public func setText(_ text: String) {
        guard text != self.text else { return }
        self.text = text
        hitsSearchers.forEach { $0.adoptText(text) }
        facetSearchers.forEach { $0.adoptText(text) }
        search()
    }

    public func search(_ metadata: SearchMetadata = .asYouType) {
        strategy.performSearch(metadata) { [weak self] in self?.send() }
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
        let sequence = sequencer.nextSequence()
        requestsSent += 1
        let (backend, mailbox, recipient) = (backend, router.mailbox, recipientID)
        let task = Task.detached {
            let payload: Delivery.Payload
            do {
                payload = .responses(try await backend.multiSearch(requests))
            } catch {
                payload = Task.isCancelled ? .cancelled : .failure(SearchFailure(error))
            }
            mailbox.post(Delivery(recipient: recipient, sequence: sequence, payload: payload))
        }
        running[sequence] = (task, children)
        sequencer.started(sequence) { [weak self] in self?.running.removeValue(forKey: sequence)?.task.cancel() }
        strategy.requestDidStart(sequence: sequence)
    }

    public func receive(_ delivery: Delivery) {
        guard let request = running.removeValue(forKey: delivery.sequence) else { return }
        if case .cancelled = delivery.payload {
            sequencer.ended(delivery.sequence)
            strategy.requestDidFinish(sequence: delivery.sequence, cancelled: true)
            return
        }
        strategy.requestDidFinish(sequence: delivery.sequence, cancelled: false)
        guard sequencer.shouldDeliver(delivery.sequence) else { return }
        switch delivery.payload {
        case .responses(let responses) where responses.count == request.searchers.count:
            lastError = nil
            for (child, response) in zip(request.searchers, responses) {
                switch (child, response) {
                case (.hits(let searcher, let query), .hits(let results)): searcher.apply(results, for: query)
                case (.facets(let searcher), .facetValues(let values)): searcher.apply(values)
                default: lastError = SearchFailure("malformed response: answers do not match the requests")
                }
            }
        case .failure(let failure):
            lastError = failure
            hitsSearchers.forEach { $0.apply(failure) }
        default:
            lastError = SearchFailure("malformed response: \(request.searchers.count) requests, other answers")
        }
        onResults.forEach { $0() }
    }
}
