import InstantSearchCore

/// The in-process search backend: answers queries from indices built in memory.
/// The indices never change after building, so sharing them across tasks is safe.
public final class EmbeddedBackend: Searchable {
    public let indices: [SearchIndex]
    private let indexByName: [String: SearchIndex]

    public init(indices: [SearchIndex]) {
        self.indices = indices
        var byName: [String: SearchIndex] = [:]
        for index in indices where byName[index.name] == nil { byName[index.name] = index }
        self.indexByName = byName
    }

    /// One index per file: an index file opens as written, a data file is indexed (settings beside it are picked up).
    public convenience init(paths: [String]) throws {
        try self.init(indices: paths.map { try SearchIndex.open(path: $0) })
    }

    public var descriptions: [IndexDescription] { indices.map(\.indexDescription) }

    public func index(named name: String) -> SearchIndex? { indexByName[name] }

    /// Runs a multi-query, the queries side by side; results come back in request order.
    public func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        let resolved = try queries.map { query -> (SearchIndex, Query) in
            guard let index = indexByName[query.indexName] else { throw SearchError.unknownIndex(query.indexName) }
            return (index, query.query)
        }
        if resolved.count == 1 {
            try Task.checkCancellation()
            return [try resolved[0].0.search(resolved[0].1)]
        }
        return try await withThrowingTaskGroup(of: (Int, SearchResults).self) { group in
            for (position, (index, query)) in resolved.enumerated() {
                group.addTask { (position, try index.search(query)) }
            }
            var ordered = [SearchResults?](repeating: nil, count: resolved.count)
            for try await (position, results) in group { ordered[position] = results }
            return ordered.map { $0! }
        }
    }

    public func searchForFacetValues(
        indexName: String, attribute: String, text: String, query: Query
    ) async throws -> FacetSearchResults {
        guard let index = indexByName[indexName] else { throw SearchError.unknownIndex(indexName) }
        try Task.checkCancellation()
        return try index.searchForFacetValues(attribute: attribute, text: text, query: query)
    }
}
