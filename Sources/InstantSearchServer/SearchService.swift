import InstantSearchCore
import OrderedCollections
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Algolia's search REST protocol over the embedded engine, independent of any HTTP library:
/// a request (method, path, credentials, body) in, a status and a JSON body out.
///
/// Routes: `POST /1/indexes/{index}/query`, `POST /1/indexes/*/queries` (multi-query),
/// `POST /1/indexes/{index}/facets/{facet}/query`, `POST|GET /1/indexes/{index}/browse`
/// (`BrowseRoute`), `GET|PUT /1/indexes/{index}/settings` and the task status
/// (`SettingsRoutes`), `GET /1/task/{taskID}` (an application's task), `GET /1/indexes` (the
/// indices this key may see), the query rules' routes (`RulesRoutes`), records by id
/// (`ObjectRoutes`) and the synonyms' reads (`SynonymRoutes`). Every other route, Algolia's
/// writes of records among them, is a 404 with Algolia's error body.
public struct SearchService: Sendable {
    public let backend: EmbeddedBackend
    public let keys: APIKeys
    /// The searches given a queryID (`clickAnalytics`), for the events that name them.
    public let queryIDs: QueryIDLog
    /// The writes taken (settings, rules), one at a time and numbered.
    let tasks = WriteTasks()
    public static let maxQueriesPerRequest = 50

    public init(backend: EmbeddedBackend, keys: APIKeys, queryIDs: QueryIDLog = QueryIDLog()) {
        self.backend = backend
        self.keys = keys
        self.queryIDs = queryIDs
    }

    public struct Request: Sendable {
        public var method: String
        /// Percent-decoded path segments after the host: ["1", "indexes", "products", "query"].
        public var pathSegments: [String]
        public var applicationID: String?
        public var apiKey: String?
        public var body: [UInt8]
        /// The target's percent-decoded query items (`?clearExistingRules=true`).
        public var queryItems: [(name: String, value: String)]

        public init(
            method: String, pathSegments: [String], applicationID: String?, apiKey: String?, body: [UInt8],
            queryItems: [(name: String, value: String)] = []
        ) {
            self.method = method
            self.pathSegments = pathSegments
            self.applicationID = applicationID
            self.apiKey = apiKey
            self.body = body
            self.queryItems = queryItems
        }

        /// Algolia's answer to a route it does not have (the Search API's calls this server does
        /// not take among them): 404 with its error body.
        var noSuchRoute: ServerError {
            ServerError.notFound("no such route: \(method) /\(pathSegments.joined(separator: "/"))")
        }

        /// The first value of a query item.
        func query(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }
    }

    public struct Response: Sendable {
        public var status: Int
        public var body: JSONValue
    }

    /// Never throws: every failure becomes Algolia's error body with its status.
    public func respond(to request: Request) async -> Response {
        do {
            return Response(status: 200, body: try await route(request))
        } catch let error as ServerError {
            return Self.error(error)
        } catch is CancellationError {
            return Self.error(.badRequest("cancelled"))
        } catch {
            // Engine errors (unknown attribute, malformed filter) are the client's to fix.
            return Self.error(.badRequest(String(describing: error)))
        }
    }

    static func error(_ error: ServerError) -> Response {
        Response(status: error.status, body: ["message": .string(error.message), "status": .number(Double(error.status))])
    }

    private func route(_ request: Request) async throws -> JSONValue {
        let s = request.pathSegments
        if s == ["1", "events"] {
            guard request.method == "POST" else { throw ServerError.refused(status: 405, "Method Not Allowed") }
            return try events(request)
        }
        if s.count == 3, s[0] == "1", s[1] == "task", request.method == "GET" {
            // An application's task: the same numbers as an index's (`WriteTasks`), and a key that
            // may read one may read the other.
            try keys.authorize(applicationID: request.applicationID, apiKey: request.apiKey, indices: [])
            return try tasks.status(of: s[2])
        }
        guard s.count >= 2, s[0] == "1", s[1] == "indexes" else { throw request.noSuchRoute }
        switch (request.method, s.count) {
        case ("GET", 2):
            try keys.authorize(applicationID: request.applicationID, apiKey: request.apiKey, indices: [])
            return listIndices(apiKey: request.apiKey)
        case ("POST", 4) where s[2] == "*" && s[3] == "queries":
            return try await multiQuery(request)
        case ("POST", 4) where s[3] == "query":
            let index = try authorizedIndex(s[2], request)
            let parameters = try RequestBody.parameters(of: RequestBody.object(request.body))
            let search = try SearchRequest(parameters, index: index)
            let results = try await backend.search([search.indexed])
            return search.answer(results[0], queryIDs: queryIDs)
        case ("POST", 6) where s[3] == "facets" && s[5] == "query":
            let index = try authorizedIndex(s[2], request)
            return try facetValues(index: index, attribute: s[4], parameters: RequestBody.parameters(of: RequestBody.object(request.body)))
        case (_, 5) where s[3] == "rules":
            return try rules(request, index: try authorizedIndex(s[2], request))
        case ("GET", 4) where s[3] == "settings":
            return try settings(of: try authorizedIndex(s[2], request), version: request.query("getVersion"))
        case ("PUT", 4) where s[3] == "settings":
            return try setSettings(request, index: try authorizedIndex(s[2], request))
        case ("GET", 5) where s[3] == "task":
            _ = try authorizedIndex(s[2], request)
            return try tasks.status(of: s[4])
        case ("POST", 4) where s[3] == "browse", ("GET", 4) where s[3] == "browse":
            return try await browse(request, index: try authorizedIndex(s[2], request))
        case ("POST", 4) where s[2] == "*" && s[3] == "objects":
            return try objects(request)
        case ("GET", 4):
            return try object(request, index: try authorizedIndex(s[2], request), objectID: s[3])
        case (_, 5) where s[3] == "synonyms":
            return try synonyms(request, index: try authorizedIndex(s[2], request))
        default:
            throw request.noSuchRoute
        }
    }

