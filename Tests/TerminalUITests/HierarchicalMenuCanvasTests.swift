import InstantSearchCore
import Testing

@testable import TerminalUI

/// The hierarchical menu in the refinement pane, drawn on a fixed canvas: the tree indented
/// by depth, the refined path marked, counts on the right; Enter's intent refines a path.
@Suite struct HierarchicalMenuCanvasTests {
    static let tree = HierarchicalFacet(name: "category", sources: ["categories"])
    static let results = SearchResults(
        indexName: "shop", nbHits: 2,
        facets: [
            "brand": [FacetValueCount(value: "Sony", count: 1), FacetValueCount(value: "Bose", count: 1)],
            "category": [
                FacetValueCount(value: "Audio", count: 4), FacetValueCount(value: "TV", count: 2),
                FacetValueCount(value: "Audio > Headphones", count: 2), FacetValueCount(value: "Audio > Speakers", count: 1),
                FacetValueCount(value: "Audio > Headphones > Wireless", count: 1),
            ],
        ])

    static var description: IndexDescription {
        var description = IndexDescription(name: "shop", facetAttributes: ["brand"], disjunctiveFacets: ["brand"])
        description.hierarchicalFacets = [tree]
        return description
    }

    private func render(_ list: RefinementList, height: Int) -> [String] {
        var canvas = Canvas(width: 26, height: height)
        list.render(canvas.bounds, &canvas, focused: true)
        return canvas.lines
    }

    @Test func theTreeFollowsTheRefinedPath() {
        var list = RefinementList()
        list.resize(height: 10)
        var query = Self.description.initialQuery()
        query.facetRefinements["category"] = ["Audio > Headphones"]
        list.update(IndexState(name: "shop", query: query, results: Self.results), description: Self.description)
        for _ in 0..<3 { _ = list.perform(.down) }  // past the brands, onto Audio, then Headphones
        #expect(
            render(list, height: 10) == [
                " BRAND any of    by count",
                " [ ] Bose               1",
                " [ ] Sony               1",
                " CATEGORY tree   by count",
                " ▾ Audio                4",
                "▌  ● Headphones         2",
                "     ▸ Wireless         1",
                "   ▸ Speakers           1",
                " ▸ TV                   2",
                "",
            ])
        // Refining the refined value goes back up to its parent.
        #expect(list.perform(.toggleRefinement).intents == [.refineHierarchy(attribute: "category", path: "Audio")])
        _ = list.perform(.down)
        #expect(list.perform(.toggleRefinement).intents == [.refineHierarchy(attribute: "category", path: "Audio > Headphones > Wireless")])
    }

    @Test func unrefinedTheTreeShowsItsTopLevel() {
        var list = RefinementList()
        list.resize(height: 4)
        let query = Self.description.initialQuery()
        var description = Self.description
        description.facetAttributes = []
        list.update(IndexState(name: "shop", query: query, results: Self.results), description: description)
        #expect(
            render(list, height: 4) == [
                " CATEGORY tree   by count",
                "▌▸ Audio                4",
                " ▸ TV                   2",
                "",
            ])
        #expect(list.perform(.toggleRefinement).intents == [.refineHierarchy(attribute: "category", path: "Audio")])
    }
}
