/// How far an index that loads in the background has come: what the stats line shows while
/// records are still arriving (InstantSearch's Loading widget), and the signal that a bigger
/// snapshot of the index is searchable, so the query on screen must be asked again.
public struct LoadingProgress: Hashable, Sendable {
    public var indexName: String
    /// Records read so far (the searchable snapshot may hold fewer).
    public var records: Int
    public var bytesRead: Int
    /// nil for a pipe, whose size nobody knows.
    public var totalBytes: Int?
    public var recordsPerSecond: Double
    /// A new, bigger snapshot of the index has replaced the one searched until now.
    public var isNewSnapshot: Bool
    /// Every record is in the index (or loading stopped at `failure`).
    public var isFinished: Bool
    /// Why loading stopped early; what was loaded before stays searchable.
    public var failure: String?
    /// A short remark: once done, "cached for next time"; before any record is searchable,
    /// what is under way ("opening the cached index").
    public var note: String?
    /// A one-line notice worth keeping after the screen is gone (the index cache has grown past
    /// the size where the user is told where it is): printed on standard error at exit.
    public var notice: String?
    /// Which `reload` of the session this progress is of, as its starter numbered it (nil: not
    /// a reload's), so the interface knows when *that* reload is done.
    public var reload: Int?
    /// A reload's `--header-lines`, read before its records (nil: none asked), which replace
    /// the header of the list before, as in fzf.
    public var header: [ANSIText]?

    public init(
        indexName: String, records: Int = 0, bytesRead: Int = 0, totalBytes: Int? = nil, recordsPerSecond: Double = 0,
        isNewSnapshot: Bool = false, isFinished: Bool = false, failure: String? = nil, note: String? = nil
    ) {
        self.indexName = indexName
        self.records = records
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.recordsPerSecond = recordsPerSecond
        self.isNewSnapshot = isNewSnapshot
        self.isFinished = isFinished
        self.failure = failure
        self.note = note
    }

    /// Bytes read of the whole, 0...100, when the size is known.
    public var percent: Int? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(100, bytesRead * 100 / totalBytes)
    }
}

/// Something that fills an index while the interface already runs: it reports progress (and
/// each new snapshot, after the backend searches it) from its own thread.
public protocol BackgroundLoading: AnyObject, Sendable {
    func start(report: @escaping @Sendable (LoadingProgress) -> Void)
    /// Starts a load nobody searches before it ends (`LoadingToTheEnd`): a loader that hands
    /// over partial indices along the way may build only the last.
    func startToTheEnd(report: @escaping @Sendable (LoadingProgress) -> Void)
    /// Asks the loading to stop at its next step; nothing is reported after.
    func cancel()
    /// Blocks while the index cache is written after the load reported it finished, so that
    /// the next run opens it instead of reading the data again; returns at once otherwise (a
    /// load not finished is not waited for).
    func waitUntilCached()
}

extension BackgroundLoading {
    public func waitUntilCached() {}
    public func startToTheEnd(report: @escaping @Sendable (LoadingProgress) -> Void) { start(report: report) }
}
