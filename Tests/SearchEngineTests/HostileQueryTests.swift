import InstantSearchCore
import Testing

@testable import SearchEngine

/// The engine's side of hostile input: a long word, a long filter and the query-level parameters the
/// server passes on (typo tolerance, attributes to highlight).
@Suite struct HostileQueryTests {
    @Test func aFilterHoldsAtMostAThousandConditions() throws {
        var query = Query()
        query.filters = (0..<1_000).map { "genres:g\($0)" }.joined(separator: " OR ")
        #expect(try Fixture.index.search(query).nbHits == 0)
        query.filters! += " OR genres:Drama"
        let error = try #require(#expect(throws: FilterError.self) { try Fixture.index.search(query) })
        #expect(error.message == "more than 1000 conditions in one filter")
    }

    /// Values not found as typed are looked up folded, once per facet (it used to scan every
    /// value for each): the answer is the same as before.
    @Test func facetValuesInAnotherCaseStillMatch() throws {
        var query = Query()
        query.filters = "genres:drama OR genres:WESTERN OR genres:nothing"
        #expect(Set(try Fixture.index.search(query).hits.map(\.objectID)) == ["3", "4", "5"])
    }

    /// Trying every cut of a 64,000-letter word cost the square of its length; such a word is no
    /// longer split, while a short one still is.
    @Test func longWordsAreNotSplit() throws {
        let dictionary = Fixture.index.dictionary
        let long = QueryWord(term: "star" + String(repeating: "x", count: 100) + "wars", isPrefix: false)
        #expect(QueryPlan([long], expansions: Fixture.index.expansions, dictionary: dictionary).readings.isEmpty)
        let short = QueryWord(term: "starwars", isPrefix: false)
        #expect(QueryPlan([short], expansions: Fixture.index.expansions, dictionary: dictionary).readings.count == 1)
        // …and the long word is searched (and found in nothing) rather than refused.
        #expect(try Fixture.index.search(Query(text: String(repeating: "a", count: 64_000))).nbHits == 0)
    }

    @Test func typoToleranceCanBeTurnedOffPerQuery() throws {
        var query = Query(text: "starshop")
        #expect(try Fixture.index.search(query).hits.map(\.objectID) == ["2"])
        query.typoTolerance = false
        #expect(try Fixture.index.search(query).nbHits == 0)
    }

    @Test func highlightsAreMadeForTheAttributesAsked() throws {
        var query = Query(text: "star")
        query.attributesToHighlight = ["plot"]
        let hit = try #require(try Fixture.index.search(query).hits.first { $0.objectID == "3" })
        #expect(Array(hit.highlights.keys) == ["plot"])
        #expect(hit.highlights["plot"]?.matchLevel == .full)
        query.attributesToHighlight = ["*"]
        let every = try #require(try Fixture.index.search(query).hits.first { $0.objectID == "3" })
        #expect(Set(every.highlights.keys).isSuperset(of: ["title", "plot", "genres"]))
    }
}
