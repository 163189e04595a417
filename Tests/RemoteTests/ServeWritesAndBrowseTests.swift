import Foundation
import InstantSearchCore
import InstantSearchServer
import SearchEngine
import Testing

/// The routes Algolia's own clients call beyond searching: browse with its cursor, settings
/// changed (`setSettings`) and the task a client then waits on, a facet search inside a
/// multi-query, the list of indices with every field the clients require. Settings change the
/// index, so those tests serve a backend of their own, never the shared demo one.
@Suite("serve: browse, settings, tasks")
struct ServeWritesAndBrowseTests {
    private static func ownBackend() throws -> EmbeddedBackend {
        try EmbeddedBackend(paths: [Demo.path("products.json")])
    }

    @Test func browseWalksEveryRecordOnceFollowingItsCursor() async throws {
        try await withServer { server in
            var seen: [String] = []
            var body = #"{"hitsPerPage": 100, "attributesToRetrieve": ["name"]}"#
            var pages = 0
            while true {
                let (status, json) = try await server.send("POST", "/1/indexes/products/browse", key: "search-all", body: body)
                #expect(status == 200)
                let hits = try #require(json?["hits"] as? [[String: Any]])
                seen += hits.compactMap { $0["objectID"] as? String }
                #expect(json?["nbHits"] as? Int == 338)
                pages += 1
                guard let cursor = json?["cursor"] as? String else { break }
                body = #"{"cursor": "\#(cursor)"}"#
                try #require(pages < 10, "a cursor past the last page")
            }
            #expect(pages == 4, "338 records, 100 a page")
            #expect(seen.count == 338 && Set(seen).count == 338)
        }
    }

    @Test func browseDefaultsToAThousandHitsAndReadsAGetRequestsParameters() async throws {
        try await withServer { server in
            let (_, all) = try await server.send("POST", "/1/indexes/products/browse", body: "{}")
            #expect((all?["hits"] as? [Any])?.count == 338 && all?["cursor"] == nil)
            let (status, filtered) = try await server.send("GET", "/1/indexes/products/browse?query=sony&hitsPerPage=5")
            #expect(status == 200)
            let hits = try #require(filtered?["hits"] as? [[String: Any]])
            #expect(hits.count == 5 && filtered?["cursor"] is String && filtered?["query"] as? String == "sony")
        }
    }

