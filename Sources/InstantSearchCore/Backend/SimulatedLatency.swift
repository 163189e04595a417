/// Wraps any backend and delays each call, so a user (or a test) can watch the request
/// strategies react to a slow network. The delay is cancellable like a real request.
public struct SimulatedLatency: Searchable {
    public let backend: any Searchable
    public let latency: Duration
    /// Each call waits `latency` plus or minus up to this much, at random.
    public let jitter: Duration

    public init(wrapping backend: any Searchable, latency: Duration, jitter: Duration = .zero) {
        self.backend = backend
        self.latency = latency
        self.jitter = jitter
    }

    public func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        try await Task.sleep(for: delay())
        return try await backend.search(queries)
    }

    public func searchForFacetValues(
        indexName: String, attribute: String, text: String, query: Query
    ) async throws -> FacetSearchResults {
        try await Task.sleep(for: delay())
        return try await backend.searchForFacetValues(indexName: indexName, attribute: attribute, text: text, query: query)
    }

    /// A simulated network is asked like a real one, whatever it wraps.
    public var requestPolicy: RequestPolicy { .network }

    private func delay() -> Duration {
        let spread = jitter.milliseconds
        let offset = spread > 0 ? Double.random(in: -spread...spread) : 0
        return .milliseconds(max(0, latency.milliseconds + offset))
    }

    /// Parses "MS" or "MS:JITTER_MS", as `--simulate-latency` takes it.
    public static func parse(_ text: String) -> (latency: Duration, jitter: Duration)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let bounds = QueryLimits.milliseconds
        guard (1...2).contains(parts.count), let latency = Int(parts[0]), bounds.contains(latency) else { return nil }
        guard parts.count == 2 else { return (.milliseconds(latency), .zero) }
        guard let jitter = Int(parts[1]), bounds.contains(jitter) else { return nil }
        return (.milliseconds(latency), .milliseconds(jitter))
    }
}
