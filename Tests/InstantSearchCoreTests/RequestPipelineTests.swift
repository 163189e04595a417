import InstantSearchCore
import Synchronization
import Testing

/// Records what a searcher tells its strategy, to check that every request that starts also ends.
final class RecordingStrategy: RequestStrategy {
    var started: [Int] = []
    var finished: [(sequence: Int, cancelled: Bool)] = []

    func performSearch(_ metadata: SearchMetadata, perform: @escaping () -> Void) { perform() }
    func requestDidStart(sequence: Int) { started.append(sequence) }
    func requestDidFinish(sequence: Int, cancelled: Bool) { finished.append((sequence, cancelled)) }
    var modeDescription: String { "recording" }
}

@Suite struct MultiSearcherPipelineTests {
    private func answer(_ multi: MultiSearcher, sequence: Int, text: String) -> Delivery {
        Delivery(
            recipient: 0, sequence: sequence,
            payload: .responses([
                .hits(results("movies", text: text, titles: ["movie:\(text)"])),
                .facetValues(FacetSearchResults(facetHits: [FacetValueCount(value: "genre:\(text)", count: 1)])),
            ]))
    }

    private func makeMulti(strategy: (any RequestStrategy)? = nil, clock: ManualClock = ManualClock()) -> (MultiSearcher, HitsSearcher, FacetSearcher) {
        let multi = MultiSearcher(backend: SilentBackend(), scheduler: clock, router: ResponseRouter(), strategy: strategy)
        let movies = multi.addHitsSearcher(indexName: "movies")
        let genres = multi.addFacetSearcher(indexName: "movies", attribute: "genres")
        return (multi, movies, genres)
    }

    @Test func onlyTheNewestMultiQueryIsShownWhateverOrderTheAnswersArriveIn() {
        let (multi, movies, genres) = makeMulti()
        for text in ["d", "dr", "dra"] { multi.setText(text) }
        multi.receive(answer(multi, sequence: 3, text: "dra"))
        multi.receive(answer(multi, sequence: 1, text: "d"))
        multi.receive(answer(multi, sequence: 2, text: "dr"))
        #expect(movies.results?.hits.map(\.objectID) == ["movie:dra"])
        #expect(genres.results?.facetHits.map(\.value) == ["genre:dra"])
        #expect(!multi.isSearching, "the older two were cancelled when the newest answered")
    }

    @Test func cancelledMultiQueriesAlwaysReportToTheStrategy() {
        let strategy = RecordingStrategy()
        let (multi, _, _) = makeMulti(strategy: strategy)
        for text in ["d", "dr", "dra", "drag"] { multi.setText(text) }
        #expect(strategy.started == [1, 2, 3, 4])
        #expect(strategy.finished.map(\.sequence) == [1], "the oldest was cancelled to keep three pending")
        multi.receive(Delivery(recipient: 0, sequence: 2, payload: .cancelled))
        multi.receive(answer(multi, sequence: 4, text: "drag"))
        let ended = strategy.finished.sorted { $0.sequence < $1.sequence }
        #expect(ended.map(\.sequence) == [1, 2, 3, 4], "every request that started has ended")
        #expect(ended.map(\.cancelled) == [true, true, true, false])
        #expect(multi.pendingRequests == 0)
    }

    @Test func theAdaptiveStrategyFedByMultiQueriesStaysRealtimeAfterCancellations() {
        let clock = ManualClock()
        let strategy = AdaptiveNetworkStrategy(scheduler: clock)
        let (multi, movies, _) = makeMulti(strategy: strategy, clock: clock)
        for text in ["d", "dr", "dra", "drag"] {
            multi.setText(text)
            clock.advance(by: .milliseconds(30))
        }
        multi.receive(answer(multi, sequence: 4, text: "drag"))
        #expect(strategy.stats.runningRequests == 0, "cancelled multi-queries are not still running")
        clock.advance(by: .seconds(4))
        #expect(strategy.mode == .realtime, "four quick keys and one quick answer: nothing slow happened")
        multi.setText("dragon")
        #expect(multi.requestsSent == 5, "as-you-type still searches")
        #expect(movies.results?.hits.map(\.objectID) == ["movie:drag"])
    }

    @Test func aFailureReachesTheFacetSectionsAsWellAsTheHits() {
        let (multi, movies, genres) = makeMulti()
        var facetErrors: [String] = []
        genres.onError.append { facetErrors.append($0.message) }
        multi.setText("d")
        multi.receive(answer(multi, sequence: 1, text: "d"))
        #expect(genres.lastError == nil)
        multi.setText("dr")
        multi.receive(Delivery(recipient: 0, sequence: 2, payload: .failure(SearchFailure("connection refused"))))
        #expect(movies.lastError?.message == "connection refused")
        #expect(genres.lastError?.message == "connection refused")
        #expect(facetErrors == ["connection refused"])
        multi.setText("dra")
        multi.receive(answer(multi, sequence: 3, text: "dra"))
        #expect(genres.lastError == nil && movies.lastError == nil, "the next success clears the error")
    }

