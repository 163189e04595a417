import InstantSearchCore
import Testing

@testable import SearchEngine

@Suite struct EmbeddedBackendTests {
    let backend = EmbeddedBackend(indices: [
        Fixture.index,
        SearchIndex(name: "people", records: [["name": "Mark Hamill"], ["name": "Carrie Fisher"]]),
    ])

    @Test func describesEachIndex() {
        #expect(backend.descriptions.map(\.name) == ["movies", "people"])
        #expect(backend.descriptions[0].facetAttributes == ["genres"])
        #expect(backend.descriptions[1].searchableAttributes == ["name"])
        #expect(backend.descriptions[1].recordCount == 2)
    }

    /// fzf's model: every key searches, and a newer key cancels the scan still running.
    @Test func theEngineIsAskedOnEveryKeyTheStaleScanCancelled() {
        #expect(backend.requestPolicy == .inProcess)
        #expect(backend.requestPolicy.strategy == .realtime)
        #expect(backend.requestPolicy.maxPendingRequests == 1)
    }

    @Test func multiQueryAnswersInRequestOrder() async throws {
        let results = try await backend.search([
            IndexedQuery(indexName: "people", query: Query(text: "mar")),
            IndexedQuery(indexName: "movies", query: Query(text: "starship")),
            IndexedQuery(indexName: "people", query: Query(text: "fish")),
        ])
        #expect(results.map(\.indexName) == ["people", "movies", "people"])
        #expect(results.map { $0.hits.map(\.objectID) } == [["0"], ["2"], ["1"]])
        #expect(results.allSatisfy { $0.processingTimeMS >= 0 })
    }

    /// The loop runs quick searches on its own thread (`ResponseRouter.inlineBudget`): same
    /// answers, in request order, unknown indices reported alike.
    @Test func answersOnTheCallingThreadAsItWouldOnAnother() async throws {
        let queries = [
            IndexedQuery(indexName: "people", query: Query(text: "mar")),
            IndexedQuery(indexName: "movies", query: Query(text: "starship")),
            IndexedQuery(indexName: "movies", query: Query(text: "drama")),
        ]
        let now = try #require(try backend.searchSynchronously(queries))
        let later = try await backend.search(queries)
        #expect(now.map(\.indexName) == ["people", "movies", "movies"])
        #expect(now.map { $0.hits.map(\.objectID) } == later.map { $0.hits.map(\.objectID) })
        #expect(now.map(\.nbHits) == later.map(\.nbHits))
        #expect(now.map(\.facets) == later.map(\.facets))
        #expect(throws: SearchError.unknownIndex("nope")) {
            try backend.searchSynchronously([IndexedQuery(indexName: "nope", query: Query())])
        }
    }

    @Test func aLargeIndexIsSearchedOnlyOnAnotherThread() throws {
        let count = EmbeddedBackend.synchronousLimit + 1
        let large = EmbeddedBackend(indices: [SearchIndex(name: "large", records: (0..<count).map { ["n": .number(Double($0))] })])
        let small = EmbeddedBackend(indices: [SearchIndex(name: "small", records: (0..<(count - 1)).map { ["n": .number(Double($0))] })])
        #expect(try large.searchSynchronously([IndexedQuery(indexName: "large", query: Query())]) == nil)
        #expect(try small.searchSynchronously([IndexedQuery(indexName: "small", query: Query())])?.first?.nbHits == count - 1)
    }

    @Test func unknownIndexIsReported() async {
        await #expect(throws: SearchError.unknownIndex("nope")) {
            try await backend.search([IndexedQuery(indexName: "nope", query: Query())])
        }
        await #expect(throws: SearchError.unknownIndex("nope")) {
            try await backend.searchForFacetValues(indexName: "nope", attribute: "genres", text: "", query: Query())
        }
    }

    @Test func facetValueSearchThroughTheBackend() async throws {
        let results = try await backend.searchForFacetValues(indexName: "movies", attribute: "genres", text: "dra", query: Query())
        #expect(results.facetHits == [FacetValueCount(value: "Drama", count: 3)])
    }
}
