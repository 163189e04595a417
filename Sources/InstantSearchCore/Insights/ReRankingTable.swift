/// What Dynamic Re-Ranking learns from events: per index, per query (normalized, see
/// `InsightsQueryText`), how much each record was chosen. A click counts 1, a conversion
/// `conversionWeight`; views show interest in nothing in particular and count 0.
///
/// An event counts for the query of its `queryID` (events without one, or whose query is not
/// known, are about no query and count for none), on the records it names (filter events
/// name none).
///
/// Bounded, whoever sends the events (`serve` takes them from any search key): a search (one
/// `queryID`) counts each record once per event type and at most `Limits.recordsPerQueryID`
/// records, its oldest choice forgotten for a newer one; a query keeps at most
/// `recordsPerQuery` records, an index `pairsPerIndex` (query, record) pairs, the oldest
/// forgotten first. So memory is bounded, and so is a search's cost: it reads its own query's
/// scores, never every event.
public struct ReRankingTable: Sendable {
    public static let conversionWeight = 3.0

    public struct Limits: Sendable, Equatable {
        /// A search shows a page of hits: more records than this chosen after one is not a person.
        public var recordsPerQueryID = 20
        /// The searches whose choices are remembered, to count each once.
        public var queryIDs = 10_000
        public var recordsPerQuery = 1_000
        public var pairsPerIndex = 100_000

        public init() {}
    }

    public let limits: Limits
    private var indices: [String: IndexScores] = [:]
    /// Per search: where its choices count, and which records it chose, the oldest first.
    private var searches = RecencyMap<String, SearchChoices>()

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The table of a log for the lists open now (`lists`: what a list is, `InsightsList` →
    /// the index it is open as): each event's query found through its `queryID` in `queries`,
    /// counted only when that query was made on one of those lists, for its index. A query of
    /// another list, or of a list nothing identified (a pipe), teaches nothing, whatever the
    /// name its index had.
    public init(queries: [QueryLine], events: [InsightsEvent], lists: [String: String], limits: Limits = Limits()) {
        self.init(limits: limits)
        var queryOf: [String: (text: String, index: String)] = [:]
        for line in queries {
            guard let list = line.list, let index = lists[list] else { continue }
            queryOf[line.queryID] = (line.query, index)
        }
        for event in events {
            guard let id = event.queryID, let query = queryOf[id] else { continue }
            var event = event
            event.index = query.index
            add(event, query: query.text)
        }
    }

    public var isEmpty: Bool { indices.isEmpty }

    /// Counts `event` for the query `text` (as typed: normalized here).
    public mutating func add(_ event: InsightsEvent, query text: String) {
        let weight = Self.weight(event.eventType)
        let query = InsightsQueryText.normalized(text)
        guard weight > 0, !query.isEmpty, let ids = event.objectIDs, !ids.isEmpty else { return }
        guard let queryID = event.queryID else {
            for id in ids { credit(event.index, query, id, weight) }
            return
        }
        let place = SearchChoices(index: event.index, query: query)
        let most = limits.recordsPerQueryID
        for id in ids {
            let choice = Choice(objectID: id, type: event.eventType)
            let outcome = searches.update(queryID, initial: place) { search -> (counts: Bool, forgotten: Choice?) in
                guard !search.chosen.contains(choice) else { return (false, nil) }
                search.chosen.append(choice)
                return (true, search.chosen.count > most ? search.chosen.removeFirst() : nil)
            }
            if outcome.counts { credit(event.index, query, id, weight) }
            if let forgotten = outcome.forgotten { debit(event.index, query, forgotten.objectID, Self.weight(forgotten.type)) }
        }
        while searches.count > limits.queryIDs { searches.removeOldest() }
    }

    /// The records chosen for `text` in `index`, with their scores; empty when none were.
    public func scores(index: String, query text: String) -> [String: Double] {
        guard let records = indices[index]?.queries[InsightsQueryText.normalized(text)] else { return [:] }
        var scores: [String: Double] = [:]
        for (id, score) in records.oldestFirst { scores[id] = score }
        return scores
    }

    /// Whether `index` has any events at all (re-ranking is on by default when it has).
    public func hasEvents(index: String) -> Bool { indices[index].map { !$0.queries.isEmpty } ?? false }

    /// Forgets what was learnt for `index` (its records were replaced by others).
    public mutating func forget(index: String) {
        indices[index] = nil
    }

    /// Both tables' counts together (`other`'s as newer), within this table's limits.
    public mutating func merge(_ other: ReRankingTable) {
        for (index, scores) in other.indices {
            for (query, records) in scores.queries.oldestFirst {
                for (id, score) in records.oldestFirst { credit(index, query, id, score) }
            }
        }
    }

    // MARK: Counting

    private struct Choice: Hashable, Sendable {
        var objectID: String
        var type: InsightsEvent.EventType
    }

    private struct SearchChoices: Sendable {
        var index: String
        var query: String
        var chosen: [Choice] = []
    }

    /// An index's queries, each with its records' scores; `pairs` counts the records of all.
    private struct IndexScores: Sendable {
        var queries = RecencyMap<String, RecencyMap<String, Double>>()
        var pairs = 0
    }

    private static func weight(_ type: InsightsEvent.EventType) -> Double {
        switch type {
        case .click: return 1
        case .conversion: return conversionWeight
        case .view: return 0
        }
    }

    private mutating func credit(_ index: String, _ query: String, _ id: String, _ weight: Double) {
        let limits = self.limits
        let added = indices[index, default: IndexScores()].queries.update(query, initial: RecencyMap()) { records -> Int in
            var added = records[id] == nil ? 1 : 0
            records.update(id, initial: 0) { $0 += weight }
            while records.count > limits.recordsPerQuery {
                records.removeOldest()
                added -= 1
            }
            return added
        }
        indices[index]!.pairs += added
        while indices[index]!.pairs > limits.pairsPerIndex, let (_, oldest) = indices[index]!.queries.removeOldest() {
            indices[index]!.pairs -= oldest.count
        }
    }

    private mutating func debit(_ index: String, _ query: String, _ id: String, _ weight: Double) {
        guard indices[index] != nil else { return }
        let removed =
            indices[index]!.queries.modifyInPlace(query) { records -> Bool in
                guard
                    let score = records.modifyInPlace(
                        id,
                        { score -> Double in
                            score -= weight
                            return score
                        }), score <= 0
                else { return false }
                records.removeValue(forKey: id)
                return true
            } ?? false
        guard removed else { return }
        indices[index]!.pairs -= 1
        if indices[index]!.queries[query]?.isEmpty == true { indices[index]!.queries.removeValue(forKey: query) }
        if indices[index]!.queries.isEmpty { indices[index] = nil }
    }
}
