import InstantSearchCore
import Testing

@Suite struct ThrottlerTests {
    @Test(arguments: [(1000, 100), (950, 100), (1000, 300), (90, 100)])
    func aSteadyStreamRunsOncePerInterval(duration: Int, interval: Int) {
        let clock = ManualClock()
        let throttler = Throttler(interval: .milliseconds(interval), scheduler: clock)
        var runs: [Int] = []
        // A call every 10 ms from 0 to duration - 10.
        for t in stride(from: 0, to: duration, by: 10) {
            clock.advance(by: .milliseconds(t) - clock.now)
            throttler.call { runs.append(t) }
        }
        clock.advance(by: .seconds(10))
        let expected = (duration + interval - 1) / interval
        #expect(runs.count == expected)
        #expect(runs.last == duration - 10, "the newest call is the one that runs")
    }

    @Test func eachFiringRunsTheLatestCallOfItsInterval() {
        let clock = ManualClock()
        let throttler = Throttler(interval: .milliseconds(100), scheduler: clock)
        var runs: [String] = []
        throttler.call { runs.append("a") }
        throttler.call { runs.append("b") }
        clock.advance(by: .milliseconds(100))
        #expect(runs == ["b"])
        throttler.call { runs.append("c") }
        clock.advance(by: .milliseconds(99))
        #expect(runs == ["b"])
        clock.advance(by: .milliseconds(1))
        #expect(runs == ["b", "c"])
    }

    @Test func throttledStrategySendsFinalSearchesAtOnce() {
        let clock = ManualClock()
        let strategy = ThrottledStrategy(interval: .milliseconds(200), scheduler: clock)
        var performed: [String] = []
        strategy.performSearch(.asYouType) { performed.append("typed") }
        strategy.performSearch(.final) { performed.append("final") }
        clock.advance(by: .seconds(1))
        #expect(performed == ["final"])
    }
}

@Suite struct AdaptiveNetworkStrategyTests {
    let clock = ManualClock()

    /// Runs one request through the strategy, taking `duration`.
    private func request(_ strategy: AdaptiveNetworkStrategy, _ sequence: Int, takes duration: Duration) {
        strategy.requestDidStart(sequence: sequence)
        clock.advance(by: duration)
        strategy.requestDidFinish(sequence: sequence, cancelled: false)
    }

    @Test func quickResponsesKeepItRealtime() {
        let strategy = AdaptiveNetworkStrategy(scheduler: clock)
        for sequence in 1...5 { request(strategy, sequence, takes: .milliseconds(120)) }
        #expect(strategy.mode == .realtime)
        var performed = 0
        strategy.performSearch(.asYouType) { performed += 1 }
        #expect(performed == 1)
    }

    @Test func aSlowRequestStillRunningTurnsItThrottledAtHalfASecond() {
        let strategy = AdaptiveNetworkStrategy(scheduler: clock)
        strategy.requestDidStart(sequence: 1)
        clock.advance(by: .milliseconds(499))
        #expect(strategy.mode == .realtime)
        clock.advance(by: .milliseconds(1))
        #expect(strategy.mode == .throttled(.milliseconds(500)))
    }

    @Test func theThrottleDelayFollowsTheAverageResponseTime() {
        let strategy = AdaptiveNetworkStrategy(scheduler: clock)
        for sequence in 1...5 { request(strategy, sequence, takes: .milliseconds(1500)) }
        #expect(strategy.mode == .throttled(.milliseconds(1500)))
        var performed = 0
        for _ in 0..<10 {
            strategy.performSearch(.asYouType) { performed += 1 }
            clock.advance(by: .milliseconds(100))
        }
        #expect(performed == 0, "nothing before the first interval has passed")
        clock.advance(by: .milliseconds(500))
        #expect(performed == 1, "one search for the ten keys")
        #expect(strategy.modeDescription == "throttled 1.5 s")
    }

