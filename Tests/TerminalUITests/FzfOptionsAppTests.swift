import InstantSearchCore
import Testing

@testable import TerminalUI

/// fzf's --multi, --expect, --history, --header and --prompt inside the app, and the layout
/// folding on few rows (--height 10), asserted on the canvas.
@Suite struct FzfOptionsAppTests {
    @Test func ctrlSpaceMarksAcrossQueriesAndEnterPicksTheMarksInMarkingOrder() async {
        let harness = AppHarness(options: SearchApp.Options(multi: true))
        await harness.start()
        await harness.press(.down, .down, .control(" "))  // LG OLED evo TV
        await harness.type("sony")
        await harness.press(.down, .control(" "))  // Sony WH-1000XM5 headphones
        var screen = harness.screen()
        #expect(screen.line(22).contains("2 results"))
        #expect(screen.line(22).contains("2 marked"), "every mark is counted, shown or not")
        #expect(screen.line(23).contains("Ctrl-Space mark"), "the hint bar names the mark key with --multi")
        let row = try! #require(screen.row(containing: "Sony WH-1000XM5"))
        #expect(screen.line(row).contains("✓ Sony WH-1000XM5"))
        #expect(screen.row(containing: "✓ Sony Bravia") == nil)
        await harness.press(.control("u"))
        screen = harness.screen()
        #expect(screen.line(22).contains("2 marked"))
        #expect(screen.row(containing: "✓ LG OLED evo TV") != nil, "the mark is back with the hit")
        await harness.press(.control(" "))  // Sony Bravia TV, the first row again
        await harness.press(.control(" "))  // and unmarked
        #expect(harness.app.marks.count == 2)
        #expect(harness.app.handle(.enter) == false)
        let names = harness.app.outcomeHits.map { $0.record["name"]!.stringValue! }
        #expect(names == ["LG OLED evo TV", "Sony WH-1000XM5 headphones"])
    }

    /// fzf's --pointer and --marker: the selected hit's bar and a mark, each in its column and
    /// in the pointer's and marker's colours; the default bar is gone.
    @Test func pointerAndMarkerAreDrawnInTheirColumns() async {
        var options = SearchApp.Options(multi: true)
        (options.pointer, options.marker) = ("▶", "*")
        let harness = AppHarness(options: options)
        await harness.start()
        await harness.press(.control(" "), .down)
        let screen = harness.screen()
        let marked = try! #require(screen.row(containing: "Sony Bravia"))
        #expect(screen.line(marked).hasPrefix(" * Sony Bravia"), "\(screen.line(marked))")
        #expect(screen.style(x: 1, y: marked) == Theme.marker)
        let selected = try! #require(screen.row(containing: "Sony WH-1000XM5"))
        #expect(screen.line(selected).hasPrefix("▶  Sony WH-1000XM5"), "\(screen.line(selected))")
        #expect(screen.style(x: 0, y: selected) == Theme.pointer)
        #expect(screen.row(containing: "▌") == nil)
    }

