import InstantSearchCore
import Testing

@testable import TerminalUI

/// The issue-16 "ranges" widgets on fixed canvases: toggles and a numeric menu in the
/// refinement pane, the typed range with its inline error, the slider pane's attribute list,
/// and the sort-by label in the header.
@Suite struct RangeWidgetCanvasTests {
    private func drawn(_ width: Int, _ height: Int, _ draw: (Rect, inout Canvas) -> Void) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        draw(canvas.bounds, &canvas)
        return canvas
    }

    private static let comedy = FilterToggle(attribute: "comedy", kind: .number)
    private static let inStock = FilterToggle(attribute: "in_stock", kind: .boolean)
    private static let priceMenu = NumericMenu(
        attribute: "price",
        buckets: [
            try! NumericMenuBucket(parsing: "<50"), try! NumericMenuBucket(parsing: "50-200"), try! NumericMenuBucket(parsing: ">200"),
        ])
    private static let movies = IndexDescription(
        name: "movies", facetAttributes: ["genre"], numericAttributes: ["price"],
        toggles: [comedy, inStock], numericMenus: [priceMenu])

    private func moviesState(_ query: Query) -> IndexState {
        let results = SearchResults(
            indexName: "movies", nbHits: 40,
            facets: [
                "genre": [FacetValueCount(value: "Drama", count: 30)],
                "in_stock": [FacetValueCount(value: "true", count: 25), FacetValueCount(value: "false", count: 15)],
            ],
            facetStats: ["comedy": FacetStats(min: 0, max: 1, avg: 0.3, sum: 12), "price": FacetStats(min: 5, max: 900, avg: 120, sum: 4800)])
        return IndexState(name: "movies", query: query, results: results)
    }

    @Test func togglesAndANumericMenuShowAboveTheFacetsAndEnterCyclesThem() {
        var list = RefinementList()
        list.resize(height: 12)
        var query = Self.movies.initialQuery()
        Self.comedy.apply(.on, to: &query)
        Self.inStock.apply(.off, to: &query)
        query.numericRanges["price"] = Self.priceMenu.buckets[1].range
        list.update(moviesState(query), description: Self.movies)
        let canvas = drawn(34, 12) { list.render($0, &$1, focused: true) }
        #expect(
            canvas.lines == [
                " TOGGLES Enter: on · off · any",
                "▌[x] comedy                    12",
                " [-] not in_stock              25",
                " PRICE one of",
                " [ ] <50",
                " [•] 50-200",
                " [ ] >200",
                " GENRE all of            by count",
                " [ ] Drama                     30",
                "",
                "",
                "",
            ])
        #expect(list.perform(.toggleRefinement).intents == [.setToggle(Self.comedy, .off)], "on → off")
        _ = list.perform(.down)
        #expect(list.perform(.toggleRefinement).intents == [.setToggle(Self.inStock, .any)], "off → any")
        _ = list.perform(.down)
        #expect(list.perform(.toggleRefinement).intents == [.setRange(attribute: "price", range: NumericRange(upper: 50, excludesUpper: true))])
        _ = list.perform(.down)
        #expect(list.perform(.toggleRefinement).intents == [.setRange(attribute: "price", range: nil)], "the picked bucket clears")
    }

    @Test func aTypedRangeThatDoesNotReadShowsItsErrorInlineAndAppliesNothing() {
        var pane = SliderPane()
        pane.resize(width: 34)
        var query = Self.movies.initialQuery()
        query.numericRanges["price"] = NumericRange(lower: 100, upper: 300)
        pane.update(moviesState(query), description: Self.movies)
        _ = pane.perform(.editRange)
        for character in "50-x" { pane.typeInRange(character) }
        #expect(pane.applyTypedRange() == [], "nothing applied")
        #expect(pane.isEditingRange, "the input stays open to fix")
        let canvas = drawn(34, 4) { pane.render($0, &$1, focused: true) }
        #expect(
            canvas.lines == [
                " PRICE",
                " range › 50-x",
                " ⚠ column 4: expected a number, f…",
                " now: 100 to 300",
            ])
        #expect(pane.inputCursor(in: canvas.bounds)! == (13, 1))
        _ = pane.editRange(.unixLineDiscard)
        for character in "<50" { pane.typeInRange(character) }
        #expect(pane.applyTypedRange() == [.setRange(attribute: "price", range: NumericRange(upper: 50, excludesUpper: true))])
        #expect(!pane.isEditingRange)
    }

    @Test func theSliderPaneListsItsAttributesAndJumpsToTheLast() {
        let names = (1...22).map { "flag\($0)" }
        let description = IndexDescription(name: "imdb", numericAttributes: names)
        var pane = SliderPane()
        pane.resize(width: 30, height: 9)
        var query = Query()
        query.numericRanges["flag22"] = NumericRange(lower: 2)
        let stats = Dictionary(uniqueKeysWithValues: names.map { ($0, FacetStats(min: 0, max: 10, avg: 5, sum: 50)) })
        pane.update(IndexState(name: "imdb", query: query, results: SearchResults(indexName: "imdb", facetStats: stats)), description: description)
        #expect(pane.wantedRows == 26)
        _ = pane.perform(.lastAttribute)
        let canvas = drawn(30, 9) { pane.render($0, &$1, focused: true) }
        #expect(
            canvas.lines == [
                " flag18                      ↑",
                " flag19",
                " flag20",
                " flag21",
                "▸flag22                   ≥ 2",
                " FLAG22 22/22",
                " ─────●━━━━━━━━━━━━━━━━━━━━━●",
                " 0                         10",
                " 2 to 10  ◂ moving from",
            ])
        // Shift-Right: an eighth of the 28-column track at once: 3 steps of 0.5 (10 over 27 steps, rounded up).
        #expect(pane.perform(.moveThumbFarRight).intents == [.setRange(attribute: "flag22", range: NumericRange(lower: 3.5))])
        _ = pane.perform(.pageUp)
        #expect(pane.attribute == "flag17", "a page is the list's five rows")
        _ = pane.perform(.firstAttribute)
        #expect(pane.attribute == "flag1")
        let unfocused = drawn(30, 4) { pane.render($0, &$1, focused: false) }
        #expect(unfocused.line(0) == " FLAG1 1/22 ↕", "without focus, the slider alone")
    }

    @Test func chipsNameTheSortTogglesAndStrictRanges() {
        var described = Self.movies
        described.sorts = [SortOption(name: "Cheapest", criterion: SortCriterion(attribute: "price", ascending: true))]
        var query = described.initialQuery()
        query.sortBy = SortCriterion(attribute: "price", ascending: true)
        Self.comedy.apply(.on, to: &query)
        Self.inStock.apply(.off, to: &query)
        query.numericRanges["price"] = NumericRange(upper: 50, excludesUpper: true)
        var bar = CurrentRefinementsBar()
        bar.update(moviesState(query), description: described)
        #expect(bar.chips.map(bar.label) == ["sort: Cheapest", "comedy: on", "in_stock: off", "price < 50"])
        query.numericRanges["price"] = .exactly(3)
        bar.update(moviesState(query), description: described)
        #expect(bar.chips.map(bar.label).last == "price = 3")
    }

    @Test func theSliderPaneGrowsForItsListAndTheRefinementsKeepAFewRows() throws {
        let screen = Rect(x: 0, y: 0, width: 80, height: 24)
        let normal = try #require(ScreenLayout(screen: screen))
        let grown = try #require(ScreenLayout(screen: screen, sliderRows: 26))
        #expect(normal.slider.height == 4)
        #expect(grown.refinements.height == ScreenLayout.minimumRefinementRows)
        #expect(grown.slider.maxY == normal.slider.maxY && grown.slider.height == normal.slider.height + normal.refinements.height - 3)
        #expect(try #require(ScreenLayout(screen: screen, sliderRows: 6)).slider.height == 6, "no more than it asks for")
    }

    @Test func whileTheRangeInputIsOpenKeysAndPastesGoThereNotIntoTheQuery() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(4), .control("f"))
        await harness.type("<3")
        harness.app.paste("00\n")
        #expect(harness.app.searchBox.text == "", "nothing went into the query")
        await harness.press(.backspace, .character("5"))
        await harness.press(.enter)
        #expect(harness.hub.state.active.query.numericRanges["price"] == NumericRange(upper: 305, excludesUpper: true))
        #expect(harness.hub.state.active.results?.nbHits == 1, "only the $299 headphones")
        await harness.press(.control("f"))
        await harness.type("abc")
        await harness.press(.escape)
        #expect(!harness.app.sliderPane.isEditingRange && harness.app.focus == .slider, "Esc closes the input, the pane keeps focus")
        await harness.type("x")
        #expect(harness.app.searchBox.text == "x", "typing edits the query again")
    }

    @Test func nextSortCyclesTheDeclaredSortsAndTheHeaderShowsTheCurrentOne() async {
        var described = ProductsBackend.description
        described.sorts = [
            SortOption(name: "Cheapest", criterion: SortCriterion(attribute: "price", ascending: true)),
            SortOption(name: "Priciest", criterion: SortCriterion(attribute: "price", ascending: false)),
        ]
        let harness = AppHarness(indices: [described])
        await harness.start()
        #expect(harness.screen(width: 80, height: 24).line(0).hasSuffix("sort: Relevance · F7"))
        await harness.press(.function(7))
        #expect(harness.hub.state.active.query.sortBy == SortCriterion(attribute: "price", ascending: true))
        #expect(harness.screen(width: 80, height: 24).line(0).hasSuffix("sort: Cheapest · F7"))
        await harness.press(.function(7), .function(7))
        #expect(harness.hub.state.active.query.sortBy == nil, "after the last sort, relevance again")

        let plain = AppHarness()
        await plain.start()
        await plain.press(.function(7))
        #expect(plain.screen().line(0).contains("⚠ no sorts: declare \"sorts\""), "the key says why it does nothing")
    }
}
