/// A search backend: the embedded engine, a remote service, anything that answers queries.
///
/// One call may carry several index queries (a multi-query): a front end with several
/// searchers sends one request per keystroke, not one per index. Results come back in
/// request order. Implementations should honour task cancellation: a searcher cancels
/// requests whose answers can no longer be shown.
public protocol Searchable: Sendable {
    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults]

    /// The answer `search` gives, computed on the calling thread; nil when this backend can
    /// only answer by waiting (a server's reply). Has a default: nil. An engine in the process
    /// answers a small search in microseconds, less than handing it to another thread and
    /// waking the caller again costs (see `ResponseRouter.inlineBudget`).
    func searchSynchronously(_ queries: [IndexedQuery]) throws -> [SearchResults]?

    /// Values of `attribute` matching `text` (prefix), counted over the results of `query`.
    func searchForFacetValues(
        indexName: String, attribute: String, text: String, query: Query
    ) async throws -> FacetSearchResults

    /// Hits and facet values of several indices in one call, answers in request order
    /// (what a `MultiSearcher` sends for each keystroke). Has a default; a backend with a
    /// multi-query protocol implements it as one request.
    func multiSearch(_ requests: [SearchRequest]) async throws -> [SearchResponse]

    /// How this backend is best asked while the user types (strategy, requests in flight).
    /// Has a default: `.network`, the safe one (no more requests than keys, debounced).
    var requestPolicy: RequestPolicy { get }
}

extension Searchable {
    public var requestPolicy: RequestPolicy { .network }

    public func searchSynchronously(_ queries: [IndexedQuery]) throws -> [SearchResults]? { nil }

    public func search(_ query: IndexedQuery) async throws -> SearchResults {
        let results = try await search([query])
        guard let first = results.first else {
            throw SearchError.malformedResponse("the backend returned no result for \(query.indexName)")
        }
        return first
    }

    public func searchForFacetValues(
        indexName: String, attribute: String, text: String, query: Query
    ) async throws -> FacetSearchResults {
        throw SearchError.unsupported("search for facet values")
    }
}

public enum SearchError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownIndex(String)
    case unsupported(String)
    case malformedResponse(String)
    case backend(String)

    public var description: String {
        switch self {
        case .unknownIndex(let name): return "no index named \"\(name)\""
        case .unsupported(let what): return "this backend does not support \(what)"
        case .malformedResponse(let why): return "malformed response: \(why)"
        case .backend(let message): return message
        }
    }
}
