import InstantSearchCore
import Synchronization
import Testing

@testable import IndexLoading

/// Why a background load stopped, and notices, are kept to print once the screen is gone.
@Suite struct LoadFailuresTests {
    /// Reports what it is given when started, and remembers being cancelled.
    private final class ScriptedLoader: BackgroundLoading {
        let reports: [LoadingProgress]
        let cancelled = Mutex(false)
        init(_ reports: [LoadingProgress]) { self.reports = reports }
        func start(report: @escaping @Sendable (LoadingProgress) -> Void) { reports.forEach(report) }
        func cancel() { cancelled.withLock { $0 = true } }
    }

    @Test func failuresAndNoticesAreKeptOnceEachInOrderAndEveryReportPassesThrough() {
        var stopped = LoadingProgress(indexName: "movies", records: 10)
        stopped.failure = "movies.json:12:5: expected ','"
        var notice = LoadingProgress(indexName: "movies", records: 10)
        notice.notice = "the index cache holds 120 MB"
        let plain = LoadingProgress(indexName: "movies", records: 5)
        let inner = ScriptedLoader([plain, stopped, notice, stopped])
        let failures = LoadFailures()
        let loader = failures.keeping(inner)

        let seen = Mutex<[LoadingProgress]>([])
        loader.start { progress in seen.withLock { $0.append(progress) } }
        #expect(seen.withLock { $0 } == [plain, stopped, notice, stopped], "the interface still sees every report")
        #expect(failures.takeAll() == ["movies.json:12:5: expected ','", "the index cache holds 120 MB"])
        #expect(failures.takeAll().isEmpty, "printed once")

        loader.cancel()
        #expect(inner.cancelled.withLock { $0 })
    }
}
