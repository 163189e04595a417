/// What Dynamic Re-Ranking learns from events: per index, per query (normalized, see
/// `InsightsQueryText`), how much each record was chosen. A click counts 1, a conversion
/// `conversionWeight`; views show interest in nothing in particular and count 0.
///
/// An event counts for the query of its `queryID` (events without one, or whose query is not
/// known, are about no query and count for none), on the records it names (filter events
/// name none).
public struct ReRankingTable: Hashable, Sendable {
    public static let conversionWeight = 3.0

    /// index → normalized query → objectID → score.
    private var scores: [String: [String: [String: Double]]] = [:]

    public init() {}

    /// The table of a log for the lists open now (`lists`: what a list is, `InsightsList` →
    /// the index it is open as): each event's query found through its `queryID` in `queries`,
    /// counted only when that query was made on one of those lists, for its index. A query of
    /// another list, or of a list nothing identified (a pipe), teaches nothing, whatever the
    /// name its index had.
    public init(queries: [QueryLine], events: [InsightsEvent], lists: [String: String]) {
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

    public var isEmpty: Bool { scores.isEmpty }

    /// Counts `event` for the query `text` (as typed: normalized here).
    public mutating func add(_ event: InsightsEvent, query text: String) {
        let weight: Double
        switch event.eventType {
        case .click: weight = 1
        case .conversion: weight = Self.conversionWeight
        case .view: return
        }
        let query = InsightsQueryText.normalized(text)
        guard !query.isEmpty, let ids = event.objectIDs, !ids.isEmpty else { return }
        for id in ids { scores[event.index, default: [:]][query, default: [:]][id, default: 0] += weight }
    }

    /// The records chosen for `text` in `index`, with their scores; empty when none were.
    public func scores(index: String, query text: String) -> [String: Double] {
        scores[index]?[InsightsQueryText.normalized(text)] ?? [:]
    }

    /// Whether `index` has any events at all (re-ranking is on by default when it has).
    public func hasEvents(index: String) -> Bool { scores[index] != nil }

    /// Forgets what was learnt for `index` (its records were replaced by others).
    public mutating func forget(index: String) {
        scores[index] = nil
    }

    /// Both tables' counts together.
    public mutating func merge(_ other: ReRankingTable) {
        for (index, queries) in other.scores {
            for (query, ids) in queries {
                for (id, score) in ids { scores[index, default: [:]][query, default: [:]][id, default: 0] += score }
            }
        }
    }
}