    /// Checks the key before saying whether the index exists, so a key cannot probe for names.
    func authorizedIndex(_ name: String, _ request: Request) throws -> SearchIndex {
        try keys.authorize(applicationID: request.applicationID, apiKey: request.apiKey, indices: [name])
        return try existingIndex(name)
    }

    /// An index the server holds, once the request's key is known to open it; else a 404.
    func existingIndex(_ name: String) throws -> SearchIndex {
        guard let index = backend.index(named: name) else { throw ServerError.notFound("index \"\(name.prefix(100))\" does not exist") }
        return index
    }

    // MARK: Routes

    /// Queries run side by side; the hits asked of all of them together are bounded (Algolia's
    /// 1,000 per page), or fifty queries of 1,000 hits make a 70 MB answer.
    private func multiQuery(_ request: Request) async throws -> JSONValue {
        let body = try RequestBody.object(request.body)
        guard let requests = body["requests"]?.arrayValue else {
            throw ServerError.badRequest("expected {\"requests\": [{\"indexName\": ..., \"params\": ...}, ...]}")
        }
        for key in (body.objectValue ?? [:]).keys where key != "requests" && key != "strategy" {
            throw ServerError.badRequest("Unknown parameter: \(key.prefix(80)) (a multi-query body holds requests and strategy)")
        }
        if let strategy = body["strategy"], strategy != "none" {
            throw ServerError.badRequest("strategy: only \"none\" is supported (every query is answered)")
        }
        guard requests.count <= Self.maxQueriesPerRequest else {
            throw ServerError.badRequest("at most \(Self.maxQueriesPerRequest) queries per request")
        }
        let names = try requests.enumerated().map { position, item -> String in
            guard case .object = item, let name = item["indexName"]?.stringValue else {
                throw ServerError.badRequest("requests[\(position)]: missing indexName")
            }
            return name
        }
        try keys.authorize(applicationID: request.applicationID, apiKey: request.apiKey, indices: names)
        var hits = 0
        // A request of type "facet" searches one facet's values (`facet`, `facetQuery`), as the
        // facet route does; the others are searches, run side by side.
        var searches: [(position: Int, search: SearchRequest)] = []
        var facetSearches: [(position: Int, index: SearchIndex, facet: String, parameters: [String: JSONValue])] = []
        for (position, (item, name)) in zip(requests, names).enumerated() {
            let index = try existingIndex(name)
            do {
                var parameters = try RequestBody.parameters(of: item)
                switch parameters.removeValue(forKey: "type") {
                case nil, .string("default")?:
                    let search = try SearchRequest(parameters, index: index, alsoAllowed: ["indexName"])
                    hits += search.indexed.query.hitsPerPage
                    searches.append((position, search))
                case .string("facet")?:
                    guard let facet = parameters.removeValue(forKey: "facet")?.stringValue else {
                        throw AlgoliaParameterError("facet: a request of type \"facet\" names the facet whose values it searches")
                    }
                    parameters["indexName"] = nil
                    facetSearches.append((position, index, facet, parameters))
                default:
                    throw AlgoliaParameterError("type: \"default\" (a search) or \"facet\" (a facet-value search)")
                }
            } catch let error as AlgoliaParameterError {
                throw ServerError.badRequest("requests[\(position)]: \(error.message)")
            }
        }
        guard hits <= AlgoliaLimits.maxHitsPerRequest else {
            throw ServerError.badRequest(
                "hitsPerPage: at most \(AlgoliaLimits.maxHitsPerRequest) hits in all the queries of one request together (asked: \(hits))")
        }
        var answers = [JSONValue](repeating: .null, count: requests.count)
        let results = try await backend.search(searches.map(\.search.indexed))
        for (result, (position, search)) in zip(results, searches) { answers[position] = search.answer(result, queryIDs: queryIDs) }
        for (position, index, facet, parameters) in facetSearches {
            do {
                answers[position] = try facetValues(index: index, attribute: facet, parameters: parameters)
            } catch let error as AlgoliaParameterError {
                throw ServerError.badRequest("requests[\(position)]: \(error.message)")
            }
        }
        return ["results": .array(answers)]
    }

