import Foundation
import InstantSearchCore
import Synchronization

/// fzf's `reload` over the embedded engine: a command's output replaces an index's records,
/// read as standard input is (`StreamingIndexLoader`): the index is emptied at once, then each
/// snapshot is searchable as it is built. Plain-line indices stay lines; others are sniffed,
/// their settings inferred again from the new records.
public struct CommandOutputReloader: RecordReloading {
    private let backend: EmbeddedBackend
    private let lineIndices: Set<String>
    private let options: LoadOptions

    public init(backend: EmbeddedBackend, lineIndices: Set<String>, options: LoadOptions = LoadOptions(lenient: true)) {
        self.backend = backend
        self.lineIndices = lineIndices
        self.options = options
    }

    public func reload(indexName: String, from descriptor: Int32) -> any BackgroundLoading {
        Reloading(
            backend: backend, indexName: indexName, descriptor: descriptor,
            format: lineIndices.contains(indexName) ? .lines : nil, options: options)
    }
}

/// One reload: the sample read on a thread of its own (it may wait for the command), then the
/// loader's own thread for the rest.
private final class Reloading: BackgroundLoading, @unchecked Sendable {
    private let backend: EmbeddedBackend
    private let indexName: String
    private let loader: StreamingIndexLoader
    private let cancelled = Atomic<Bool>(false)

    init(backend: EmbeddedBackend, indexName: String, descriptor: Int32, format: DataFormat?, options: LoadOptions) {
        self.backend = backend
        self.indexName = indexName
        loader = StreamingIndexLoader(source: .descriptor(descriptor), name: indexName, format: format, options: options)
        loader.backend = backend
    }

    func start(report: @escaping @Sendable (LoadingProgress) -> Void) {
        let thread = Thread { [self] in run(report: report) }
        thread.name = "instantsearch reloading \(indexName)"
        thread.stackSize = 8 << 20
        thread.start()
    }

    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        loader.cancel()
    }

    private func run(report: @escaping @Sendable (LoadingProgress) -> Void) {
        guard let current = backend.index(named: indexName) else { return }
        report(LoadingProgress(indexName: indexName, note: "reloading"))
        do {
            let first = try loader.prepare(settings: IndexSettings())
            guard !cancelled.load(ordering: .relaxed) else { return }
            backend.replace(first)
            report(LoadingProgress(indexName: indexName, records: first.recordCount, isNewSnapshot: true))
            loader.start(report: report)
        } catch {
            guard !cancelled.load(ordering: .relaxed) else { return }
            // What did not read leaves an empty list, and says why.
            backend.replace(SearchIndex(name: indexName, records: RecordStore(records: []), resolved: current.settings))
            report(LoadingProgress(indexName: indexName, isNewSnapshot: true, isFinished: true, failure: "\(error)"))
        }
    }
}
