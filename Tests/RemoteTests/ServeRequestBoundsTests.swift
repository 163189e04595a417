import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

/// The request side of `serve`: what one request may cost is bounded and refused by
/// name, numbers in `numericFilters` read as in `filters`, and the boundaries the README states.
@Suite("serve: bounded requests")
struct ServeRequestBoundsTests {
    static func message(_ json: [String: Any]?) -> String { json?["message"] as? String ?? "" }

    @Test func aMegabyteQueryWordIsRefusedByName() async throws {
        try await withServer(maxBodyBytes: 2 << 20) { server in
            let body = #"{"query": ""# + String(repeating: "a", count: 1 << 20) + #""}"#
            let (status, json) = try await server.send("POST", "/1/indexes/products/query", body: body)
            #expect(status == 400)
            #expect(Self.message(json) == "query: at most 512 characters")
            let facet = try await server.send(
                "POST", "/1/indexes/products/facets/brand/query", body: #"{"facetQuery": ""# + String(repeating: "b", count: 600) + #""}"#)
            #expect(facet.status == 400 && Self.message(facet.json) == "facetQuery: at most 512 characters")
        }
    }

    @Test func aFilterOfMoreThanAThousandConditionsIsRefused() async throws {
        try await withServer(maxBodyBytes: 1 << 20) { server in
            func filter(_ count: Int) -> String {
                #"{"filters": ""# + (0..<count).map { "brand:b\($0)" }.joined(separator: " OR ") + #""}"#
            }
            #expect(try await server.send("POST", "/1/indexes/products/query", body: filter(1_000)).status == 200)
            let (status, json) = try await server.send("POST", "/1/indexes/products/query", body: filter(1_001))
            #expect(status == 400)
            #expect(Self.message(json).contains("more than 1000 conditions in one filter"))
        }
    }

    /// The README says 256 levels: 256 are searched, with other filters beside them too; 257 are not.
    @Test func filtersNestExactlyAsDeepAsTheReadmeSays() async throws {
        try await withServer { server in
            func nested(_ depth: Int) -> String {
                String(repeating: "(", count: depth) + "price >= 1" + String(repeating: ")", count: depth)
            }
            for extra in ["", #", "numericFilters": ["rating > 1"], "facetFilters": ["brand:Sony"]"#] {
                let ok = try await server.send("POST", "/1/indexes/products/query", body: #"{"filters": "\#(nested(256))"\#(extra)}"#)
                #expect(ok.status == 200, "\(Self.message(ok.json))")
                let deep = try await server.send("POST", "/1/indexes/products/query", body: #"{"filters": "\#(nested(257))"\#(extra)}"#)
                #expect(deep.status == 400)
                #expect(Self.message(deep.json).contains("nested deeper than 256 levels"))
            }
        }
    }

    @Test func numericFiltersRefuseWhatFiltersRefuse() async throws {
        try await withServer { server in
            for bad in ["price > NaN", "price < nan", "price = nan", "price < inf", "price > 0x7D0", "price > 1 2"] {
                let numeric = try await server.send("POST", "/1/indexes/products/query", body: #"{"numericFilters": ["\#(bad)"]}"#)
                #expect(numeric.status == 400, "\(bad)")
                #expect(Self.message(numeric.json).hasPrefix("numericFilters: \"\(bad)\""))
                let filters = try await server.send("POST", "/1/indexes/products/query", body: #"{"filters": "\#(bad)"}"#)
                #expect(filters.status == 400, "\(bad) in filters")
            }
        }
    }

    @Test func hitsAreCappedPerPageAndPerRequest() async throws {
        try await withServer { server in
            let one = try await server.send("POST", "/1/indexes/products/query", body: #"{"hitsPerPage": 1001}"#)
            #expect(one.status == 400 && Self.message(one.json) == "hitsPerPage must be an integer from 0 to 1000")
            let requests = (0..<50).map { _ in #"{"indexName": "products", "hitsPerPage": 1000}"# }.joined(separator: ",")
            let many = try await server.send("POST", "/1/indexes/*/queries", body: #"{"requests": [\#(requests)]}"#)
            #expect(many.status == 400)
            #expect(Self.message(many.json) == "hitsPerPage: at most 1000 hits in all the queries of one request together (asked: 50000)")
            let fits = #"{"requests": [{"indexName": "products", "hitsPerPage": 600}, {"indexName": "products", "hitsPerPage": 400}]}"#
            #expect(try await server.send("POST", "/1/indexes/*/queries", body: fits).status == 200)
        }
    }

    @Test func anAnswerPastTheByteCapIsRefusedWhileTheServerGoesOn() async throws {
        let options = SearchServer.Options(host: "127.0.0.1", port: 0, maxAnswerBytes: 4096)
        try await withServer(options: options) { server in
            let big = try await server.send("POST", "/1/indexes/products/query", body: #"{"hitsPerPage": 100}"#)
            #expect(big.status == 400)
            #expect(Self.message(big.json).hasPrefix("the answer would pass 4096 bytes (serve's --max-answer-bytes)"))
            let small = try await server.send("POST", "/1/indexes/products/query", body: #"{"hitsPerPage": 1, "attributesToRetrieve": ["name"]}"#)
            #expect(small.status == 200)
        }
    }

    @Test func unknownAndUnsupportedParametersAreRefusedByName() async throws {
        try await withServer { server in
            let cases = [
                (#"{"optionalFilters": ["brand:Sony"]}"#, "optionalFilters is not supported by this server"),
                (#"{"restrictSearchableAttributes": ["name"]}"#, "restrictSearchableAttributes is not supported by this server"),
                (#"{"params": "query=a&hitsPerPge=3"}"#, "Unknown parameter: hitsPerPge"),
            ]
            for (body, said) in cases {
                let (status, json) = try await server.send("POST", "/1/indexes/products/query", body: body)
                #expect(status == 400 && Self.message(json).hasPrefix(said), "\(body) → \(Self.message(json))")
            }
            let multi = try await server.send(
                "POST", "/1/indexes/*/queries",
                body: #"{"requests": [{"indexName": "products"}, {"indexName": "products", "optionalWords": "a"}]}"#)
            #expect(multi.status == 400 && Self.message(multi.json).hasPrefix("requests[1]: optionalWords is not supported"))
            let strategy = try await server.send(
                "POST", "/1/indexes/*/queries", body: #"{"requests": [{"indexName": "products"}], "strategy": "stopIfEnoughMatches"}"#)
            #expect(strategy.status == 400 && Self.message(strategy.json).hasPrefix("strategy: only \"none\""))
        }
    }
}
