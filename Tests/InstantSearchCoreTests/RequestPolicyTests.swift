import InstantSearchCore
import Testing

/// A backend that says it runs in the process, whose requests never finish on their own.
private final class InProcessSilentBackend: Searchable {
    var requestPolicy: RequestPolicy { .inProcess }
    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        try await Task.sleep(for: .seconds(86_400))
        throw CancellationError()
    }
}

/// Each backend declares how it is best asked while the user types; the searchers follow.
@Suite struct RequestPolicyTests {
    @Test func aBackendThatSaysNothingIsAskedLikeANetworkService() {
        let policy = SilentBackend().requestPolicy
        #expect(policy == .network)
        #expect(policy.strategy == .debounce(.milliseconds(100)), "InstantSearch's debounce for the network")
        #expect(policy.maxPendingRequests == 3)
        #expect(!policy.answersWithinFrame)
    }

    @Test func anInProcessEngineSearchesOnEveryKeyAndCancelsTheStaleScan() {
        let policy = RequestPolicy.inProcess
        #expect(policy.strategy == .realtime)
        #expect(policy.maxPendingRequests == 1)
        #expect(policy.answersWithinFrame)
    }

    @Test func aSimulatedNetworkIsAskedLikeARealOneWhateverItWraps() {
        let slow = SimulatedLatency(wrapping: InProcessSilentBackend(), latency: .milliseconds(1500))
        #expect(slow.requestPolicy == .network)
    }

    @Test func eachChoiceMakesItsStrategy() {
        let clock = ManualClock()
        #expect(StrategyChoice.realtime.makeStrategy(scheduler: clock).modeDescription == "realtime")
        #expect(StrategyChoice.debounce(.milliseconds(5)).makeStrategy(scheduler: clock).modeDescription == "debounced 5 ms")
        #expect(StrategyChoice.throttle(.milliseconds(200)).makeStrategy(scheduler: clock).modeDescription == "throttled 200 ms")
        #expect(StrategyChoice.adaptive.makeStrategy(scheduler: clock) is AdaptiveNetworkStrategy)
    }

    @Test func inProcessANewKeyCancelsTheSearchStillRunning() {
        let searcher = HitsSearcher(
            indexName: "products", query: Query(), backend: InProcessSilentBackend(), scheduler: ManualClock(),
            router: ResponseRouter())
        #expect(searcher.sequencer.maxPending == 1)
        searcher.setText("s")
        searcher.setText("so")
        #expect(searcher.pendingRequests == 1, "only the newest scan runs")
        #expect(searcher.cancelledRequests == 1)
        #expect(searcher.sequencer.pendingSequences == [2])
    }

    @Test func overTheNetworkUpToThreeRequestsStayInFlight() {
        let searcher = HitsSearcher(
            indexName: "products", query: Query(), backend: SilentBackend(), scheduler: ManualClock(),
            router: ResponseRouter())
        for text in ["s", "so", "son"] { searcher.setText(text) }
        #expect(searcher.pendingRequests == 3)
        #expect(searcher.cancelledRequests == 0)
        searcher.setText("sony")
        #expect(searcher.pendingRequests == 3)
        #expect(searcher.cancelledRequests == 1, "the oldest made room")
    }
}