    @Test func theHitsSearcherReportsCancellationsToItsStrategyToo() {
        let strategy = RecordingStrategy()
        let searcher = HitsSearcher(
            indexName: "products", query: Query(), backend: SilentBackend(), scheduler: ManualClock(),
            router: ResponseRouter(), strategy: strategy)
        for text in ["a", "ap", "app", "appl"] { searcher.setText(text) }
        searcher.receive(delivery(searcher, sequence: 4, titles: ["apple"]))
        #expect(strategy.finished.count == 4)
        #expect(strategy.finished.filter(\.cancelled).map(\.sequence).sorted() == [1, 2, 3])
    }
}

/// A backend in the process (one request at a time, as the embedded engine) that notes the
/// text of every query it is asked and answers it at once.
final class NotingBackend: Searchable {
    let asked = Mutex<[String]>([])
    var requestPolicy: RequestPolicy { .inProcess }

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        asked.withLock { $0 += queries.map(\.query.text) }
        return queries.map { results($0.indexName, text: $0.query.text, titles: ["hit:\($0.query.text)"]) }
    }
}

/// Requests held by the router (the terminal's loop holds them until its frame is out).
@Suite struct HeldRequestsTests {
    @Test func aHeldRequestRunsOnlyOnceTheRouterStartsItAndItsSearcherIsSearchingMeanwhile() async {
        let waking = WakingRouter()
        let backend = NotingBackend()
        let held = HitsSearcher(indexName: "held", query: Query(), backend: backend, scheduler: ManualClock(), router: waking.router)
        let direct = HitsSearcher(indexName: "direct", query: Query(), backend: backend, scheduler: ManualClock(), router: waking.router)
        waking.router.holdsRequests = true
        held.setText("kept")
        #expect(held.isSearching, "a held request is running as far as its searcher can tell")
        waking.router.holdsRequests = false
        direct.setText("sent")
        await waking.deliver()
        #expect(direct.results?.hits.map(\.objectID) == ["hit:sent"])
        #expect(backend.asked.withLock { $0 } == ["sent"], "the held request has not reached the backend")
        waking.router.startHeldRequests()
        await waking.deliver()
        #expect(held.results?.hits.map(\.objectID) == ["hit:kept"])
        #expect(backend.asked.withLock { $0 } == ["sent", "kept"])
    }

    @Test func aHeldRequestCancelledBeforeItStartsNeverReachesTheBackend() async {
        let waking = WakingRouter()
        let backend = NotingBackend()
        let strategy = RecordingStrategy()
        let searcher = HitsSearcher(
            indexName: "lines", query: Query(), backend: backend, scheduler: ManualClock(), router: waking.router, strategy: strategy)
        waking.router.holdsRequests = true
        for text in ["m", "ma", "mar"] { searcher.setText(text) }
        #expect(strategy.finished.map(\.sequence) == [1, 2], "one request at a time: the older two were cancelled")
        waking.router.startHeldRequests()
        await waking.deliver()
        #expect(backend.asked.withLock { $0 } == ["mar"], "typed ahead within one turn, only the last key searches")
        #expect(searcher.results?.hits.map(\.objectID) == ["hit:mar"])
        #expect(!searcher.isSearching)
    }
}

/// Answers on the calling thread at once ("now:" hits), or on another after 50 ms ("later:").
private final class TwoPathBackend: Searchable {
    var requestPolicy: RequestPolicy { .inProcess }

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        try await Task.sleep(for: .milliseconds(50))
        return queries.map { results($0.indexName, text: $0.query.text, titles: ["later:\($0.query.text)"]) }
    }

    func searchSynchronously(_ queries: [IndexedQuery]) throws -> [SearchResults]? {
        queries.map { results($0.indexName, text: $0.query.text, titles: ["now:\($0.query.text)"]) }
    }
}

/// Requests run on the owner thread when the backend can and the last call was within the
/// router's `inlineBudget`: their answer is in the mailbox as soon as they start.
@Suite struct InlineRequestsTests {
    /// A budget no call here can pass: on two cores busy with the rest of the suite, the
    /// 50 ms call's wake-up after its sleep came more than a second late (a CI run), and a
    /// call over the budget is, rightly, not repeated on the owner thread.
    static let roomyBudget = Duration.seconds(60)

