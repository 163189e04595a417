import InstantSearchCore
import Testing

@testable import TerminalUI

/// The facet widgets on a fixed canvas, whole: show more / less, the search input in a
/// facet list, the current-refinement chips.
@Suite struct FacetWidgetCanvasTests {
    private let description = IndexDescription(name: "shop", facetAttributes: ["brand"], disjunctiveFacets: ["brand"])

    /// Brands A… with counts 120, 110, …: twelve of them, as a backend asked for eleven or more gives.
    private func state(brands: Int, expanded: Bool = false, refined: Set<String> = [], search: FacetValueSearch? = nil) -> IndexState {
        let values = (0..<brands).map { FacetValueCount(value: "Brand \(Character(Unicode.Scalar(65 + $0)!))", count: 120 - 10 * $0) }
        var query = Query(facets: ["brand"], disjunctiveFacets: ["brand"])
        query.facetRefinements["brand"] = refined.isEmpty ? nil : refined
        var state = IndexState(name: "shop", query: query, results: SearchResults(indexName: "shop", nbHits: 5, facets: ["brand": values]))
        state.facetList = FacetListState(expanded: expanded ? ["brand"] : [], search: search)
        return state
    }

    private func drawn(_ list: RefinementList, width: Int = 26, height: Int, focused: Bool = true) -> (Canvas, (x: Int, y: Int)?) {
        var canvas = Canvas(width: width, height: height)
        let cursor = list.render(canvas.bounds, &canvas, focused: focused)
        return (canvas, cursor)
    }

    @Test func aLongFacetShowsTenValuesAndAShowMoreRowThatTogglesIt() {
        var list = RefinementList()
        list.resize(height: 13)
        list.update(state(brands: 12), description: description, limits: (10, 100))
        let (collapsed, _) = drawn(list, height: 13, focused: false)
        #expect(
            collapsed.lines == [
                " BRAND any of    by count",
                " [ ] Brand A          120",
                " [ ] Brand B          110",
                " [ ] Brand C          100",
                " [ ] Brand D           90",
                " [ ] Brand E           80",
                " [ ] Brand F           70",
                " [ ] Brand G           60",
                " [ ] Brand H           50",
                " [ ] Brand I           40",
                " [ ] Brand J           30",
                "   + show more",
                "",
            ])
        // Ctrl-O from any value of the facet, or Enter on the row itself.
        #expect(list.perform(.toggleShowMore).intents == [.toggleShowMore(attribute: "brand")])
        for _ in 0..<10 { _ = list.perform(.down) }
        #expect(list.perform(.toggleRefinement).intents == [.toggleShowMore(attribute: "brand")])

        list.resize(height: 15)
        list.update(state(brands: 12, expanded: true, refined: ["Brand L"]), description: description, limits: (10, 100))
        let (expanded, _) = drawn(list, height: 15, focused: false)
        #expect(
            expanded.lines.prefix(3) == [
                " BRAND any of    by count",
                " [x] Brand L           10",
                " [ ] Brand A          120",
            ], "the refined value on top")
        #expect(expanded.lines[12] == " [ ] Brand K           20")
        #expect(expanded.lines[13] == "   − show less")
        #expect(list.perform(.toggleFacetOrder).intents == [.toggleFacetOrder(attribute: "brand")])
    }

    @Test func theSearchInputTakesTextAndShowsTheValuesFound() {
        var list = RefinementList()
        list.resize(height: 5)
        list.update(state(brands: 12), description: description)
        #expect(list.perform(.searchFacetValues).intents == [.searchFacetValues(attribute: "brand", text: "")])

        let found = FacetSearchResults(facetHits: [.init(value: "Brand K", count: 20), .init(value: "Brand Kappa", count: 3)])
        let searching = FacetValueSearch(attribute: "brand", text: "k", results: found)
        list.update(state(brands: 12, search: searching), description: description)
        let (canvas, cursor) = drawn(list, height: 5)
        #expect(
            canvas.lines == [
                " / brand: k",
                "▌[ ] Brand K           20",
                " [ ] Brand Kappa        3",
                "",
                "",
            ])
        #expect(cursor?.x == 11 && cursor?.y == 0, "the cursor where the next letter goes")
        #expect(list.isSearching)
        #expect(list.type("a") == [.searchFacetValues(attribute: "brand", text: "ka")])
        #expect(list.perform(.backwardDeleteChar).intents == [.searchFacetValues(attribute: "brand", text: "")])
        _ = list.perform(.down)
        #expect(list.perform(.toggleRefinement).intents == [.toggleRefinement(attribute: "brand", value: "Brand Kappa")])
        #expect(list.perform(.accept).intents == [.toggleRefinement(attribute: "brand", value: "Brand Kappa"), .closeFacetSearch])
        #expect(list.perform(.closeFacetSearch).intents == [.closeFacetSearch])

        let nothing = FacetValueSearch(attribute: "brand", text: "zz", results: FacetSearchResults(facetHits: []))
        list.update(state(brands: 12, search: nothing), description: description)
        #expect(drawn(list, height: 2).0.lines == [" / brand: zz", "   no brand matches"])
        let failed = FacetValueSearch(attribute: "brand", text: "zz", error: SearchFailure("timed out"))
        list.update(state(brands: 12, search: failed), description: description)
        #expect(drawn(list, height: 2).0.lines == [" / brand: zz", "   ⚠ timed out"])
    }

    @Test func theChipsRowShowsEveryRefinementAndRemovesTheSelectedOne() {
        var bar = CurrentRefinementsBar()
        var shop = description
        shop.numericAttributes = ["price", "rating"]
        shop.numberFormats = ["price": .currency(code: "USD")]
        var query = Query()
        query.facetRefinements = ["brand": ["Sony", "LG"]]
        query.numericRanges = ["price": NumericRange(lower: 100, upper: 12_500), "rating": NumericRange(lower: 4)]
        bar.update(IndexState(name: "shop", query: query), description: shop)
        var canvas = Canvas(width: 80, height: 1)
        bar.render(canvas.bounds, &canvas, focused: true)
        #expect(canvas.lines == [" Refined  brand: LG ×   brand: Sony ×   price: $100.00 to $12,500.00 ×  …"])
        #expect(canvas.style(x: 10, y: 0)?.attributes.contains(.reverse) == true, "the selected chip")

        _ = bar.perform(.nextRefinement)
        _ = bar.perform(.nextRefinement)
        _ = bar.perform(.nextRefinement)
        #expect(bar.perform(.nextRefinement).handled)
        #expect(bar.selectedChip?.attribute == "rating")
        var scrolled = Canvas(width: 80, height: 1)
        bar.render(scrolled.bounds, &scrolled, focused: true)
        #expect(scrolled.lines == [" Refined… brand: Sony ×   price: $100.00 to $12,500.00 ×   rating ≥ 4 ×"])
        #expect(bar.perform(.removeRefinement).intents == [.setRange(attribute: "rating", range: nil)])
        _ = bar.perform(.previousRefinement)
        #expect(bar.perform(.removeRefinement).intents == [.setRange(attribute: "price", range: nil)])

        bar.update(IndexState(name: "shop", query: Query()), description: shop)
        var empty = Canvas(width: 30, height: 1)
        bar.render(empty.bounds, &empty, focused: false)
        #expect(empty.lines == [" No refinements"])
        #expect(bar.perform(.removeRefinement).intents == [])
    }
}
