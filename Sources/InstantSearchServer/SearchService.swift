import Foundation
import InstantSearchCore
import OrderedCollections
import SearchEngine

/// Algolia's search REST protocol over the embedded engine, independent of any HTTP library:
/// a request (method, path, credentials, body) in, a status and a JSON body out.
///
/// Routes: `POST /1/indexes/{index}/query`, `POST /1/indexes/*/queries` (multi-query),
/// `POST /1/indexes/{index}/facets/{facet}/query`, `GET /1/indexes/{index}/settings`,
/// `GET /1/indexes` (the indices this key may see), and the query rules' routes (`RulesRoutes`).
public struct SearchService: Sendable {
    public let backend: EmbeddedBackend
    public let keys: APIKeys
    /// The searches given a queryID (`clickAnalytics`), for the events that name them.
    public let queryIDs: QueryIDLog
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

        public init(method: String, pathSegments: [String], applicationID: String?, apiKey: String?, body: [UInt8]) {
            self.method = method
            self.pathSegments = pathSegments
            self.applicationID = applicationID
            self.apiKey = apiKey
            self.body = body
        }
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
        guard s.count >= 2, s[0] == "1", s[1] == "indexes" else { throw ServerError.notFound("no such route: /\(s.joined(separator: "/"))") }
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
            return try facetValues(index: index, attribute: s[4], body: request.body)
        case (_, 5) where s[3] == "rules":
            return try rules(request, index: try authorizedIndex(s[2], request))
        case ("GET", 4) where s[3] == "settings":
            return settings(of: try authorizedIndex(s[2], request))
        default:
            throw ServerError.notFound("no such route: \(request.method) /\(s.joined(separator: "/"))")
        }
    }

    /// Checks the key before saying whether the index exists, so a key cannot probe for names.
    private func authorizedIndex(_ name: String, _ request: Request) throws -> SearchIndex {
        try keys.authorize(applicationID: request.applicationID, apiKey: request.apiKey, indices: [name])
        guard let index = backend.index(named: name) else { throw ServerError.notFound("index \"\(name)\" does not exist") }
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
        let parsed = try zip(requests, names).enumerated().map { position, pair -> SearchRequest in
            guard let index = backend.index(named: pair.1) else { throw ServerError.notFound("index \"\(pair.1)\" does not exist") }
            if let type = pair.0["type"], type != "default" {
                throw ServerError.badRequest("requests[\(position)]: type: only \"default\" is supported (facet searches have their own route)")
            }
            do {
                let search = try SearchRequest(RequestBody.parameters(of: pair.0), index: index, alsoAllowed: ["indexName", "type"])
                hits += search.indexed.query.hitsPerPage
                return search
            } catch let error as AlgoliaParameterError {
                throw ServerError.badRequest("requests[\(position)]: \(error.message)")
            }
        }
        guard hits <= AlgoliaLimits.maxHitsPerRequest else {
            throw ServerError.badRequest(
                "hitsPerPage: at most \(AlgoliaLimits.maxHitsPerRequest) hits in all the queries of one request together (asked: \(hits))")
        }
        let results = try await backend.search(parsed.map(\.indexed))
        return ["results": .array(zip(results, parsed).map { $1.answer($0, queryIDs: queryIDs) })]
    }

    private func facetValues(index: SearchIndex, attribute: String, body: [UInt8]) throws -> JSONValue {
        let parameters = try RequestBody.parameters(of: RequestBody.object(body))
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

    private func settings(of index: SearchIndex) -> JSONValue {
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
        fields["synonyms"] = .array(relevance.synonyms.map(\.json))
        fields["removeStopWords"] = strings(relevance.removeStopWords)
        fields["ignorePlurals"] = .bool(relevance.ignorePlurals)
        if let attribute = relevance.attributeForDistinct { fields["attributeForDistinct"] = .string(attribute) }
        fields["distinct"] = .number(Double(relevance.distinct))
        for (key, value) in s.display.fileFields { fields[key] = value }
        fields["facetingAfterDistinct"] = .bool(relevance.facetingAfterDistinct)
        if let strictness = relevance.relevancyStrictness { fields["relevancyStrictness"] = .number(Double(strictness)) }
        if relevance.relevanceBucketWidth > 0 { fields["relevanceBucketWidth"] = .number(Double(relevance.relevanceBucketWidth)) }
        if let reRanking = relevance.enableReRanking { fields["enableReRanking"] = .bool(reRanking) }
        // Toggles and numeric menus (not sorts: Algolia's protocol carries no sort to ask for them).
        for (key, value) in s.widgets.fileFields where key != "sorts" { fields[key] = value }
        fields["nbRecords"] = .number(Double(index.recordCount))
        return .object(fields)
    }

    private func listIndices(apiKey: String?) -> JSONValue {
        let names = keys.visibleIndices(apiKey: apiKey, among: backend.indices.map(\.name))
        let items = names.compactMap { backend.index(named: $0) }.map { index -> JSONValue in
            ["name": .string(index.name), "entries": .number(Double(index.recordCount))]
        }
        return ["items": .array(items), "nbPages": 1]
    }

    /// The parameters echoed back as Algolia does: a URL-encoded string, keys sorted.
    static func paramsString(_ parameters: [String: JSONValue]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return parameters.keys.sorted().map { key in
            let value = parameters[key]!
            let text = value.stringValue ?? value.serialized()
            return key + "=" + (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text)
        }.joined(separator: "&")
    }
}
