import ElasticStyleBackend
import FlyingFox
import Foundation
import InstantSearchCore
import Testing

/// The custom backend guide's example, against a small `GET /search?q=` service on loopback.
@Suite("Examples: a custom backend through SearchClient")
struct ElasticStyleBackendTests {
    static let books = ["Dune", "Dune Messiah", "Children of Dune", "Neuromancer", "Hyperion"]

    /// `{"hits": {"total": N, "hits": [...]}}`, Elasticsearch's shape: titles containing q, paged.
    static func service(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/search" else { return jsonResponse("{}", status: .notFound) }
        let q = request.query.first { $0.name == "q" }?.value.lowercased() ?? ""
        let from = Int(request.query.first { $0.name == "from" }?.value ?? "") ?? 0
        let size = Int(request.query.first { $0.name == "size" }?.value ?? "") ?? 10
        let matches = books.enumerated().filter { q.isEmpty || $0.element.lowercased().contains(q) }
        let page = matches.dropFirst(from).prefix(size).map { #"{"_id": "\#($0.offset)", "_source": {"title": "\#($0.element)"}}"# }
        return jsonResponse(#"{"took": 1, "hits": {"total": {"value": \#(matches.count)}, "hits": [\#(page.joined(separator: ","))]}}"#)
    }

    @Test func searchesPagesAndMapsHits() async throws {
        try await withStubServer({ Self.service($0) }) { url in
            let backend = ElasticStyleBackend(baseURL: url)
            let first = try await backend.search(IndexedQuery(indexName: "books", query: Query(text: "dune", hitsPerPage: 2)))
            #expect(first.nbHits == 3)
            #expect(first.nbPages == 2)
            #expect(first.hits.map(\.objectID) == ["0", "1"])
            #expect(first.hits[0].record == ["title": "Dune"])
            let second = try await backend.search(IndexedQuery(indexName: "books", query: Query(text: "dune", page: 1, hitsPerPage: 2)))
            #expect(second.hits.map(\.record["title"]) == ["Children of Dune"])
        }
    }

    @Test func aMultiQueryComesBackInRequestOrder() async throws {
        try await withStubServer({ Self.service($0) }) { url in
            let results = try await ElasticStyleBackend(baseURL: url).search([
                IndexedQuery(indexName: "a", query: Query(text: "neuro")),
                IndexedQuery(indexName: "b", query: Query(text: "")),
            ])
            #expect(results.map(\.indexName) == ["a", "b"])
            #expect(results.map(\.nbHits) == [1, 5])
        }
    }

    @Test func aBrokenServiceIsReportedNotCrashed() async throws {
        try await withStubServer({ _ in jsonResponse(#"{"hits": 3}"#) }) { url in
            let error = await #expect(throws: SearchError.self) {
                try await ElasticStyleBackend(baseURL: url).search(IndexedQuery(indexName: "a", query: Query()))
            }
            #expect(error?.description.hasPrefix("malformed response") == true)
        }
        try await withStubServer({ _ in jsonResponse("{}", status: .internalServerError) }) { url in
            let error = await #expect(throws: SearchError.self) {
                try await ElasticStyleBackend(baseURL: url).search(IndexedQuery(indexName: "a", query: Query()))
            }
            #expect(error?.description.hasPrefix("HTTP 500") == true)
        }
    }
}
