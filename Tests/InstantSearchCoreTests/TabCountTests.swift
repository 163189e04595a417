import InstantSearchCore
import Synchronization
import Testing

/// Every tab's count follows every keystroke: the other indices' counts ride in the active
/// index's multi-query (hitsPerPage 0, no facets), one backend call per search.
@Suite struct TabCountTests {
    /// Answers "<index>/<text>" with as many hits as the text has letters times the index's
    /// position, and records every query asked.
    final class CountingBackend: Searchable {
        let asked = Mutex<[[IndexedQuery]]>([])

        func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
            asked.withLock { $0.append(queries) }
            return queries.map { request in
                let factor = request.indexName == "movies" ? 1 : 10
                return SearchResults(indexName: request.indexName, query: request.query.text, nbHits: request.query.text.count * factor)
            }
        }
    }

    @Test func everyTabIsCountedInTheActiveIndexSearch() async {
        let waking = WakingRouter()
        let backend = CountingBackend()
        let hub = InstantSearch(
            indices: [IndexDescription(name: "movies", facetAttributes: ["genre"]), IndexDescription(name: "actors")],
            backend: backend, scheduler: ManualClock(), router: waking.router)
        hub.dispatch(.setQuery("tom"))
        await waking.deliver()
        #expect(hub.state.index.map { $0.count } == [HitCount(text: "tom", nbHits: 3), HitCount(text: "tom", nbHits: 30)])
        hub.dispatch(.setQuery("tom h"))
        await waking.deliver()
        #expect(hub.state.index.map { $0.count?.nbHits } == [5, 50])

        let calls = backend.asked.withLock { $0 }
        #expect(calls.count == 2)
        let companion = calls[1][1]
        #expect(calls[1][0].indexName == "movies" && calls[1][0].query.facets == ["genre"])
        #expect(companion.indexName == "actors" && companion.query.hitsPerPage == 0 && companion.query.facets.isEmpty)
        #expect(companion.query.text == "tom h")
        // The other tab's results stay unasked-for: switching to it searches it for real.
        #expect(hub.searchers[1].results == nil)
    }

    @Test func oneIndexSendsItsQueryAlone() async {
        let waking = WakingRouter()
        let backend = CountingBackend()
        let hub = InstantSearch(indices: [IndexDescription(name: "movies")], backend: backend, scheduler: ManualClock(), router: waking.router)
        hub.dispatch(.setQuery("tom"))
        await waking.deliver()
        #expect(backend.asked.withLock { $0.map(\.count) } == [1])
    }
}
