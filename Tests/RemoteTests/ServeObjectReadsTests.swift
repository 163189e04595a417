import Foundation
import InstantSearchCore
import InstantSearchServer
import SearchEngine
import Testing

/// Records read by their id (`get_object`, `get_objects`), where a key may read, bounded as
/// Algolia bounds them; a question the route cannot answer is a 400 naming what was wrong. Each
/// test compares whole answers.
@Suite("serve: records by id")
struct ServeObjectReadsTests {
    static let p0001 = #"""
        {"objectID": "p0001", "name": "Amazon Fire HD tablet", "brand": "Amazon", "category": "Tablets", "department": "Mobile",
         "description": "A lightweight, quiet tablet from Amazon. The Fire HD comes in black and ships with a two-year warranty.",
         "price": 752.99, "rating": 4.7, "reviews": 20, "colour": "Black", "inStock": true}
        """#

    @Test func aRecordByIdIsTheWholeRecordOrTheAttributesAsked() async throws {
        try await withServer { server in
            let whole = try await server.answer("GET", "/1/indexes/products/p0001", key: "search-all")
            #expect(whole.status == 200 && whole.body == json(Self.p0001))
            let some = try await server.answer("GET", "/1/indexes/products/p0001?attributesToRetrieve=name,brand", key: "search-all")
            #expect(some.body == json(#"{"objectID": "p0001", "name": "Amazon Fire HD tablet", "brand": "Amazon"}"#))
            let listed = try await server.answer(
                "GET", "/1/indexes/products/p0001?attributesToRetrieve=%5B%22brand%22%5D", key: "search-all")
            #expect(listed.body == json(#"{"objectID": "p0001", "brand": "Amazon"}"#))
            let allBut = try await server.answer(
                "GET", "/1/indexes/products/p0001?attributesToRetrieve=*,-description,-price,-rating,-reviews,-inStock",
                key: "search-all")
            #expect(
                allBut.body
                    == json(
                        #"{"objectID": "p0001", "name": "Amazon Fire HD tablet", "brand": "Amazon", "category": "Tablets", "department": "Mobile", "colour": "Black"}"#
                    ))
        }
    }

    @Test func aMissingRecordOrAnUnknownParameterIsAlgoliasError() async throws {
        try await withServer { server in
            let missing = try await server.answer("GET", "/1/indexes/products/p9999", key: "search-all")
            #expect(missing.status == 404 && missing.body == algoliaError("ObjectID does not exist", 404))
            let unknown = try await server.answer("GET", "/1/indexes/products/p0001?query=x", key: "search-all")
            #expect(
                unknown.status == 400
                    && unknown.body == algoliaError("query: not a parameter of a record's read (attributesToRetrieve is)", 400))
            let noIndex = try await server.answer("GET", "/1/indexes/nowhere/p0001", key: "search-all")
            #expect(noIndex.status == 404 && noIndex.body == algoliaError(#"index "nowhere" does not exist"#, 404))
        }
    }

    @Test func aKeyReadsRecordsOnlyOfTheIndicesItMaySee() async throws {
        try await withServer { server in
            let refusal = algoliaError(#"this API key is not allowed to search index "products""#, 403)
            let other = try await server.answer("GET", "/1/indexes/products/p0001", key: "search-cat")
            #expect(other.status == 403 && other.body == refusal)
            let own = try await server.answer("GET", "/1/indexes/categories/c02?attributesToRetrieve=name", key: "search-cat")
            #expect(own.status == 200 && own.body == json(#"{"objectID": "c02", "name": "Monitors"}"#))
            // Refused whole, even when the index it may not see is asked for last.
            let mixed = #"{"requests": [{"indexName": "categories", "objectID": "c01"}, {"indexName": "products", "objectID": "p0001"}]}"#
            let both = try await server.answer("POST", "/1/indexes/*/objects", key: "search-cat", body: mixed)
            #expect(both.status == 403 && both.body == refusal)
            let noKey = try await server.answer("POST", "/1/indexes/*/objects", key: nil, body: #"{"requests": []}"#)
            #expect(noKey.status == 403 && noKey.body == algoliaError("missing X-Algolia-API-Key header", 403))
        }
    }

    @Test func recordsByIdComeInTheOrderAskedWithNullForAMissingOne() async throws {
        try await withServer { server in
            let body = #"""
                {"requests": [{"indexName": "categories", "objectID": "c02", "attributesToRetrieve": ["name"]},
                              {"indexName": "products", "objectID": "nope"},
                              {"indexName": "products", "objectID": "p0002", "attributesToRetrieve": "brand"},
                              {"indexName": "products", "objectID": "p0001"}]}
                """#
            let found = try await server.answer("POST", "/1/indexes/*/objects", key: "search-all", body: body)
            #expect(found.status == 200)
            let expected = json(
                #"{"results": [{"objectID": "c02", "name": "Monitors"}, null, {"objectID": "p0002", "brand": "Sony"}, \#(Self.p0001)]}"#)
            #expect(found.body == expected)
            let none = try await server.answer("POST", "/1/indexes/*/objects", key: "search-all", body: #"{"requests": []}"#)
            #expect(none.status == 200 && none.body == json(#"{"results": []}"#))
        }
    }

    @Test func recordsByIdAreBoundedAtAlgoliasThousand() async throws {
        try await withServer(maxBodyBytes: 1 << 20) { server in
            func asking(_ count: Int) -> String {
                let one = #"{"indexName": "products", "objectID": "p0002", "attributesToRetrieve": ["brand"]}"#
                return #"{"requests": [\#(Array(repeating: one, count: count).joined(separator: ","))]}"#
            }
            let most = try await server.answer("POST", "/1/indexes/*/objects", key: "search-all", body: asking(1000))
            let sony: JSONValue = ["objectID": "p0002", "brand": "Sony"]
            #expect(most.status == 200 && most.body == JSONValue.object(["results": .array(Array(repeating: sony, count: 1000))]).sortingKeys)
            let tooMany = try await server.answer("POST", "/1/indexes/*/objects", key: "search-all", body: asking(1001))
            #expect(tooMany.status == 400 && tooMany.body == algoliaError("requests: at most 1000 records in one request, not 1001", 400))
        }
    }

    @Test func aBadBodyIsA400NamingWhatIsWrong() async throws {
        let cases: [(body: String, message: String)] = [
            ("[]", "malformed JSON: the body must be one JSON object"),
            (#"{"objectIDs": ["p0001"]}"#, #"expected {"requests": [{"indexName": ..., "objectID": ...}, ...]}"#),
            (#"{"requests": {"indexName": "products"}}"#, #"expected {"requests": [{"indexName": ..., "objectID": ...}, ...]}"#),
            (#"{"requests": [], "strategy": "none"}"#, "Unknown parameter: strategy (a read of records by id holds requests)"),
            (#"{"requests": ["p0001"]}"#, "requests[0]: expected an object"),
            (#"{"requests": [{"indexName": "products"}]}"#, "requests[0].objectID: expected a string"),
            (#"{"requests": [{"objectID": "p0001"}]}"#, "requests[0].indexName: expected a string"),
            (
                #"{"requests": [{"indexName": "products", "objectID": "p0001"}, {"indexName": "products", "objectID": 7}]}"#,
                "requests[1].objectID: expected a string"
            ),
            (
                #"{"requests": [{"indexName": "products", "objectID": "p0001", "query": "x"}]}"#,
                "requests[0].query: not a field of a record's read (indexName, objectID, attributesToRetrieve are)"
            ),
            (
                #"{"requests": [{"indexName": "products", "objectID": "p0001", "attributesToRetrieve": 3}]}"#,
                "requests[0].attributesToRetrieve: expected an array of attribute names"
            ),
        ]
        try await withServer { server in
            for (body, message) in cases {
                let answer = try await server.answer("POST", "/1/indexes/*/objects", key: "search-all", body: body)
                #expect(answer.status == 400 && answer.body == algoliaError(message, 400), "\(body)")
            }
        }
    }
}
