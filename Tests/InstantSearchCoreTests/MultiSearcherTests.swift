import InstantSearchCore
import Synchronization
import Testing

/// Counts multi-search calls; answers hits by echoing the text and facet values from a list.
final class MultiBackend: Searchable {
    let multiCalls = Mutex(0)
    let requestCounts = Mutex<[Int]>([])

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        queries.map { results($0.indexName, text: $0.query.text, titles: ["\($0.indexName):\($0.query.text)"]) }
    }

    func searchForFacetValues(indexName: String, attribute: String, text: String, query: Query) async throws -> FacetSearchResults {
        let values = ["Drama": 30, "Dragon films": 2, "Comedy": 12].filter { $0.key.lowercased().hasPrefix(text.lowercased()) }
        return FacetSearchResults(facetHits: values.map { FacetValueCount(value: $0.key, count: $0.value) }.sorted { $0.count > $1.count })
    }

    func multiSearch(_ requests: [SearchRequest]) async throws -> [SearchResponse] {
        multiCalls.withLock { $0 += 1 }
        requestCounts.withLock { $0.append(requests.count) }
        var answers: [SearchResponse] = []
        for request in requests {
            switch request {
            case .hits(let query): answers.append(.hits(try await search([query])[0]))
            case .facetValues(let index, let attribute, let text, let query):
                answers.append(.facetValues(try await searchForFacetValues(indexName: index, attribute: attribute, text: text, query: query)))
            }
        }
        return answers
    }
}

@Suite struct MultiSearcherTests {
    @Test func everySearcherIsAnsweredByOneBackendCallPerKeystroke() async {
        let waking = WakingRouter()
        let backend = MultiBackend()
        let multi = MultiSearcher(backend: backend, scheduler: ManualClock(), router: waking.router)
        let actors = multi.addHitsSearcher(indexName: "actors")
        let movies = multi.addHitsSearcher(indexName: "movies")
        let genres = multi.addFacetSearcher(indexName: "movies", attribute: "genres")
        for text in ["d", "dr", "dra"] {
            multi.setText(text)
            await waking.deliver()
        }
        #expect(backend.multiCalls.withLock { $0 } == 3)
        #expect(backend.requestCounts.withLock { $0 } == [3, 3, 3])
        #expect(multi.requestsSent == 3)
        #expect(actors.results?.hits.first?.objectID == "actors:dra")
        #expect(movies.results?.hits.first?.objectID == "movies:dra")
        #expect(genres.results?.facetHits.map(\.value) == ["Drama", "Dragon films"])
    }

    @Test func aRefinementOnAChildGoesThroughTheMultiQuery() async {
        let waking = WakingRouter()
        let backend = MultiBackend()
        let multi = MultiSearcher(backend: backend, scheduler: ManualClock(), router: waking.router)
        let movies = multi.addHitsSearcher(indexName: "movies")
        multi.addHitsSearcher(indexName: "actors")
        movies.toggleRefinement(attribute: "genres", value: "Drama")
        await waking.deliver()
        #expect(backend.multiCalls.withLock { $0 } == 1)
        #expect(backend.requestCounts.withLock { $0 } == [2])
        #expect(movies.requestsSent == 0, "the child sent nothing on its own")
    }

    @Test func aFacetSearcherAloneSearchesFacetValues() async {
        let waking = WakingRouter()
        let searcher = FacetSearcher(indexName: "movies", attribute: "genres", backend: MultiBackend(), router: waking.router)
        searcher.setText("co")
        await waking.deliver()
        #expect(searcher.results?.facetHits == [FacetValueCount(value: "Comedy", count: 12)])
    }

    @Test func theSectionsSearchRefinesTheHitsOfTheFacetsIndex() async {
        let waking = WakingRouter()
        let sectionsSearch = SectionsSearch(
            sections: [
                SectionDefinition(title: "Genres", indexName: "movies", content: .facetValues(attribute: "genres", limit: 3)),
                SectionDefinition(title: "Movies", indexName: "movies", content: .hits(limit: 5)),
                SectionDefinition(title: "Actors", indexName: "actors", content: .hits(limit: 5)),
            ],
            indices: [IndexDescription(name: "movies"), IndexDescription(name: "actors")],
            backend: MultiBackend(), scheduler: ManualClock(), router: waking.router)
        sectionsSearch.multiSearcher.setText("dra")
        await waking.deliver()
        sectionsSearch.toggle("Drama", inSection: 0)
        #expect(sectionsSearch.isRefined("Drama", inSection: 0))
        #expect(sectionsSearch.hitsSearchers["movies"]?.query.isRefined("genres", value: "Drama") == true)
        #expect(sectionsSearch.hitsSearchers["actors"]?.query.hasRefinements == false)
        #expect(sectionsSearch.hitsSearchers["movies"]?.query.hitsPerPage == 5)
    }

    @Test func theDefaultMultiSearchKeepsRequestOrder() async throws {
        let backend = InstantBackend { results($0.indexName, text: $0.query.text, titles: [$0.indexName]) }
        let answers = try await backend.multiSearch([
            .hits(IndexedQuery(indexName: "a", query: Query(text: "x"))),
            .hits(IndexedQuery(indexName: "b", query: Query(text: "x"))),
        ])
        #expect(answers.map { if case .hits(let r) = $0 { r.indexName } else { "?" } } == ["a", "b"])
        #expect(backend.calls.withLock { $0 } == 1, "hits requests go to search(_:) together")
    }
}
