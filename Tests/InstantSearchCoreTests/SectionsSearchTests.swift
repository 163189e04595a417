import InstantSearchCore
import Synchronization
import Testing

/// The sections view: default sections without a setup file, and facet sections that count
/// the values of the records the query matches.
@Suite struct SectionsSearchTests {
    /// Matches "tom ha" in titles only: a search of genre *values* for it finds nothing, the
    /// matching records' genres are Drama and Comedy.
    final class MoviesBackend: Searchable {
        let asked = Mutex<[IndexedQuery]>([])

        func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
            asked.withLock { $0 += queries }
            return queries.map { request in
                let facets =
                    request.query.facets.contains("genres")
                    ? ["genres": [FacetValueCount(value: "Drama", count: 500), FacetValueCount(value: "Comedy", count: 249)]] : [:]
                return SearchResults(indexName: request.indexName, query: request.query.text, nbHits: 749, facets: facets)
            }
        }

        func searchForFacetValues(indexName: String, attribute: String, text: String, query: Query) async throws -> FacetSearchResults {
            FacetSearchResults(facetHits: [])
        }
    }

    @Test func defaultSectionsAreEachIndexHitsThenItsFirstFacet() {
        let sections = SectionDefinition.defaults(for: [
            IndexDescription(name: "movies", facetAttributes: ["genres", "year"]), IndexDescription(name: "lines"),
        ])
        #expect(sections.map(\.indexName) == ["movies", "movies", "lines"])
        #expect(sections.map(\.content) == [.hits(limit: 5), .facetValues(attribute: "genres", limit: 5), .hits(limit: 5)])
        #expect(Set(sections.map(\.title)).count == 3, "titles tell the sections apart")
    }

    @Test func aFacetSectionShowsTheFacetCountsOfTheMatchingRecords() async {
        let waking = WakingRouter()
        let backend = MoviesBackend()
        let hub = InstantSearch(
            indices: [IndexDescription(name: "movies", facetAttributes: ["genres"])], backend: backend, scheduler: ManualClock(),
            router: waking.router, sections: SectionDefinition.defaults(for: [IndexDescription(name: "movies", facetAttributes: ["genres"])]))
        hub.dispatch(.toggleSections)
        hub.dispatch(.setQuery("tom ha"))
        await waking.deliver()
        let sections = hub.state.sections?.sections ?? []
        #expect(sections.count == 2)
        #expect(sections.first?.hits?.nbHits == 749)
        #expect(sections.last?.facetValues?.facetHits.map(\.value) == ["Drama", "Comedy"])
        // One query for the index: its hits and the facet's counts together (found by what it
        // asks, not by arriving last: the tab's own searcher asks at the same time).
        let asked = backend.asked.withLock { $0 }.filter { $0.query.text == "tom ha" && $0.query.hitsPerPage == 5 }
        #expect(asked.count == 1 && asked.first?.query.facets == ["genres"])

        hub.dispatch(.toggleSectionValue(section: 1, value: "Drama"))
        #expect(hub.sectionsSearch?.isRefined("Drama", inSection: 1) == true)
    }

    @Test func aFacetSectionOfAnIndexWithoutHitsSectionAsksForNoHits() {
        let sectionsSearch = SectionsSearch(
            sections: [SectionDefinition(title: "Genres", indexName: "movies", content: .facetValues(attribute: "genres", limit: 3))],
            indices: [IndexDescription(name: "movies", facetAttributes: ["genres", "year"])], backend: MoviesBackend(),
            scheduler: ManualClock(), router: ResponseRouter(wake: {}))
        #expect(sectionsSearch.hitsSearchers["movies"]?.query.hitsPerPage == 0)
        #expect(sectionsSearch.hitsSearchers["movies"]?.query.facets == ["genres"])
    }
}
