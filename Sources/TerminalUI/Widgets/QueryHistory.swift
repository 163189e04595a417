/// fzf's `--history`: earlier queries, oldest first, walked with previous-history and
/// next-history. Walking away from the query being typed keeps it, so walking back to the
/// end gives it back. Pure state; reading and writing the file is the caller's job.
public struct QueryHistory: Equatable, Sendable {
    /// fzf's `--history-size` default.
    public static let defaultLimit = 1000

    public private(set) var entries: [String]
    public let limit: Int
    /// Which entry is in the box; `entries.count`: the query being typed.
    private var position: Int
    /// The query being typed when the walk left it.
    private var typed = ""

    public init(entries: [String], limit: Int = QueryHistory.defaultLimit) {
        self.limit = max(1, limit)
        self.entries = Array(entries.suffix(self.limit))
        position = self.entries.count
    }

    /// The query before the one in the box (`current`), or nil at the oldest.
    public mutating func previous(from current: String) -> String? {
        guard position > 0 else { return nil }
        if position == entries.count { typed = current }
        position -= 1
        return entries[position]
    }

    /// The query after the one in the box, the typed one past the newest; nil there.
    public mutating func next() -> String? {
        guard position < entries.count else { return nil }
        position += 1
        return position == entries.count ? typed : entries[position]
    }

    /// Adds a picked query at the end (not twice in a row; empty queries are not kept),
    /// dropping the oldest beyond `limit`.
    public mutating func append(_ query: String) {
        guard !query.isEmpty, entries.last != query else { return }
        entries.append(query)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
        position = entries.count
    }
}
