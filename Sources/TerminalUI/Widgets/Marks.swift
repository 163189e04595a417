import InstantSearchCore

/// fzf's `--multi`: the hits marked so far, in marking order. A hit is known by its index
/// and objectID, so a mark stays through paging, new queries and refinements, and shows
/// again wherever the hit comes back.
public struct Marks: Equatable, Sendable {
    public struct Mark: Equatable, Sendable {
        public var indexName: String
        public var hit: Hit
    }

    public private(set) var marked: [Mark] = []
    /// After a `reload`, records are new: a mark follows its record's content (a line that is
    /// still there stays marked), no longer its objectID (a line number).
    public var matchesByContent = false

    public init() {}

    public var count: Int { marked.count }
    public var isEmpty: Bool { marked.isEmpty }
    /// The marked records, in the order they were marked.
    public var hits: [Hit] { marked.map(\.hit) }

    public func contains(_ hit: Hit, in indexName: String) -> Bool {
        marked.contains { matches($0, hit, indexName) }
    }

    private func matches(_ mark: Mark, _ hit: Hit, _ indexName: String) -> Bool {
        mark.indexName == indexName && (matchesByContent ? mark.hit.record == hit.record : mark.hit.objectID == hit.objectID)
    }

    /// After a reload of `indexName` has put its new records in place: each of its marks takes
    /// its record's objectID in the new records, and a mark whose record is gone is dropped
    /// (fzf keeps the marks of lines a reload still has). Marks go by objectID again.
    mutating func keep(in indexName: String, objectIDs: [JSONValue: String]) {
        marked = marked.compactMap { mark in
            guard mark.indexName == indexName else { return mark }
            guard let objectID = objectIDs[mark.hit.record] else { return nil }
            var kept = mark
            kept.hit.objectID = objectID
            return kept
        }
        matchesByContent = false
    }

    /// Marks `hit`, or unmarks it if it was marked.
    public mutating func toggle(_ hit: Hit, in indexName: String) {
        if let found = marked.firstIndex(where: { matches($0, hit, indexName) }) {
            marked.remove(at: found)
        } else {
            marked.append(Mark(indexName: indexName, hit: hit))
        }
    }
}