    private func facetValues(index: SearchIndex, attribute: String, parameters: [String: JSONValue]) throws -> JSONValue {
        let reader = AlgoliaParameters(values: parameters)
        let text = try reader.string("facetQuery") ?? ""
        try AlgoliaLimits.checkQuery(text, parameter: "facetQuery")
        var query = try reader.query(alsoAllowed: ["facetQuery", "maxFacetHits"])
        if let most = try reader.integer("maxFacetHits", at: 1...100) { query.maxValuesPerFacet = most }
        if query.disjunctiveFacets.isEmpty, index.settings.disjunctiveFacets.contains(attribute) {
            query.disjunctiveFacets.insert(attribute)
        }
        let found = try index.searchForFacetValues(attribute: attribute, text: text, query: query)
        return AlgoliaResponse.json(found, typed: text)
    }

    /// `getVersion=2` leaves the synonyms out, as Algolia does (its clients read them with the
    /// synonyms' routes).
    private func settings(of index: SearchIndex, version: String?) throws -> JSONValue {
        if let version, version != "1", version != "2" {
            throw ServerError.badRequest("getVersion: 1 or 2, not \"\(version.prefix(40))\"")
        }
        let s = index.settings
        func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
        var fields: OrderedDictionary<String, JSONValue> = [:]
        fields["searchableAttributes"] = strings(s.searchableAttributes)
        fields["attributesForFaceting"] = strings(s.attributesForFaceting)
        fields["disjunctiveFacets"] = strings(s.disjunctiveFacets)
        fields["numericAttributesForFiltering"] = strings(s.numericAttributesForFiltering)
        fields["customRanking"] = strings(s.customRanking.map(\.description))
        fields["displayAttributes"] = strings(s.displayAttributes)
        let relevance = s.relevance
        fields["ranking"] = strings(relevance.ranking.map(\.rawValue))
        fields["exactOnSingleWordQuery"] = .string(relevance.exactOnSingleWordQuery.rawValue)
        fields["queryType"] = .string(relevance.queryType.rawValue)
        if version != "2" { fields["synonyms"] = .array(relevance.synonyms.map(\.json)) }
        fields["removeStopWords"] = strings(relevance.removeStopWords)
        fields["ignorePlurals"] = .bool(relevance.ignorePlurals)
        if let attribute = relevance.attributeForDistinct { fields["attributeForDistinct"] = .string(attribute) }
        fields["distinct"] = .number(Double(relevance.distinct))
        for (key, value) in s.display.fileFields { fields[key] = value }
        fields["facetingAfterDistinct"] = .bool(relevance.facetingAfterDistinct)
        if let strictness = relevance.relevancyStrictness { fields["relevancyStrictness"] = .number(Double(strictness)) }
        if relevance.bucketWidth > 0 { fields["relevanceBucketWidth"] = .number(Double(relevance.bucketWidth)) }
        if let reRanking = relevance.enableReRanking { fields["enableReRanking"] = .bool(reRanking) }
        fields["advancedSyntax"] = .bool(relevance.advancedSyntax)
        fields["advancedSyntaxFeatures"] = strings(relevance.advancedSyntaxFeatures.map(\.rawValue).sorted())
        fields["infix"] = relevance.infix.json
        if let subsequence = relevance.subsequence { fields["subsequence"] = subsequence.json }
        // Toggles and numeric menus (not sorts: Algolia's protocol carries no sort to ask for them).
        for (key, value) in s.widgets.fileFields where key != "sorts" { fields[key] = value }
        fields["nbRecords"] = .number(Double(index.recordCount))
        return .object(fields)
    }

    private func listIndices(apiKey: String?) -> JSONValue {
        let names = keys.visibleIndices(apiKey: apiKey, among: backend.indices.map(\.name))
        let created = WriteTasks.timestamp(tasks.started)
        // Algolia's fields, every one its clients require; sizes and build times are not measured (0).
        let items = names.compactMap { backend.index(named: $0) }.map { index -> JSONValue in
            [
                "name": .string(index.name), "entries": .number(Double(index.recordCount)), "createdAt": .string(created),
                "updatedAt": .string(WriteTasks.timestamp(tasks.updatedAt(index.name))), "dataSize": 0, "fileSize": 0,
                "lastBuildTimeS": 0, "numberOfPendingTasks": 0, "pendingTask": false,
            ]
        }
        return ["items": .array(items), "nbPages": 1]
    }

    /// The parameters echoed back as Algolia does: a URL-encoded string, keys sorted.
    static func paramsString(_ parameters: [String: JSONValue]) -> String {
        parameters.keys.sorted().map { key in
            let value = parameters[key]!
            let text = value.stringValue ?? value.serialized()
            return key + "=" + PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
        }.joined(separator: "&")
    }
}
