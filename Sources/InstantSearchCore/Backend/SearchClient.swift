/// The generic adapter for plugging in any backend (the seeds' `SearchClient<Parameters, Results>`).
///
/// A backend author names two types — what their service takes and what it returns — and
/// writes three functions: `map(query:)`, the call itself, and `map(results:for:)`.
/// Multi-queries, ordering and cancellation come for free.
///
/// ```swift
/// struct MyBackend: SearchClient {
///     func map(query: IndexedQuery) -> URLRequest { ... }
///     func perform(_ request: URLRequest) async throws -> MyResponse { ... }
///     func map(results: MyResponse, for query: IndexedQuery) throws -> SearchResults { ... }
/// }
/// ```
public protocol SearchClient: Searchable {
    associatedtype Parameters: Sendable
    associatedtype Response: Sendable

    func map(query: IndexedQuery) throws -> Parameters
    func perform(_ parameters: Parameters) async throws -> Response
    func map(results: Response, for query: IndexedQuery) throws -> SearchResults
}

extension SearchClient {
    /// Sends the queries of a multi-query concurrently and returns the results in request order.
    public func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        let requests = try queries.map { query in (query, try map(query: query)) }
        return try await inRequestOrder(requests) { query, parameters in
            try map(results: try await perform(parameters), for: query)
        }
    }
}
