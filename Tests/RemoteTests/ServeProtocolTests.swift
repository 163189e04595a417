import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

/// `instantsearch serve`'s REST protocol, over real HTTP on loopback.
@Suite("serve: Algolia's search REST protocol")
struct ServeProtocolTests {
    @Test func singleQueryAnswersLikeAlgolia() async throws {
        try await withServer { server in
            let (status, json) = try await server.send(
                "POST", "/1/indexes/products/query", body: #"{"query": "sony", "hitsPerPage": 3, "facets": ["brand"]}"#)
            #expect(status == 200)
            let hits = try #require(json?["hits"] as? [[String: Any]])
            #expect(hits.count == 3)
            #expect(hits.allSatisfy { $0["objectID"] is String && $0["_highlightResult"] is [String: Any] })
            let nbHits = try #require(json?["nbHits"] as? Int)
            #expect(nbHits > 3)
            #expect(json?["page"] as? Int == 0)
            #expect(json?["hitsPerPage"] as? Int == 3)
            #expect(json?["nbPages"] as? Int == (nbHits + 2) / 3)
            #expect(json?["processingTimeMS"] is Int)
            #expect(json?["query"] as? String == "sony")
            #expect((json?["params"] as? String)?.contains("query=sony") == true)
            let brands = try #require((json?["facets"] as? [String: Any])?["brand"] as? [String: Int])
            #expect((brands["Sony"] ?? 0) > 0)
            #expect(brands.values.allSatisfy { $0 <= nbHits })
            #expect(json?["facets_stats"] is [String: Any])
        }
    }

    @Test func paramsStringAndFiltersAreUnderstood() async throws {
        try await withServer { server in
            let (status, json) = try await server.send(
                "POST", "/1/indexes/products/query",
                body:
                    #"{"params": "query=&hitsPerPage=50&facetFilters=%5B%5B%22brand%3ASony%22%2C%22brand%3ALG%22%5D%5D&numericFilters=%5B%22price%3C%3D500%22%5D"}"#
            )
            #expect(status == 200)
            let hits = try #require(json?["hits"] as? [[String: Any]])
            #expect(!hits.isEmpty)
            for hit in hits {
                #expect(["Sony", "LG"].contains(hit["brand"] as? String))
                #expect((hit["price"] as? Double ?? 0) <= 500)
            }
        }
    }

    @Test func multiQueryAnswersInRequestOrder() async throws {
        try await withServer { server in
            let body = #"""
                {"requests": [
                  {"indexName": "categories", "params": "query=tele&hitsPerPage=2"},
                  {"indexName": "products", "query": "lg", "hitsPerPage": 1},
                  {"indexName": "categories", "query": ""}
                ]}
                """#
            let (status, json) = try await server.send("POST", "/1/indexes/*/queries", body: body)
            #expect(status == 200)
            let results = try #require(json?["results"] as? [[String: Any]])
            #expect(results.map { $0["index"] as? String } == ["categories", "products", "categories"])
            #expect(results.map { $0["query"] as? String } == ["tele", "lg", ""])
            #expect((results[1]["hits"] as? [Any])?.count == 1)
            #expect(results[2]["nbHits"] as? Int == 17)
        }
    }

    @Test func searchForFacetValues() async throws {
        try await withServer { server in
            let (status, json) = try await server.send(
                "POST", "/1/indexes/products/facets/brand/query", body: #"{"facetQuery": "so"}"#)
            #expect(status == 200)
            let facetHits = try #require(json?["facetHits"] as? [[String: Any]])
            let values = facetHits.compactMap { $0["value"] as? String }
            #expect(values.contains("Sony"))
            #expect(values.allSatisfy { $0.lowercased().hasPrefix("so") })
            let sony = try #require(facetHits.first { $0["value"] as? String == "Sony" })
            #expect(sony["highlighted"] as? String == "<em>So</em>ny")
            #expect((sony["count"] as? Int ?? 0) > 0)
        }
    }

    @Test func settingsDescribeTheIndex() async throws {
        try await withServer { server in
            let (status, json) = try await server.send("GET", "/1/indexes/products/settings", key: "search-all")
            #expect(status == 200)
            #expect(json?["attributesForFaceting"] as? [String] == ["category", "brand", "colour", "department"])
            #expect(json?["numericAttributesForFiltering"] as? [String] == ["price", "rating", "reviews"])
            #expect(json?["customRanking"] as? [String] == ["desc(reviews)"])
            #expect((json?["displayAttributes"] as? [String])?.first == "name")
        }
    }

    @Test func rankingInfoDistinctAndRelevanceSettings() async throws {
        try await withServer { server in
            let (status, json) = try await server.send(
                "POST", "/1/indexes/products/query", body: #"{"query": "sony tv", "hitsPerPage": 2, "getRankingInfo": true}"#)
            #expect(status == 200)
            let hits = try #require(json?["hits"] as? [[String: Any]])
            let info = try #require(hits.first?["_rankingInfo"] as? [String: Any])
            #expect(info["nbTypos"] as? Int == 0)
            #expect(info["words"] as? Int == 2)
            #expect(info["proximityDistance"] is Int)
            #expect(info["ranking"] as? [String] == ["typo", "geo", "words", "proximity", "attribute", "exact", "custom"])
            let (_, plain) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "sony"}"#)
            #expect((plain?["hits"] as? [[String: Any]])?.first?["_rankingInfo"] == nil)
            let (refused, _) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "sony", "distinct": 9}"#)
            #expect(refused == 400)
            let (_, settings) = try await server.send("GET", "/1/indexes/products/settings", key: "search-all")
            #expect(settings?["exactOnSingleWordQuery"] as? String == "attribute")
            #expect(settings?["synonyms"] as? [Any] != nil)
            #expect(settings?["distinct"] as? Int == 0)
        }
    }

    @Test func requestsWithoutAValidKeyAreRefused() async throws {
        try await withServer { server in
            for key in [nil, "", "wrong"] as [String?] {
                let (status, json) = try await server.send("POST", "/1/indexes/products/query", key: key, body: "{}")
                #expect(status == 403)
                #expect((json?["message"] as? String)?.isEmpty == false)
                #expect(json?["status"] as? Int == 403)
            }
        }
    }

    @Test func aKeyOpensOnlyItsIndices() async throws {
        try await withServer { server in
            let allowed = try await server.send("POST", "/1/indexes/categories/query", key: "search-cat", body: "{}")
            #expect(allowed.status == 200)
            let refused = try await server.send("POST", "/1/indexes/products/query", key: "search-cat", body: "{}")
            #expect(refused.status == 403)
            #expect((refused.json?["message"] as? String)?.contains("products") == true)
            // One index outside the key refuses the whole multi-query.
            let multi = try await server.send(
                "POST", "/1/indexes/*/queries", key: "search-cat",
                body: #"{"requests": [{"indexName": "categories"}, {"indexName": "products"}]}"#)
            #expect(multi.status == 403)
            let facets = try await server.send("POST", "/1/indexes/products/facets/brand/query", key: "search-cat", body: "{}")
            #expect(facets.status == 403)
            let list = try await server.send("GET", "/1/indexes", key: "search-cat")
            #expect((list.json?["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["categories"])
        }
    }

    @Test(arguments: [
        "{\"query\": ", "not json", "[1, 2]", "{\"query\": \"a\"} {\"query\": \"b\"}",
        "{\"hitsPerPage\": \"many\"}", "{\"page\": -1}", "{\"facets\": 3}", "{\"params\": \"query=%ZZ\"}",
        "{\"facetFilters\": [\"no colon\"]}", "{\"filters\": \"brand:(\"}",
    ])
    func malformedBodiesGet400(body: String) async throws {
        try await withServer { server in
            let (status, json) = try await server.send("POST", "/1/indexes/products/query", body: body)
            #expect(status == 400)
            #expect((json?["message"] as? String)?.isEmpty == false)
        }
    }

    @Test func malformedMultiQueriesGet400() async throws {
        try await withServer { server in
            for body in ["{}", #"{"requests": 3}"#, #"{"requests": [{"query": "no index"}]}"#] {
                let (status, _) = try await server.send("POST", "/1/indexes/*/queries", body: body)
                #expect(status == 400, "\(body)")
            }
        }
    }

    @Test func oversizedBodiesGet400AndTheServerCarriesOn() async throws {
        try await withServer(maxBodyBytes: 1024) { server in
            let big = "{\"query\": \"" + String(repeating: "a", count: 4096) + "\"}"
            let (status, json) = try await server.send("POST", "/1/indexes/products/query", body: big)
            #expect(status == 400)
            #expect((json?["message"] as? String)?.contains("limit") == true)
            let after = try await server.send("POST", "/1/indexes/products/query", body: "{}")
            #expect(after.status == 200)
        }
    }

    @Test func unknownIndicesAndRoutesGet404() async throws {
        try await withServer { server in
            let unknownIndex = try await server.send("POST", "/1/indexes/nope/query", body: "{}")
            #expect(unknownIndex.status == 404)
            let unknownRoute = try await server.send("GET", "/2/anything")
            #expect(unknownRoute.status == 404)
        }
    }

    @Test func searchKeysParseFromTheCommandLine() throws {
        #expect(try APIKeys.parseSearchKey("abc").indices == nil)
        #expect(try APIKeys.parseSearchKey("abc:products, categories").indices == ["products", "categories"])
        #expect(throws: ServerError.self) { try APIKeys.parseSearchKey("abc:") }
        #expect(throws: ServerError.self) { try APIKeys.parseSearchKey(":products") }
    }
}
