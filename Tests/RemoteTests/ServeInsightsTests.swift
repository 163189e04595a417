import Foundation
import InstantSearchCore
import InstantSearchServer
import SearchEngine
import Testing

/// `serve`'s Insights side, as Algolia's: a `queryID` with `clickAnalytics: true`, `POST
/// /1/events` checked and answered as the Insights API answers, and the events learnt: a hit
/// clicked for a query rises for it on the next search (Dynamic Re-Ranking), not for another
/// query, and not with `enableReRanking: false`. Each test has a backend of its own, so what it
/// teaches stays out of the suites that share the demo backend.
@Suite("serve: insights and re-ranking")
struct ServeInsightsTests {
    static func backend() throws -> EmbeddedBackend { try EmbeddedBackend(paths: [Demo.path("products.json"), Demo.path("categories.json")]) }

    static func withInsightsServer(maxBodyBytes: Int = 64 * 1024, _ body: (RunningServer) async throws -> Void) async throws {
        try await withServer(options: .init(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes), backend: try backend(), body)
    }

    static func ids(_ answer: [String: Any]?) -> [String] {
        (answer?["hits"] as? [[String: Any]] ?? []).compactMap { $0["objectID"] as? String }
    }

    static func click(queryID: String, objectID: String, position: Int, index: String = "products") -> String {
        #"{"events": [{"eventType": "click", "eventName": "Hit Clicked", "index": "\#(index)", "userToken": "user-1", "queryID": "\#(queryID)", "objectIDs": ["\#(objectID)"], "positions": [\#(position)]}]}"#
    }

