import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// An index cache entry replaced by another valid index file (another
/// entry copied over it, an index a person wrote) is not served: the key it was written under
/// is inside it and checked on open, and a mismatch is treated as damage (removed, rebuilt).
@Suite struct CacheEntryKeyTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("se-cache-key-\(UUID().uuidString)").path

    func dataFile(_ name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        let path = directory + "/data/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Two data files cached, then the second's entry copied over the first's.
    func replacedEntry() throws -> (entry: IndexCache.Entry, data: String) {
        let cache = IndexCache(directory: directory + "/cache")
        let people = try dataFile("people.csv", "name,city\nann,Oslo\nbob,Rome\n")
        let movies = try dataFile("movies.csv", "title,year\nAlien,1979\nHeat,1995\nUp,2009\n")
        let entry = try #require(cache.entry(forDataFile: people, format: nil, settingsFile: nil))
        let other = try #require(cache.entry(forDataFile: movies, format: nil, settingsFile: nil))
        try entry.store(try SearchIndex(path: people))
        try other.store(try SearchIndex(path: movies))
        guard case .hit = entry.open() else { throw TestFailure("the entry was not cached") }
        try FileManager.default.removeItem(atPath: entry.path)
        try FileManager.default.copyItem(atPath: other.path, toPath: entry.path)
        return (entry, people)
    }

    struct TestFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test func anEntryReplacedByAnotherIndexIsRefusedAndRemoved() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (entry, _) = try replacedEntry()
        guard case .damaged(let why) = entry.open() else {
            Issue.record("another file's index was served from the cache")
            return
        }
        #expect(why == "\(entry.path): this cache entry was made for another data file or other settings")
        #expect(!FileManager.default.fileExists(atPath: entry.path), "removed, so the next open builds again")
    }

    @Test func anEntryReplacedByAnotherIndexIsRefusedWhenOpenedInTheBackgroundToo() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (entry, data) = try replacedEntry()
        let rebuild = IndexFileLoader.Rebuild(loader: StreamingIndexLoader(source: .file(data), name: "people"), settings: IndexSettings())
        guard case .damaged(let why) = entry.openInBackground(rebuild: rebuild) else {
            Issue.record("another file's index was opened from the cache")
            return
        }
        #expect(why.contains("made for another data file"))
    }

    @Test func anIndexFileAPersonWroteIsNoCacheEntry() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = IndexCache(directory: directory + "/cache")
        let people = try dataFile("people.csv", "name,city\nann,Oslo\n")
        let entry = try #require(cache.entry(forDataFile: people, format: nil, settingsFile: nil))
        try FileManager.default.createDirectory(atPath: directory + "/cache", withIntermediateDirectories: true)
        try SearchIndex(path: people).write(to: entry.path)  // same data, but written without the key
        guard case .damaged = entry.open() else {
            Issue.record("an index without the entry's key was served")
            return
        }
        // The file a person wrote still opens as an index of its own.
        try SearchIndex(path: people).write(to: directory + "/people.idx")
        #expect(try SearchIndex.read(indexFile: directory + "/people.idx").recordCount == 1)
    }
}
