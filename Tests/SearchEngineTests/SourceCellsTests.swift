import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// A hit of a table (CSV, TSV) carries its row as the file had it — what a pick prints and the
/// hit shows — and survives the index cache's round trip; other records carry none.
@Suite struct SourceCellsTests {
    private static let csv = "title,year,rating,budget\nBlack Godfather,1974,6.0,\nGodfather,1972,9.1,6000000\n"

    @Test func aCSVHitCarriesEveryCellAsWrittenEmptyOnesIncluded() throws {
        let index = try SearchIndex(name: "movies", bytes: Array(Self.csv.utf8), sourceName: "movies.csv", format: .csv, settings: nil)
        let hit = try #require(try index.search(Query(text: "black")).hits.first)
        #expect(hit.record["rating"] == .number(6) && hit.record["budget"] == nil, "the record as the engine reads it")
        #expect(hit.sourceCells.map { Array($0.keys) } == ["title", "year", "rating", "budget"])
        #expect(hit.sourceCells.map { Array($0.values) } == ["Black Godfather", "1974", "6.0", ""])
    }

    @Test func theCellsComeBackFromAnIndexFile() throws {
        let index = try SearchIndex(name: "movies", bytes: Array(Self.csv.utf8), sourceName: "movies.csv", format: .csv, settings: nil)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("source-cells-\(UUID().uuidString).idx").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try index.write(to: path)
        let reopened = try SearchIndex.read(indexFile: path)
        let hit = try #require(try reopened.search(Query(text: "black")).hits.first)
        #expect(hit.sourceCells?["rating"] == "6.0" && hit.sourceCells?["budget"] == "")
    }

    @Test func jsonRecordsCarryNoCells() throws {
        let index = SearchIndex(name: "n", records: [["title": "Black Godfather", "rating": 6.0]])
        #expect(try index.search(Query(text: "black")).hits.first?.sourceCells == nil)
    }
}
