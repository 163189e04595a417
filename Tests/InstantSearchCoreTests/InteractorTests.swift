import InstantSearchCore
import Testing

@Suite struct FacetListInteractorTests {
    let interactor = FacetListInteractor(attributes: ["brand", "category"], disjunctiveFacets: ["brand"], limit: 2)

    @Test func refinedValuesComeFirstThenTheMostFrequent() {
        let results = SearchResults(
            indexName: "p",
            facets: [
                "brand": [.init(value: "Sony", count: 9), .init(value: "Acer", count: 4), .init(value: "LG", count: 1)],
                "category": [.init(value: "TV", count: 7)],
            ])
        let query = Query(facetRefinements: ["brand": ["Acer"]])
        let sections = interactor.sections(results: results, query: query)
        #expect(sections.map(\.attribute) == ["brand", "category"])
        #expect(sections[0].isDisjunctive && !sections[1].isDisjunctive)
        #expect(sections[0].items.map(\.value) == ["Acer", "Sony", "LG"], "the refined value on top of the two shown")
        #expect(sections[0].items.map(\.isRefined) == [true, false, false])
        #expect(!sections[0].canToggleShowMore, "every value is shown")
        let unrefined = interactor.sections(results: results, query: Query())[0]
        #expect(unrefined.items.map(\.value) == ["Sony", "Acer"])
        #expect(unrefined.canToggleShowMore, "three values, two shown: there is more")
        #expect(sections[1].items.map(\.count) == [7])
        #expect(!sections[1].canToggleShowMore)
    }

    @Test func refinedValuesBeyondTheLimitOrAbsentFromResultsStillAppear() {
        let results = SearchResults(
            indexName: "p",
            facets: ["brand": [.init(value: "Sony", count: 9), .init(value: "Acer", count: 4), .init(value: "LG", count: 1)]])
        let query = Query(facetRefinements: ["brand": ["LG", "Zenith"]])
        let items = interactor.sections(results: results, query: query)[0].items
        #expect(items.map(\.value) == ["LG", "Zenith", "Sony", "Acer"])
        #expect(items.map(\.count) == [1, 0, 9, 4])
    }

}

@Suite struct NumberRangeInteractorTests {
    private func slider(_ range: NumericRange? = nil) -> NumberRangeInteractor {
        var slider = NumberRangeInteractor(attribute: "price", steps: 10)
        let results = SearchResults(indexName: "p", facetStats: ["price": FacetStats(min: 0, max: 1000, avg: 400, sum: 4000)])
        slider.update(results: results, query: Query(numericRanges: range.map { ["price": $0] } ?? [:]))
        return slider
    }

    @Test func boundsComeFromFacetStatsAndThumbsRestOnThemWhenUnrefined() {
        let s = slider()
        #expect(s.bounds == 0...1000)
        #expect(s.lowerValue == 0 && s.upperValue == 1000)
        #expect(s.stepSize == 100)
    }

    @Test func movingTheLowerThumbOpensARangeFromThere() {
        #expect(slider().moving(.lower, by: 3) == NumericRange(lower: 300, upper: nil))
    }

    @Test func movingTheUpperThumbDown() {
        #expect(slider().moving(.upper, by: -2) == NumericRange(lower: nil, upper: 800))
    }

    @Test func thumbsStopAtTheOtherThumbAndAtTheBounds() {
        let s = slider(NumericRange(lower: 400, upper: 500))
        #expect(s.moving(.lower, by: 5) == NumericRange(lower: 500, upper: 500))
        #expect(s.moving(.upper, by: -9) == NumericRange(lower: 400, upper: 400))
        #expect(s.moving(.upper, by: 99) == NumericRange(lower: 400, upper: nil))
        #expect(slider(NumericRange(lower: 100)).moving(.lower, by: -5) == nil)
    }

    @Test func stepsAreRoundedToReadableIncrements() {
        var s = NumberRangeInteractor(attribute: "year", steps: 40)
        s.update(results: SearchResults(indexName: "m", facetStats: ["year": FacetStats(min: 1880, max: 2010, avg: 0, sum: 0)]), query: Query())
        #expect(s.stepSize == 5)
    }
}
