import Foundation
import InstantSearchCore
import Synchronization
import Testing

@testable import SearchEngine

/// An index file (or index cache entry) opened behind the interface: the interface opens on
/// the file's name and settings alone, and the whole index takes their place once it is read;
/// a damage found only then rebuilds a cache entry and is reported for a file a person named.
@Suite struct IndexFileLoaderTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("se-open-\(UUID().uuidString)").path

    final class Reports: Sendable {
        let all = Mutex<[LoadingProgress]>([])
        let done = DispatchSemaphore(value: 0)
    }

    func dataFile() throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/people.csv"
        let rows = (0..<3000).map { "person \($0),\(["Oslo", "Rome", "Lima"][$0 % 3]),\(20 + $0 % 50)" }
        try ("name,city,age\n" + rows.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Starts the loader on a backend opened on its placeholder; returns once it has finished
    /// (or failed), with every report.
    func run(_ loader: IndexFileLoader, until finished: @escaping @Sendable (LoadingProgress) -> Bool) -> (EmbeddedBackend, [LoadingProgress]) {
        let backend = EmbeddedBackend(indices: [loader.placeholder])
        loader.backend = backend
        let reports = Reports()
        loader.start { progress in
            reports.all.withLock { $0.append(progress) }
            if finished(progress) || progress.failure != nil { reports.done.signal() }
        }
        #expect(reports.done.wait(timeout: .now() + 120) == .success)
        return (backend, reports.all.withLock { $0 })
    }

    func flipByte(in path: String, at position: (Int) -> Int) throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[position(bytes.count)] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func theInterfaceOpensOnTheSettingsAndTheWholeIndexReplacesThem() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let built = try SearchIndex(path: try dataFile())
        let indexPath = directory + "/people.idx"
        try IndexFile.write(built, to: indexPath)

        let loader = try IndexFileLoader(path: indexPath)
        #expect(loader.placeholder.name == built.name)
        #expect(loader.placeholder.recordCount == 0)
        #expect(loader.placeholder.settings == built.settings)  // facets, sorts, widgets known at once

        let (backend, reports) = run(loader, until: \.isFinished)
        #expect(reports.first?.note == "opening the index" && reports.first?.isFinished == false)
        #expect(reports.last?.isFinished == true && reports.last?.isNewSnapshot == true && reports.last?.records == 3000)
        let searched = try #require(backend.index(named: built.name))
        #expect(searched.recordCount == 3000)
        #expect(try searched.search(Query(text: "person 42")).hits == built.search(Query(text: "person 42")).hits)
    }

    @Test func aTruncatedOrForeignFileIsRefusedBeforeTheInterfaceOpens() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let indexPath = directory + "/people.idx"
        try IndexFile.write(try SearchIndex(path: try dataFile()), to: indexPath)
        let whole = try Data(contentsOf: URL(fileURLWithPath: indexPath))
        try whole.prefix(whole.count - 10).write(to: URL(fileURLWithPath: indexPath))
        #expect(throws: IndexFileError.self) { try IndexFileLoader(path: indexPath) }
        try Data("name,city\nann,Oslo\n".utf8).write(to: URL(fileURLWithPath: indexPath))
        #expect(throws: IndexFileError.self) { try IndexFileLoader(path: indexPath) }
    }

    @Test func aNamedIndexFileDamagedPastItsSettingsSaysSoAndKeepsThePlaceholder() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let indexPath = directory + "/people.idx"
        try IndexFile.write(try SearchIndex(path: try dataFile()), to: indexPath)
        try flipByte(in: indexPath, at: { $0 - 3 })  // the last section: numeric columns

        let loader = try IndexFileLoader(path: indexPath)
        let (backend, reports) = run(loader, until: \.isFinished)
        let failure = try #require(reports.last?.failure)
        #expect(failure.contains(indexPath) && failure.contains("damaged"))
        #expect(backend.index(named: "people")?.recordCount == 0)
        #expect(FileManager.default.fileExists(atPath: indexPath))  // a person's file is never removed
    }

    @Test func aCacheEntryDamagedPastItsSettingsIsRemovedAndBuiltAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try dataFile()
        let cache = IndexCache(directory: directory + "/cache")
        let entry = try #require(cache.entry(forDataFile: path, format: nil, settingsFile: nil))
        try entry.store(try SearchIndex(path: path))
        try flipByte(in: entry.path, at: { $0 / 2 })

        let rebuild = IndexFileLoader.Rebuild(
            loader: StreamingIndexLoader(source: .file(path), name: "people", cacheEntry: entry), settings: IndexSettings())
        guard case .hit(let loader) = entry.openInBackground(rebuild: rebuild) else {
            Issue.record("the entry's settings did not read")
            return
        }
        // Finished once the rebuilt index is cached again.
        let (backend, reports) = run(loader, until: { $0.isFinished && $0.note?.contains("cached for next time") == true })
        #expect(reports.allSatisfy { $0.failure == nil })
        #expect(reports.last?.note == "the cached index was damaged: rebuilt; cached for next time")
        #expect(backend.index(named: "people")?.recordCount == 3000)
        guard case .hit(let again) = entry.open() else {
            Issue.record("the rebuilt index was not cached")
            return
        }
        #expect(again.recordCount == 3000)
    }
}
