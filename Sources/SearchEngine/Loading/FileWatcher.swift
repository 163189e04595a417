import InstantSearchCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `--watch`: once a file's index has loaded, the file is looked at every `interval` on a
/// thread of its own; when it changed (size, modification time, or another file renamed in its
/// place) and then stayed the same for one more look, it is read again whole and indexed with
/// the settings in force, and the new index replaces the old in the backend — searches already
/// running finish on the old one. The report says what changed (`reloaded 12:03:04 +3 −1`), and
/// the hub asks again what is on screen (a new snapshot), keeping query, refinements and ranges.
/// A file that does not read (half written, say) keeps the records shown and says why.
public final class FileWatcher: BackgroundLoading {
    private let inner: any BackgroundLoading
    private let path: String
    private let indexName: String
    private let format: DataFormat?
    private let options: LoadOptions
    private let backend: EmbeddedBackend
    private let interval: Duration
    private let cancelled = Atomic<Bool>(false)

    /// `inner` loads the index first (a background loader, or the index cache's one report).
    public init(
        wrapping inner: any BackgroundLoading, path: String, indexName: String, format: DataFormat?, options: LoadOptions,
        backend: EmbeddedBackend, interval: Duration = .milliseconds(500)
    ) {
        self.inner = inner
        self.path = path
        self.indexName = indexName
        self.format = format
        self.options = options
        self.backend = backend
        self.interval = interval
    }

    public func start(report: @escaping @Sendable (LoadingProgress) -> Void) {
        let started = Atomic<Bool>(false)
        inner.start { [self] progress in
            report(progress)
            guard progress.indexName == indexName, progress.isFinished, progress.failure == nil,
                !started.exchange(true, ordering: .relaxed)
            else { return }
            Threads.start(named: "instantsearch watching \(indexName)") { [self] in watch(report: report) }
        }
    }

    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
        inner.cancel()
    }

    public func waitUntilCached() { inner.waitUntilCached() }

    private var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// What tells a changed file: its inode (a file renamed in its place), size and modification time.
    struct Signature: Equatable {
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            seconds = Int(status.st_mtim.tv_sec)
            nanoseconds = Int(status.st_mtim.tv_nsec)
        }
    }

    private func watch(report: @Sendable (LoadingProgress) -> Void) {
        var seen = Signature(path: path)
        var loaded = seen
        while !isCancelled {
            Threads.sleep(for: interval)
            let now = Signature(path: path)
            // Reloaded once the change has settled: a file being written is read when it rests.
            defer { seen = now }
            guard now == seen, now != loaded, now != nil, !isCancelled else { continue }
            loaded = now
            report(reload())
        }
    }

    /// Reads and indexes the file again; the progress to report.
    func reload() -> LoadingProgress {
        let time = LocalTime.timeOfDay()
        guard let current = backend.index(named: indexName) else {
            return LoadingProgress(indexName: indexName, isFinished: true, note: "reload at \(time): the index is gone")
        }
        do {
            let records = try DataLoader.loadRecords(path: path, format: format, options: options)
            let index = SearchIndex(name: indexName, records: records, resolved: current.settings)
            let (added, removed) = Self.changes(from: current.records, to: index.records)
            backend.replace(index)
            return LoadingProgress(
                indexName: indexName, records: index.recordCount, isNewSnapshot: true, isFinished: true,
                note: "reloaded \(time) +\(added) −\(removed)")
        } catch {
            return LoadingProgress(
                indexName: indexName, records: current.recordCount, isFinished: true,
                note: "reload at \(time) failed, the records shown stay: \(error)")
        }
    }

    /// Records added and removed, by objectID.
    static func changes(from old: RecordStore, to new: RecordStore) -> (added: Int, removed: Int) {
        let before = Set((0..<old.count).map { old.objectID(of: $0) })
        let after = Set((0..<new.count).map { new.objectID(of: $0) })
        return (after.subtracting(before).count, before.subtracting(after).count)
    }
}