    @Test func aRequestRunningThreeSecondsTurnsItManualBeforeItAnswers() {
        let strategy = AdaptiveNetworkStrategy(scheduler: clock)
        strategy.requestDidStart(sequence: 1)
        clock.advance(by: .seconds(3))
        #expect(strategy.mode == .manual)
        #expect(!strategy.isAsYouTypeEnabled)
        var performed: [String] = []
        strategy.performSearch(.asYouType) { performed.append("typed") }
        clock.advance(by: .seconds(5))
        #expect(performed.isEmpty)
        #expect(strategy.droppedSearches == 1)
        strategy.performSearch(.final) { performed.append("enter") }
        #expect(performed == ["enter"], "a final search always goes through")
    }

    @Test func fastResponsesBringItBackToRealtime() {
        let strategy = AdaptiveNetworkStrategy(scheduler: clock)
        request(strategy, 1, takes: .seconds(4))
        #expect(strategy.mode == .manual)
        // Enter searches; the network is quick again: the slow request leaves the window.
        for sequence in 2...6 { request(strategy, sequence, takes: .milliseconds(100)) }
        #expect(strategy.mode == .realtime)
    }

    @Test func slowRequestsAreForgottenAfterTwentySecondsOfQuiet() {
        let strategy = AdaptiveNetworkStrategy(scheduler: clock)
        request(strategy, 1, takes: .seconds(4))
        #expect(strategy.mode == .manual)
        clock.advance(by: .milliseconds(19_999))
        #expect(strategy.mode == .manual)
        clock.advance(by: .milliseconds(1))
        #expect(strategy.mode == .realtime, "the check fires by itself when the statistics expire")
    }

    @Test func theModeGoesRealtimeThrottledManualAndBack() {
        let strategy = AdaptiveNetworkStrategy(scheduler: clock)
        var modes: [AdaptiveNetworkStrategy.Mode] = [strategy.mode]
        func note() { if modes.last != strategy.mode { modes.append(strategy.mode) } }
        request(strategy, 1, takes: .milliseconds(200)); note()
        request(strategy, 2, takes: .milliseconds(2000)); note()
        request(strategy, 3, takes: .milliseconds(9000)); note()
        clock.advance(by: .seconds(20)); note()
        #expect(modes == [.realtime, .throttled(.milliseconds(1100)), .manual, .realtime])
    }

    @Test func cancelledRequestsSayNothingAboutTheNetwork() {
        let stats = ResponseTimeStats(clock: clock)
        stats.requestDidStart(sequence: 1)
        clock.advance(by: .seconds(2))
        stats.requestDidFinish(sequence: 1, cancelled: true)
        #expect(stats.averageResponseTime == nil)
    }

    @Test func theWindowIsTheLastFiveRequests() {
        let stats = ResponseTimeStats(clock: clock)
        for (sequence, duration) in [10_000, 100, 100, 100, 100, 100].enumerated() {
            stats.requestDidStart(sequence: sequence)
            clock.advance(by: .milliseconds(duration))
            stats.requestDidFinish(sequence: sequence, cancelled: false)
        }
        #expect(stats.averageResponseTime == .milliseconds(100))
    }
}

@Suite struct SequencerTests {
    @Test func atMostThreeRequestsArePendingTheOldestIsCancelled() {
        let sequencer = Sequencer()
        var cancelled: [Int] = []
        for _ in 1...5 {
            let sequence = sequencer.nextSequence()
            sequencer.started(sequence) { cancelled.append(sequence) }
        }
        #expect(sequencer.pendingSequences == [3, 4, 5])
        #expect(cancelled == [1, 2])
        #expect(sequencer.cancelledCount == 2)
    }

    @Test func outOfOrderAnswersOnlyTheNewestIsDelivered() {
        let sequencer = Sequencer()
        var cancelled: [Int] = []
        for _ in 1...3 {
            let sequence = sequencer.nextSequence()
            sequencer.started(sequence) { cancelled.append(sequence) }
        }
        #expect(sequencer.shouldDeliver(2))
        #expect(cancelled == [1], "the answer to 2 cancels 1")
        #expect(sequencer.shouldDeliver(3))
        #expect(!sequencer.shouldDeliver(1), "an answer older than the one shown is never delivered")
        #expect(sequencer.pendingCount == 0)
    }
}

