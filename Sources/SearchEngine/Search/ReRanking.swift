import InstantSearchCore
import Synchronization

/// Dynamic Re-Ranking (Algolia's name): the records users clicked or converted for a query rise
/// for that query.
///
/// Where it acts: after everything else has ranked the hits (the tie-break criteria, the custom
/// ranking, relevance buckets, geo), and before query rules pin or hide records — Algolia's own
/// order. The records chosen for this query (normalized, `InsightsQueryText`) that are among
/// the hits come first, the most chosen first (`ReRankingTable`'s scores: a conversion counts
/// more than a click), ties in their ranked order; every other hit keeps its place after them.
/// Only hits the query and its filters found move (nothing is added), an empty query and a
/// sorted view are never re-ranked, and `enableReRanking: false` turns it off.
///
/// Why the top, and not popularity inside a relevance bucket: a pick is the user saying
/// "this record, for this query" — the strongest signal there is, and one that only ever
/// names a few records per query. Inside a bucket it would act only with
/// `relevanceBucketWidth` on, and a text criterion could still bury the record just chosen.
struct ReRanking {
    /// The chosen records among the index's, with their scores.
    let scores: [Int: Double]

    /// nil when nothing was chosen for this query, or the query is empty.
    init?(_ scores: [String: Double], query: Query, index: SearchIndex) {
        guard !scores.isEmpty, query.sortBy == nil,
            !query.text.trimmingCharacters(in: .whitespaces).isEmpty
        else { return nil }
        var records: [Int: Double] = [:]
        for (objectID, score) in scores where score > 0 {
            if let record = index.recordLookup.record(objectID: objectID, in: index) { records[record] = score }
        }
        guard !records.isEmpty else { return nil }
        self.scores = records
    }

    /// The keys of chosen records among `keys`, best score first, ties in key order.
    func lifted<Key: HitKey>(_ keys: [Key], record: (Key) -> Int) -> [Key] {
        var chosen: [Int: Key] = [:]
        for key in keys where scores[record(key)] != nil { chosen[record(key)] = key }
        return lifted { chosen[$0] }
    }

    /// The same for a search that keeps no key per hit: `key` gives a chosen record's key, nil
    /// when it is not among the hits.
    func lifted<Key: HitKey>(key: (Int) -> Key?) -> [Key] {
        scores.compactMap { record, score in key(record).map { (key: $0, score: score) } }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.key < $1.key }.map(\.key)
    }

    /// The first `count` of the lifted keys followed by the ranked ones without them; `ranked`
    /// must hold at least the best `count + lifted.count` of the others.
    static func merge<Key: Equatable>(lifted: [Key], ranked: [Key], count: Int) -> [Key] {
        Array((lifted + ranked.filter { !lifted.contains($0) }).prefix(count))
    }
}

/// An index's objectIDs resolved to record numbers, as re-ranking asks for them: the few
/// records events name, each looked up once (a line index's ids are its line numbers, found by
/// a binary search; other ids by a scan) and remembered.
final class RecordLookup: Sendable {
    private let found = Mutex<[String: Int?]>([:])

    func record(objectID: String, in index: SearchIndex) -> Int? {
        if let known = found.withLock({ $0[objectID] }) { return known }
        let record = index.lineNumbered(objectID) ?? index.recordNumber(objectID: objectID)
        found.withLock { $0[objectID] = .some(record) }
        return record
    }
}
