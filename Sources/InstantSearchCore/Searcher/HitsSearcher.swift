/// Owns one index's query and sends it to the backend when its strategy says so.
///
/// All of its methods run on one thread (the event loop's). Requests run as tasks off that
/// thread; their answers come back through the router's mailbox. Every request carries a
/// sequence number: a response older than the one shown is dropped, and when a response
/// arrives every older request still running is cancelled (InstantSearch's sequencer).
public final class HitsSearcher: DeliveryReceiver {
    public let indexName: String
    public private(set) var query: Query
    public var strategy: any RequestStrategy

    /// The newest results shown, with every page loaded so far appended.
    public private(set) var results: SearchResults?
    public private(set) var lastError: SearchFailure?
    public private(set) var requestsSent = 0
    public private(set) var cancelledRequests = 0
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
    private var recipientID = 0
    private var nextSequence = 0
    private var shownSequence = -1
    private var running: [Int: Running] = [:]

    /// The query whose results are shown: next pages are asked for it, not for a newer
    /// query still waiting for its first page.
    private var shownQuery: Query?

    private struct Running {
        let task: Task<Void, Never>
        let query: Query
        let startedAt: Duration
        var isNextPage: Bool { query.page > 0 }
    }

    public init(
        indexName: String, query: Query, backend: any Searchable, scheduler: any Scheduler,
        router: ResponseRouter, strategy: (any RequestStrategy)? = nil
    ) {
        self.indexName = indexName
        self.query = query
        self.backend = backend
        self.scheduler = scheduler
        self.router = router
        self.strategy = strategy ?? RealtimeStrategy()
        recipientID = router.register(self)
    }

    public var isSearching: Bool { !running.isEmpty }
    public var pendingRequests: Int { running.count }

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

    /// Changes the query, tells the observers, and asks the strategy for a search.
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

    /// Asks the strategy to send the current query.
    public func search(_ metadata: SearchMetadata = .asYouType) {
        strategy.performSearch(metadata) { [weak self] in self?.send(page: 0) }
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

    private func send(page: Int) {
        send(query.withPage(page))
    }

    private func send(_ request: Query) {
        nextSequence += 1
        requestsSent += 1
        let sequence = nextSequence
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
        strategy.requestDidStart(sequence: sequence)
    }

    public func receive(_ delivery: Delivery) {
        let sequence = delivery.sequence
        guard let request = running.removeValue(forKey: sequence) else { return }
        strategy.requestDidFinish(sequence: sequence)
        if case .cancelled = delivery.payload { return }
        guard sequence > shownSequence else { return }
        shownSequence = sequence
        lastResponseTime = scheduler.now - request.startedAt
        cancelRequests(olderThan: sequence)

        switch delivery.payload {
        case .results(let answers):
            guard let page = answers.first else { return }
            lastError = nil
            results = request.isNextPage ? appending(page) : page
            shownQuery = request.query
            onResults.forEach { $0(results!) }
        case .failure(let failure):
            lastError = failure
            onError.forEach { $0(failure) }
        case .facetValues, .cancelled:
            break
        }
    }

    private func appending(_ page: SearchResults) -> SearchResults {
        guard var merged = results, page.page == merged.page + 1 else { return page }
        merged.hits += page.hits
        merged.page = page.page
        merged.processingTimeMS = page.processingTimeMS
        return merged
    }

    private func cancelRequests(olderThan sequence: Int) {
        for (older, request) in running where older < sequence {
            request.task.cancel()
            running[older] = nil
            cancelledRequests += 1
            strategy.requestDidFinish(sequence: older)
        }
    }
}
