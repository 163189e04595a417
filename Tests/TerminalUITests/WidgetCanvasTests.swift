import InstantSearchCore
import Testing

@testable import TerminalUI

/// Each widget on its own, drawn into a canvas of its own size; the whole canvas is compared
/// (as ratatui's TestBackend does), not a row that "contains" something. `render` is a
/// non-mutating method of a value type: drawing cannot change a widget's state.
@Suite struct WidgetCanvasTests {
    private func products(_ text: String = "", query: Query = Query(facets: ["brand", "category"])) async throws -> SearchResults {
        var query = query
        query.text = text
        return try await ProductsBackend().search([IndexedQuery(indexName: "products", query: query)])[0]
    }

    /// A blank canvas of `width` × `height`, after `draw` has drawn into all of it.
    private func drawn(_ width: Int, _ height: Int, _ draw: (Rect, inout Canvas) -> Void) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        draw(canvas.bounds, &canvas)
        return canvas
    }

    private func state(_ results: SearchResults?, query: Query = Query(facets: ["brand", "category"]), error: SearchFailure? = nil, nextPage: Bool = false)
        -> IndexState
    {
        IndexState(name: "products", query: query, results: results, error: error, hasNextPage: nextPage)
    }

    @Test func hitsListDrawsTwoRowsAHitTheSelectionAndMoreBelow() async throws {
        var list = HitsList()
        list.resize(height: 4)
        let shown = state(try await products())
        _ = list.update(shown)
        _ = list.perform(.down, shown)
        let canvas = drawn(40, 4) { list.render($0, &$1, state: shown, description: ProductsBackend.description, focused: true) }
        #expect(
            canvas.lines == [
                "  Sony Bravia TV                $899.99",
                "  Sony  ·  TV",
                "▌ Sony WH-1000XM5 headphones    $349.00",
                "▌ Sony  ·  Audio                       ↓",
            ])
        #expect(canvas.style(x: 2, y: 2)?.background == .selection)
        #expect(canvas.style(x: 2, y: 0)?.background != .selection)
    }

    @Test func hitsLayoutOneGivesEveryHitOneRow() async throws {
        var oneRow = ProductsBackend.description
        oneRow.hitsLayout = .one
        var list = HitsList()
        list.resize(height: 3)
        let shown = state(try await products())
        _ = list.update(shown, description: oneRow)
        _ = list.perform(.down, shown)
        let canvas = drawn(40, 3) { list.render($0, &$1, state: shown, description: oneRow, focused: true) }
        #expect(
            canvas.lines == [
                "  Sony Bravia TV                $899.99",
                "▌ Sony WH-1000XM5 headphones    $349.00",
                "  LG OLED evo TV               $1499.00↓",
            ])
    }

    @Test func hitsListScrollsWithTheSelectionAndAsksForTheNextPageAsAnIntent() async throws {
        var list = HitsList()
        list.resize(height: 4)
        let first = state(try await products(), nextPage: true)
        let atFirst = list.update(first)
        let atSecond = list.perform(.down, first).intents
        let atThird = list.perform(.down, first).intents
        #expect(atFirst == [], "two of four hits loaded past the selection: no need yet")
        #expect(atSecond == [], "selection 1, two in view: still two below")
        #expect(atThird == [.nextPage])
        let canvas = drawn(40, 4) { list.render($0, &$1, state: first, description: ProductsBackend.description, focused: false) }
        #expect(
            canvas.lines == [
                "  Sony WH-1000XM5 headphones    $349.00",
                "  Sony  ·  Audio",
                "│ LG OLED evo TV               $1499.00",
                "│ LG  ·  TV                            ↓",
            ])
        let other = state(try await products("sony"))
        _ = list.update(other)
        #expect(list.selection == 0, "new results (not a next page) start at the first hit")
    }

    @Test func hitsListKeepsTheSelectedRecordWhenTheSameQueryIsAnsweredAgain() async throws {
        var list = HitsList()
        list.resize(height: 8)
        let first = try await products()
        _ = list.update(state(first))
        _ = list.perform(.down, state(first))
        let selected = first.hits[1].objectID
        // The same query answered again after a reload (--watch) that put a record in front.
        var reloaded = first
        reloaded.hits.insert(first.hits[3], at: 0)
        reloaded.hits.remove(at: 4)
        _ = list.update(state(reloaded))
        #expect(list.selection == 2 && reloaded.hits[2].objectID == selected, "the record, not the row, stays selected")
        var gone = reloaded
        gone.hits.remove(at: 2)
        _ = list.update(state(gone))
        #expect(list.selection == 0, "a record no longer there: back to the first hit")
    }

    @Test func hitsListAfterAFailureSaysSoInsteadOfOlderHits() {
        var list = HitsList()
        list.resize(height: 4)
        let failed = state(nil, error: SearchFailure("connection refused"))
        _ = list.update(failed)
        let canvas = drawn(40, 2) { list.render($0, &$1, state: failed, description: nil, focused: true) }
        #expect(canvas.lines == ["  The search failed (the stats line say…", ""])
    }

    @Test func refinementListDrawsHeadingsCountsAndTheSelectedValue() async throws {
        var list = RefinementList()
        list.resize(height: 9)
        var query = Query(facets: ["brand", "category"])
        query.facetRefinements["category"] = ["TV"]
        list.update(state(try await products(query: query), query: query), description: ProductsBackend.description)
        _ = list.perform(.down)
        let canvas = drawn(24, 9) { list.render($0, &$1, focused: true) }
        #expect(
            canvas.lines == [
                " BRAND any of  by count",
                " [ ] LG               1",
                "▌[ ] Sony             1",
                " CATEGORY all of",
                " [x] TV               2",
                "",
                "",
                "",
                "",
            ])
        let toggled = list.perform(.toggleRefinement).intents
        #expect(toggled == [.toggleRefinement(attribute: "brand", value: "Sony")])
    }

    @Test func refinementListShowsNoCountsAfterAFailure() {
        var list = RefinementList()
        list.resize(height: 3)
        list.update(state(nil, error: SearchFailure("timed out")), description: ProductsBackend.description)
        let canvas = drawn(30, 3) { list.render($0, &$1, focused: false) }
        #expect(canvas.lines == [" No counts: search failed.", "", ""])
    }

    @Test func sliderPaneDrawsTheTrackBoundsAndRange() async throws {
        var pane = SliderPane()
        pane.resize(width: 22)
        var query = Query(facets: ["brand", "category"])
        query.numericRanges["price"] = NumericRange(lower: 899.99)
        pane.update(state(try await products(query: query), query: query), description: ProductsBackend.description)
        let canvas = drawn(22, 4) { pane.render($0, &$1, focused: true) }
        #expect(
            canvas.lines == [
                " PRICE",
                " ──────────●━━━━━━━━●",
                " $299.00     $1499.00",
                " $899.99 to $1499.00",
            ])
        let moved = pane.perform(.moveThumbRight).intents
        guard case .setRange(let attribute, let range)? = moved.first else {
            Issue.record("a thumb move is a setRange intent")
            return
        }
        #expect(attribute == "price")
        #expect((range?.lower ?? 0) > 899.99)
    }

    @Test func sectionsViewDrawsEverySectionAndRefinedValues() async throws {
        let movies = SectionDefinition(title: "Products", indexName: "products", content: .hits(limit: 2))
        let brands = SectionDefinition(title: "Brands", indexName: "products", content: .facetValues(attribute: "brand", limit: 2))
        var query = Query()
        query.facetRefinements["brand"] = ["LG"]
        let sections = SectionsState(sections: [
            .init(definition: movies, hits: try await products("tv"), query: query),
            .init(
                definition: brands,
                facetValues: FacetSearchResults(facetHits: [
                    FacetValueCount(value: "Sony", count: 2), FacetValueCount(value: "LG", count: 1),
                ]), query: query),
        ])
        var view = SectionsView(indices: [ProductsBackend.description])
        view.update(sections)
        for _ in 0..<2 { _ = view.perform(.down) }  // past the two hits, onto the first value
        let canvas = drawn(50, 6) { view.render($0, &$1, state: sections) }
        #expect(
            canvas.lines == [
                " PRODUCTS  2 results in products",
                "  Sony Bravia TV  ·  Sony  ·  TV          $899.99",
                "  LG OLED evo TV  ·  LG  ·  TV           $1499.00",
                " BRANDS  brand of matching records in products —",
                "▌ [ ] Sony                                      2",
                "  [x] LG                                        1",
            ])
        let refined = view.perform(.toggleRefinement).intents
        #expect(refined == [.toggleSectionValue(section: 1, value: "Sony")])
        #expect(SectionsView.summary(sections) == "Products 2 · Brands 2 values")
        #expect(SectionsView.summary(SectionsState(sections: [], error: SearchFailure("down"))) == "⚠ down")

        // Clicks land on the rows drawn above: a value refines, a hit is selected, a heading is nothing.
        let area = Rect(x: 0, y: 0, width: 50, height: 6)
        #expect(view.click(y: 5, in: area, state: sections).intents == [.toggleSectionValue(section: 1, value: "LG")])
        #expect(view.click(y: 3, in: area, state: sections).handled == false)
        let onHit = view.click(y: 2, in: area, state: sections)
        #expect(onHit.handled && onHit.intents.isEmpty)
        #expect(view.selectedHit?.objectID == "3")
        #expect(drawn(50, 6) { view.render($0, &$1, state: sections) }.line(2).hasPrefix("▌ LG OLED evo TV"))
    }

    @Test func sectionHeadersCountInTheSingularForOne() async throws {
        let products = SectionDefinition(title: "Products", indexName: "products", content: .hits(limit: 2))
        let brands = SectionDefinition(title: "Brands", indexName: "products", content: .facetValues(attribute: "brand", limit: 2))
        let one = try await self.products("bravia")
        #expect(one.nbHits == 1)
        let sections = SectionsState(sections: [
            .init(definition: products, hits: one),
            .init(definition: brands, facetValues: FacetSearchResults(facetHits: [FacetValueCount(value: "Sony", count: 1)])),
        ])
        var view = SectionsView(indices: [ProductsBackend.description])
        view.update(sections)
        let canvas = drawn(50, 4) { view.render($0, &$1, state: sections) }
        #expect(canvas.line(0) == " PRODUCTS  1 result in products")
        #expect(canvas.line(2) == " BRANDS  brand of matching records in products —")
        #expect(SectionsView.summary(sections) == "Products 1 · Brands 1 value")
    }

    @Test func helpOverlayDrawsItsBoxAndScrolls() {
        var help = HelpOverlay(
            table: KeyTable(bindings: [
                .init(.control("c"), .global, .abort),
                .init(.function(2), .global, .focusHits),
                .init(.up, .hits, .up),
                .init(.control("p"), .hits, .up),
            ]))
        let screen = Rect(x: 0, y: 0, width: 50, height: 8)
        help.resize(screen: screen)
        #expect(
            drawn(50, 8) { help.render(&$1) }.lines == [
                "",
                " ╭─  Keys — Esc or F1 closes  ──────────────────╮",
                " │                                              │",
                " │ Everywhere                                   │",
                " │   Ctrl-C             quit from anywhere (st… │",
                " │   F2                 focus the hits list     │",
                " ╰───────────────────────── ↓ more: Down, PgDn ─╯",
                "",
            ])
        let scrolled = help.perform(.pageDown)
        #expect(scrolled)
        let canvas = drawn(50, 8) { help.render(&$1) }
        // Three rows in view, a page is two: the list now starts at F2, then the blank line.
        #expect(canvas.line(3) == " │   F2                 focus the hits list     │")
        #expect(canvas.line(4) == " │                                              │")
    }

    @Test func statsLineAndTabsDrawFromTheHubStateAlone() async throws {
        let results = try await products("sony")
        var active = state(results)
        active.query.facetRefinements["brand"] = ["Sony"]
        let hub = HubState(
            indices: [ProductsBackend.description, categoriesDescription], queryText: "sony", keystrokes: 4, requestsSent: 3,
            index: [active, IndexState(name: "categories")])
        let canvas = drawn(70, 2) { area, canvas in
            StatsLine.render(Rect(x: 0, y: 0, width: area.width, height: 1), &canvas, state: hub)
            IndexTabs.render(Rect(x: 0, y: 1, width: area.width, height: 1), &canvas, state: hub)
        }
        #expect(
            canvas.lines == [
                " 2 results  0.3 ms                          realtime · 3 req / 4 keys",
                "  products 2   categories                               instantsearch",
            ])
    }
}

extension WidgetCanvasTests {
    /// A line search that found nothing says why on the stats line (and nothing is dropped silently).
    @Test func statsLineShowsWhyALineSearchFoundNothing() {
        var results = SearchResults(indexName: "stdin", query: "zip paris")
        results.notice = "no line matches “paris”"
        var active = IndexState(name: "stdin")
        active.results = results
        let hub = HubState(indices: [IndexDescription(name: "stdin")], queryText: "zip paris", index: [active])
        let canvas = drawn(70, 1) { area, canvas in
            StatsLine.render(Rect(x: 0, y: 0, width: area.width, height: 1), &canvas, state: hub)
        }
        #expect(canvas.line(0).hasPrefix(" 0 results  0.0 ms  no line matches “paris”"))
    }
}
