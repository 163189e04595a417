import Foundation
import InstantSearchCore
import Synchronization
import Testing

@testable import SearchEngine

/// A file loading in the background: snapshots that grow, the last one the same index a
/// whole build makes, and errors that arrive after the first records.
@Suite struct StreamingLoadTests {
    final class Collected: Sendable {
        let snapshots = Mutex<[Int]>([])
        let last = Mutex<SearchIndex?>(nil)
        let reports = Mutex<[LoadingProgress]>([])
        let done = DispatchSemaphore(value: 0)
    }

    /// Prepares and runs a loader to its end; returns what it handed over. `snapshots: false`
    /// as `startToTheEnd` runs it.
    func load(
        _ path: String, format: DataFormat? = nil, cacheEntry: IndexCache.Entry? = nil, snapshots: Bool = true
    ) throws -> (SearchIndex, Collected) {
        let loader = StreamingIndexLoader(source: .file(path), name: "data", format: format, cacheEntry: cacheEntry)
        let empty = try loader.prepare(settings: IndexSettings())
        let collected = Collected()
        loader.start(
            onSnapshot: { index in
                collected.snapshots.withLock { $0.append(index.recordCount) }
                collected.last.withLock { $0 = index }
            },
            report: { progress in
                collected.reports.withLock { $0.append(progress) }
                if progress.isFinished && (cacheEntry == nil || progress.note != nil) { collected.done.signal() }
            }, snapshots: snapshots)
        #expect(collected.done.wait(timeout: .now() + 300) == .success)
        return (empty, collected)
    }

    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("se-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aCSVFileGrowsInSnapshotsToTheWholeIndex() throws {
        let rows = (0..<60_000).map { "name \($0),\($0 % 3 == 0 ? "red" : "blue"),\(1900 + $0 % 100)" }
        let path = try temporaryFile("big.csv", "title,colour,year\n" + rows.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let (empty, collected) = try load(path)
        let whole = try SearchIndex(path: path)
        #expect(empty.recordCount == 0)
        #expect(empty.settings == whole.settings)  // the sample decides, as for a whole build
        let sizes = collected.snapshots.withLock { $0 }
        #expect(sizes.count >= 2)
        #expect(sizes.first == IndexSettings.inferenceSample)
        #expect(sizes == sizes.sorted() && Set(sizes).count == sizes.count)
        #expect(sizes.last == 60_000)
        let last = try #require(collected.last.withLock { $0 })
        var query = Query(text: "name 4242")
        query.facets = ["colour"]
        let (mine, theirs) = (try last.search(query), try whole.search(query))
        #expect(mine.hits == theirs.hits && mine.nbHits == theirs.nbHits && mine.facets == theirs.facets)
        let progress = collected.reports.withLock { $0 }
        #expect(progress.last?.isFinished == true && progress.last?.percent == 100)
        #expect(progress.filter(\.isNewSnapshot).count == sizes.count)
    }

    /// `--filter` and the other loads run to the end before anyone searches: one index, the
    /// whole one, and no snapshot before it to hold in memory while it is built.
    @Test(arguments: ["big.csv", "big.txt"]) func aLoadNobodySearchesUntilItEndsBuildsOnlyTheWholeIndex(name: String) throws {
        let csv = name.hasSuffix(".csv")
        let rows = (0..<60_000).map { ["name \($0)", $0 % 3 == 0 ? "red" : "blue", String(1900 + $0 % 100)].joined(separator: csv ? "," : " ") }
        let path = try temporaryFile(name, (csv ? "title,colour,year\n" : "") + rows.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let (_, collected) = try load(path, snapshots: false)
        #expect(collected.snapshots.withLock { $0 } == [60_000])
        let progress = collected.reports.withLock { $0 }
        #expect(progress.last?.isFinished == true && progress.filter(\.isNewSnapshot).count == 1)
        let last = try #require(collected.last.withLock { $0 })
        let whole = try SearchIndex(path: path)
        let query = Query(text: "name 4242")
        #expect(try last.search(query).hits == whole.search(query).hits)
    }

    @Test func genreFlagsAreTogglesFromTheFirstEmptySnapshotOn() throws {
        let rows = (0..<30_000).map { "film \($0),\($0 % 2),\($0 % 5 == 0 ? 1 : 0),\(1900 + $0 % 100)" }
        let path = try temporaryFile("flags.csv", "title,Comedy,Drama,year\n" + rows.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let (empty, _) = try load(path)
        #expect(empty.recordCount == 0, "the interface opens on an index with no records yet")
        let description = empty.indexDescription
        #expect(description.toggles.map(\.attribute) == ["Comedy", "Drama"], "inferred on the sample, kept in the settings")
        #expect(description.numericAttributes == ["year"])
    }

    @Test func aSmallFileOpensWholeThenIsCached() throws {
        let path = try temporaryFile("small.tsv", "name\tcity\nann\tOslo\nbob\tRome\n")
        let directory = (path as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let entry = try #require(IndexCache(directory: directory + "/cache").entry(forDataFile: path, format: nil, settingsFile: nil))
        let (opened, collected) = try load(path, cacheEntry: entry)
        // Indexed whole before the interface opens: nothing to swap in, one report, then cached.
        #expect(opened.recordCount == 2)
        #expect(collected.snapshots.withLock { $0 }.isEmpty)
        #expect(collected.reports.withLock { $0.last?.note } == "cached for next time")
        guard case .hit(let cached) = entry.open() else { Issue.record("not cached"); return }
        #expect(cached.recordCount == 2)
    }

    @Test func largeRecordsMakeASampleOfTwoMegabytesWithTheSameSettingsAsAWholeBuild() throws {
        // Past the first 2 MiB a new attribute appears: neither way of opening may see it.
        let long = String(repeating: "lorem ipsum ", count: 90)
        let records = (0..<3000).map { i in
            i < 2500 ? #"{"title":"t \#(i)","kind":"k\#(i % 3)","text":"\#(long)"}"# : #"{"title":"t \#(i)","late":"x","text":"\#(long)"}"#
        }
        let path = try temporaryFile("big.ndjson", records.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let sample = RecordFramer.sampleSize(of: Array(try String(contentsOfFile: path, encoding: .utf8).utf8), format: .ndjson)
        #expect(sample > 1000 && sample < 2500)
        let (empty, collected) = try load(path)
        let whole = try SearchIndex(path: path)
        #expect(empty.settings == whole.settings)
        #expect(!whole.settings.searchableAttributes.contains("late"))
        #expect(collected.snapshots.withLock { $0 } == [sample, 3000])
    }

    @Test func jsonArraysAndObjectsAreCutBetweenRecords() throws {
        // Braces, brackets and quotes inside strings must not end a record.
        let records = (0..<25_000).map { #"{"title":"t \#($0) } ] \" {","n":\#($0)}"# }
        for (name, text) in [("a.json", "[\n" + records.joined(separator: ",\n") + "\n]\n"), ("b.ndjson", records.joined(separator: "\n"))] {
            let path = try temporaryFile(name, text)
            defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
            let (_, collected) = try load(path)
            #expect(collected.snapshots.withLock { $0 } == [IndexSettings.inferenceSample, 25_000])
            let last = try #require(collected.last.withLock { $0 })
            #expect(last.records[24_999]["n"] == .number(24_999))
        }
    }

    @Test func anErrorAfterTheFirstRecordsStopsLoadingAndSaysWhere() throws {
        var rows = (0..<30_000).map { "row \($0),x" }
        rows[25_000] = "a broken row"
        let path = try temporaryFile("broken.csv", "a,b\n" + rows.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let (_, collected) = try load(path)
        #expect(collected.snapshots.withLock { $0 } == [IndexSettings.inferenceSample])  // still searchable
        let failure = collected.reports.withLock { $0.last?.failure }
        #expect(failure?.hasPrefix("\(path):25002") == true)
    }

    @Test func snapshotsOfAKnownSizeAddUpToAtMostAThirdMore() {
        var schedule = SnapshotSchedule(totalBytes: 29_000_000, firstCut: 400_000)
        var built = [400_000]
        var cut = 400_000
        while cut < 29_000_000 {
            cut += 100_000
            if schedule.isDue(cut: cut, records: cut, snapshotRecords: built.last!, growsByTime: false) {
                schedule.built(cut: cut, taking: .zero)
                built.append(cut)
            }
        }
        built.append(29_000_000)  // the last one, at the end of the data
        #expect(built.count == 4)
        #expect(Double(built.reduce(0, +)) <= 29_000_000 * 4.0 / 3.0 + 400_000 + 200_000)
    }
}
