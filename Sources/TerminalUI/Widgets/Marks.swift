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

    public init() {}

    public var count: Int { marked.count }
    public var isEmpty: Bool { marked.isEmpty }
    /// The marked records, in the order they were marked.
    public var hits: [Hit] { marked.map(\.hit) }

    public func contains(_ hit: Hit, in indexName: String) -> Bool {
        marked.contains { matches($0, hit, indexName) }
    }

    private func matches(_ mark: Mark, _ hit: Hit, _ indexName: String) -> Bool {
        mark.indexName == indexName && mark.hit.objectID == hit.objectID
    }

    /// fzf's rule for a reload: the index's records are new, and none of them is marked.
    mutating func removeAll(in indexName: String) {
        marked.removeAll { $0.indexName == indexName }
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
