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
