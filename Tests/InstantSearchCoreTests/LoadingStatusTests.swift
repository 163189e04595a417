import InstantSearchCore
import Synchronization
import Testing

/// Progress of an index loading in the background arrives through the mailbox; a new
/// snapshot has the query on screen asked again, past the search cache.
@Suite struct LoadingStatusTests {
    /// Answers with the snapshot it searches, like an embedded backend whose index was replaced.
    final class GrowingBackend: Searchable {
        let snapshot = Mutex(1)

        func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
            let current = snapshot.withLock { $0 }
            return queries.map { results($0.indexName, text: $0.query.text, titles: ["snapshot \(current)"]) }
        }
    }

    @Test func aNewSnapshotReRunsTheQueryOnScreen() async {
        let waking = WakingRouter()
        let backend = GrowingBackend()
        let clock = ManualClock()
        let hub = InstantSearch(
            indices: [IndexDescription(name: "lines"), IndexDescription(name: "other")], backend: backend,
            scheduler: clock, router: waking.router, cache: SearchCache(clock: clock))
        hub.dispatch(.setQuery("ab"))
        await waking.deliver(to: hub)
        #expect(hub.searcher.results?.hits.map(\.objectID) == ["snapshot 1"])

        // Progress alone changes what the stats line shows, and asks nothing.
        hub.loading.report(LoadingProgress(indexName: "lines", records: 500, bytesRead: 10, totalBytes: 40))
        await waking.deliver(to: hub)
        #expect(hub.loading.progress["lines"]?.percent == 25)
        #expect(hub.loading.isLoading)
        #expect(hub.requestsSent == 1)

        backend.snapshot.withLock { $0 = 2 }
        hub.loading.report(LoadingProgress(indexName: "lines", records: 2000, isNewSnapshot: true, isFinished: true))
        await waking.deliver(2, to: hub)  // the progress, then the answer on the new snapshot
        #expect(hub.requestsSent == 2)  // the cached answer of "ab" was not used
        #expect(hub.searcher.results?.query == "ab")
        #expect(hub.searcher.results?.hits.map(\.objectID) == ["snapshot 2"])
        #expect(!hub.loading.isLoading)

        // Another index's snapshot leaves this one's results alone.
        hub.loading.report(LoadingProgress(indexName: "other", isNewSnapshot: true))
        await waking.deliver(to: hub)
        #expect(hub.requestsSent == 2)
    }

    /// Receiving the news sends nothing (an observer sends no request): the hub asks again
    /// once the answers are delivered, as an intent of its own (`refreshIndex`).
    @Test func theNewSnapshotIsAskedForAfterDeliveryNotFromTheCallback() async {
        let waking = WakingRouter()
        let hub = InstantSearch(
            indices: [IndexDescription(name: "lines")], backend: GrowingBackend(), scheduler: ManualClock(), router: waking.router)
        hub.start()
        await waking.deliver(to: hub)
        #expect(hub.requestsSent == 1)

        hub.loading.report(LoadingProgress(indexName: "lines", records: 10, isNewSnapshot: true))
        await waking.deliver()  // the router alone: the progress is read, nothing is asked
        #expect(hub.loading.progress["lines"]?.records == 10)
        #expect(hub.requestsSent == 1)
        hub.deliverPendingResponses()  // the hub's delivery dispatches what the news calls for
        #expect(hub.requestsSent == 2)
        hub.deliverPendingResponses()
        #expect(hub.requestsSent == 2, "asked once")
    }
}
