/// The life of every request a searcher sends, written once (the hits, facet and multi
/// searchers all go through one of these):
///
/// 1. a sequence number from the `Sequencer`,
/// 2. the backend call in a detached task, off the owner thread, or on the owner thread when
///    the backend can and the last call was quick (`ResponseRouter.inlineBudget`),
/// 3. the answer posted to the router's mailbox and handed back on the owner thread,
/// 4. cancellation — by the sequencer or by the task — always reported to the strategy, so
///    an adaptive strategy never counts a cancelled request as still running,
/// 5. an optional cache of hits answers,
/// 6. failures handed to the caller like answers, so the searcher can pass them on to every
///    one of its subscribers.
///
/// Only the newest answer is delivered: one older than what is on screen is dropped.
public final class RequestPipeline: DeliveryReceiver {
    public var strategy: any RequestStrategy
    public let sequencer: Sequencer
    public let cache: SearchCache?
    /// Requests that reached the backend (what a hosted service bills).
    public private(set) var requestsSent = 0
    /// Requests answered by the cache instead.
    public private(set) var cacheHits = 0
    /// Time from sending the request to receiving the answer last delivered.
    public private(set) var lastResponseTime: Duration?
    /// How long the backend call of the newest answer took, on whichever thread it ran.
    public private(set) var lastWorkTime: Duration?

    private let backend: any Searchable
    /// The clock response times are measured on; none: not measured.
    private let scheduler: (any Scheduler)?
    private let router: ResponseRouter
    private var recipientID = 0
    private var running: [Int: Running] = [:]

    /// What happens to an answer on the owner thread.
    public typealias Completion = (Delivery.Payload) -> Void

    private struct Running {
        let task: RequestTask
        let startedAt: Duration?
        /// Called with every answer that is not a cancellation, delivered or not (caching).
        let settle: Completion?
        /// Called with the answer if it is the newest.
        let deliver: Completion
    }

    public init(
        backend: any Searchable, scheduler: (any Scheduler)?, router: ResponseRouter,
        strategy: (any RequestStrategy)? = nil, cache: SearchCache? = nil, sequencer: Sequencer? = nil
    ) {
        self.backend = backend
        self.scheduler = scheduler
        self.router = router
        self.strategy = strategy ?? RealtimeStrategy()
        self.cache = cache
        // As many requests in flight as the backend says suit it (`RequestPolicy`).
        self.sequencer = sequencer ?? Sequencer(maxPending: backend.requestPolicy.maxPendingRequests)
        recipientID = router.register(self)
    }

    public var isRunning: Bool { !running.isEmpty }
    /// The backend answers in this process, within a frame (`RequestPolicy`): large pages cost it little.
    public var answersWithinFrame: Bool { backend.requestPolicy.answersWithinFrame }
    public var pendingRequests: Int { running.count }
    public var cancelledRequests: Int { sequencer.cancelledCount }

    // MARK: Sending

    /// Asks the strategy, then runs `send` when (and if) it decides to.
    public func schedule(_ metadata: SearchMetadata, _ send: @escaping () -> Void) {
        strategy.performSearch(metadata, perform: send)
    }

    /// The hits of one query: from the cache at once when it has them, else from the backend.
    public func searchHits(_ query: IndexedQuery, deliver: @escaping (Result<SearchResults, SearchFailure>) -> Void) {
        if let cached = cache?.results(for: query) {
            cacheHits += 1
            // A cached answer is the newest of all: it takes a number so nothing older lands on it.
            if sequencer.shouldDeliver(sequencer.nextSequence()) { deliver(.success(cached)) }
            return
        }
        let cache = cache
        let generation = cache?.generation(of: query.indexName)
        sendHits(
            [query],
            checked: { answers in
                guard let first = answers.first else { return .failure(SearchFailure("the backend returned no results")) }
                return .results([first])
            },
            settle: { payload in
                if case .results(let answers) = payload, let page = answers.first { cache?.store(page, for: query, askedIn: generation) }
            },
            deliver: { payload in
                switch payload {
                case .results(let answers): answers.first.map { deliver(.success($0)) }
                case .failure(let failure): deliver(.failure(failure))
                default: deliver(.failure(SearchFailure("malformed response: not the hits asked for")))
                }
            })
    }

