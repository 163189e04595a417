import Foundation
import InstantSearchCore
import SearchEngine
import Testing

/// `serve`'s query rules routes (Algolia's): save, read, search, apply, delete, clear; writes
/// need the admin key. The rules use a context of their own, so the suites that share the demo
/// backend never see them.
@Suite("serve: query rules")
struct ServeRulesTests {
    private static let rule = #"""
        {"objectID": "serve-rule", "conditions": [{"pattern": "tv", "anchoring": "contains", "context": "serve-rules-test"}],
         "consequence": {"promote": [{"objectID": "p0001", "position": 0}], "userData": {"banner": "TV week"}}}
        """#

    /// A rule's filters are read when it is written, with the parser and bounds every search
    /// uses: 100,000 nested parentheses are refused then (they used to be accepted, then every
    /// matching search answered 400 blaming `filters` its client never sent).
    @Test func aRuleWhoseFiltersNoSearchCouldReadIsRefusedOnWrite() async throws {
        let backend = try EmbeddedBackend(paths: [Demo.path("products.json")])
        try await withServer(options: .init(host: "127.0.0.1", port: 0, maxBodyBytes: 1 << 20), backend: backend) { server in
            let deep = String(repeating: "(", count: 100_000) + "brand:Sony" + String(repeating: ")", count: 100_000)
            let rule = #"{"objectID": "deep", "consequence": {"params": {"filters": "\#(deep)"}}}"#
            let (status, answer) = try await server.send("PUT", "/1/indexes/products/rules/deep", body: rule)
            #expect(status == 400)
            let message = answer?["message"] as? String ?? ""
            #expect(
                message.hasPrefix(#"rule "deep": consequence.params.filters, column 256: parentheses and NOT nested deeper than 255 levels"#),
                "\(message.prefix(200))")
            let batch = #"[{"objectID": "broken", "consequence": {"params": {"filters": "brand:Sony AND"}}}]"#
            let refused = try await server.send("POST", "/1/indexes/products/rules/batch", body: batch)
            #expect(refused.status == 400 && (refused.json?["message"] as? String)?.hasPrefix("rules[0]: consequence.params.filters, column") == true)
            #expect(try await server.send("GET", "/1/indexes/products/rules/deep").status == 404)
            let (searched, _) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "tv"}"#)
            #expect(searched == 200)
            // As deep as a search can read inside the rule's parentheses is taken.
            let fits = String(repeating: "(", count: 255) + "brand:Sony" + String(repeating: ")", count: 255)
            let kept = #"{"objectID": "fits", "consequence": {"params": {"filters": "\#(fits)"}}}"#
            #expect(try await server.send("PUT", "/1/indexes/products/rules/fits", body: kept).status == 200)
            let (filtered, found) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "tv", "filters": "price > 0"}"#)
            let hits = (found?["hits"] as? [[String: Any]]) ?? []
            #expect(filtered == 200 && !hits.isEmpty && hits.allSatisfy { $0["brand"] as? String == "Sony" })
        }
    }

    @Test func aSavedRuleAppliesToQueriesInItsContextAndGoesAwayWhenDeleted() async throws {
        try await withServer { server in
            let path = "/1/indexes/products/rules/serve-rule"
            #expect(try await server.send("PUT", path, key: "search-all", body: Self.rule).status == 403, "writes need the admin key")
            #expect(try await server.send("PUT", path, body: Self.rule).status == 200)
            let (status, read) = try await server.send("GET", path, key: "search-all")
            #expect(status == 200 && read?["objectID"] as? String == "serve-rule")
            let found = try await server.send("POST", "/1/indexes/products/rules/search", body: #"{"query": "serve-rule"}"#)
            #expect(found.json?["nbHits"] as? Int == 1)

            let query = #"{"query": "tv", "hitsPerPage": 3, "ruleContexts": ["serve-rules-test"], "getRankingInfo": true}"#
            let (_, answer) = try await server.send("POST", "/1/indexes/products/query", key: "search-all", body: query)
            let hits = try #require(answer?["hits"] as? [[String: Any]])
            #expect(hits.first?["objectID"] as? String == "p0001")
            #expect((hits.first?["_rankingInfo"] as? [String: Any])?["promoted"] as? Bool == true)
            #expect((answer?["userData"] as? [[String: Any]])?.first?["banner"] as? String == "TV week")
            #expect((answer?["appliedRules"] as? [[String: Any]])?.first?["objectID"] as? String == "serve-rule")
            // Without getRankingInfo no hit carries `_rankingInfo`, promoted or not (Algolia's way:
            // its clients refuse a `_rankingInfo` without the ranking's fields).
            let (_, unasked) = try await server.send(
                "POST", "/1/indexes/products/query", key: "search-all", body: query.replacingOccurrences(of: #", "getRankingInfo": true"#, with: ""))
            let first = try #require((unasked?["hits"] as? [[String: Any]])?.first)
            #expect(first["objectID"] as? String == "p0001" && first["_rankingInfo"] == nil)
            // Without the context the rule stays out.
            let (_, plain) = try await server.send("POST", "/1/indexes/products/query", body: #"{"query": "tv", "hitsPerPage": 3}"#)
            #expect(plain?["userData"] == nil)

            #expect(try await server.send("DELETE", path).status == 200)
            #expect(try await server.send("GET", path).status == 404)
        }
    }

    @Test func aBatchSavesSeveralAndClearEmptiesTheIndexRules() async throws {
        try await withServer { server in
            let batch =
                "[\(Self.rule.replacingOccurrences(of: "serve-rule", with: "batch-1")), "
                + "\(Self.rule.replacingOccurrences(of: "serve-rule", with: "batch-2"))]"
            #expect(try await server.send("POST", "/1/indexes/categories/rules/batch", body: batch).status == 200)
            #expect(try await server.send("POST", "/1/indexes/categories/rules/search", body: "{}").json?["nbHits"] as? Int == 2)
            let (status, error) = try await server.send("POST", "/1/indexes/categories/rules/batch", body: #"[{"objectID": "x", "validity": []}]"#)
            #expect(status == 400 && (error?["message"] as? String)?.contains("validity") == true)
            #expect(try await server.send("POST", "/1/indexes/categories/rules/clear").status == 200)
            #expect(try await server.send("POST", "/1/indexes/categories/rules/search", body: "{}").json?["nbHits"] as? Int == 0)
        }
    }
}
