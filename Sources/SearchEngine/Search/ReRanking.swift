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
            !query.text.trimmingBlanks().isEmpty
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

/// An index's objectIDs resolved to record numbers, as re-ranking, promotions and `serve`'s
/// events ask for them: a line index's ids are its line numbers, each found at once; other ids
/// through a hash table of record numbers, built on the first such question (a scan of every
/// id, once), then a few probes each. Nothing is remembered per id asked: ids no record has
/// cost no memory.
final class RecordLookup: Sendable {
    private let built = Mutex<ObjectIDTable?>(nil)

    func record(objectID: String, in index: SearchIndex) -> Int? {
        if let line = Int(objectID), line >= 1, line <= index.recordCount, index.objectID(of: line - 1) == objectID { return line - 1 }
        let table = built.withLock { table in
            if table == nil { table = ObjectIDTable(index) }
            return table!
        }
        return table.record(objectID, in: index)
    }
}

/// Open addressing over record numbers, keyed by a hash of the objectID's bytes: 4 bytes a
/// slot, at most half the slots full. An index whose ids are exactly its line numbers needs
/// none (`RecordLookup` finds those at once).
struct ObjectIDTable: Sendable {
    private let slots: [Int32]
    private let mask: Int

    init(_ index: SearchIndex) {
        let count = index.recordCount
        guard (0..<count).contains(where: { index.objectID(of: $0) != String($0 + 1) }) else {
            slots = []
            mask = 0
            return
        }
        var capacity = 16
        while capacity < 2 * count { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        for record in 0..<count {
            var slot = Self.hash(index.objectID(of: record)) & (capacity - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(record)
        }
        self.slots = slots
        mask = capacity - 1
    }

    /// The record with this id (ids are unique in an index; of two with one id, the first).
    func record(_ objectID: String, in index: SearchIndex) -> Int? {
        guard !slots.isEmpty else { return nil }
        var slot = Self.hash(objectID) & mask
        while slots[slot] >= 0 {
            let record = Int(slots[slot])
            if index.objectID(of: record) == objectID { return record }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// FNV-1a over the UTF-8 bytes: the same every run (Swift's Hasher is seeded per process).
    private static func hash(_ text: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash >> 1)
    }
}
