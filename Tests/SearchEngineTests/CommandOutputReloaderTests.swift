import Foundation
import InstantSearchCore
import Synchronization
import Testing

@testable import SearchEngine

/// fzf's `reload` and `reload-sync` over the embedded engine: a command's output replaces an
/// index's records, streamed in, or (sync) in one step once it is all read; and the records a
/// reload kept are found again by content (what marks follow).
@Suite struct CommandOutputReloaderTests {
    private static let oldLines = ["old one", "old two", "old three"]

    private func backend() -> EmbeddedBackend {
        EmbeddedBackend(indices: [SearchIndex(name: "lines", records: Self.oldLines.map { ["line": .string($0)] })])
    }

    /// Reloads `lines` into `backend`'s index; per report, the progress and how many records
    /// the backend's index had when it was reported.
    private func reload(_ lines: Int, into backend: EmbeddedBackend, atOnce: Bool) async throws -> [(LoadingProgress, Int)] {
        let reloader = CommandOutputReloader(backend: backend, lineIndices: ["lines"])
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let writeEnd = ends[1]
        let writer = Thread {
            let text = (1...lines).map { "line \($0)\n" }.joined()
            let handle = FileHandle(fileDescriptor: writeEnd, closeOnDealloc: true)
            handle.write(Data(text.utf8))
            try? handle.close()
        }
        writer.start()
        let seen = Mutex<[(LoadingProgress, Int)]>([])
        let loading = reloader.reload(indexName: "lines", from: ends[0], atOnce: atOnce)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let resumed = Mutex(false)
            loading.start { progress in
                let count = backend.index(named: "lines")?.recordCount ?? -1
                seen.withLock { $0.append((progress, count)) }
                if progress.isFinished,
                    resumed.withLock({ was in
                        defer { was = true }; return !was
                    })
                {
                    done.resume()
                }
            }
        }
        return seen.withLock { $0 }
    }

    @Test func whatWasLearntForTheOldRecordsIsForgotten() async throws {
        let backend = backend()
        var learnt = ReRankingTable()
        learnt.add(
            InsightsEvent(
                eventType: .click, eventName: "Hit Picked", index: "lines", userToken: "instantsearch-local", timestamp: 0, objectIDs: ["2"]),
            query: "old")
        backend.learn(learnt)
        #expect(backend.reRanking.hasEvents(index: "lines"))
        _ = try await reload(3, into: backend, atOnce: true)
        // Line 2 of the command's output is not the line 2 that was picked.
        #expect(!backend.reRanking.hasEvents(index: "lines"))
    }

    @Test func reloadSyncKeepsTheOldRecordsUntilTheOutputIsReadThenReplacesThemAtOnce() async throws {
        let backend = backend()
        let reports = try await reload(200_000, into: backend, atOnce: true)
        let finished = try #require(reports.firstIndex { $0.0.isFinished })
        for (progress, count) in reports[..<finished] {
            #expect(count == Self.oldLines.count, "the old records while reading (\(progress))")
            #expect(!progress.isNewSnapshot, "nothing new to search before the end")
        }
        #expect(reports[finished].0.isNewSnapshot, "the end is one new snapshot")
        #expect(reports[finished].1 == 200_000)
        #expect(reports.filter(\.0.isNewSnapshot).count == 1)
    }

    @Test func reloadStreamsSnapshotsAsTheyAreBuilt() async throws {
        let backend = backend()
        let reports = try await reload(200_000, into: backend, atOnce: false)
        let snapshots = reports.filter(\.0.isNewSnapshot)
        #expect(snapshots.count > 1, "searchable before the end")
        #expect(snapshots.first?.1 ?? 0 < 200_000)
        #expect(backend.index(named: "lines")?.recordCount == 200_000)
    }
}
