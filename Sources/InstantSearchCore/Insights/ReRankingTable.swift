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

    /// The table of a log: each event's query found through its `queryID` in `queries`.
    public init(queries: [QueryLine], events: [InsightsEvent]) {
        var textOf: [String: String] = [:]
        for line in queries { textOf[line.queryID] = line.query }
        for event in events {
            guard let id = event.queryID, let text = textOf[id] else { continue }
            add(event, query: text)
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

    /// Both tables' counts together.
    public mutating func merge(_ other: ReRankingTable) {
        for (index, queries) in other.scores {
            for (query, ids) in queries {
                for (id, score) in ids { scores[index, default: [:]][query, default: [:]][id, default: 0] += score }
            }
        }
    }
}
