import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A backend that speaks Algolia's search REST protocol: `instantsearch serve` on another
/// machine, or any service answering the same requests.
///
/// Every `search` call is one `POST /1/indexes/*/queries` (a multi-query), so one keystroke
/// costs one request whatever the number of indices in it.
public struct AlgoliaRemoteBackend: Searchable {
    public let transport: HTTPTransport

    public init(url: URL, applicationID: String, apiKey: String, timeout: Duration = .seconds(5)) {
        transport = HTTPTransport(
            baseURL: url,
            headers: ["X-Algolia-Application-Id": applicationID, "X-Algolia-API-Key": apiKey],
            timeout: timeout)
    }

    public func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        // Algolia's protocol has no sort parameter: an index sorts through a replica, which
        // opens as an index of its own.
        if let sorted = queries.first(where: { $0.query.sortBy != nil }), let sort = sorted.query.sortBy {
            throw SearchError.unsupported("sort by (\(sort)) over --remote: Algolia sorts through replica indices; open the replica instead")
        }
        let body: JSONValue = ["requests": .array(queries.map(AlgoliaRequest.json))]
        let answer = try await transport.send("POST", "1/indexes/*/queries", body: body)
        guard let results = answer["results"]?.arrayValue else {
            throw SearchError.malformedResponse("no \"results\" array in the multi-query answer")
        }
        guard results.count == queries.count else {
            throw SearchError.malformedResponse("\(results.count) results for \(queries.count) queries")
        }
        return try zip(results, queries).map { try AlgoliaResponse.results($0, for: $1) }
    }

    public func searchForFacetValues(
        indexName: String, attribute: String, text: String, query: Query
    ) async throws -> FacetSearchResults {
        var body = AlgoliaRequest.json(IndexedQuery(indexName: indexName, query: query))
        if case .object(var fields) = body {
            fields["indexName"] = nil
            fields["facetQuery"] = .string(text)
            // Algolia answers a facet search with maxFacetHits values (10 unless asked, 100 at most).
            fields["maxFacetHits"] = .number(Double(min(100, max(1, query.maxValuesPerFacet))))
            body = .object(fields)
        }
        let answer = try await transport.send("POST", "1/indexes/\(indexName)/facets/\(attribute)/query", body: body)
        return try AlgoliaResponse.facetHits(answer)
    }
}