@Suite struct SearchCacheTests {
    let query = IndexedQuery(indexName: "products", query: Query(text: "tv"))

    @Test func answersWithinTheTimeToLiveThenExpires() {
        let clock = ManualClock()
        let cache = SearchCache(timeToLive: .seconds(120), clock: clock)
        cache.store(SearchResults(indexName: "products", query: "tv", nbHits: 3), for: query)
        clock.advance(by: .seconds(119))
        #expect(cache.results(for: query)?.nbHits == 3)
        clock.advance(by: .seconds(1))
        #expect(cache.results(for: query) == nil)
        #expect(cache.hits == 1)
        #expect(cache.count == 0)
    }

    @Test func oldestEntriesAreEvictedBeyondCapacity() {
        let clock = ManualClock()
        let cache = SearchCache(capacity: 2, clock: clock)
        for text in ["a", "b", "c"] {
            cache.store(SearchResults(indexName: "p", query: text), for: IndexedQuery(indexName: "p", query: Query(text: text)))
        }
        #expect(cache.count == 2)
        #expect(cache.results(for: IndexedQuery(indexName: "p", query: Query(text: "a"))) == nil)
    }

    @Test func aCachedQueryIsAnsweredWithoutTheBackend() async {
        let waking = WakingRouter()
        let clock = ManualClock()
        let backend = InstantBackend { results($0.indexName, text: $0.query.text, titles: [$0.query.text]) }
        let searcher = HitsSearcher(
            indexName: "products", query: Query(), backend: backend, scheduler: clock, router: waking.router,
            cache: SearchCache(clock: clock))
        searcher.setText("tv")
        await waking.deliver()
        searcher.setText("tvs")
        await waking.deliver()
        searcher.setText("tv")
        #expect(searcher.results?.query == "tv", "answered at once, with nothing to wait for")
        #expect(backend.calls.withLock { $0 } == 2)
        #expect(searcher.cacheHits == 1)
        clock.advance(by: .seconds(121))
        searcher.setText("tvs")
        await waking.deliver()
        #expect(backend.calls.withLock { $0 } == 3, "expired entries go back to the backend")
    }

    /// An index's data changed (a new snapshot) while a request was on its way: its answer is
    /// of the old data, shown if nothing newer came but never kept to answer the same query
    /// asked again on the new data.
    @Test func anAnswerAskedBeforeTheIndexChangedIsNotKept() async {
        let waking = WakingRouter()
        let clock = ManualClock()
        let backend = InstantBackend { results($0.indexName, text: $0.query.text, titles: [$0.query.text]) }
        let cache = SearchCache(clock: clock)
        let searcher = HitsSearcher(
            indexName: "products", query: Query(), backend: backend, scheduler: clock, router: waking.router, cache: cache)
        searcher.setText("tv")
        cache.removeAll(indexName: "products")  // before the answer is handed over
        await waking.deliver()
        #expect(searcher.results?.query == "tv")
        #expect(cache.count == 0)
        searcher.search(.final)
        await waking.deliver()
        #expect(backend.calls.withLock { $0 } == 2, "asked again of the backend, not of the cache")
        #expect(cache.count == 1)
    }
}

@Suite struct SimulatedLatencyTests {
    @Test func parsesMillisecondsAndJitter() {
        #expect(SimulatedLatency.parse("1500")! == (.milliseconds(1500), .zero))
        #expect(SimulatedLatency.parse("1500:300")! == (.milliseconds(1500), .milliseconds(300)))
        #expect(SimulatedLatency.parse("fast") == nil)
        #expect(SimulatedLatency.parse("10:") == nil)
        #expect(SimulatedLatency.parse("-5") == nil)
    }
}
