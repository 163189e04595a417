import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// `--watch`: a changed file is indexed again with the settings in force and replaces the
/// backend's index; what changed is counted by objectID.
@Suite struct FileWatcherTests {
    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aReloadReplacesTheIndexAndCountsAddedAndRemovedRecords() throws {
        let path = NSTemporaryDirectory() + "watch-\(UUID().uuidString).ndjson"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try write(#"{"objectID": "a", "name": "alpha", "kind": "x"}"# + "\n" + #"{"objectID": "b", "name": "beta", "kind": "y"}"# + "\n", to: path)
        let first = try SearchIndex(path: path, settings: IndexSettings(attributesForFaceting: ["kind"]))
        let backend = EmbeddedBackend(indices: [first])
        let watcher = FileWatcher(
            wrapping: FinishedStub(), path: path, indexName: first.name, format: nil, options: .strict, backend: backend)

        try write(
            #"{"objectID": "b", "name": "beta", "kind": "y"}"# + "\n" + #"{"objectID": "c", "name": "gamma", "kind": "x"}"# + "\n"
                + #"{"objectID": "d", "name": "delta", "kind": "x"}"# + "\n", to: path)
        let progress = watcher.reload()
        #expect(progress.isNewSnapshot && progress.isFinished && progress.records == 3)
        #expect(progress.note?.hasSuffix("+2 −1") == true, "\(progress.note ?? "")")
        let now = try #require(backend.index(named: first.name))
        #expect(now.settings == first.settings, "the settings in force stay (no re-inference)")
        #expect(try now.search(Query(text: "gamma")).hits.map(\.objectID) == ["c"])

        try write(#"[{"objectID": "#, to: path)
        let failed = watcher.reload()
        #expect(!failed.isNewSnapshot && failed.note?.contains("failed, the records shown stay") == true)
        #expect(backend.index(named: first.name)?.recordCount == 3)
    }
}

/// An index that was ready at once.
private final class FinishedStub: BackgroundLoading {
    func start(report: @escaping @Sendable (LoadingProgress) -> Void) {}
    func cancel() {}
}