    @Test func withoutMultiCtrlSpaceMarksNothing() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.control(" "))
        #expect(harness.app.marks.isEmpty)
        #expect(!harness.screen().line(22).contains("marked"))
        #expect(!harness.screen().line(23).contains("mark"))
        #expect(harness.app.handle(.enter) == false)
        #expect(harness.app.outcomeHits.count == 1)
    }

    @Test func anExpectedKeyEndsTheSessionWithItsNameAndEnterWithNone() async {
        let harness = AppHarness(options: SearchApp.Options(expect: [.control("o"): "ctrl-o"]))
        await harness.start()
        await harness.press(.function(3), .down)
        #expect(harness.app.handle(.control("o")) == false)
        #expect(
            harness.app.outcome == .accepted(hits: [harness.hub.searcher.results!.hits[0]], key: "ctrl-o"),
            "the selected hit, whichever pane has focus")
        let enter = AppHarness(options: SearchApp.Options(expect: [.control("o"): "ctrl-o"]))
        await enter.start()
        enter.app.handle(.enter)
        #expect(enter.app.outcome == .accepted(hits: [enter.hub.searcher.results!.hits[0]], key: ""))
    }

    @Test func enterOnAnEmptyListEndsWithNoHit() async {
        let harness = AppHarness()
        await harness.start()
        await harness.type("zzz")
        #expect(harness.app.handle(.enter) == false)
        #expect(harness.app.outcome == .accepted(hits: [], key: ""))
    }

    @Test func ctrlPAndCtrlNWalkTheHistoryAndComeBackToTheTypedQuery() async {
        let history = QueryHistory(entries: ["bose", "lg oled"])
        let harness = AppHarness(options: SearchApp.Options(history: history))
        await harness.start()
        await harness.type("so")
        await harness.press(.control("p"))
        #expect(harness.app.searchBox.text == "lg oled")
        #expect(harness.hub.searcher.query.text == "lg oled")
        #expect(harness.app.hitsList.selection == 0)
        await harness.press(.control("p"), .control("p"))
        #expect(harness.app.searchBox.text == "bose")
        #expect(harness.screen().line(22).contains("1 result"))
        await harness.press(.control("n"), .control("n"))
        #expect(harness.app.searchBox.text == "so")
        await harness.press(.control("n"))
        #expect(harness.app.searchBox.text == "so")
    }

    @Test func withoutHistoryCtrlNStillMovesTheList() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.control("n"))
        #expect(harness.app.hitsList.selection == 1)
        #expect(harness.app.searchBox.text.isEmpty)
    }

    @Test func theHeaderIsALineUnderTheSearchBoxAndThePromptStandsBeforeTheQuery() async {
        let harness = AppHarness(options: SearchApp.Options(header: "Pick a product", prompt: "product> "))
        await harness.start()
        await harness.type("lg")
        let screen = harness.screen()
        #expect(screen.line(1) == " product> lg")
        #expect(screen.line(2) == " Pick a product")
        #expect(screen.line(3).hasPrefix("─") && screen.line(3).contains(" Hits F2 "))
        #expect(screen.line(22).contains("1 result"))
    }

    /// fzf's --header-lines: the input's first lines under the --header, over the hits' text
    /// column for column, in their own colours (--ansi); only for the index they came with.
    @Test func headerLinesStandOverTheHitsInTheirColours() async {
        var options = SearchApp.Options(header: "Pick one")
        let title = ANSIText(parsing: "\u{1B}[31mNAME\u{1B}[0m KIND")
        options.headerLines = ["products": [title, ANSIText(text: "multi\nline")]]
        let harness = AppHarness(options: options)
        await harness.start()
        let screen = harness.screen()
        #expect(screen.line(2) == " Pick one")
        #expect(screen.line(3) == "  NAME KIND")
        #expect(screen.line(4) == "  multi␊line")
        #expect(screen.line(5).hasPrefix("─"))
        #expect(screen.column(of: "NAME", inRow: 3) == screen.column(of: "Sony Bravia TV", inRow: screen.row(containing: "Sony Bravia TV") ?? 0))
        #expect(screen.style(x: 2, y: 3)?.foreground == .ansiRed)
        #expect(screen.style(x: 7, y: 3) == Theme.secondary, "text without codes is the header's muted colour")
        await harness.press(.tab)
        #expect(harness.screen().row(containing: "NAME KIND") == nil, "the other index has no header lines")
    }

    @Test func tenRowsFoldThePanesAndEveryPaneStillWorks() async {
        let harness = AppHarness()
        await harness.start()
        var screen = harness.screen(width: 80, height: 10)
        #expect(screen.line(1) == " ❯ Search products…")
        #expect(screen.line(2).contains(" Hits F2 ") && screen.line(2).contains(" Refinements F3 ") && screen.line(2).contains(" Range F4 "))
        #expect(screen.row(containing: "Sony Bravia TV") == 3, "at 10 rows the hits keep the chips' row")
        #expect(screen.row(containing: "No refinements") == nil)
        #expect(screen.row(containing: "[ ] Sony") == nil, "the refinements fold away while the hits have focus")
        #expect(screen.line(9).contains("4 results"))
        await harness.press(.function(3))
        screen = harness.screen(width: 80, height: 10)
        #expect(screen.row(containing: "Sony Bravia TV") == nil)
        let sony = try! #require(screen.row(containing: "[ ] Sony"))
        #expect(sony > 2 && sony < 9)
        await harness.press(.enter)
        #expect(harness.hub.searcher.query.isRefined("brand", value: "Sony"))
        await harness.press(.function(4))
        screen = harness.screen(width: 80, height: 10)
        #expect(screen.row(containing: "PRICE") != nil)
        await harness.press(.right, .right)
        #expect(harness.hub.searcher.query.numericRanges["price"] != nil)
        await harness.press(.function(2))
        let smallest = harness.screen(width: 40, height: 8)
        #expect(smallest.line(1).hasPrefix(" ❯") && smallest.line(2).contains(" Hits F2 "), "40×8 still draws the interface")
        #expect(smallest.line(harness.app.layout!.hits.y).contains("Sony"))
    }
}

extension SearchApp {
    /// The hits the session ended with (none if it did not end by accepting).
    var outcomeHits: [Hit] {
        if case .accepted(let hits, _) = outcome { return hits }
        return []
    }
}