    @Test func clickAnalyticsGivesEachSearchAQueryID() async throws {
        try await Self.withInsightsServer { server in
            let (_, plain) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "tv"}"#)
            #expect(plain?["queryID"] == nil)
            let (_, first) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "tv", "clickAnalytics": true}"#)
            let (_, second) = try await server.send("POST", "/1/indexes/products/query", body: #"{"params": "query=tv&clickAnalytics=true"}"#)
            let ids = [first?["queryID"] as? String, second?["queryID"] as? String].compactMap { $0 }
            #expect(ids.count == 2 && ids.allSatisfy(InsightsValidation.isQueryID) && ids[0] != ids[1])
            let multi = #"{"requests": [{"indexName": "products", "query": "tv", "clickAnalytics": true}, {"indexName": "products", "query": "tv"}]}"#
            let (_, answer) = try await server.send("POST", "/1/indexes/*/queries", body: multi)
            let results = answer?["results"] as? [[String: Any]] ?? []
            #expect((results.first?["queryID"] as? String).map(InsightsValidation.isQueryID) == true)
            #expect(results.count == 2 && results[1]["queryID"] == nil)
        }
    }

    @Test func aClickedHitRisesForItsQueryAndNotForAnother() async throws {
        try await Self.withInsightsServer { server in
            let search = #"{"query": "tv", "clickAnalytics": true}"#
            let (_, before) = try await server.send("POST", "/1/indexes/products/query", key: "search-all", body: search)
            let queryID = try #require(before?["queryID"] as? String)
            let order = Self.ids(before)
            try #require(order.count >= 5)
            let (_, otherBefore) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "sony"}"#)

            let (status, answer) = try await server.send(
                "POST", "/1/events", key: "search-all", body: Self.click(queryID: queryID, objectID: order[4], position: 5))
            #expect(status == 200)
            #expect(answer?["status"] as? Int == 200 && answer?["message"] as? String == "OK")

            let (_, after) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "TV", "getRankingInfo": true}"#)
            #expect(Self.ids(after) == [order[4]] + order[0..<4] + order[5...].prefix(Self.ids(after).count - 5))
            let top = (after?["hits"] as? [[String: Any]])?.first?["_rankingInfo"] as? [String: Any]
            #expect(top?["promotedByReRanking"] as? Bool == true)
            let (_, otherAfter) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "sony"}"#)
            #expect(Self.ids(otherAfter) == Self.ids(otherBefore))
            let (_, off) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "tv", "enableReRanking": false}"#)
            #expect(Self.ids(off) == order)
        }
    }

    @Test func aBadEventIsRefusedWithAlgoliasStatusAndMessageAndTeachesNothing() async throws {
        try await Self.withInsightsServer { server in
            let (_, before) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "tv", "clickAnalytics": true}"#)
            let queryID = try #require(before?["queryID"] as? String)
            let order = Self.ids(before)
            // The second event has no positions: the whole batch goes.
            let batch =
                #"{"events": [\#(Self.click(queryID: queryID, objectID: order[3], position: 4).dropFirst(12).dropLast(2)), {"eventType": "click", "eventName": "Hit Clicked", "index": "products", "userToken": "user-1", "queryID": "\#(queryID)", "objectIDs": ["\#(order[2])"]}]}"#
            let (status, answer) = try await server.send("POST", "/1/events", body: batch)
            #expect(status == 422)
            #expect(answer?["status"] as? Int == 422)
            #expect(answer?["message"] as? String == "Event of type click should have the same number of ObjectIDs and Positions")
            let (_, after) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "tv"}"#)
            #expect(Self.ids(after) == order)

            let malformed = try await server.send("POST", "/1/events", body: "{events")
            #expect(malformed.status == 422 && malformed.json?["message"] as? String == "Invalid payload")
            let empty = try await server.send("POST", "/1/events", body: #"{"events": []}"#)
            #expect(empty.status == 422 && empty.json?["message"] as? String == "No events to process")
            #expect(try await server.send("GET", "/1/events").status == 405)
        }
    }

    @Test func eventsNeedAKeyAllowedTheirIndex() async throws {
        try await Self.withInsightsServer { server in
            let event = Self.click(queryID: QueryID.make(), objectID: "p0001", position: 1)
            #expect(try await server.send("POST", "/1/events", key: nil, body: event).status == 403)
            #expect(try await server.send("POST", "/1/events", key: "search-cat", body: event).status == 403)
            let allowed = Self.click(queryID: QueryID.make(), objectID: "c01", position: 1, index: "categories")
            let answer = try await server.send("POST", "/1/events", key: "search-cat", body: allowed)
            #expect(answer.status == 200)
        }
    }

    /// Events any search key can send cost what the index holds, not what the client makes up:
    /// an objectID no record has, or an index the server does not hold, refuses the batch.
    @Test func eventsForObjectIDsTheIndexDoesNotHoldAreRefusedAndTeachNothing() async throws {
        try await Self.withInsightsServer { server in
            let (_, before) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "tv", "clickAnalytics": true}"#)
            let queryID = try #require(before?["queryID"] as? String)
            let order = Self.ids(before)
            let madeUp = try await server.send("POST", "/1/events", body: Self.click(queryID: queryID, objectID: "fake-1", position: 1))
            #expect(madeUp.status == 422)
            #expect(madeUp.json?["message"] as? String == #"events[0]: objectID "fake-1" is not a record of index "products""#)
            let elsewhere = try await server.send("POST", "/1/events", body: Self.click(queryID: queryID, objectID: order[3], position: 4, index: "nowhere"))
            #expect(elsewhere.status == 422 && elsewhere.json?["message"] as? String == #"events[0]: index "nowhere" does not exist"#)
            // One made-up id among real ones: the whole batch goes, the real click with it.
            let mixed =
                #"{"events": [{"eventType": "click", "eventName": "Hit Clicked", "index": "products", "userToken": "user-1", "queryID": "\#(queryID)", "objectIDs": ["\#(order[3])", "fake-2"], "positions": [4, 5]}]}"#
            #expect(try await server.send("POST", "/1/events", body: mixed).status == 422)
            let (_, after) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "tv"}"#)
            #expect(Self.ids(after) == order)
        }
    }

    /// One search (one queryID) chooses at most 20 records: a 21st forgets its oldest choice,
    /// and a record clicked twice in it counts once.
    @Test func aSearchsChoicesAreCappedTheOldestForgotten() async throws {
        let records: [JSONValue] = (1...30).map { n in ["objectID": .string(String(format: "p%02d", n)), "name": "phone"] }
        let backend = EmbeddedBackend(indices: [SearchIndex(name: "products", records: records)])
        try await withServer(options: .init(host: "127.0.0.1", port: 0), backend: backend) { server in
            let search = #"{"query": "phone", "clickAnalytics": true, "hitsPerPage": 30}"#
            let (_, before) = try await server.send("POST", "/1/indexes/products/query", body: search)
            let queryID = try #require(before?["queryID"] as? String)
            let order = Self.ids(before)
            #expect(order == (1...30).map { String(format: "p%02d", $0) })
            // p30 first, then p29 … p10: 21 records in one search; p10 twice.
            let clicked = (10...30).reversed().map { String(format: "p%02d", $0) } + ["p10"]
            for id in clicked {
                let (status, _) = try await server.send("POST", "/1/events", body: Self.click(queryID: queryID, objectID: id, position: 1))
                #expect(status == 200)
            }
            let (_, after) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "phone", "hitsPerPage": 30}"#)
            let kept = (10...29).map { String(format: "p%02d", $0) }
            #expect(Self.ids(after) == kept + (1...9).map { String(format: "p%02d", $0) } + ["p30"])
        }
    }

    @Test func theSettingShowsInTheIndexSettings() async throws {
        var settings = IndexSettings()
        settings.relevance.enableReRanking = false
        let index = SearchIndex(name: "products", records: [["objectID": "a", "name": "tv"]], settings: settings)
        try await withServer(options: .init(host: "127.0.0.1", port: 0), backend: EmbeddedBackend(indices: [index])) { server in
            let (_, answer) = try await server.send("GET", "/1/indexes/products/settings")
            #expect(answer?["enableReRanking"] as? Bool == false)
        }
    }

    @Test func aBodyPast2MBIs413() async throws {
        try await Self.withInsightsServer(maxBodyBytes: 3_000_000) { server in
            let padding = String(repeating: "x", count: 2_100_000)
            let (status, answer) = try await server.send("POST", "/1/events", body: #"{"events": [], "pad": "\#(padding)"}"#)
            #expect(status == 413 && answer?["message"] as? String == "Request Entity Too Large")
        }
    }
}

/// serve's memory of the searches it gave a queryID: bounded, the oldest forgotten first.
@Suite struct QueryIDLogTests {
    @Test func aFullRingForgetsTheOldestSearch() {
        let log = QueryIDLog(capacity: 2)
        let first = log.remember(index: "products", query: "tv")
        let second = log.remember(index: "products", query: "phone")
        #expect(log.search(first)?.index == "products" && log.search(first)?.query == "tv")
        let third = log.remember(index: "categories", query: "audio")
        #expect(log.search(first) == nil)
        #expect(log.search(second)?.query == "phone" && log.search(third)?.index == "categories")
        #expect([first, second, third].allSatisfy(InsightsValidation.isQueryID))
    }
}
