import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// An index written to disk answers exactly as the index it was written from.
@Suite struct IndexFileTests {
    static func temporaryPath() -> String {
        NSTemporaryDirectory() + "instantsearch-test-\(UUID().uuidString).isidx"
    }

    @Test func roundTripAnswersTheSame() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RelevanceFixture.index.write(to: path)
        #expect(SearchIndex.isIndexFile(path: path))
        let opened = try SearchIndex.open(path: path)
        #expect(opened.name == "films")
        #expect(opened.recordCount == RelevanceFixture.films.count)
        for row in RelevanceTests.table {
            var query = Query(text: row.query, hitsPerPage: 50, facets: ["*"])
            query.filters = "popularity > 15"
            var a = try RelevanceFixture.index.search(query)
            var b = try opened.search(query)
            a.processingTimeMS = 0
            b.processingTimeMS = 0
            #expect(a == b, "\(row.query)")
        }
        let facetIndex = Fixture.index
        try facetIndex.write(to: path)
        let reopened = try SearchIndex.open(path: path)
        let query = Query(text: "star", facets: ["genres"], disjunctiveFacets: ["genres"], facetRefinements: ["genres": ["Drama"]])
        var a = try facetIndex.search(query)
        var b = try reopened.search(query)
        a.processingTimeMS = 0
        b.processingTimeMS = 0
        #expect(a == b)
        #expect(reopened.indexDescription == facetIndex.indexDescription)
    }

    /// Plain lines keep their ends as they have them in memory: two bytes a line, or four once
    /// 64 lines hold more than 64 KB (the second case). Either way they read back the same.
    @Test(arguments: [false, true]) func linesIndexAnswersTheSame(withALongLine: Bool) throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var lines = (0..<300).map { "src/module\($0 % 7)/file\($0).swift" }
        if withALongLine { lines[150] = "src/" + String(repeating: "long", count: 20_000) + ".swift" }
        let index = try SearchIndex(name: "lines", bytes: Array(lines.joined(separator: "\n").utf8), sourceName: "<test>", format: .lines, settings: nil)
        try index.write(to: path)
        let opened = try SearchIndex.open(path: path)
        #expect(opened.recordCount == 300)
        for text in ["file1", "mod3 swift", "^src long", "!module 1$"] {
            var a = try index.searchLines(Query(text: text, hitsPerPage: 400), options: LineMatchOptions())
            var b = try opened.searchLines(Query(text: text, hitsPerPage: 400), options: LineMatchOptions())
            (a.processingTimeMS, b.processingTimeMS) = (0, 0)
            #expect(a == b, "\(text)")
        }
        #expect((0..<300).map { opened.originalLineBytes(objectID: String($0 + 1)) } == lines.map { Array($0.utf8) })
    }

    @Test func csvIndexKeepsItsColumnsAndAnswersTheSame() throws {
        let csv = NSTemporaryDirectory() + "instantsearch-test-\(UUID().uuidString).csv"
        let path = Self.temporaryPath()
        defer {
            try? FileManager.default.removeItem(atPath: csv)
            try? FileManager.default.removeItem(atPath: path)
        }
        var text = "name,sex,count,year,note\n"
        for row in 0..<300 { text += "Name\(row % 40),\(row % 2 == 0 ? "F" : "M"),\(row * 7 % 101),\(1900 + row % 9),\"note \(row), \"\"q\"\"\"\n" }
        try text.write(toFile: csv, atomically: true, encoding: .utf8)
        var settings = IndexSettings()
        settings.attributesForFaceting = ["sex", "year"]
        settings.customRanking = [CustomRankingCriterion(attribute: "count", ascending: false)]
        let built = SearchIndex(name: "names", records: try DataLoader.loadRecords(path: csv), settings: settings)
        try built.write(to: path)
        let opened = try SearchIndex.open(path: path)
        guard case .csv = opened.records.storage else { Issue.record("a CSV index should keep its table"); return }
        #expect(opened.objectIDs == built.objectIDs)
        for text in ["name1", "na", "note 2", ""] {
            var query = Query(text: text, hitsPerPage: 30, facets: ["*"])
            query.filters = "year >= 1902"
            var a = try built.search(query)
            var b = try opened.search(query)
            a.processingTimeMS = 0
            b.processingTimeMS = 0
            #expect(a == b, "\(text)")
            #expect(b.nbHits > 0, "\(text)")
        }
    }

    @Test func damagedFilesAreRefusedAndDataFilesStillOpen() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Fixture.index.write(to: path)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(throws: IndexFileError.self) { try SearchIndex.open(path: path) }

        let csv = NSTemporaryDirectory() + "instantsearch-test-\(UUID().uuidString).csv"
        defer { try? FileManager.default.removeItem(atPath: csv) }
        try "name,n\nAda,1\nBob,2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(!SearchIndex.isIndexFile(path: csv))
        #expect(try SearchIndex.open(path: csv).recordCount == 2)
    }

    @Test func writingLeavesNoTemporaryFileBehind() throws {
        let directory = NSTemporaryDirectory() + "instantsearch-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Fixture.index.write(to: directory + "/movies.isidx")
        try Fixture.index.write(to: directory + "/movies.isidx")  // replaces the first
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["movies.isidx"])
    }
}
