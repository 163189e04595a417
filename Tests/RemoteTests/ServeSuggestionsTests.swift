import Foundation
import Testing

/// `serve` answers each index's query suggestions as a normal index named as Algolia names
/// it (`products_query_suggestions`), through the same search route and multi-query: built
/// from the local insights files and `--suggestions FILE`, counted in the index it suggests for.
@Suite("serve: query suggestions", .serialized)
struct ServeSuggestionsTests {
    /// A state directory with one settled query that led to a click, and a suggestions file.
    private static func fixtures() throws -> (state: URL, file: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-suggestions-\(UUID().uuidString)")
        let state = root.appendingPathComponent("instantsearch")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let id = String(repeating: "a", count: 32)
        try """
        {"queryID":"\(id)","index":"products","query":"sony bravia","nbHits":1,"timestamp":1764000000000}
        {"queryID":"torn
        """.write(to: state.appendingPathComponent("queries.ndjson"), atomically: true, encoding: .utf8)
        try """
        {"eventType":"click","eventName":"Hit picked","index":"products","userToken":"u","timestamp":1764000000001,"queryID":"\(id)","objectIDs":["p0002"],"positions":[1]}
        """.write(to: state.appendingPathComponent("events.ndjson"), atomically: true, encoding: .utf8)
        let file = root.appendingPathComponent("suggestions.ndjson")
        try """
        {"query": "sony headphones", "popularity": 10}
        {"query": "samsung galaxy", "popularity": 5}
        {"query": "sony nothing like this", "popularity": 99}
        """.write(to: file, atomically: true, encoding: .utf8)
        return (root, file)
    }

    private static func post(_ served: ServeExecutableTests.Served, _ path: String, _ body: String) async throws -> (Int, [String: Any]?) {
        let port = served.port
        let answer = try await offThread {
            let connection = try RawConnection.open(port: port)
            defer { connection.close() }
            connection.send(rawRequest("POST", path, body: body))
            return connection.readResponse()
        }
        let (status, text) = try #require(answer)
        return (status, try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func suggestionsAreSearchedAsAnIndexAndInAMultiQuery() async throws {
        let (root, file) = try Self.fixtures()
        defer { try? FileManager.default.removeItem(at: root) }
        let served = try ServeExecutableTests.Served(
            ["--admin-key", "admin", "--suggestions", file.path], environment: ["XDG_STATE_HOME": root.path])
        defer { served.stop() }
        let (status, answer) = try await Self.post(served, "/1/indexes/products_query_suggestions/query", #"{"query": "so"}"#)
        #expect(status == 200)
        let hits = try #require(answer?["hits"] as? [[String: Any]])
        // Both "sony" queries (the one found nothing in products: left out), the more popular first:
        // 10 against a search (1) and its click (2).
        #expect(hits.map { $0["query"] as? String } == ["sony headphones", "sony bravia"])
        #expect(hits.map { $0["popularity"] as? Int } == [10, 3])
        #expect(hits.first?["objectID"] as? String == "sony headphones")
        #expect(hits.first?["nb_words"] as? Int == 2)
        let counted = try #require(hits.last?["products"] as? [String: Any])
        #expect(counted["exact_nb_hits"] as? Int == 1)
        let highlighted = try #require((hits.first?["_highlightResult"] as? [String: Any])?["query"] as? [String: Any])
        #expect((highlighted["value"] as? String)?.hasPrefix("<em>so</em>") == true, "\(highlighted)")

        let multi =
            #"{"requests": [{"indexName": "products", "params": "query=sony%20bravia&hitsPerPage=1"}, {"indexName": "products_query_suggestions", "params": "query=sam"}]}"#
        let (multiStatus, results) = try await Self.post(served, "/1/indexes/*/queries", multi)
        #expect(multiStatus == 200)
        let both = try #require(results?["results"] as? [[String: Any]])
        #expect(both.map { $0["index"] as? String } == ["products", "products_query_suggestions"])
        #expect(((both.last?["hits"] as? [[String: Any]])?.map { $0["query"] as? String }) == ["samsung galaxy"])
    }

    @Test func aBadSuggestionsFileIsOneMessageAtItsLineAndColumn() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-suggestions-\(UUID().uuidString).json")
        try "[{\"query\": \"tv\"},\n {\"popularity\": 3}]".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, errors) = try ServeExecutableTests.runToEnd(["--suggestions", file.path, "--port", "0", Demo.path("products.json")])
        #expect(status == 2)
        #expect(errors == "instantsearch serve: \(file.path):2:2: a suggestion needs \"query\": the query text, a string\n")
    }

    @Test func noSuggestionsServesNone() async throws {
        let (root, file) = try Self.fixtures()
        defer { try? FileManager.default.removeItem(at: root) }
        let served = try ServeExecutableTests.Served(["--admin-key", "admin", "--no-suggestions"], environment: ["XDG_STATE_HOME": root.path])
        defer { served.stop() }
        let (status, _) = try await Self.post(served, "/1/indexes/products_query_suggestions/query", #"{"query": "so"}"#)
        #expect(status == 404)
        _ = file
    }
}
