import InstantSearchCore
import Testing

@testable import SearchEngine

@Suite struct FacetTests {
    func search(_ configure: (inout Query) -> Void) throws -> SearchResults {
        var query = Query(facets: ["genres"])
        configure(&query)
        return try Fixture.index.search(query)
    }

    func counts(_ results: SearchResults, _ attribute: String = "genres") -> [String] {
        (results.facets[attribute] ?? []).map { "\($0.value)=\($0.count)" }
    }

    @Test func countsMostFrequentFirstThenByValue() throws {
        let results = try search { _ in }
        #expect(counts(results) == ["Drama=3", "Science Fiction=2", "Action=1", "Adventure=1", "Western=1"])
        let top = try search { $0.maxValuesPerFacet = 2 }
        #expect(counts(top) == ["Drama=3", "Science Fiction=2"])
    }

    @Test func countsFollowTheTextQuery() throws {
        #expect(counts(try search { $0.text = "fight" }) == ["Action=1", "Drama=1", "Science Fiction=1"])
    }

    @Test func conjunctiveRefinementsAndWithinAnAttribute() throws {
        let results = try search { $0.facetRefinements = ["genres": ["Drama", "Western"]] }
        #expect(results.hits.map(\.objectID) == ["4"])
        #expect(counts(results) == ["Drama=1", "Western=1"])
    }

    @Test func disjunctiveRefinementsOrAndCountAsIfUnrefined() throws {
        let results = try search {
            $0.facetRefinements = ["genres": ["Western", "Action"]]
            $0.disjunctiveFacets = ["genres"]
        }
        #expect(Set(results.hits.map(\.objectID)) == ["2", "4"])
        #expect(counts(results) == ["Drama=3", "Science Fiction=2", "Action=1", "Adventure=1", "Western=1"])
    }

    @Test func disjunctiveCountsKeepOtherFilters() throws {
        let results = try search {
            $0.facetRefinements = ["genres": ["Western"]]
            $0.disjunctiveFacets = ["genres"]
            $0.numericRanges = ["year": NumericRange(upper: 1997)]
        }
        #expect(results.hits.map(\.objectID) == ["4"])
        #expect(counts(results) == ["Science Fiction=2", "Action=1", "Adventure=1", "Drama=1", "Western=1"])
    }

    @Test func refinedValuesAlwaysListed() throws {
        let results = try search {
            $0.maxValuesPerFacet = 1
            $0.facetRefinements = ["genres": ["Western", "Musical"]]
            $0.disjunctiveFacets = ["genres"]
        }
        #expect(counts(results) == ["Drama=3", "Western=1", "Musical=0"])
    }

    @Test func numericRangesFilterInclusively() throws {
        let ids = try search { $0.numericRanges = ["year": NumericRange(lower: 1996, upper: 2007)] }.hits.map(\.objectID)
        #expect(Set(ids) == ["2", "3", "4"])
        let open = try search { $0.numericRanges = ["year": NumericRange(lower: 2008)] }.hits.map(\.objectID)
        #expect(Set(open) == ["5"])
    }

    @Test func facetStatsIgnoreTheirOwnRange() throws {
        let results = try search { $0.numericRanges = ["year": NumericRange(lower: 1990, upper: 2000)] }
        #expect(results.nbHits == 2)
        #expect(results.facetStats["year"] == FacetStats(min: 1977, max: 2010, avg: 1997.4, sum: 9987))
        let refined = try search {
            $0.numericRanges = ["year": NumericRange(lower: 1990, upper: 2000)]
            $0.facetRefinements = ["genres": ["Drama"]]
        }
        #expect(refined.hits.map(\.objectID) == ["4"])
        #expect(refined.facetStats["year"].map { [$0.min, $0.max] } == [1996, 2010])
    }

    @Test func refiningAnUnknownAttributeIsAnError() {
        #expect(throws: SearchError.self) { try search { $0.facetRefinements = ["plot": ["x"]] } }
        #expect(throws: SearchError.self) { try search { $0.numericRanges = ["pop2": NumericRange(lower: 1)] } }
    }

    @Test func searchForFacetValues() throws {
        let sci = try Fixture.index.searchForFacetValues(attribute: "genres", text: "FICT", query: Query())
        #expect(sci.facetHits == [FacetValueCount(value: "Science Fiction", count: 2)])
        let all = try Fixture.index.searchForFacetValues(attribute: "genres", text: "", query: Query(text: "star "))
        #expect(all.facetHits.map { "\($0.value)=\($0.count)" } == ["Drama=3", "Adventure=1", "Science Fiction=1", "Western=1"])
        let disjunctive = try Fixture.index.searchForFacetValues(
            attribute: "genres", text: "a",
            query: Query(disjunctiveFacets: ["genres"], facetRefinements: ["genres": ["Western"]]))
        #expect(disjunctive.facetHits.map(\.value) == ["Action", "Adventure"])
        #expect(throws: SearchError.self) {
            try Fixture.index.searchForFacetValues(attribute: "year", text: "", query: Query())
        }
    }
}
