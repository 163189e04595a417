import Foundation
import InstantSearchCore
import InstantSearchServer
import SearchEngine
import Testing

/// Records read by their id (`get_object`, `get_objects`) and the synonyms' reads, where a key
/// may read, bounded as Algolia bounds them; a question the route cannot answer is a 400 naming
/// what was wrong.
@Suite("serve: records by id, synonyms")
struct ServeObjectReadsTests {
    @Test func aRecordByIdIsTheWholeRecordOrTheAttributesAsked() async throws {
        try await withServer { server in
            let (status, whole) = try await server.send("GET", "/1/indexes/products/p0001", key: "search-all")
            #expect(status == 200)
            #expect(whole?["name"] as? String == "Amazon Fire HD tablet" && whole?["price"] as? Double == 752.99)
            #expect(whole?.count == 11, "every attribute of p0001: \(whole?.keys.sorted() ?? [])")
            let (_, some) = try await server.send("GET", "/1/indexes/products/p0001?attributesToRetrieve=name,brand", key: "search-all")
            #expect(some?.keys.sorted() == ["brand", "name", "objectID"])
            let (_, listed) = try await server.send("GET", "/1/indexes/products/p0001?attributesToRetrieve=%5B%22brand%22%5D", key: "search-all")
            #expect(listed?.keys.sorted() == ["brand", "objectID"])
            let (missing, message) = try await server.send("GET", "/1/indexes/products/p9999", key: "search-all")
            #expect(missing == 404 && message?["message"] as? String == "ObjectID does not exist")
            let (unknown, said) = try await server.send("GET", "/1/indexes/products/p0001?query=x", key: "search-all")
            #expect(unknown == 400 && (said?["message"] as? String)?.hasPrefix("query:") == true)
        }
    }

    @Test func aKeyReadsRecordsOnlyOfTheIndicesItMaySee() async throws {
        try await withServer { server in
            let other = try await server.send("GET", "/1/indexes/products/p0001", key: "search-cat").status
            let own = try await server.send("GET", "/1/indexes/categories/c01", key: "search-cat").status
            #expect(other == 403 && own == 200)
            let mixed = #"{"requests": [{"indexName": "categories", "objectID": "c01"}, {"indexName": "products", "objectID": "p0001"}]}"#
            let (status, answer) = try await server.send("POST", "/1/indexes/*/objects", key: "search-cat", body: mixed)
            #expect(status == 403 && answer?["results"] == nil)
        }
    }

    @Test func recordsByIdComeInTheOrderAskedWithNullForAMissingOne() async throws {
        try await withServer { server in
            let body = #"""
                {"requests": [{"indexName": "categories", "objectID": "c02", "attributesToRetrieve": ["name"]},
                              {"indexName": "products", "objectID": "nope"},
                              {"indexName": "products", "objectID": "p0002", "attributesToRetrieve": "brand"}]}
                """#
            let (status, json) = try await server.send("POST", "/1/indexes/*/objects", key: "search-all", body: body)
            #expect(status == 200)
            let results = try #require(json?["results"] as? [Any])
            #expect(results.count == 3)
            #expect((results[0] as? [String: String]) == ["objectID": "c02", "name": "Monitors"])
            #expect(results[1] is NSNull)
            #expect((results[2] as? [String: String]) == ["objectID": "p0002", "brand": "Sony"])
        }
    }

    @Test func recordsByIdAreBoundedAndEachRequestIsChecked() async throws {
        try await withServer { server in
            let many = (0...SearchService.maxObjectsPerRequest).map { #"{"indexName": "products", "objectID": "p\#($0)"}"# }
            let (tooMany, said) = try await server.send(
                "POST", "/1/indexes/*/objects", key: "search-all", body: #"{"requests": [\#(many.joined(separator: ","))]}"#)
            #expect(tooMany == 400 && (said?["message"] as? String)?.contains("at most 1000") == true)
            let (noID, message) = try await server.send(
                "POST", "/1/indexes/*/objects", key: "search-all", body: #"{"requests": [{"indexName": "products"}]}"#)
            #expect(noID == 400 && message?["message"] as? String == "requests[0].objectID: expected a string")
            let (extra, what) = try await server.send(
                "POST", "/1/indexes/*/objects", key: "search-all",
                body: #"{"requests": [{"indexName": "products", "objectID": "p0001", "query": "x"}]}"#)
            #expect(extra == 400 && (what?["message"] as? String)?.hasPrefix("requests[0].query:") == true)
        }
    }

    @Test func synonymsAreReadFromTheSettingsNamedByTheirIdOrPlace() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("synonyms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("films.json")
        try Data(#"[{"objectID": "f1", "title": "Alien"}]"#.utf8).write(to: data)
        try Data(
            #"{"synonyms": [{"objectID": "space", "type": "synonym", "synonyms": ["space", "cosmos"]}, ["film", "movie"]]}"#.utf8
        ).write(to: folder.appendingPathComponent("films.settings.json"))
        let backend = try EmbeddedBackend(paths: [data.path])
        try await withServer(options: .init(host: "127.0.0.1", port: 0), backend: backend) { server in
            let (status, all) = try await server.send("POST", "/1/indexes/films/synonyms/search", body: "{}")
            #expect(status == 200 && all?["nbHits"] as? Int == 2)
            let ids = (all?["hits"] as? [[String: Any]])?.compactMap { $0["objectID"] as? String }
            #expect(ids == ["space", "synonym-2"])
            let (_, found) = try await server.send("POST", "/1/indexes/films/synonyms/search", body: #"{"query": "movie"}"#)
            #expect((found?["hits"] as? [[String: Any]])?.first?["objectID"] as? String == "synonym-2")
            let (_, one) = try await server.send("GET", "/1/indexes/films/synonyms/space")
            #expect(one?["synonyms"] as? [String] == ["space", "cosmos"] && one?["type"] as? String == "synonym")
            let missing = try await server.send("GET", "/1/indexes/films/synonyms/none").status
            #expect(missing == 404)
            let (badType, said) = try await server.send("POST", "/1/indexes/films/synonyms/search", body: #"{"type": "altCorrection1"}"#)
            #expect(badType == 400 && (said?["message"] as? String)?.hasPrefix("type:") == true)
        }
    }
}
