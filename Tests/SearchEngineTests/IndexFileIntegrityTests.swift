import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// An index file is verified before it answers. A damaged file is refused
/// with an `IndexFileError` (never a trap, a huge allocation or a silent wrong answer); an old
/// version says so; a file that is not an index is refused as such.
@Suite struct IndexFileIntegrityTests {
    static func write(_ index: SearchIndex) throws -> (path: String, bytes: [UInt8]) {
        let path = IndexFileTests.temporaryPath()
        try index.write(to: path)
        return (path, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static func store(_ bytes: [UInt8], at path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func readError(_ path: String) -> IndexFileError? {
        do {
            _ = try IndexFile.read(path: path)
            return nil
        } catch {
            return error as? IndexFileError
        }
    }

    @Test func anotherVersionSaysWhichAndToRebuild() throws {
        let (path, bytes) = try Self.write(Fixture.index)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var older = bytes
        // Version 3 in as many digits as this one's ("03" for 10): the rest stays where it was.
        let digits = String(IndexFile.version).count
        older.replaceSubrange(
            IndexFile.signaturePrefix.count..<IndexFile.signaturePrefix.count + digits,
            with: Array((String(repeating: "0", count: digits - 1) + "3").utf8))
        try Self.store(older, at: path)
        #expect(SearchIndex.isIndexFile(path: path))
        do {
            _ = try SearchIndex.open(path: path)
            Issue.record("an index of another version opened")
        } catch let error as IndexFileError {
            #expect(error.reason == .unsupportedVersion(found: 3))
            #expect(error.description == "\(path): index format v3, this build reads v\(IndexFile.version): rebuild it with 'instantsearch index'")
        }
    }

    @Test func zeroAndForeignFilesAreRefusedClearly() throws {
        let path = IndexFileTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.store([UInt8](repeating: 0, count: 8192), at: path)
        #expect(readError(path)?.reason == .notAnIndexFile)
        #expect(throws: DataError.self) { try SearchIndex.open(path: path) }  // not an empty index
        try Self.store([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D], at: path)  // a PNG's first bytes
        #expect(readError(path)?.reason == .notAnIndexFile)
        #expect(throws: DataError.self) { try SearchIndex.open(path: path) }
        try Self.store(Array("ISIDX\u{1}v".utf8), at: path)
        #expect(readError(path)?.reason == .damaged)
    }

    @Test func aFlippedBitIsACheckumMismatchNamingItsSection() throws {
        let (path, bytes) = try Self.write(Fixture.index)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var damaged = bytes
        damaged[damaged.count - 3] ^= 0x10  // inside the last section: numeric columns
        try Self.store(damaged, at: path)
        let error = try #require(readError(path))
        #expect(error.reason == .damaged)
        #expect(error.description.contains("section numerics"), "\(error)")
        #expect(error.description.hasSuffix("rebuild it with 'instantsearch index'"))
    }

    /// The loop the tester ran: truncations, bit flips, zeroed ranges and splices of a valid
    /// file, seeded so that a failure replays. Every damaged file is refused; one that opens
    /// must answer exactly as the original (only possible when the damage missed every byte).
    @Test(arguments: [UInt64(1), 2])
    func seededCorruptionNeverCrashesNorAnswersWrongly(seed: UInt64) throws {
        let index = seed == 1 ? Fixture.index : try IndexFileIntegrityTests.csvIndex()
        let (path, original) = try Self.write(index)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let queries = ["", "star", "wa", "the lone", "x"].map { text in
            var query = Query(text: text, hitsPerPage: 50, facets: ["*"])
            query.filters = seed == 1 ? "year > 1980 OR genres:Drama" : "year > 1980 OR n > 3"
            return query
        }
        func answers(_ index: SearchIndex) -> [String] {
            queries.map { query in
                guard var results = try? index.search(query) else { return "error" }
                results.processingTimeMS = 0
                return "\(results)"
            }
        }
        let expected = answers(try IndexFile.read(path: path))
        #expect(!expected.contains("error") && expected.contains { $0.contains("nbHits: 0") == false })
        var generator = SplitMix64(state: seed)
        var refused = 0
        var unchanged = 0
        for round in 0..<600 {
            var bytes = original
            switch round % 4 {
            case 0:
                bytes.removeLast(Int.random(in: 1...bytes.count, using: &generator))
            case 1:
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= 1 << UInt8.random(in: 0...7, using: &generator)
                }
            case 2:
                let start = Int.random(in: 0..<bytes.count, using: &generator)
                let end = min(bytes.count, start + Int.random(in: 1...64, using: &generator))
                for i in start..<end { bytes[i] = 0 }
            default:
                let length = Int.random(in: 1...32, using: &generator)
                let from = Int.random(in: 0..<(bytes.count - length), using: &generator)
                let to = Int.random(in: 0..<(bytes.count - length), using: &generator)
                bytes.replaceSubrange(to..<to + length, with: original[from..<from + length])
            }
            if bytes == original {
                unchanged += 1  // zeros over zeros, a splice of equal bytes: nothing to detect
                continue
            }
            try Self.store(bytes, at: path)
            do {
                let opened = try IndexFile.read(path: path)
                // Every byte is under a checksum, so this should never happen; if it does, the
                // answers must at least be the undamaged file's.
                Issue.record("round \(round): a damaged file opened")
                #expect(answers(opened) == expected, "round \(round) answered from damaged data")
            } catch is IndexFileError {
                refused += 1
            }
        }
        #expect(refused + unchanged == 600)
        #expect(refused > 500)
    }

    /// The index-file fuzzer starts from these seeds: of another format version, they would
    /// stop at the version check and the fuzzer would reach nothing behind it (they were v4
    /// for six versions). `instantsearch index` writes them again (Fuzz/Corpus/FuzzIndexFile).
    @Test func theFuzzerSeedsAreIndexFilesOfThisVersion() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/FuzzIndexFile")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".isidx") }
        #expect(seeds.count >= 3)
        for seed in seeds {
            let index = try SearchIndex.open(path: corpus.appendingPathComponent(seed).path)
            #expect(index.recordCount > 0, "\(seed)")
        }
    }

    static func csvIndex() throws -> SearchIndex {
        var text = "objectID,name,n,year\n"
        for row in 0..<60 { text += "\(row),Name\(row % 7) star,\(row % 5),\(1970 + row)\n" }
        var settings = IndexSettings()
        settings.attributesForFaceting = ["name"]
        return SearchIndex(name: "rows", records: try DataLoader.loadRecords(bytes: Array(text.utf8), name: "rows.csv", format: .csv), settings: settings)
    }
}
