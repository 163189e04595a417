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

/// Opens an index file while the interface already runs, so that its size never delays the
/// first frame: the name and settings (`IndexFile.readMeta`, a few kilobytes) are read before
/// the interface opens, which then opens on `placeholder`, empty but with the index's facets,
/// sorts and widgets; `start` reads and verifies the rest on a thread of its own and puts it
/// in the placeholder's place.
///
/// An index cache entry found damaged only then (its sections' checksums are checked as they
/// are read) is removed and its data file built again (`rebuild`), as if it had never been
/// cached. An index file a person named has nothing to be built from: the stats line says
/// what is wrong with it.
public final class IndexFileLoader: BackgroundLoading, @unchecked Sendable {
    public let path: String
    /// Empty, with the file's name and settings: what the interface opens on.
    public let placeholder: SearchIndex
    /// Searches the index once it is read (set before `start`).
    public var backend: EmbeddedBackend?
    /// For a cache entry: builds the data file again when the entry turns out damaged.
    private let rebuild: Rebuild?
    /// For a cache entry: the key it must have been written under (`IndexCache.Entry`).
    private let cacheKey: String?
    private let cancelled = Atomic<Bool>(false)
    private let started = ContinuousClock.now
    private let fallback = Mutex<StreamingIndexLoader?>(nil)

    /// What the data file is built with when its cache entry cannot be used.
    public struct Rebuild: Sendable {
        let loader: StreamingIndexLoader
        let settings: IndexSettings

        public init(loader: StreamingIndexLoader, settings: IndexSettings) {
            self.loader = loader
            self.settings = settings
        }
    }

    /// Reads the header and the settings now; throws `IndexFileError` when they are damaged,
    /// truncated or of another version.
    public convenience init(path: String, rebuild: Rebuild? = nil) throws {
        try self.init(path: path, rebuild: rebuild, cacheKey: nil)
    }

    init(path: String, rebuild: Rebuild?, cacheKey: String?) throws {
        self.path = path
        self.rebuild = rebuild
        self.cacheKey = cacheKey
        let meta = try IndexFile.readMeta(path: path, cacheKey: cacheKey)
        placeholder = SearchIndex(name: meta.name, records: RecordStore(records: []), resolved: meta.settings)
    }

    public var indexName: String { placeholder.name }

    public func start(report: @escaping @Sendable (LoadingProgress) -> Void) {
        report(LoadingProgress(indexName: indexName, note: rebuild == nil ? "opening the index" : "opening the cached index"))
        Threads.start(named: "instantsearch opening \(indexName)") { [self] in run(report: report) }
    }

    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
        fallback.withLock { $0?.cancel() }
    }

    private var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// A damaged cache entry is built again, and cached again, by the fallback loader.
    public func waitUntilCached() { fallback.withLock { $0 }?.waitUntilCached() }

    private func run(report: @escaping @Sendable (LoadingProgress) -> Void) {
        let index: SearchIndex
        do {
            index = try IndexFile.read(path: path, cacheKey: cacheKey)
            guard index.name == indexName else { throw IndexFileError(file: path, reason: .damaged, detail: "the index changed while it was read") }
        } catch {
            guard !isCancelled else { return }
            guard let rebuild else {
                return report(LoadingProgress(indexName: indexName, isFinished: true, failure: String(describing: error)))
            }
            return buildAgain(rebuild, report: report)
        }
        guard !isCancelled else { return }
        backend?.replace(index)
        var note: String?
        if rebuild != nil {
            IndexCache.markUsed(path)  // used now: the last entry to be evicted
            let elapsed = ContinuousClock.now - started
            note = "index from the cache in \(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000) ms"
        }
        report(LoadingProgress(indexName: indexName, records: index.recordCount, isNewSnapshot: true, isFinished: true, note: note))
    }

    private func buildAgain(_ rebuild: Rebuild, report: @escaping @Sendable (LoadingProgress) -> Void) {
        unlink(path)
        let loader = rebuild.loader
        loader.remark = "the cached index was damaged: rebuilt"
        fallback.withLock { $0 = loader }
        do {
            let first = try loader.prepare(settings: rebuild.settings)
            guard !isCancelled else { return }
            backend?.replace(first)
            // A small file is whole already: what is on screen is asked again.
            report(LoadingProgress(indexName: indexName, records: first.recordCount, isNewSnapshot: true))
            loader.backend = backend
            loader.start(report: report)
        } catch {
            report(LoadingProgress(indexName: indexName, isFinished: true, failure: String(describing: error)))
        }
    }
}
