import Testing

@testable import InstantSearchCore

@Suite struct NumericRangeTextTests {
    @Test(arguments: [
        ("50-200", NumericRange(lower: 50, upper: 200)),
        (" 50 – 200 ", NumericRange(lower: 50, upper: 200)),
        ("50..200", NumericRange(lower: 50, upper: 200)),
        ("1,000 to 2,500.5", NumericRange(lower: 1000, upper: 2500.5)),
        ("<50", NumericRange(upper: 50, excludesUpper: true)),
        ("<=50", NumericRange(upper: 50)),
        (">200", NumericRange(lower: 200, excludesLower: true)),
        (">=4", NumericRange(lower: 4)),
        ("≥ 4.5", NumericRange(lower: 4.5)),
        ("=3", NumericRange.exactly(3)),
        ("3", NumericRange.exactly(3)),
        ("-10--2", NumericRange(lower: -10, upper: -2)),
        ("1e3-2e3", NumericRange(lower: 1000, upper: 2000)),
    ])
    func readsEveryForm(_ text: String, _ expected: NumericRange) throws {
        #expect(try NumericRangeText.parse(text) == expected)
    }

    @Test(arguments: [
        ("", 1, "empty"),
        ("abc", 1, "expected a number, found \"a\""),
        ("50-", 4, "expected a number"),
        ("50 200", 4, "unexpected \"2\""),
        ("<50x", 4, "unexpected \"x\""),
        ("200-50", 1, "the lower bound 200 is above the upper bound 50"),
        ("1e999", 1, "is not a number"),
    ])
    func errorsSayWhereAndWhat(_ text: String, _ column: Int, _ message: String) {
        do {
            _ = try NumericRangeText.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.column == column, "\(text)")
            #expect(error.message.contains(message), "\(text): \(error.message)")
        }
    }

    @Test func lengthIsBounded() {
        #expect(throws: NumericRangeText.ParseError.self) { try NumericRangeText.parse(String(repeating: "1", count: 65)) }
    }

    @Test func exclusiveBoundsLeaveTheirValueOut() {
        let under50 = NumericRange(upper: 50, excludesUpper: true)
        #expect(under50.contains(49.99) && !under50.contains(50))
        #expect(NumericRange(lower: 200, excludesLower: true).contains(200.5) && !NumericRange(lower: 200, excludesLower: true).contains(200))
        #expect(under50.description == "< 50" && NumericRange(lower: 4).description == "≥ 4" && NumericRange.exactly(3).description == "= 3")
        #expect(NumericRange(lower: 50, upper: 200).description == "50 to 200")
    }
}

@Suite struct SortByInteractorTests {
    let sorts = SortByInteractor(options: [
        SortOption(name: "Most popular", criterion: SortCriterion(attribute: "count", ascending: false)),
        SortOption(name: "Oldest", criterion: SortCriterion(attribute: "year", ascending: true)),
    ])

    @Test func cyclesFromRelevanceThroughEachSortAndBack() {
        let first = sorts.next(after: nil)
        let second = sorts.next(after: first)
        #expect(sorts.name(of: first) == "Most popular")
        #expect(sorts.name(of: second) == "Oldest")
        #expect(sorts.next(after: second) == nil)
        #expect(sorts.name(of: nil) == "Relevance")
        let undeclared = SortCriterion(attribute: "price", ascending: true)
        #expect(sorts.name(of: undeclared) == "price:asc")
        #expect(sorts.next(after: undeclared) == first)
    }

    @Test func criteriaParseAndSayWhatIsWrong() throws {
        #expect(try SortCriterion.parse("count:desc") == SortCriterion(attribute: "count", ascending: false))
        #expect(try SortCriterion.parse("a.b:ASC") == SortCriterion(attribute: "a.b", ascending: true))
        #expect(throws: SortCriterionError.self) { try SortCriterion.parse("count") }
        #expect(throws: SortCriterionError.self) { try SortCriterion.parse(":desc") }
        #expect(throws: SortCriterionError.self) { try SortCriterion.parse("count:up") }
    }
}

@Suite struct SkewedSliderTests {
    /// File sizes: most are small, a few huge (mean at 2% of the range).
    private func sizes(_ range: NumericRange? = nil) -> NumberRangeInteractor {
        var slider = NumberRangeInteractor(attribute: "size", steps: 30)
        let results = SearchResults(indexName: "f", facetStats: ["size": FacetStats(min: 0, max: 100_000, avg: 2_000, sum: 0)])
        slider.update(results: results, query: Query(numericRanges: range.map { ["size": $0] } ?? [:]))
        return slider
    }

    @Test func aSkewedColumnPutsItsMeanMidTrack() throws {
        let slider = sizes()
        guard case .skewed = slider.scale else { Issue.record("expected a skewed scale"); return }
        #expect(abs(slider.fraction(of: 2_000) - 0.5) < 0.01)
        #expect(slider.stepSize == nil)
        let back = try #require(slider.value(atFraction: slider.fraction(of: 12_345)))
        #expect(abs(back - 12_345) < 0.01)
    }

    @Test func stepsGrowAlongTheTrackAndReachTheLowValues() throws {
        let first = try #require(sizes().moving(.upper, by: -29)?.upper)
        #expect(first < 200, "one press from the bottom is a small size, not a thirtieth of the range: \(first)")
        var range: NumericRange? = nil
        var uppers: [Double] = []
        for _ in 0..<30 {
            range = sizes(range).moving(.upper, by: -1)
            if let upper = range?.upper { uppers.append(upper) }
        }
        #expect(uppers == uppers.sorted(by: >), "each press moves down")
        #expect(Set(uppers).count == uppers.count, "no press is wasted")
        let gaps = zip(uppers, uppers.dropFirst()).map { $0 - $1 }
        #expect(gaps.first! > gaps.last!, "steps are wide at the top, narrow at the bottom")
        #expect(uppers.allSatisfy { $0 == NumberRangeInteractor.readable($0) }, "values are readable: \(uppers)")
    }

    @Test func anEvenColumnStaysLinear() {
        var slider = NumberRangeInteractor(attribute: "year", steps: 10)
        slider.update(results: SearchResults(indexName: "m", facetStats: ["year": FacetStats(min: 1900, max: 2000, avg: 1960, sum: 0)]), query: Query())
        #expect(slider.scale == .linear && slider.stepSize == 10)
    }
}
