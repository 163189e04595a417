import InstantSearchCore
import Testing

@testable import TerminalUI

/// Small things a new user saw wrong on real data, each drawn and compared whole: the mark's
/// space, a table's numbers with their decimals, the preview's position on its rule, the chips
/// beside an open preview.
@Suite struct ScreenDetailsTests {
    private static let movies = IndexDescription(
        name: "movies", searchableAttributes: ["title"], numericAttributes: ["rating"], displayAttributes: ["title", "rating"])

    /// A CSV row: the number 6 in the record, "6.0" in the file.
    private static func movie(_ id: String, _ title: String, rating: Double, cell: String) -> Hit {
        Hit(
            objectID: id, record: ["title": .string(title), "rating": .number(rating)],
            sourceCells: ["title": title, "rating": cell, "budget": ""])
    }

    @Test func aMarkedHitHasASpaceBetweenTheTickAndItsText() {
        let results = SearchResults(
            indexName: "movies", query: "", hits: [Self.movie("1", "ssh", rating: 6, cell: "6"), Self.movie("2", "scp", rating: 7, cell: "7")],
            nbHits: 2, nbPages: 1)
        var marks = Marks()
        marks.toggle(results.hits[0], in: "movies")
        let description = IndexDescription(name: "movies", searchableAttributes: ["title"], displayAttributes: ["title"])
        var list = HitsList()
        list.resize(height: 2, width: 20)
        let state = IndexState(name: "movies", results: results)
        _ = list.update(state, description: description)
        var canvas = Canvas(width: 20, height: 2)
        list.render(canvas.bounds, &canvas, state: state, description: description, focused: true, marks: marks)
        #expect(
            canvas.lines == [
                "▌✓ ssh",
                "   scp",
            ])
    }

    @Test func aTablesNumberKeepsTheDecimalsItHasInTheFile() {
        let results = SearchResults(
            indexName: "movies", query: "",
            hits: [
                Self.movie("1", "Godfather, The", rating: 9.1, cell: "9.1"),
                Self.movie("2", "Black Godfather, The", rating: 6, cell: "6.0"),
            ],
            nbHits: 2, nbPages: 1)
        var list = HitsList()
        list.resize(height: 2, width: 30)
        let state = IndexState(name: "movies", results: results)
        _ = list.update(state, description: Self.movies)
        var canvas = Canvas(width: 30, height: 2)
        list.render(canvas.bounds, &canvas, state: state, description: Self.movies, focused: true)
        #expect(
            canvas.lines == [
                "▌ Godfather, The   rating 9.1",
                "  Black Godfathe…  rating 6.0",
            ])
    }

    @Test func thePreviewShowsEveryCellOfATableRowAsTheFileHasIt() {
        var pane = PreviewPane()
        pane.resize(width: 24, height: 4)
        pane.show(Self.movie("2", "Black Godfather, The", rating: 6, cell: "6.0"))
        var canvas = Canvas(width: 24, height: 4)
        pane.render(canvas.bounds, &canvas)
        #expect(
            canvas.lines == [
                "objectID: 2",
                "title: Black Godfather,",
                "  The",
                "rating: 6.0",
            ])
        #expect(pane.position == " 1/5 ", "budget, empty, is the fifth line")
    }

    @Test func numberTextReadsACellsDecimals() {
        #expect(NumberText.decimals(ofCell: "6.0") == 1)
        #expect(NumberText.decimals(ofCell: "-12.50") == 2)
        #expect(NumberText.decimals(ofCell: "12") == 0)
        #expect(NumberText.decimals(ofCell: "1e6") == nil)
        #expect(NumberText.standard.value(.number(6), attribute: "rating", cell: "6.0") == "6.0")
        #expect(NumberText.standard.value(.number(12500), attribute: "votes", cell: "12500") == "12,500")
    }

    /// The preview's "1/N" sits on the rule above the pane, not over its first line; the chips
    /// row stops at the preview's rule.
    @Test func withThePreviewOpenItsPositionIsOnTheRuleAndTheChipsStayLeftOfIt() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(3), .down, .enter, .function(2), .function(6))  // refine by a brand, then the preview
        let screen = harness.screen(width: 60, height: 14)
        // A narrow preview: its position wins the rule's room over its name; the chips end at its
        // rule. The category's heading, with no row left for its values, is left out.
        #expect(
            screen.lines == [
                "  products 1   categories 4                   instantsearch",
                " ❯ Search products…",
                "─ Hits F2 ─────────┬─ …─ 1/14 ─┬─ Refinements F3 ───────────",
                " Refined …         │ objectID: │ BRAND any of      by count",
                "▌ Bose Q…  $299.00 │    4      │ [x] Bose                 1",
                "▌ Bose  ·  Audio   │ name:     │",
                "                   │   Bose    ├─ Range F4 ─────────────────",
                "                   │   QuietCo │ PRICE",
                "                   │   mfort   │ ●━━━━━━━━━━━━━━━━━━━━━━━━●",
                "                   │   headpho │ $299.00           $1499.00",
                "                   │   nes     │ any",
                "───────────────────┴───────────┴────────────────────────────",
                " 1 result  0.3 ms                                  realtime",
                " F1 help  Tab index  F2-F4 panes  F6 preview  Enter pick  E…",
            ])
    }
}