    /// The hits of one query and, in the same backend call, the counts of others (the other
    /// tabs' indices, asked with `hitsPerPage` 0): one multi-query per keystroke however many
    /// indices are open. From the cache at once when it holds every answer.
    public func searchHits(
        _ query: IndexedQuery, along companions: [IndexedQuery],
        deliver: @escaping (Result<(SearchResults, [SearchResults]), SearchFailure>) -> Void
    ) {
        let all = [query] + companions
        if let cache, case let cached = all.compactMap({ cache.results(for: $0) }), cached.count == all.count {
            cacheHits += 1
            if sequencer.shouldDeliver(sequencer.nextSequence()) { deliver(.success((cached[0], Array(cached.dropFirst())))) }
            return
        }
        let cache = cache
        let generations = all.map { cache?.generation(of: $0.indexName) }
        sendHits(
            all,
            checked: { answers in
                guard answers.count == all.count else {
                    return .failure(SearchFailure("the backend returned \(answers.count) results for \(all.count) queries"))
                }
                return .results(answers)
            },
            settle: { payload in
                if case .results(let answers) = payload {
                    for (answer, (query, generation)) in zip(answers, zip(all, generations)) {
                        cache?.store(answer, for: query, askedIn: generation)
                    }
                }
            },
            deliver: { payload in
                switch payload {
                case .results(let answers) where answers.count == all.count: deliver(.success((answers[0], Array(answers.dropFirst()))))
                case .failure(let failure): deliver(.failure(failure))
                default: deliver(.failure(SearchFailure("malformed response: not the hits asked for")))
                }
            })
    }

    /// The values of one facet matching `text`.
    public func searchFacetValues(
        indexName: String, attribute: String, text: String, query: Query,
        deliver: @escaping (Result<FacetSearchResults, SearchFailure>) -> Void
    ) {
        send(
            { backend in
                do {
                    return .facetValues(try await backend.searchForFacetValues(indexName: indexName, attribute: attribute, text: text, query: query))
                } catch SearchError.unsupported {
                    // No facet-value search in this backend: its facet counts, filtered here.
                    return .facetValues(try await backend.facetValuesFromCounts(indexName: indexName, attribute: attribute, text: text, query: query))
                }
            },
            deliver: { payload in
                switch payload {
                case .facetValues(let values): deliver(.success(values))
                case .failure(let failure): deliver(.failure(failure))
                default: deliver(.failure(SearchFailure("malformed response: not the facet values asked for")))
                }
            })
    }

    /// Several requests in one backend call; answers in request order, or one failure.
    public func multiSearch(_ requests: [SearchRequest], deliver: @escaping (Result<[SearchResponse], SearchFailure>) -> Void) {
        send(
            { backend in .responses(try await backend.multiSearch(requests)) },
            deliver: { payload in
                switch payload {
                case .responses(let responses) where responses.count == requests.count: deliver(.success(responses))
                case .failure(let failure): deliver(.failure(failure))
                default: deliver(.failure(SearchFailure("malformed response: \(requests.count) requests, other answers")))
                }
            })
    }

    /// `queries` answered on the calling thread; nil when the backend can only answer by
    /// waiting, or fails: for a caller that needs a whole answer now, not in a later frame.
    public func answerNow(_ queries: [IndexedQuery]) -> [SearchResults]? {
        try? backend.searchSynchronously(queries)
    }

    /// A search of `queries`, its answers made a payload by `checked`, wherever it runs (see `send`).
    private func sendHits(
        _ queries: [IndexedQuery], checked: @escaping @Sendable ([SearchResults]) -> Delivery.Payload,
        settle: @escaping Completion, deliver: @escaping Completion
    ) {
        send(
            { backend in checked(try await backend.search(queries)) },
            inline: { backend in try backend.searchSynchronously(queries).map(checked) },
            settle: settle, deliver: deliver)
    }

