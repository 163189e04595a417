import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

/// The search parameters Algolia's clients send are honoured, not accepted and
/// ignored (the ones refused by name are in `ServeRequestBoundsTests`).
@Suite("serve: search parameters honoured")
struct ServeSearchParametersTests {
    func search(_ server: RunningServer, _ body: String) async throws -> [String: Any] {
        let (status, json) = try await server.send("POST", "/1/indexes/products/query", body: body)
        #expect(status == 200, "\(body) → \(json?["message"] ?? "")")
        return json ?? [:]
    }

    func hits(_ json: [String: Any]) -> [[String: Any]] { json["hits"] as? [[String: Any]] ?? [] }

    @Test func attributesToRetrieveHighlightAndSnippetShapeEachHit() async throws {
        try await withServer { server in
            let json = try await search(
                server,
                #"""
                {"query": "sony", "hitsPerPage": 3, "attributesToRetrieve": ["name", "price"],
                 "attributesToHighlight": ["brand"], "attributesToSnippet": ["description:4"],
                 "highlightPreTag": "[", "highlightPostTag": "]"}
                """#)
            let found = hits(json)
            #expect(found.count == 3)
            for hit in found {
                #expect(Set(hit.keys) == ["name", "price", "objectID", "_highlightResult", "_snippetResult"])
                let highlights = try #require(hit["_highlightResult"] as? [String: Any])
                #expect(Array(highlights.keys) == ["brand"])
                #expect((highlights["brand"] as? [String: Any])?["value"] as? String == "[Sony]")
                let snippet = try #require(((hit["_snippetResult"] as? [String: Any])?["description"] as? [String: Any])?["value"] as? String)
                #expect(snippet.split(separator: " ").filter { $0 != "…" }.count == 4, "\(snippet)")
            }
            // `*` and an exclusion.
            let all = hits(try await search(server, #"{"query": "sony", "hitsPerPage": 1, "attributesToRetrieve": ["*", "-description"]}"#))
            #expect(all.first?["description"] == nil && all.first?["brand"] as? String == "Sony")
        }
    }

    @Test func typoToleranceFalseMatchesWordsAsTyped() async throws {
        try await withServer { server in
            let tolerant = try await search(server, #"{"query": "samsong"}"#)
            #expect((tolerant["nbHits"] as? Int ?? 0) > 0)
            let strict = try await search(server, #"{"query": "samsong", "typoTolerance": false}"#)
            #expect(strict["nbHits"] as? Int == 0)
        }
    }

    @Test func offsetAndLengthCutTheHitsWhereAsked() async throws {
        try await withServer { server in
            let page = hits(try await search(server, #"{"query": "", "hitsPerPage": 8}"#)).map { $0["objectID"] as? String }
            let json = try await search(server, #"{"query": "", "offset": 3, "length": 4}"#)
            #expect(hits(json).map { $0["objectID"] as? String } == Array(page[3..<7]))
            #expect(json["offset"] as? Int == 3 && json["length"] as? Int == 4)
        }
    }

    /// facets_stats describe the hits the numeric filters leave (as Algolia's do), except for an
    /// attribute listed in disjunctiveFacets, whose own range they ignore (a slider's bounds).
    @Test func facetStatsHonourTheNumericFiltersInForce() async throws {
        try await withServer { server in
            func stats(_ json: [String: Any], _ attribute: String) -> (min: Double, max: Double)? {
                guard let s = (json["facets_stats"] as? [String: Any])?[attribute] as? [String: Any],
                    let min = s["min"] as? Double, let max = s["max"] as? Double
                else { return nil }
                return (min, max)
            }
            let all = try #require(stats(try await search(server, #"{"query": ""}"#), "price"))
            let filtered = try await search(server, #"{"query": "", "numericFilters": ["price <= 100"], "filters": "rating >= 1"}"#)
            let bounded = try #require(stats(filtered, "price"))
            #expect(bounded.max <= 100 && all.max > 100)
            let slider = try await search(server, #"{"query": "", "numericFilters": ["price <= 100"], "disjunctiveFacets": ["price"]}"#)
            #expect(stats(slider, "price")?.max == all.max)
            let plain = try await search(server, #"{"query": "", "numericFilters": ["price <= 100"]}"#)
            #expect(slider["nbHits"] as? Int == plain["nbHits"] as? Int, "the range still filters the hits")
        }
    }
}
