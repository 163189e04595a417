/// One part of a multi-search: the hits of an index, or the values of one of its facets.
public enum SearchRequest: Hashable, Sendable {
    case hits(IndexedQuery)
    /// Values of `attribute` matching `text`, counted over the results of `query`.
    case facetValues(indexName: String, attribute: String, text: String, query: Query)
}

public enum SearchResponse: Hashable, Sendable {
    case hits(SearchResults)
    case facetValues(FacetSearchResults)
}

extension Searchable {
    /// Answers several requests in one call, in request order. Backends that speak a
    /// multi-query protocol override this to send one request; the default asks `search(_:)`
    /// once for every hits request together and the facet values alongside.
    public func multiSearch(_ requests: [SearchRequest]) async throws -> [SearchResponse] {
        var hitsQueries: [IndexedQuery] = []
        var facetRequests: [(position: Int, indexName: String, attribute: String, text: String, query: Query)] = []
        for (position, request) in requests.enumerated() {
            switch request {
            case .hits(let query): hitsQueries.append(query)
            case .facetValues(let indexName, let attribute, let text, let query):
                facetRequests.append((position, indexName, attribute, text, query))
            }
        }
        // Hits alone (every key's search) are searched in this task: a child task waits for a
        // thread of its own, which could cost half of a quick answer.
        if facetRequests.isEmpty { return try await search(hitsQueries).map { .hits($0) } }
        async let hits = hitsQueries.isEmpty ? [] : search(hitsQueries)
        var facets: [Int: FacetSearchResults] = [:]
        for request in facetRequests {
            facets[request.position] = try await searchForFacetValues(
                indexName: request.indexName, attribute: request.attribute, text: request.text, query: request.query)
        }
        var hitsAnswers = try await hits[...]
        return requests.indices.map { position in
            if let values = facets[position] { return .facetValues(values) }
            return .hits(hitsAnswers.removeFirst())
        }
    }
}
