import InstantSearchCore
import Synchronization
import Testing

/// The sort-by and toggle intents go through the hub into the active searcher's query, and
/// each sends one request carrying it: the one pipeline, no side road.
@Suite struct SortAndToggleIntentTests {
    @Test func sortByAndSetToggleChangeTheQueryAndSearch() async {
        let waking = WakingRouter()
        let seen = Mutex<[Query]>([])
        let backend = InstantBackend { request in
            seen.withLock { $0.append(request.query) }
            return results(request.indexName, text: request.query.text, titles: ["x"])
        }
        let flag = FilterToggle(attribute: "comedy", kind: .number)
        let hub = InstantSearch(
            indices: [IndexDescription(name: "movies", toggles: [flag, FilterToggle(attribute: "free", kind: .boolean)])],
            backend: backend, scheduler: ManualClock(), router: waking.router)
        #expect(hub.searcher.query.facets == ["free"] && hub.searcher.query.disjunctiveFacets == ["free"],
                "a boolean toggle's count is asked for, as if the toggle were off")
        hub.start()
        await waking.deliver()

        let byCount = SortCriterion(attribute: "count", ascending: false)
        hub.dispatch(.sortBy(byCount))
        await waking.deliver()
        #expect(seen.withLock { $0.last?.sortBy } == byCount)
        #expect(hub.state.active.query.sortBy == byCount)

        hub.dispatch(.setToggle(flag, .on))
        await waking.deliver()
        #expect(seen.withLock { $0.last?.numericRanges["comedy"] } == .exactly(1))
        #expect(flag.state(in: hub.state.active.query) == .on)
        #expect(seen.withLock { $0.last?.sortBy } == byCount, "the sort stays while refining")

        hub.dispatch(.clearRefinements)
        await waking.deliver()
        #expect(flag.state(in: hub.state.active.query) == .any)
        #expect(hub.state.active.query.sortBy == byCount, "clearing refinements is not clearing the sort")
        #expect(seen.withLock { $0.count } == 4)
    }
}
