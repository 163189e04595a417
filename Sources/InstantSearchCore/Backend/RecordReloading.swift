/// fzf's `reload`: the records a command writes become an index's records, read as they come
/// (the way standard input is), the index searchable from the first ones. The interface runs
/// the command; a backend that can take records this way reads them.
public protocol RecordReloading: Sendable {
    /// A loading that reads `descriptor` (the command's output; the loading closes it) into
    /// the index `indexName`, replacing its records. Not started: the caller starts it with the
    /// hub's report, and cancels it when another reload begins. `atOnce` (fzf's `reload-sync`):
    /// the old records stay searchable until the output is read to its end, then the new ones
    /// replace them in one step; otherwise each snapshot is searchable as it is built.
    func reload(indexName: String, from descriptor: Int32, atOnce: Bool) -> any BackgroundLoading

    /// Takes the records with these objectIDs out of index `indexName` (`delete-hit`); the
    /// others keep their objectIDs, so marks stay on them. False: no such index.
    func remove(objectIDs: Set<String>, from indexName: String) -> Bool
}
