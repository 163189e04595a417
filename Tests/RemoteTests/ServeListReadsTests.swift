import Foundation
import InstantSearchCore
import InstantSearchServer
import SearchEngine
import Testing

/// The reads of what an index holds beside its records (its synonyms and rules, searched a page
/// at a time), its settings without the synonyms, an application's task, and the answer to a
/// call this server does not take. Each test compares whole answers.
@Suite("serve: synonyms, rules, tasks and unknown routes")
struct ServeListReadsTests {
    /// One index of one record whose settings hold two synonyms, one without an id.
    static func withFilms(_ body: (RunningServer) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("synonyms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("films.json")
        try Data(#"[{"objectID": "f1", "title": "Alien"}]"#.utf8).write(to: data)
        try Data(
            #"{"synonyms": [{"objectID": "space", "type": "synonym", "synonyms": ["space", "cosmos"]}, {"type": "oneWaySynonym", "input": "film", "synonyms": ["movie"]}]}"#
                .utf8
        ).write(to: folder.appendingPathComponent("films.settings.json"))
        let backend = try EmbeddedBackend(paths: [data.path])
        try await withServer(options: .init(host: "127.0.0.1", port: 0), backend: backend, body)
    }

    /// The demo products on a backend of the test's own: the tests that write must not change
    /// what the others read.
    static func withOwnProducts(_ body: (RunningServer) async throws -> Void) async throws {
        let backend = try EmbeddedBackend(paths: [Demo.path("products.json")])
        try await withServer(options: .init(host: "127.0.0.1", port: 0), backend: backend, body)
    }

    static let space = #"{"type": "synonym", "synonyms": ["space", "cosmos"], "objectID": "space"}"#
    static let film = #"{"type": "oneWaySynonym", "input": "film", "synonyms": ["movie"], "objectID": "synonym-2"}"#

    @Test func synonymsAreFoundByTextTypeAndPageNamedByTheirIdOrPlace() async throws {
        try await Self.withFilms { server in
            let cases: [(body: String, expected: String)] = [
                ("{}", #"{"hits": [\#(Self.space), \#(Self.film)], "nbHits": 2}"#),
                (#"{"query": "MOVIE"}"#, #"{"hits": [\#(Self.film)], "nbHits": 1}"#),
                (#"{"query": "synonym-2"}"#, #"{"hits": [\#(Self.film)], "nbHits": 1}"#),
                // Algolia's clients send the type in lower case; a type of Algolia's not held here finds none.
                (#"{"type": "onewaysynonym"}"#, #"{"hits": [\#(Self.film)], "nbHits": 1}"#),
                (#"{"type": "synonym", "query": null}"#, #"{"hits": [\#(Self.space)], "nbHits": 1}"#),
                (#"{"type": "altCorrection1"}"#, #"{"hits": [], "nbHits": 0}"#),
                (#"{"hitsPerPage": 1, "page": 1}"#, #"{"hits": [\#(Self.film)], "nbHits": 2}"#),
                (#"{"hitsPerPage": 1, "page": 2}"#, #"{"hits": [], "nbHits": 2}"#),
            ]
            for (body, expected) in cases {
                let answer = try await server.answer("POST", "/1/indexes/films/synonyms/search", body: body)
                #expect(answer.status == 200 && answer.body == json(expected), "\(body)")
            }
            let one = try await server.answer("GET", "/1/indexes/films/synonyms/space")
            #expect(one.status == 200 && one.body == json(Self.space))
            let missing = try await server.answer("GET", "/1/indexes/films/synonyms/none")
            #expect(missing.status == 404 && missing.body == algoliaError("Synonym set does not exist", 404))
        }
    }

    @Test func aSynonymsSearchRefusesWhatItCannotReadAndStaysUp() async throws {
        try await Self.withFilms { server in
            let cases: [(body: String, message: String)] = [
                (
                    #"{"type": "antonym"}"#,
                    #"type: "antonym" is not a synonym type (synonym, onewaysynonym, altcorrection1, altcorrection2, placeholder are)"#
                ),
                (#"{"page": 1e300}"#, "page must be an integer from 0 to 10000"),
                (#"{"page": -1}"#, "page must be an integer from 0 to 10000"),
                (#"{"hitsPerPage": 0}"#, "hitsPerPage must be an integer from 1 to 1000"),
                (#"{"hitsPerPage": 1.5}"#, "hitsPerPage must be an integer from 1 to 1000"),
                (#"{"query": ["a"]}"#, "query must be a string"),
                (#"{"type": 1}"#, "type: expected a string"),
                (#"{"facets": ["x"]}"#, "facets: not a parameter of a synonyms search (query, page, hitsPerPage, type are)"),
            ]
            for (body, message) in cases {
                let answer = try await server.answer("POST", "/1/indexes/films/synonyms/search", body: body)
                #expect(answer.status == 400 && answer.body == algoliaError(message, 400), "\(body)")
            }
            #expect(try await server.answer("POST", "/1/indexes/films/synonyms/search", body: "{}").status == 200)
        }
    }

    @Test func rulesAreFoundByAnchoringContextEnabledAndPage() async throws {
        let rules = #"""
            [{"objectID": "tv", "conditions": [{"pattern": "tv", "anchoring": "is"}], "consequence": {"hide": [{"objectID": "p0002"}]}},
             {"objectID": "sale", "conditions": [{"context": "sale"}], "consequence": {"userData": {"banner": "Sale"}}},
             {"objectID": "off", "enabled": false, "conditions": [{"pattern": "tv", "anchoring": "contains", "context": "sale"}],
              "consequence": {"userData": {"banner": "Off"}}}]
            """#
        try await Self.withOwnProducts { server in
            #expect(try await server.answer("POST", "/1/indexes/products/rules/batch", body: rules).status == 200)
            var read: [String: JSONValue] = [:]
            for id in ["tv", "sale", "off"] { read[id] = try await server.answer("GET", "/1/indexes/products/rules/\(id)").body }
            func page(_ ids: [String], nbHits: Int? = nil, page: Int = 0, nbPages: Int? = nil) -> JSONValue {
                JSONValue.object([
                    "hits": .array(ids.map { read[$0] ?? .null }), "nbHits": .number(Double(nbHits ?? ids.count)),
                    "page": .number(Double(page)), "nbPages": .number(Double(nbPages ?? (ids.isEmpty ? 0 : 1))),
                ]).sortingKeys
            }
            let cases: [(body: String, expected: JSONValue)] = [
                ("{}", page(["tv", "sale", "off"])),
                (#"{"query": "tv"}"#, page(["tv", "off"])),
                (#"{"query": "tv", "anchoring": "is"}"#, page(["tv"])),
                (#"{"anchoring": "contains"}"#, page(["off"])),
                (#"{"context": "sale"}"#, page(["sale", "off"])),
                (#"{"context": "sale", "enabled": true}"#, page(["sale"])),
                (#"{"enabled": false}"#, page(["off"])),
                (#"{"enabled": null, "anchoring": null}"#, page(["tv", "sale", "off"])),
                (#"{"hitsPerPage": 2, "page": 1}"#, page(["off"], nbHits: 3, page: 1, nbPages: 2)),
                (#"{"query": "nothing"}"#, page([])),
            ]
            for (body, expected) in cases {
                let answer = try await server.answer("POST", "/1/indexes/products/rules/search", key: "search-all", body: body)
                #expect(answer.status == 200 && answer.body == expected, "\(body)")
            }
            let refused: [(body: String, message: String)] = [
                (#"{"anchoring": "near"}"#, #"anchoring: "near" is not an anchoring (is, startsWith, endsWith, contains are)"#),
                (#"{"enabled": "yes"}"#, "enabled: expected true, false or null"),
                (#"{"page": 99999999999999999999}"#, "page must be an integer from 0 to 10000"),
                (#"{"ruleContexts": ["sale"]}"#, "ruleContexts: not a parameter of a rules search (query, page, hitsPerPage, anchoring, context, enabled are)"),
            ]
            for (body, message) in refused {
                let answer = try await server.answer("POST", "/1/indexes/products/rules/search", key: "search-all", body: body)
                #expect(answer.status == 400 && answer.body == algoliaError(message, 400), "\(body)")
            }
        }
    }

    @Test func settingsOfVersionTwoLeaveTheSynonymsOut() async throws {
        try await Self.withFilms { server in
            guard case .object(let first)? = try await server.answer("GET", "/1/indexes/films/settings").body,
                case .object(let second)? = try await server.answer("GET", "/1/indexes/films/settings?getVersion=2").body
            else { throw HarnessError("the settings are not a JSON object") }
            #expect(first["synonyms"]?.arrayValue?.count == 2)
            var expected = first
            expected["synonyms"] = nil
            #expect(second == expected)
            #expect(try await server.answer("GET", "/1/indexes/films/settings?getVersion=1").body == .object(first))
            let bad = try await server.answer("GET", "/1/indexes/films/settings?getVersion=3")
            #expect(bad.status == 400 && bad.body == algoliaError(#"getVersion: 1 or 2, not "3""#, 400))
        }
    }

    @Test func anApplicationsTaskIsPublishedOnceItsWriteIsAnswered() async throws {
        try await Self.withOwnProducts { server in
            let none = try await server.answer("GET", "/1/task/1", key: "search-cat")
            #expect(none.status == 404 && none.body == algoliaError("task 1 does not exist", 404))
            let write = try await server.send("PUT", "/1/indexes/products/settings", body: #"{"customRanking": ["desc(rating)"]}"#)
            let taskID = try #require(write.json?["taskID"] as? Int)
            let published = json(#"{"status": "published", "pendingTask": false}"#)
            for key in ["admin", "search-cat"] {
                let task = try await server.answer("GET", "/1/task/\(taskID)", key: key)
                #expect(task.status == 200 && task.body == published, "\(key)")
            }
            let unknownKey = try await server.answer("GET", "/1/task/\(taskID)", key: "nobody")
            #expect(unknownKey.status == 403 && unknownKey.body == algoliaError("invalid API key", 403))
            let wrongMethod = try await server.answer("DELETE", "/1/task/\(taskID)")
            #expect(wrongMethod.status == 404 && wrongMethod.body == algoliaError("no such route: DELETE /1/task/\(taskID)", 404))
        }
    }

    /// The Search API's calls this server does not take (Algolia's client's reads of keys,
    /// dictionaries, logs, clusters and sources, and writes of records and synonyms) get Algolia's
    /// 404 body naming the route.
    @Test func aCallThisServerDoesNotTakeIsA404NamingTheRoute() async throws {
        let routes: [(method: String, path: String)] = [
            ("GET", "/1/keys"), ("GET", "/1/keys/search-all"), ("GET", "/1/logs"), ("GET", "/1/dictionaries/*/settings"),
            ("GET", "/1/dictionaries/*/languages"), ("POST", "/1/dictionaries/stopwords/search"), ("GET", "/1/security/sources"),
            ("GET", "/1/clusters"), ("GET", "/1/clusters/mapping/top"), ("POST", "/1/indexes/products"),
            ("PUT", "/1/indexes/products/p0001"), ("DELETE", "/1/indexes/products/p0001"), ("POST", "/1/indexes/products/p0001/partial"),
            ("POST", "/1/indexes/products/batch"), ("POST", "/1/indexes/products/clear"), ("DELETE", "/1/indexes/products"),
            ("PUT", "/1/indexes/products/synonyms/space"), ("POST", "/1/indexes/products/synonyms/batch"),
            ("POST", "/1/indexes/products/rules/search/more"),
        ]
        try await withServer { server in
            for (method, path) in routes {
                let answer = try await server.answer(method, path, body: method == "GET" || method == "DELETE" ? nil : "{}")
                #expect(answer.status == 404 && answer.body == algoliaError("no such route: \(method) \(path)", 404), "\(method) \(path)")
            }
        }
    }
}
