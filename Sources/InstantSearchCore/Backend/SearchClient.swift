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
        if queries.count == 1 {
            let response = try await perform(try map(query: queries[0]))
            return [try map(results: response, for: queries[0])]
        }
        return try await withThrowingTaskGroup(of: (Int, SearchResults).self) { group in
            for (position, query) in queries.enumerated() {
                let parameters = try map(query: query)
                group.addTask {
                    let response = try await perform(parameters)
                    return (position, try map(results: response, for: query))
                }
            }
            var ordered = [SearchResults?](repeating: nil, count: queries.count)
            for try await (position, results) in group { ordered[position] = results }
            return ordered.map { $0! }
        }
    }
}
