/// Owns one index's query and sends it to the backend when its strategy says so.
///
/// All of its methods run on one thread (the event loop's). Requests run as tasks off that
/// thread; their answers come back through the router's mailbox, and a `Sequencer` decides
/// which may be shown: never one older than what is on screen. A `SearchCache`, when given,
/// answers repeated queries without calling the backend.
public final class HitsSearcher: DeliveryReceiver {
    public let indexName: String
    public private(set) var query: Query
    public var strategy: any RequestStrategy
    public let sequencer: Sequencer
    /// Set when a `MultiSearcher` sends this searcher's query along with others': searches
    /// then go through it, one multi-query for all.
    public internal(set) weak var aggregator: MultiSearcher?

    /// The newest results shown, with every page loaded so far appended.
    public private(set) var results: SearchResults?
    public private(set) var lastError: SearchFailure?
    /// Requests that reached the backend (what a hosted service bills).
    public private(set) var requestsSent = 0
    /// Searches answered by the cache instead.
    public private(set) var cacheHits = 0
    /// Time from sending the request to receiving the response now shown.
    public private(set) var lastResponseTime: Duration?

    /// Called after `query` changes (before its results arrive): refinement lists mark a
    /// toggled value at once.
    public var onQueryChanged: [(Query) -> Void] = []
    public var onResults: [(SearchResults) -> Void] = []
    public var onError: [(SearchFailure) -> Void] = []

    private let backend: any Searchable
    private let scheduler: any Scheduler
    private let router: ResponseRouter
    private let cache: SearchCache?
    private var recipientID = 0
    private var running: [Int: Running] = [:]
    /// The query whose results are shown: next pages are asked for it, not for a newer
    /// query still waiting for its first page.
    private var shownQuery: Query?
    /// The last first-page query sent or answered from the cache.
    private var lastRequestedQuery: Query?

    private struct Running {
        let task: Task<Void, Never>
        let query: Query
        let startedAt: Duration
        var isNextPage: Bool { query.page > 0 }
    }

    public init(
        indexName: String, query: Query, backend: any Searchable, scheduler: any Scheduler,
        router: ResponseRouter, strategy: (any RequestStrategy)? = nil, cache: SearchCache? = nil,
        sequencer: Sequencer = Sequencer()
    ) {
        self.indexName = indexName
        self.query = query
        self.backend = backend
        self.scheduler = scheduler
        self.router = router
        self.strategy = strategy ?? RealtimeStrategy()
        self.cache = cache
        self.sequencer = sequencer
        recipientID = router.register(self)
    }

    public var isSearching: Bool { !running.isEmpty }
    public var pendingRequests: Int { running.count }
    public var cancelledRequests: Int { sequencer.cancelledCount }
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
        let normalized = range.flatMap { $0.lower == nil && $0.upper == nil ? nil : $0 }
        guard query.numericRanges[attribute] != normalized else { return }
        update(.asYouType) { $0.numericRanges[attribute] = normalized }
    }

    public func clearRefinements() {
        guard query.hasRefinements else { return }
        update(.final) { query in
            query.facetRefinements = [:]
            query.numericRanges = [:]
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
        if answerFromCache(query.withPage(0)) { return }
        strategy.performSearch(metadata) { [weak self] in
            guard let self else { return }
            send(query.withPage(0))
        }
    }

    /// Loads the page after the last one shown (infinite scrolling). Ignored while any
    /// request is on its way or the query has changed since: a next page only makes sense
    /// for the results on screen, and the caller asks again once they are current.
    public func loadNextPage() {
        guard let results, results.page + 1 < results.nbPages, running.isEmpty,
            var next = shownQuery, next.withPage(0) == query
        else { return }
        next.page = results.page + 1
        send(next)
    }

    private func send(_ request: Query) {
        if request.page == 0 { lastRequestedQuery = request }
        if answerFromCache(request) { return }
        let sequence = sequencer.nextSequence()
        requestsSent += 1
        let indexed = IndexedQuery(indexName: indexName, query: request)
        let backend = backend
        let mailbox = router.mailbox
        let recipient = recipientID
        let task = Task.detached {
            let payload: Delivery.Payload
            do {
                let answers = try await backend.search([indexed])
                payload = answers.first.map { .results([$0]) }
                    ?? .failure(SearchFailure("the backend returned no results"))
            } catch is CancellationError {
                payload = .cancelled
            } catch {
                payload = Task.isCancelled ? .cancelled : .failure(SearchFailure(error))
            }
            mailbox.post(Delivery(recipient: recipient, sequence: sequence, payload: payload))
        }
        running[sequence] = Running(task: task, query: request, startedAt: scheduler.now)
        sequencer.started(sequence) { [weak self] in self?.cancelRunning(sequence) }
        strategy.requestDidStart(sequence: sequence)
    }

    private func answerFromCache(_ request: Query) -> Bool {
        guard let cached = cache?.results(for: IndexedQuery(indexName: indexName, query: request)) else { return false }
        if request.page == 0 { lastRequestedQuery = request }
        cacheHits += 1
        let sequence = sequencer.nextSequence()
        if sequencer.shouldDeliver(sequence) { show(cached, for: request) }
        return true
    }

    private func cancelRunning(_ sequence: Int) {
        guard let request = running.removeValue(forKey: sequence) else { return }
        request.task.cancel()
        strategy.requestDidFinish(sequence: sequence, cancelled: true)
    }

    public func receive(_ delivery: Delivery) {
        let sequence = delivery.sequence
        guard let request = running.removeValue(forKey: sequence) else { return }
        if case .cancelled = delivery.payload {
            sequencer.ended(sequence)
            strategy.requestDidFinish(sequence: sequence, cancelled: true)
            return
        }
        strategy.requestDidFinish(sequence: sequence, cancelled: false)
        if case .results(let answers) = delivery.payload, let page = answers.first {
            cache?.store(page, for: IndexedQuery(indexName: indexName, query: request.query))
        }
        guard sequencer.shouldDeliver(sequence) else { return }
        lastResponseTime = scheduler.now - request.startedAt

        switch delivery.payload {
        case .results(let answers):
            if let page = answers.first { show(page, for: request.query) }
        case .failure(let failure):
            lastError = failure
            onError.forEach { $0(failure) }
        case .facetValues, .responses, .cancelled, .loading:
            break
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
        guard var merged = results, page.page == merged.page + 1 else { return page }
        merged.hits += page.hits
        merged.page = page.page
        merged.processingTimeMS = page.processingTimeMS
        return merged
    }
}
