/// Recent results by query, for a time (InstantSearch's search cache, default 2 minutes):
/// a query asked again — Backspace after a typo, Tab back to an index — is answered without
/// calling the backend. Bounded, oldest entries evicted first.
public final class SearchCache {
    public let timeToLive: Duration
    public let capacity: Int
    public private(set) var hits = 0
    private let clock: any Scheduler
    private var entries: [IndexedQuery: (results: SearchResults, storedAt: Duration)] = [:]
    private var order: [IndexedQuery] = []
    /// How many times each index's answers were forgotten (`removeAll(indexName:)`).
    private var generations: [String: Int] = [:]

    public init(timeToLive: Duration = .seconds(120), capacity: Int = 500, clock: any Scheduler) {
        self.timeToLive = timeToLive
        self.capacity = capacity
        self.clock = clock
    }

    /// The cached results of `query` if they are younger than the time to live.
    public func results(for query: IndexedQuery) -> SearchResults? {
        guard let entry = entries[query] else { return nil }
        guard clock.now - entry.storedAt < timeToLive else {
            remove(query)
            return nil
        }
        hits += 1
        return entry.results
    }

    /// Changes whenever the index's answers are forgotten: a request sent before that was
    /// answered from the old data, and its answer must not be kept as the new data's.
    public func generation(of indexName: String) -> Int { generations[indexName, default: 0] }

    /// Keeps `results`; not when they were asked for in an older generation of their index.
    public func store(_ results: SearchResults, for query: IndexedQuery, askedIn generation: Int? = nil) {
        if let generation, generation != self.generation(of: query.indexName) { return }
        if entries[query] != nil { order.removeAll { $0 == query } }
        entries[query] = (results, clock.now)
        order.append(query)
        if order.count > capacity { remove(order[0]) }
    }

    public var count: Int { entries.count }

    /// Forgets every answer of one index: its data changed (a bigger snapshot while loading).
    public func removeAll(indexName: String) {
        generations[indexName, default: 0] += 1
        for query in order where query.indexName == indexName { entries[query] = nil }
        order.removeAll { $0.indexName == indexName }
    }

    private func remove(_ query: IndexedQuery) {
        entries[query] = nil
        order.removeAll { $0 == query }
    }
}
