import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// The index cache, in a directory of its own (never the user's).
@Suite struct IndexCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("se-cache-\(UUID().uuidString)").path

    func dataFile(_ name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        let path = directory + "/data/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func setModified(_ path: String, secondsAgo: Int) {
        let when = Date().addingTimeInterval(-Double(secondsAgo)).timeIntervalSince1970
        var times = [timeval(tv_sec: Int(when), tv_usec: 0), timeval(tv_sec: Int(when), tv_usec: 0)]
        utimes(path, &times)
    }

    @Test func aStoredIndexOpensFromTheCache() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = IndexCache(directory: directory + "/cache")
        let path = try dataFile("people.csv", "name,city\nann,Oslo\nbob,Rome\n")
        let entry = try #require(cache.entry(forDataFile: path, format: nil, settingsFile: nil))
        guard case .miss = entry.open() else { Issue.record("an empty cache had it"); return }
        let built = try SearchIndex(path: path)
        try entry.store(built)
        guard case .hit(let cached) = entry.open() else { Issue.record("not cached"); return }
        #expect(try cached.search(Query(text: "osl")).hits == built.search(Query(text: "osl")).hits)
        // The same file under the same settings is the same entry, whoever asks.
        #expect(cache.entry(forDataFile: path, format: nil, settingsFile: nil)?.path == entry.path)
    }

    @Test func aChangedFileFormatOrSettingsIsAnotherEntry() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = IndexCache(directory: directory + "/cache")
        let path = try dataFile("people.csv", "name,city\nann,Oslo\n")
        let settings = try dataFile("s.json", #"{"searchableAttributes": ["name"]}"#)
        let original = try #require(cache.entry(forDataFile: path, format: nil, settingsFile: nil)?.path)
        #expect(cache.entry(forDataFile: path, format: .lines, settingsFile: nil)?.path != original)
        #expect(cache.entry(forDataFile: path, format: nil, settingsFile: settings)?.path != original)
        setModified(path, secondsAgo: 60)  // touched
        #expect(cache.entry(forDataFile: path, format: nil, settingsFile: nil)?.path != original)
    }

    @Test func aDamagedEntryIsRemovedAndReported() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = IndexCache(directory: directory + "/cache")
        let path = try dataFile("people.csv", "name,city\nann,Oslo\nbob,Rome\n")
        let entry = try #require(cache.entry(forDataFile: path, format: nil, settingsFile: nil))
        try entry.store(try SearchIndex(path: path))
        let whole = try #require(FileManager.default.contents(atPath: entry.path))
        for damaged in [whole.prefix(whole.count / 2), Data("not an index at all".utf8)] {
            try damaged.write(to: URL(fileURLWithPath: entry.path))
            guard case .damaged(let why) = entry.open() else { Issue.record("a damaged entry was used"); continue }
            #expect(why.contains(entry.path))
            #expect(!FileManager.default.fileExists(atPath: entry.path))
        }
    }

    @Test func theCacheKeepsToItsCapacityOldestFirst() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var entries: [IndexCache.Entry] = []
        var size = 0
        for name in ["a", "b", "c"] {
            let path = try dataFile("\(name).csv", "name\n" + (0..<200).map { "\(name) \($0)" }.joined(separator: "\n"))
            let entry = try #require(
                IndexCache(directory: directory + "/cache", capacityBytes: .max)
                    .entry(forDataFile: path, format: nil, settingsFile: nil))
            try entry.store(try SearchIndex(path: path))
            size = try FileManager.default.attributesOfItem(atPath: entry.path)[.size] as! Int
            entries.append(entry)
        }
        setModified(entries[0].path, secondsAgo: 300)
        setModified(entries[1].path, secondsAgo: 600)  // used longest ago
        setModified(entries[2].path, secondsAgo: 100)
        IndexCache(directory: directory + "/cache", capacityBytes: size * 2 + size / 2).trim(keeping: entries[2].path)
        #expect(entries.map { FileManager.default.fileExists(atPath: $0.path) } == [true, false, true])
    }

    @Test func theCacheDirectoryFollowsXDG() {
        #expect(IndexCache.standard(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.directory == "/x/cache/instantsearch")
        #expect(IndexCache.standard(environment: ["HOME": "/home/u"])?.directory == "/home/u/.cache/instantsearch")
        #expect(IndexCache.standard(environment: ["HOME": "/home/u", "INSTANTSEARCH_INDEX_CACHE_MB": "5"])?.capacityBytes == 5 << 20)
        #expect(IndexCache.standard(environment: [:]) == nil)
    }
}
