import InstantSearchCore
import Synchronization

/// The in-process search backend: answers queries from indices built in memory.
/// An index never changes after building, so sharing one across tasks is safe; an index still
/// loading is replaced whole by a bigger snapshot (`replace`), which searches already running
/// finish on the one they started with.
public final class EmbeddedBackend: Searchable {
    private struct State {
        var indices: [SearchIndex]
        var indexByName: [String: SearchIndex]
        /// Query rules by index name; they outlive the index snapshots a load replaces.
        var rules: [String: RuleSet] = [:]
        /// Indices of plain lines, searched fzf's way with these options (`searchLines`).
        var lineMatching: [String: LineMatchOptions] = [:]
        /// What users chose for which query (Dynamic Re-Ranking); outlives index snapshots too.
        var reRanking = ReRankingTable()
    }
    private let state: Mutex<State>

    public var indices: [SearchIndex] { state.withLock { $0.indices } }
    private var indexByName: [String: SearchIndex] { state.withLock { $0.indexByName } }

    public init(indices: [SearchIndex]) {
        var byName: [String: SearchIndex] = [:]
        for index in indices where byName[index.name] == nil { byName[index.name] = index }
        state = Mutex(State(indices: indices, indexByName: byName))
    }

    /// Puts a new snapshot of an index in place of the one with its name.
    public func replace(_ index: SearchIndex) {
        state.withLock { state in
            guard let position = state.indices.firstIndex(where: { $0.name == index.name }) else { return }
            state.indices[position] = index
            state.indexByName[index.name] = index
        }
    }

    /// Adds an index beside the others (a query suggestions index); one already there by that
    /// name stays, and false says so.
    @discardableResult
    public func add(_ index: SearchIndex) -> Bool {
        state.withLock { state in
            guard state.indexByName[index.name] == nil else { return false }
            state.indices.append(index)
            state.indexByName[index.name] = index
            return true
        }
    }

    /// One index per file: an index file opens as written, a data file is indexed (settings beside it are picked up).
    public convenience init(paths: [String]) throws {
        try self.init(indices: paths.map { try SearchIndex.open(path: $0) })
    }

    /// In the process: asked on every key, the stale scan cancelled (see `RequestPolicy`).
    public var requestPolicy: RequestPolicy { .inProcess }

    public var descriptions: [IndexDescription] { indices.map(\.indexDescription) }

    public func index(named name: String) -> SearchIndex? { indexByName[name] }

    /// The query rules of index `name` (none until set).
    public func rules(of name: String) -> RuleSet { state.withLock { $0.rules[name] ?? RuleSet() } }

    /// Puts `rules` in force for index `name`, for every search from now on.
    public func setRules(_ rules: RuleSet, of name: String) {
        state.withLock { $0.rules[name] = rules }
    }

    /// The events learnt from so far (see `ReRankingTable`).
    public var reRanking: ReRankingTable { state.withLock { $0.reRanking } }

    /// Learns from more events: what they chose rises for their queries from the next search on.
    public func learn(_ table: ReRankingTable) {
        state.withLock { $0.reRanking.merge(table) }
    }

    /// Learns from events, each for the query of the search it names (`serve`'s `/1/events`):
    /// within the table's bounds, each search's choices counted once.
    public func learn(_ events: [(event: InsightsEvent, query: String)]) {
        state.withLock { state in
            for (event, query) in events { state.reRanking.add(event, query: query) }
        }
    }

    /// Forgets what was learnt for index `name`: its records were replaced by others (a reload),
    /// which the events' objectIDs do not name.
    public func forgetLearning(of name: String) {
        state.withLock { $0.reRanking.forget(index: name) }
    }

    /// Searches the index named `name` as plain lines, fzf's way, with `options`.
    public func matchLines(in name: String, options: LineMatchOptions) {
        state.withLock { $0.lineMatching[name] = options }
    }

    /// Lines are matched fzf's way (query rules are records' business); records as the rules say.
    private func search(
        _ index: SearchIndex, _ query: Query, rules: RuleSet, lines: LineMatchOptions?, chosen: [String: Double]
    ) throws -> SearchResults {
        if let lines { return try index.searchLines(query, options: lines, reRanking: chosen) }
        return try index.search(query, rules: rules, reRanking: chosen)
    }

    /// Runs a multi-query, the queries side by side; results come back in request order.
    public func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        let resolved = try resolve(queries)
        return try await inRequestOrder(resolved) { index, query, rules, lines, chosen in
            try self.search(index, query, rules: rules, lines: lines, chosen: chosen)
        }
    }

    /// The queries one after the other on the calling thread (a search still parallelises
    /// its own scan); nil when an index holds more than `synchronousLimit` records.
    public func searchSynchronously(_ queries: [IndexedQuery]) throws -> [SearchResults]? {
        let resolved = try resolve(queries)
        guard resolved.allSatisfy({ $0.0.recordCount <= Self.synchronousLimit }) else { return nil }
        return try resolved.map { index, query, rules, lines, chosen in
            try search(index, query, rules: rules, lines: lines, chosen: chosen)
        }
    }

    /// The most records an index may hold to be searched on the calling thread. The caller
    /// asks only after quick answers, but a query that is not the last one narrowed (a word
    /// deleted, then another typed) scans every record again: below this it stays under a
    /// millisecond, far above it it would block a terminal's loop and its echo for frames.
    public static let synchronousLimit = 100_000

    /// Each query's index and what applies to it, read under the lock once: the rules, the
    /// line matching, and the records chosen for the query (re-ranking: the query's own choice,
    /// else the index's setting; on by default, it changes nothing until events name records
    /// for the query). Only the query's own scores are copied out, never the whole table.
    private func resolve(_ queries: [IndexedQuery]) throws -> [Resolved] {
        try state.withLock { state in
            try queries.map { query -> Resolved in
                guard let index = state.indexByName[query.indexName] else { throw SearchError.unknownIndex(query.indexName) }
                let enabled = query.query.enableReRanking ?? index.settings.relevance.enableReRanking ?? true
                let chosen = enabled ? state.reRanking.scores(index: index.name, query: query.query.text) : [:]
                return (index, query.query, state.rules[query.indexName] ?? RuleSet(), state.lineMatching[query.indexName], chosen)
            }
        }
    }

    private typealias Resolved = (SearchIndex, Query, RuleSet, LineMatchOptions?, [String: Double])

    public func searchForFacetValues(
        indexName: String, attribute: String, text: String, query: Query
    ) async throws -> FacetSearchResults {
        guard let index = indexByName[indexName] else { throw SearchError.unknownIndex(indexName) }
        try Task.checkCancellation()
        return try index.searchForFacetValues(attribute: attribute, text: text, query: query)
    }
}
