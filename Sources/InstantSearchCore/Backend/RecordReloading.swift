/// fzf's `reload`: the records a command writes become an index's records, read as they come
/// (the way standard input is), the index searchable from the first ones. The interface runs
/// the command; a backend that can take records this way reads them.
public protocol RecordReloading: Sendable {
    /// A loading that reads `descriptor` (the command's output; the loading closes it) into
    /// the index `indexName`, replacing its records. Not started: the caller starts it with the
    /// hub's report, and cancels it when another reload begins.
    func reload(indexName: String, from descriptor: Int32) -> any BackgroundLoading
}
