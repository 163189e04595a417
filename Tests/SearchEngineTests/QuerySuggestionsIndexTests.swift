import Foundation
import InstantSearchCore
import SearchEngine
import Testing

/// The suggestions index built from the local insights files (in the format the insights
/// writer and this reader agreed on), and searched by the engine like any index.
@Suite struct QuerySuggestionsIndexTests {
    /// A state directory holding `queries.ndjson` and `events.ndjson` as written by sessions.
    private func stateDirectory(queries: [String], events: [String]) throws -> String {
        let directory = NSTemporaryDirectory() + "suggestions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try (queries.joined(separator: "\n") + "\n").write(toFile: directory + "/queries.ndjson", atomically: true, encoding: .utf8)
        try (events.joined(separator: "\n") + "\n").write(toFile: directory + "/events.ndjson", atomically: true, encoding: .utf8)
        return directory
    }

    private static func query(_ id: Character, _ text: String, nbHits: Int, index: String = "products") -> String {
        #"{"queryID":"\#(String(repeating: id, count: 32))","index":"\#(index)","query":"\#(text)","nbHits":\#(nbHits),"timestamp":1764000000000}"#
    }

    private static func event(_ type: String, _ id: Character) -> String {
        #"{"eventType":"\#(type)","eventName":"Hit picked","index":"products","userToken":"user","timestamp":1764000000001,"queryID":"\#(String(repeating: id, count: 32))","objectIDs":["1"],"positions":[1]}"#
    }

    @Test func readsTheInsightsFilesSkippingLinesThatDoNotParse() throws {
        let directory = try stateDirectory(
            queries: [
                Self.query("a", "sony tv", nbHits: 1), Self.query("b", "sony", nbHits: 2), Self.query("c", "sony", nbHits: 2),
                Self.query("d", "nothing here", nbHits: 0), #"{"queryID":"torn","ind"#, #"{"index":"products"}"#,
                Self.query("e", "lamp", nbHits: 5, index: "other"),
            ],
            events: [Self.event("click", "a"), Self.event("conversion", "a"), "not json", Self.event("view", "b")])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var builder = QuerySuggestionsBuilder()
        #expect(InsightsFiles(directory: directory).read(into: &builder) == InsightsFiles.Problems(skipped: 3))
        #expect(
            builder.suggestions(for: "products") == [
                QuerySuggestion(query: "sony tv", popularity: 7, nbHits: ["products": 1]),
                QuerySuggestion(query: "sony", popularity: 2, nbHits: ["products": 2]),
            ])
        #expect(builder.suggestions(for: "other").map(\.query) == ["lamp"])
    }

    @Test func missingFilesAreNoSuggestionsAndNoError() {
        var builder = QuerySuggestionsBuilder()
        #expect(InsightsFiles(directory: "/nonexistent/instantsearch").read(into: &builder) == InsightsFiles.Problems())
        #expect(builder.indexNames.isEmpty)
    }

    @Test func theStateDirectoryFollowsXDG() {
        #expect(InsightsFiles(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.directory == "/s/instantsearch")
        #expect(InsightsFiles(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.directory == "/h/.local/state/instantsearch")
        #expect(InsightsFiles(environment: [:])?.directory == nil)
    }

    private let suggestions = [
        QuerySuggestion(query: "sony tv", popularity: 2), QuerySuggestion(query: "sony headphones", popularity: 9),
        QuerySuggestion(query: "lg oled", popularity: 50), QuerySuggestion(query: "soundbar", popularity: 1),
        QuerySuggestion(query: "lamp", popularity: 1), QuerySuggestion(query: "lampshade", popularity: 100),
    ]

    @Test func searchesWithPrefixAndTyposRankingRelevanceThenPopularity() throws {
        let index = try #require(SearchIndex.querySuggestions(for: "products", suggestions))
        #expect(index.name == "products_query_suggestions")
        // Prefix: both "sony" queries, the more popular first; "soundbar" is no prefix match of "sony".
        #expect(try index.search(Query(text: "son")).hits.map(\.objectID) == ["sony headphones", "sony tv"])
        // A typo still finds them.
        #expect(try index.search(Query(text: "sonny")).hits.map(\.objectID) == ["sony headphones", "sony tv"])
        // The word typed whole beats a far more popular query it only starts: text relevance first.
        #expect(try index.search(Query(text: "lamp")).hits.map(\.objectID) == ["lamp", "lampshade"])
        let hit = try #require(try index.search(Query(text: "sony h")).hits.first)
        #expect(hit.highlights["query"]?.values.first?.matchedRanges == [0..<4, 5..<6])
    }

    @Test func countsUnknownHitsInTheSourceAndLeavesOutThoseFindingNothing() throws {
        let products = SearchIndex(
            name: "products",
            records: [
                ["objectID": "1", "name": "Sony TV"], ["objectID": "2", "name": "Sony headphones"], ["objectID": "3", "name": "LG OLED"],
            ])
        let index = try #require(SearchIndex.querySuggestions(for: "products", suggestions, countingHitsIn: products))
        let records = try index.search(Query(text: "", hitsPerPage: 10)).hits.map(\.record)
        #expect(records.map { $0["query"]?.stringValue } == ["lg oled", "sony headphones", "sony tv"])
        #expect(records.map { $0["products"]?["exact_nb_hits"]?.numberValue } == [1, 1, 1])
        #expect(SearchIndex.querySuggestions(for: "products", []) == nil)
        // Found only by dropping a word (the index's removeWordsIfNoResults): no hits of its own.
        #expect(SearchIndex.querySuggestions(for: "products", [QuerySuggestion(query: "sony zebra", popularity: 9)], countingHitsIn: products) == nil)
    }
}
