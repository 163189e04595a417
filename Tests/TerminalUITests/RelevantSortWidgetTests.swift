import InstantSearchCore
import Testing

@testable import TerminalUI

/// The relevant sort switch (InstantSearch's RelevantSort): the sort label says how many hits a
/// relevant sort kept, and Alt-R switches between the index's strictness and every hit.
@Suite struct RelevantSortWidgetTests {
    static let cheapest = SortCriterion(attribute: "price", ascending: true)

    static func label(strictness: Int?, sorted: Int?) -> String {
        var query = Query()
        query.sortBy = cheapest
        var results = SearchResults(indexName: "products", nbHits: 40)
        results.appliedRelevancyStrictness = strictness
        results.nbSortedHits = sorted
        let state = IndexState(name: "products", query: query, results: results)
        let description = IndexDescription(name: "products")
        return SortByLabel.text(state: state, description: description, notice: nil)?.map(\.0).joined() ?? ""
    }

    @Test func theLabelSaysWhatTheRelevantSortKept() {
        #expect(Self.label(strictness: 100, sorted: 12) == "sort: price:asc · 12 relevant of 40 · Alt-r all · F7")
        #expect(Self.label(strictness: 0, sorted: 40) == "sort: price:asc · all 40 · Alt-r relevant · F7")
        #expect(Self.label(strictness: nil, sorted: nil) == "sort: price:asc · F7", "no relevant sort, nothing to switch")
    }

    @Test func altRSwitchesBetweenTheIndexStrictnessAndEveryHit() async {
        var described = ProductsBackend.description
        described.sorts = [SortOption(name: "Cheapest", criterion: Self.cheapest)]
        let harness = AppHarness(indices: [described])
        await harness.start()
        await harness.press(.alt("r"))
        #expect(harness.screen(width: 100, height: 24).line(0).contains("relevant sort applies to a sorted view"))
        #expect(harness.hub.state.active.query.relevancyStrictness == nil)
        await harness.press(.function(7), .alt("r"))
        #expect(harness.hub.state.active.query.relevancyStrictness == 0, "every hit")
        await harness.press(.alt("r"))
        #expect(harness.hub.state.active.query.relevancyStrictness == nil, "back to the index's strictness")
    }
}
