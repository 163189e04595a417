import FlyingFox
import Foundation
import InstantSearchCore
import InstantSearchServer
import RemoteBackend
import Testing

/// The HTTP backend (`instantsearch --remote`) against a real `serve`, and against broken services.
@Suite("RemoteBackend: the TUI's HTTP backend")
struct RemoteBackendTests {
    /// A generous time-out: these tests check answers, not speed, and run beside the suites that
    /// hold thousands of idle connections on a two-core machine.
    func remote(_ server: RunningServer, key: String = "admin", timeout: Duration = .seconds(60)) -> AlgoliaRemoteBackend {
        AlgoliaRemoteBackend(url: server.url, applicationID: "test-app", apiKey: key, timeout: timeout)
    }

    @Test func algoliaIsAskedLikeANetworkServiceDebounced() throws {
        let backend = AlgoliaRemoteBackend(url: try #require(URL(string: "http://127.0.0.1:1")), applicationID: "a", apiKey: "k")
        #expect(backend.requestPolicy == .network)
        #expect(backend.requestPolicy.strategy == .debounce(.milliseconds(100)))
    }

    /// The same query through HTTP and in process gives the same results (timings aside).
    @Test func remoteResultsMatchTheEmbeddedEngine() async throws {
        let products = try #require(Demo.backend.descriptions.first { $0.name == "products" })
        var refined = products.initialQuery(hitsPerPage: 5)
        refined.text = "sony"
        refined.facetRefinements = ["brand": ["Sony", "-Odd"], "category": ["TV & Video"]]
        refined.numericRanges = ["price": NumericRange(lower: 100, upper: 2000)]
        let queries = [
            IndexedQuery(indexName: "products", query: products.initialQuery(hitsPerPage: 5)),
            IndexedQuery(indexName: "products", query: refined),
            IndexedQuery(indexName: "categories", query: Query(text: "tele")),
        ]
        try await withServer { server in
            let remote = try await remote(server).search(queries)
            let local = try await Demo.backend.search(queries)
            #expect(remote.count == 3)
            for (r, l) in zip(remote, local) {
                #expect(r.indexName == l.indexName)
                #expect(r.hits.map(\.objectID) == l.hits.map(\.objectID))
                #expect(r.hits.map(\.highlights) == l.hits.map(\.highlights))
                #expect(r.nbHits == l.nbHits)
                #expect(r.nbPages == l.nbPages)
                #expect(r.facets == l.facets)
                #expect(r.facetStats == l.facetStats)
            }
        }
    }

    /// The preview pane asks for ranking criteria (`getRankingInfo`); over `--remote` they come
    /// back as `_rankingInfo` and read as the embedded engine's own.
    @Test func rankingInfoComesBackAsTheEngineGivesIt() async throws {
        var query = Query(text: "sony tv")
        query.getRankingInfo = true
        let asked = [IndexedQuery(indexName: "products", query: query)]
        try await withServer { server in
            let remote = try await remote(server).search(asked)[0]
            let local = try await Demo.backend.search(asked)[0]
            #expect(!remote.hits.isEmpty)
            #expect(remote.hits.map(\.rankingInfo) == local.hits.map(\.rankingInfo))
            #expect(remote.hits.allSatisfy { $0.rankingInfo?.ranking.first == "typo" })
            query.getRankingInfo = false
            let plain = try await self.remote(server).search([IndexedQuery(indexName: "products", query: query)])[0]
            #expect(plain.hits.allSatisfy { $0.rankingInfo == nil }, "not asked, not sent")
        }
    }

    @Test func facetValuesTravel() async throws {
        try await withServer { server in
            let found = try await remote(server).searchForFacetValues(
                indexName: "products", attribute: "brand", text: "so", query: Query())
            #expect(found.facetHits.map(\.value).contains("Sony"))
        }
    }

    @Test func indicesAreDescribedFromTheirSettings() async throws {
        try await withServer { server in
            let described = try await RemoteIndexDescriber(backend: remote(server, key: "search-all")).describe(indices: [])
            let local = Demo.backend.descriptions
            #expect(described.map(\.name) == local.map(\.name))
            for (r, l) in zip(described, local) {
                #expect(r.facetAttributes == l.facetAttributes)
                #expect(r.disjunctiveFacets == l.disjunctiveFacets)
                #expect(r.numericAttributes == l.numericAttributes)
                #expect(r.displayAttributes == l.displayAttributes)
                #expect(r.recordCount == l.recordCount)
                #expect(r.numberFormats == l.numberFormats, "money over --remote too")
                #expect(r.facetValueOrder == l.facetValueOrder)
            }
            #expect(described.first { $0.name == "products" }?.numberFormats == ["price": .currency(code: "USD")])
        }
    }

    /// A service without the settings route: facets and numbers come from a first query.
    @Test func aServiceWithoutSettingsIsProbed() async throws {
        let answer = #"""
            {"results": [{"hits": [{"objectID": "1", "title": "Dune", "year": 1965}], "nbHits": 1,
              "facets": {"genre": {"sf": 1}, "year": {"1965": 1}},
              "facets_stats": {"year": {"min": 1965, "max": 1965, "avg": 1965, "sum": 1965}}}]}
            """#
        try await withStubServer({ request in
            request.path.hasSuffix("/settings") ? jsonResponse(#"{"message": "no"}"#, status: .notFound) : jsonResponse(answer)
        }) { url in
            let backend = AlgoliaRemoteBackend(url: url, applicationID: "a", apiKey: "k")
            let described = try await RemoteIndexDescriber(backend: backend).describe(indices: ["books"])
            #expect(
                described == [
                    IndexDescription(
                        name: "books", recordCount: 1, facetAttributes: ["genre"], numericAttributes: ["year"],
                        displayAttributes: ["title", "year"])
                ])
        }
    }

    @Test func aRefusedConnectionIsSaidPlainly() async throws {
        // Port 1 (tcpmux): privileged, and nothing listens there on a test machine.
        let port = 1
        let backend = AlgoliaRemoteBackend(url: URL(string: "http://127.0.0.1:\(port)")!, applicationID: "a", apiKey: "k")
        let error = await #expect(throws: SearchError.self) { try await backend.search([IndexedQuery(indexName: "products", query: Query())]) }
        #expect(error?.description == "cannot reach http://127.0.0.1:\(port): connection refused")
    }

    @Test func aRefusedKeyShowsTheServersMessage() async throws {
        try await withServer { server in
            let error = await #expect(throws: SearchError.self) {
                try await remote(server, key: "wrong").search([IndexedQuery(indexName: "products", query: Query())])
            }
            #expect(error?.description == "HTTP 403: invalid API key")
        }
    }

    @Test(arguments: ["this is not json", #"{"results": 3}"#, #"{"results": [{"nohits": []}]}"#, #"{"results": []}"#])
    func aMalformedResponseIsSaidPlainly(body: String) async throws {
        try await withStubServer({ _ in jsonResponse(body) }) { url in
            let backend = AlgoliaRemoteBackend(url: url, applicationID: "a", apiKey: "k")
            let error = await #expect(throws: SearchError.self) {
                try await backend.search([IndexedQuery(indexName: "x", query: Query())])
            }
            #expect(error?.description.hasPrefix("malformed response: ") == true)
        }
    }

    @Test func aSlowServiceTimesOut() async throws {
        // The service answers only once the client has given up: no clock decides which is first.
        let answer = Gate()
        try await withStubServer({ _ in
            await answer.wait()
            return jsonResponse(#"{"results": []}"#)
        }) { url in
            defer { answer.open() }
            let backend = AlgoliaRemoteBackend(url: url, applicationID: "a", apiKey: "k", timeout: .seconds(1))
            let error = await #expect(throws: SearchError.self) {
                try await backend.search([IndexedQuery(indexName: "x", query: Query())])
            }
            #expect(error?.description == "timed out after 1 s")
        }
    }

    @Test func highlightsUntag() {
        let text = HighlightedText(tagged: "<em>Ap</em>ple <em>pie</em>")
        #expect(text == HighlightedText(text: "Apple pie", matchedRanges: [0..<2, 6..<9]))
    }
}