    private func searcher(_ backend: any Searchable, budget: Duration?) -> (HitsSearcher, WakingRouter) {
        let waking = WakingRouter()
        waking.router.holdsRequests = true
        waking.router.inlineBudget = budget
        return (HitsSearcher(indexName: "lines", query: Query(), backend: backend, scheduler: ManualClock(), router: waking.router), waking)
    }

    /// Sends `text`, starts it as the loop does at the end of its turn, and says whether its
    /// answer was already in the mailbox then; the answer is delivered either way.
    private func search(_ text: String, _ searcher: HitsSearcher, _ waking: WakingRouter) async -> (answeredAtOnce: Bool, hits: [String]) {
        searcher.setText(text)
        waking.router.startHeldRequests()
        let atOnce = !waking.router.mailbox.isEmpty
        await waking.deliver()
        return (atOnce, searcher.results?.hits.map(\.objectID) ?? [])
    }

    @Test func aQuickLastCallMakesTheNextOneRunWhereItWasSent() async {
        let (searcher, waking) = searcher(TwoPathBackend(), budget: Self.roomyBudget)
        let first = await search("a", searcher, waking)
        #expect(!first.answeredAtOnce && first.hits == ["later:a"], "nothing timed yet: another thread")
        #expect(searcher.pipeline.lastWorkTime.map { $0 >= .milliseconds(50) && $0 < Self.roomyBudget } == true)
        let second = await search("ab", searcher, waking)
        #expect(second.answeredAtOnce && second.hits == ["now:ab"], "the last call took less than the budget")
        let third = await search("abc", searcher, waking)
        #expect(third.answeredAtOnce && third.hits == ["now:abc"])
    }

    @Test func aCallSlowerThanTheBudgetKeepsTheNextOneOnAnotherThread() async {
        let (searcher, waking) = searcher(TwoPathBackend(), budget: .milliseconds(10))
        _ = await search("a", searcher, waking)
        let second = await search("ab", searcher, waking)
        #expect(!second.answeredAtOnce && second.hits == ["later:ab"], "50 ms is over a 10 ms budget")
    }

    @Test func withoutABudgetOrASynchronousBackendEveryCallGoesToAnotherThread() async {
        let (unbudgeted, waking) = searcher(TwoPathBackend(), budget: nil)
        _ = await search("a", unbudgeted, waking)
        #expect(await search("ab", unbudgeted, waking).hits == ["later:ab"], "a remote backend's router has no budget")
        let (remote, remoteRouter) = searcher(NotingBackend(), budget: Self.roomyBudget)
        _ = await search("a", remote, remoteRouter)
        #expect(remote.pipeline.lastWorkTime != nil)
        #expect(await search("ab", remote, remoteRouter).hits == ["hit:ab"], "no synchronous answer: the backend's own way")
    }

    @Test func aCallStartedOnTheOwnerThreadCanStillBeCancelledBeforeItStarts() async {
        let (searcher, waking) = searcher(TwoPathBackend(), budget: Self.roomyBudget)
        _ = await search("a", searcher, waking)
        for text in ["m", "ma", "mar"] { searcher.setText(text) }
        waking.router.startHeldRequests()
        #expect(waking.router.deliverPending() == 1, "typed ahead within one turn, only the last key searches")
        #expect(searcher.results?.hits.map(\.objectID) == ["now:mar"])
        #expect(!searcher.isSearching)
    }
}

@Suite struct MailboxObserverTests {
    /// `--profile` times each backend call from the delivery's `workTime`, as it is posted.
    @Test func theObserverSeesEachDeliveryWithItsWorkTimeAsItIsPosted() async {
        let seen = Mutex<[Duration?]>([])
        let router = ResponseRouter(observe: { delivery in seen.withLock { $0.append(delivery.workTime) } })
        router.inlineBudget = InlineRequestsTests.roomyBudget
        let searcher = HitsSearcher(indexName: "lines", query: Query(), backend: TwoPathBackend(), scheduler: ManualClock(), router: router)
        searcher.setText("a")
        while router.mailbox.isEmpty { try? await Task.sleep(for: .milliseconds(5)) }
        #expect(seen.withLock { $0.count } == 1)
        #expect(seen.withLock { $0[0] }.map { $0 >= .milliseconds(50) } == true, "the 50 ms call on another thread")
        router.deliverPending()
        searcher.setText("ab")
        #expect(seen.withLock { $0.count } == 2, "the call on this thread was seen before `setText` returned")
        router.mailbox.post(Delivery(recipient: 0, sequence: 0, payload: .cancelled))
        #expect(seen.withLock { $0.last! } == nil, "a delivery not timed")
    }
}
