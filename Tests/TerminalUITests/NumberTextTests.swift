import InstantSearchCore
import Testing
@testable import TerminalUI

@Suite struct NumberTextTests {
    @Test(arguments: [
        (JSONValue.number(2426.99), "price", "$2,426.99"),
        (.number(25), "price", "$25"),
        (.number(0.5), "price", "$0.50"),
        (.number(1999), "year", "1999"),
        (.number(1_690_784), "count", "1,690,784"),
        (.number(4.7), "rating", "4.7"),
        (.string("n/a"), "price", "n/a"),
    ])
    func attributesAreShownAsAPersonReadsThem(value: JSONValue, attribute: String, expected: String) {
        #expect(NumberText.format(value, attribute: attribute) == expected)
    }

    @Test func fixedDecimalsRound() {
        #expect(NumberText.fixed(0.25, decimals: 1) == "0.3")
        #expect(NumberText.fixed(3.04, decimals: 2) == "3.04")
        #expect(NumberText.grouped(-1234567) == "-1,234,567")
    }
}

@Suite struct StatsLineTests {
    @Test func droppedWordsAreReadFromQueryAfterRemoval() {
        var results = SearchResults(indexName: "movies", query: "drama starship")
        #expect(StatsLine.droppedWords(results) == nil)
        results.queryAfterRemoval = "drama <em>starship</em>"
        #expect(StatsLine.droppedWords(results) == "starship")
    }

    @Test func refinementsAreSummarised() {
        let query = Query(facetRefinements: ["brand": ["Sony", "LG"]], numericRanges: ["price": NumericRange(lower: 100, upper: 500)])
        #expect(StatsLine.describe(query) == "brand: LG, Sony · price: 100 to 500")
    }
}

@Suite struct LoadingProgressTextTests {
    func text(_ progress: LoadingProgress) -> String { StatsLine.describe(progress).map(\.0).joined() }

    @Test func progressShowsPercentRecordsAndRate() {
        let file = LoadingProgress(indexName: "babynames", records: 412_000, bytesRead: 7_000_000, totalBytes: 28_000_000, recordsPerSecond: 850_300.4)
        #expect(text(file) == "  · loading 25% · 412,000 records · 850,300/s")
        // A pipe has no size to take a percentage of.
        #expect(text(LoadingProgress(indexName: "stdin", records: 12, bytesRead: 90)) == "  · loading · 12 records")
    }

    @Test func aFinishedLoadShowsItsNoteOrItsFailure() {
        #expect(text(LoadingProgress(indexName: "a", isFinished: true)) == "")
        #expect(text(LoadingProgress(indexName: "a", isFinished: true, note: "index from the cache in 80 ms")) == "  · index from the cache in 80 ms")
        #expect(text(LoadingProgress(indexName: "a", isFinished: true, failure: "<stdin>:58: expected 2 fields, found 1"))
            == "  ⚠ loading stopped: <stdin>:58: expected 2 fields, found 1")
    }
}