    /// `inline`: the same work on the calling thread, returning nil when the backend cannot
    /// do it there; used when the router allows it (`ResponseRouter.runsInline(after:)`).
    private func send(
        _ work: @escaping @Sendable (any Searchable) async throws -> Delivery.Payload,
        inline: (@Sendable (any Searchable) throws -> Delivery.Payload?)? = nil,
        settle: Completion? = nil, deliver: @escaping Completion
    ) {
        let sequence = sequencer.nextSequence()
        requestsSent += 1
        let (backend, mailbox, recipient) = (backend, router.mailbox, recipientID)
        let task = RequestTask()
        let inline = router.runsInline(after: lastWorkTime) ? inline : nil
        router.start {
            guard !task.isCancelled else { return }
            // The answer goes through the mailbox all the same: one way in for every answer.
            if let inline {
                let started = ContinuousClock.now
                let payload: Delivery.Payload?
                do { payload = try inline(backend) } catch { payload = .failure(SearchFailure(error)) }
                if let payload {
                    mailbox.post(Delivery(recipient: recipient, sequence: sequence, payload: payload, workTime: .now - started))
                    return
                }
            }
            task.task = Task.detached {
                let started = ContinuousClock.now
                let payload: Delivery.Payload
                do {
                    payload = try await work(backend)
                } catch is CancellationError {
                    payload = .cancelled
                } catch {
                    payload = Task.isCancelled ? .cancelled : .failure(SearchFailure(error))
                }
                mailbox.post(Delivery(recipient: recipient, sequence: sequence, payload: payload, workTime: .now - started))
            }
        }
        running[sequence] = Running(task: task, startedAt: scheduler?.now, settle: settle, deliver: deliver)
        sequencer.started(sequence) { [weak self] in self?.cancel(sequence) }
        strategy.requestDidStart(sequence: sequence)
    }

    /// The sequencer gave up on `sequence`: stop its task and tell the strategy it ended.
    private func cancel(_ sequence: Int) {
        guard let request = running.removeValue(forKey: sequence) else { return }
        request.task.cancel()
        strategy.requestDidFinish(sequence: sequence, cancelled: true)
    }

    // MARK: Receiving

    public func receive(_ delivery: Delivery) {
        let sequence = delivery.sequence
        guard let request = running.removeValue(forKey: sequence) else { return }
        if case .cancelled = delivery.payload {
            sequencer.ended(sequence)
            strategy.requestDidFinish(sequence: sequence, cancelled: true)
            return
        }
        strategy.requestDidFinish(sequence: sequence, cancelled: false)
        if let workTime = delivery.workTime { lastWorkTime = workTime }
        request.settle?(delivery.payload)
        guard sequencer.shouldDeliver(sequence) else { return }
        if let scheduler, let startedAt = request.startedAt { lastResponseTime = scheduler.now - startedAt }
        request.deliver(delivery.payload)
    }
}

/// A request's work, once the router starts it; cancelled before, it never starts (and
/// posts nothing: its pipeline forgot it when it cancelled it).
private final class RequestTask {
    var task: Task<Void, Never>?
    private(set) var isCancelled = false

    func cancel() {
        isCancelled = true
        task?.cancel()
    }
}

/// A searcher that sends through a `RequestPipeline`: its counters and strategy are the
/// pipeline's, written once here for the hits, facet and multi searchers alike.
public protocol PipelineSearcher: AnyObject {
    var pipeline: RequestPipeline { get }
}

extension PipelineSearcher {
    public var strategy: any RequestStrategy {
        get { pipeline.strategy }
        set { pipeline.strategy = newValue }
    }
    public var sequencer: Sequencer { pipeline.sequencer }
    /// Requests that reached the backend (what a hosted service bills).
    public var requestsSent: Int { pipeline.requestsSent }
    /// Searches answered by the cache instead.
    public var cacheHits: Int { pipeline.cacheHits }
    /// Time from sending the request to receiving the response now shown.
    public var lastResponseTime: Duration? { pipeline.lastResponseTime }
    public var isSearching: Bool { pipeline.isRunning }
    public var pendingRequests: Int { pipeline.pendingRequests }
    public var cancelledRequests: Int { pipeline.cancelledRequests }

    /// Hands a delivery to the pipeline (the router does it; tests may too).
    public func receive(_ delivery: Delivery) { pipeline.receive(delivery) }
}
