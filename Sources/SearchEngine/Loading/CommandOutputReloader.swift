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

/// fzf's `reload` over the embedded engine: a command's output replaces an index's records,
/// read as standard input is (`StreamingIndexLoader`): the index is emptied at once, then each
/// snapshot is searchable as it is built. Plain-line indices stay lines; others are sniffed,
/// their settings inferred again from the new records.
public struct CommandOutputReloader: RecordReloading {
    private let backend: EmbeddedBackend
    private let lineIndices: Set<String>
    private let options: LoadOptions
    /// Which reload is the latest: an older one still finishing never replaces a newer one's records.
    private let generations = Generations()
    /// How a reload's `--header-lines` read (`--ansi`: in their colours).
    public var headerText: @Sendable ([[UInt8]]) -> [ANSIText] = { lines in
        lines.map { ANSIText(text: String(decoding: $0, as: UTF8.self)) }
    }

    public init(backend: EmbeddedBackend, lineIndices: Set<String>, options: LoadOptions = LoadOptions(lenient: true)) {
        self.backend = backend
        self.lineIndices = lineIndices
        self.options = options
    }

    public func reload(indexName: String, from descriptor: Int32, atOnce: Bool) -> any BackgroundLoading {
        backend.forgetLearning(of: indexName)
        return Reloading(
            backend: backend, indexName: indexName, descriptor: descriptor,
            format: lineIndices.contains(indexName) ? .lines : nil, options: options, generations: generations, atOnce: atOnce,
            headerText: headerText)
    }

    public func remove(objectIDs: Set<String>, from indexName: String) -> Bool {
        guard let index = backend.index(named: indexName) else { return false }
        backend.replace(index.removing(objectIDs: objectIDs))
        return true
    }
}

/// Numbers the reloads; replacing an index and checking that its reload is still the latest
/// happen under one lock, so a reload cancelled a moment too late cannot win.
final class Generations: Sendable {
    private let latest = Mutex(0)

    func next() -> Int {
        latest.withLock {
            $0 += 1; return $0
        }
    }

    /// Runs `body` if `generation` is still the latest; whether it ran.
    func ifLatest(_ generation: Int, _ body: () -> Void) -> Bool {
        latest.withLock { latest in
            guard latest == generation else { return false }
            body()
            return true
        }
    }
}

/// One reload: the sample read on a thread of its own (it may wait for the command), then the
/// loader's own thread for the rest.
private final class Reloading: BackgroundLoading, @unchecked Sendable {
    private let backend: EmbeddedBackend
    private let indexName: String
    private let loader: StreamingIndexLoader
    private let cancelled = Atomic<Bool>(false)
    private let generations: Generations
    private let generation: Int
    /// `reload-sync`: snapshots are held back until the last (see `RecordReloading`).
    private let atOnce: Bool
    /// The latest snapshot held back (with `atOnce`), put in place when reading ends.
    private let heldBack = Mutex<SearchIndex?>(nil)
    private let headerText: @Sendable ([[UInt8]]) -> [ANSIText]
    private let readsHeader: Bool

    init(
        backend: EmbeddedBackend, indexName: String, descriptor: Int32, format: DataFormat?, options: LoadOptions,
        generations: Generations, atOnce: Bool, headerText: @escaping @Sendable ([[UInt8]]) -> [ANSIText]
    ) {
        self.headerText = headerText
        readsHeader = options.headerLines > 0
        self.backend = backend
        self.indexName = indexName
        self.generations = generations
        self.atOnce = atOnce
        generation = generations.next()
        loader = StreamingIndexLoader(source: .descriptor(descriptor), name: indexName, format: format, options: options)
        // As fzf's reload: the old list goes at once, before the caller's next search, though the
        // screen keeps its hits until that search; `reload-sync` keeps it until the end.
        if !atOnce, let current = backend.index(named: indexName) {
            _ = replace(SearchIndex(name: indexName, records: RecordStore(records: []), resolved: current.settings))
        }
    }

    /// Puts `index` in the backend unless a newer reload began; whether it did.
    private func replace(_ index: SearchIndex) -> Bool {
        generations.ifLatest(generation) { backend.replace(index) }
    }

    func start(report: @escaping @Sendable (LoadingProgress) -> Void) {
        Threads.start(named: "instantsearch reloading \(indexName)") { [self] in run(report: report) }
    }

    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        loader.cancel()
    }

    private func run(report untagged: @escaping @Sendable (LoadingProgress) -> Void) {
        guard let current = backend.index(named: indexName) else { return }
        untagged(LoadingProgress(indexName: indexName, note: "reloading"))
        do {
            let first = try loader.prepare(settings: IndexSettings())
            guard !cancelled.load(ordering: .relaxed) else { return }
            // Every word of this reload's progress carries its header, whichever the interface reads last.
            let header = readsHeader ? headerText(loader.header) : nil
            let report: @Sendable (LoadingProgress) -> Void = { progress in
                var tagged = progress
                tagged.header = header
                untagged(tagged)
            }
            if atOnce {
                heldBack.withLock { $0 = first }
                return loader.start(
                    onSnapshot: { [self] index in heldBack.withLock { $0 = index } },
                    report: { [self] progress in
                        finishAtOnce(progress, report: report)
                    })
            }
            guard replace(first) else { return }
            report(LoadingProgress(indexName: indexName, records: first.recordCount, isNewSnapshot: true))
            let stillLatest = Atomic<Bool>(true)
            loader.start(
                onSnapshot: { [self] index in stillLatest.store(replace(index), ordering: .relaxed) },
                report: { progress in if stillLatest.load(ordering: .relaxed) { report(progress) } })
        } catch {
            guard !cancelled.load(ordering: .relaxed) else { return }
            // What did not read leaves an empty list, and says why.
            guard replace(SearchIndex(name: indexName, records: RecordStore(records: []), resolved: current.settings)) else { return }
            untagged(LoadingProgress(indexName: indexName, isNewSnapshot: true, isFinished: true, failure: "\(error)"))
        }
    }

    /// `reload-sync`: nothing is said until reading ends (the old records stay on screen); then
    /// the last snapshot replaces them, and the end is reported as a new snapshot to search.
    private func finishAtOnce(_ progress: LoadingProgress, report: (LoadingProgress) -> Void) {
        guard progress.isFinished, !cancelled.load(ordering: .relaxed) else { return }
        guard
            let last = heldBack.withLock({ held in
                defer { held = nil }; return held
            })
        else {
            return report(progress)  // a later word of the same end (a note): already in place
        }
        guard replace(last) else { return }
        var done = progress
        done.isNewSnapshot = true
        report(done)
    }
}