    @Test func browseRefusesAForgedCursorAndPageParameters() async throws {
        try await withServer { server in
            let (status, json) = try await server.send("POST", "/1/indexes/products/browse", body: #"{"cursor": "not a cursor"}"#)
            #expect(status == 400 && (json?["message"] as? String)?.hasPrefix("cursor:") == true)
            #expect(try await server.send("POST", "/1/indexes/products/browse", body: #"{"page": 2}"#).status == 400)
        }
    }

    @Test func setSettingsChangesOnlyTheKeysItNamesAndIsAPublishedTask() async throws {
        let options = SearchServer.Options(host: "127.0.0.1", port: 0)
        try await withServer(options: options, backend: try Self.ownBackend()) { server in
            let (_, before) = try await server.send("GET", "/1/indexes/products/settings")
            let (status, task) = try await server.send(
                "PUT", "/1/indexes/products/settings", body: #"{"customRanking": ["asc(price)"]}"#)
            #expect(status == 200 && task?["updatedAt"] is String)
            let taskID = try #require(task?["taskID"] as? Int)
            let (taskStatus, published) = try await server.send("GET", "/1/indexes/products/task/\(taskID)")
            #expect(taskStatus == 200 && published?["status"] as? String == "published")
            #expect(try await server.send("GET", "/1/indexes/products/task/\(taskID + 1)").status == 404, "a task never given")

            let (_, after) = try await server.send("GET", "/1/indexes/products/settings")
            #expect(after?["customRanking"] as? [String] == ["asc(price)"])
            #expect(after?["searchableAttributes"] as? [String] == before?["searchableAttributes"] as? [String])
            let (_, cheapest) = try await server.send("POST", "/1/indexes/products/query", body: #"{"hitsPerPage": 1}"#)
            let first = try #require((cheapest?["hits"] as? [[String: Any]])?.first)
            #expect(first["price"] as? Double == 25.99)

            let (_, second) = try await server.send("PUT", "/1/indexes/products/settings", body: #"{"customRanking": null}"#)
            #expect(second?["taskID"] as? Int == taskID + 1, "tasks are numbered in order")
        }
    }

    @Test func setSettingsRefusesUnknownKeysAndSearchKeys() async throws {
        let options = SearchServer.Options(host: "127.0.0.1", port: 0)
        try await withServer(options: options, backend: try Self.ownBackend()) { server in
            let (status, json) = try await server.send("PUT", "/1/indexes/products/settings", body: #"{"hitsPerPage": 5}"#)
            #expect(status == 400 && (json?["message"] as? String)?.contains("unknown settings key \"hitsPerPage\"") == true)
            let (badValue, _) = try await server.send("PUT", "/1/indexes/products/settings", body: #"{"customRanking": ["up(price)"]}"#)
            #expect(badValue == 400)
            let (forbidden, message) = try await server.send(
                "PUT", "/1/indexes/products/settings", key: "search-all", body: #"{"customRanking": []}"#)
            #expect(forbidden == 403 && (message?["message"] as? String)?.contains("admin API key") == true)
            let (_, settings) = try await server.send("GET", "/1/indexes/products/settings")
            #expect(settings?["customRanking"] as? [String] == ["desc(reviews)"], "nothing changed")
        }
    }

    @Test func aMultiQueryCarriesFacetSearchesInTheirPlace() async throws {
        try await withServer { server in
            let body = #"""
                {"requests": [{"indexName": "products", "query": "sony", "hitsPerPage": 1},
                              {"indexName": "products", "type": "facet", "facet": "brand", "facetQuery": "son"},
                              {"indexName": "products", "type": "facet", "facet": "brand", "params": "facetQuery=app&query=iphone"}]}
                """#
            let (status, json) = try await server.send("POST", "/1/indexes/*/queries", key: "search-all", body: body)
            #expect(status == 200)
            let results = try #require(json?["results"] as? [[String: Any]])
            #expect(results.count == 3)
            #expect((results[0]["hits"] as? [Any])?.count == 1)
            let sony = try #require(results[1]["facetHits"] as? [[String: Any]])
            #expect(sony.first?["value"] as? String == "Sony" && sony.first?["count"] as? Int == 21)
            let apple = try #require(results[2]["facetHits"] as? [[String: Any]])
            #expect(apple.first?["value"] as? String == "Apple" && (apple.first?["count"] as? Int ?? 0) < 24, "counted among iphone's hits")
            let (missing, _) = try await server.send(
                "POST", "/1/indexes/*/queries", body: #"{"requests": [{"indexName": "products", "type": "facet"}]}"#)
            #expect(missing == 400)
        }
    }

    @Test func theListOfIndicesHasEveryFieldAlgoliasClientsRequire() async throws {
        try await withServer { server in
            let (_, json) = try await server.send("GET", "/1/indexes")
            let item = try #require((json?["items"] as? [[String: Any]])?.first { $0["name"] as? String == "products" })
            for field in ["createdAt", "updatedAt", "dataSize", "fileSize", "lastBuildTimeS", "numberOfPendingTasks", "pendingTask"] {
                #expect(item[field] != nil, "\(field)")
            }
            #expect(item["entries"] as? Int == 338 && item["pendingTask"] as? Bool == false)
        }
    }

    @Test func aRulesBatchClearsTheOthersWhenItsURLSaysSo() async throws {
        let options = SearchServer.Options(host: "127.0.0.1", port: 0)
        try await withServer(options: options, backend: try Self.ownBackend()) { server in
            let rule = #"{"objectID": "NAME", "conditions": [{"pattern": "tv", "anchoring": "contains"}], "consequence": {"hide": [{"objectID": "p0002"}]}}"#
            let (_, saved) = try await server.send("PUT", "/1/indexes/products/rules/one", body: rule.replacingOccurrences(of: "NAME", with: "one"))
            #expect(saved?["objectID"] as? String == "one" && saved?["taskID"] is Int)
            let batch = "[\(rule.replacingOccurrences(of: "NAME", with: "two"))]"
            #expect(try await server.send("POST", "/1/indexes/products/rules/batch?clearExistingRules=true", body: batch).status == 200)
            let (_, found) = try await server.send("POST", "/1/indexes/products/rules/search", body: "{}")
            #expect((found?["hits"] as? [[String: Any]])?.compactMap { $0["objectID"] as? String } == ["two"])
        }
    }
}
