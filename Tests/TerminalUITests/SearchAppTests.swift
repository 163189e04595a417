import InstantSearchCore
import Testing

@testable import TerminalUI

@Suite struct SearchAppRenderingTests {
    @Test func firstFrameShowsTabsHitsFacetsRangeStatsAndHints() async {
        let harness = AppHarness()
        await harness.start()
        let screen = harness.screen()
        #expect(screen.line(0).contains("products 4"))
        #expect(screen.line(0).contains("categories"))
        #expect(screen.line(1) == " ❯ Search products…")
        #expect(screen.row(containing: "Sony Bravia TV") != nil)
        #expect(screen.row(containing: "$899.99") != nil)
        #expect(screen.row(containing: "BRAND any of") != nil)
        #expect(screen.row(containing: "CATEGORY all of") != nil)
        #expect(screen.row(containing: "[ ] Sony") != nil)
        #expect(screen.row(containing: "PRICE") != nil)
        #expect(screen.line(22).contains("4 results"))
        #expect(screen.line(23).hasPrefix(" F1 help"))
    }

    @Test func typedWordsAreHighlightedInHits() async {
        let harness = AppHarness()
        await harness.start()
        await harness.type("oled")
        let screen = harness.screen()
        #expect(screen.line(1) == " ❯ oled")
        let row = try! #require(screen.row(containing: "LG OLED evo TV"))
        let column = try! #require(screen.column(of: "OLED", inRow: row))
        #expect(screen.style(x: column, y: row)?.foreground == .highlight)
        #expect(screen.style(x: column - 2, y: row)?.foreground != .highlight)
        #expect(screen.line(22).contains("1 result "))
        #expect(screen.row(containing: "Sony Bravia") == nil)
    }

    @Test func noResultsSaysSo() async {
        let harness = AppHarness()
        await harness.start()
        await harness.type("zzz")
        #expect(harness.screen().row(containing: "No results for “zzz”.") != nil)
    }

    @Test func aTerminalTooSmallGetsAMessageNotAMess() async {
        let harness = AppHarness()
        let screen = harness.screen(width: 39, height: 10)
        #expect(screen.line(0).hasPrefix("Make the terminal at least 40×8"))
        #expect(harness.screen(width: 40, height: 7).line(0).hasPrefix("Make the terminal at least 40×8"))
    }

    /// On a wide terminal the display attributes go in columns on the hit's
    /// row, the price right-aligned just after the longest title, not at the far edge.
    @Test func widerTerminalsLayTheHitsOutInColumns() async {
        let harness = AppHarness()
        await harness.start()
        let wide = harness.screen(width: 160, height: 40)
        #expect(wide.line(39).hasPrefix(" F1 help"))
        let row = try! #require(wide.row(containing: "Sony Bravia TV"))
        let longestTitleEnd = 2 + "Bose QuietComfort headphones".count  // marker, space, the widest title
        // Prices right-aligned in a column two cells after the titles, as wide as the widest ($1499.00).
        #expect(wide.column(of: "$899.99", inRow: row).map { $0 + "$899.99".count } == longestTitleEnd + 2 + "$1499.00".count)
        #expect(wide.line(row).contains("$899.99  Sony  TV"), "brand and category in columns on the same row")
        let next = try! #require(wide.row(containing: "Sony WH-1000XM5 headphones"))
        #expect(next == row + 1, "nothing for a second row: one row a hit")
    }

    @Test func helpOverlayListsEveryBindingOfTheKeyTable() async {
        let harness = AppHarness()
        await harness.press(.function(1))
        var seen = harness.screen(width: 160, height: 40).lines
        for _ in 0..<8 {
            await harness.press(.pageDown)
            seen += harness.screen(width: 160, height: 40).lines
        }
        let text = seen.joined(separator: "\n")
        // The table in force: with several indices Tab switches them in the hits list too.
        for group in harness.app.keys.groups {
            #expect(text.contains(group.title))
            for row in group.rows {
                #expect(text.contains(row.keys) && seen.contains { $0.contains(row.action) }, "help is missing \(row.keys)")
            }
        }
        await harness.press(.escape)
        #expect(!harness.app.showsHelp)
        #expect(harness.app.outcome == nil)
    }

    @Test func onASmallTerminalTheHelpScrollsToItsLastKey() async {
        let harness = AppHarness()
        await harness.press(.function(1))
        let lastRow = harness.app.keys.groups.last!.rows.last!
        let last = "\(lastRow.keys)  "
        #expect(!harness.screen(width: 80, height: 24).lines.contains { $0.contains(last) && $0.contains(lastRow.action) })
        #expect(harness.screen(width: 80, height: 24).row(containing: "↓ more") != nil)
        for _ in 0..<12 { await harness.press(.pageDown) }
        let scrolled = harness.screen(width: 80, height: 24)
        #expect(scrolled.lines.contains { $0.contains(last) && $0.contains(lastRow.action) })
        #expect(scrolled.row(containing: "↓ more") == nil)
        #expect(harness.app.searchBox.text.isEmpty, "keys scroll the help; they do not edit the query")
    }
}

@Suite struct SearchAppKeyTests {
    @Test func ctrlSpaceInTheRefinementListTogglesAndCountsFollow() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(3))
        #expect(harness.app.focus == .refinements)
        #expect(harness.app.refinementList.selectedItem?.value == "Sony")
        await harness.press(.control(" "))
        #expect(harness.hub.searcher.query.isRefined("brand", value: "Sony"))
        let screen = harness.screen()
        #expect(screen.row(containing: "[x] Sony") != nil)
        #expect(screen.line(22).contains("2 results"))
        #expect(screen.line(3).contains("brand: Sony ×"), "a chip above the hits")
        // The query did not change: Ctrl-Space went to the list, not the search box.
        #expect(harness.app.searchBox.text.isEmpty)
        // CATEGORY counts now only cover Sony's products.
        #expect(screen.row(containing: "[ ] TV") != nil)
        await harness.press(.enter)
        #expect(!harness.hub.searcher.query.hasRefinements)
    }

    /// fzf's `--disabled` keeps the query for commands alone; refinements still search.
    @Test func disabledHoldsTheQueryBackButNotTheRefinements() async {
        var options = SearchApp.Options()
        options.disabled = true
        let harness = AppHarness(options: options)
        await harness.start()
        await harness.type("oled")
        #expect(harness.app.searchBox.text == "oled")
        #expect(harness.hub.searcher.query.text.isEmpty)
        await harness.press(.function(3))
        await harness.press(.control(" "))
        #expect(harness.hub.searcher.query.isRefined("brand", value: "Sony"))
        #expect(harness.screen().line(22).contains("2 results"))
    }

    @Test func typingGoesToTheSearchBoxWhicheverPaneHasFocus() async {
        let harness = AppHarness()
        await harness.press(.function(3))
        await harness.type("tv")
        #expect(harness.app.searchBox.text == "tv")
        #expect(harness.hub.searcher.query.text == "tv")
    }

    /// Space is a printable key like any other: "sony head" typed with the refinement list,
    /// the slider or the hits focused is that query, and nothing is refined or moved.
    @Test(arguments: [Key.function(2), .function(3), .function(4), .alt("3"), .alt("4")])
    func spaceTypesWhicheverPaneHasFocus(focusKey: Key) async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(focusKey)
        await harness.type("sony head")
        #expect(harness.app.searchBox.text == "sony head")
        #expect(harness.hub.searcher.query.text == "sony head")
        #expect(!harness.hub.searcher.query.hasRefinements)
        #expect(harness.app.sliderPane.thumb == .lower)
    }

    @Test func altDigitsFocusThePanesAsTheFKeysDo() async {
        let harness = AppHarness()
        await harness.press(.alt("3"))
        #expect(harness.app.focus == .refinements)
        await harness.press(.alt("4"))
        #expect(harness.app.focus == .slider)
        await harness.press(.alt("2"))
        #expect(harness.app.focus == .hits)
        await harness.press(.alt("1"))
        #expect(harness.app.showsHelp)
        await harness.press(.alt("1"))
        #expect(!harness.app.showsHelp)
        #expect(harness.app.searchBox.text.isEmpty)
    }

    @Test func sliderThumbMovesApplyARange() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(4))
        for _ in 0..<12 { await harness.press(.right) }
        let range = try! #require(harness.hub.searcher.query.numericRanges["price"])
        #expect(range.lower != nil && range.upper == nil)
        #expect(range.lower! > 299)
        await harness.press(.control(" "), .left)
        #expect(harness.hub.searcher.query.numericRanges["price"]?.upper != nil)
        let screen = harness.screen()
        #expect(screen.line(3).contains("price: $"))
        await harness.press(.delete)
        #expect(harness.hub.searcher.query.numericRanges.isEmpty)
    }

    @Test func tabSwitchesIndexAndKeepsEachIndexRefinements() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(3), .enter)
        await harness.press(.tab)
        #expect(harness.hub.activeDescription.name == "categories")
        #expect(harness.screen().line(1) == " ❯ Search categories…")
        await harness.press(.backTab)
        #expect(harness.hub.searcher.query.isRefined("brand", value: "Sony"))
    }

    @Test func enterOnAHitFinishesWithThatHit() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.down)
        #expect(harness.app.handle(.enter) == false)
        #expect(harness.app.outcome == .selected(harness.hub.searcher.results!.hits[1]))
        #expect(harness.app.hitsList.selection == 1)
    }

    @Test func escapeReturnsToTheHitsListThenQuits() async {
        let harness = AppHarness()
        await harness.press(.function(4))
        #expect(harness.app.handle(.escape))
        #expect(harness.app.focus == .hits)
        #expect(harness.app.handle(.escape) == false)
        #expect(harness.app.outcome == .cancelled)
    }

    @Test func ctrlCQuitsFromAnywhereEvenTheHelp() async {
        let harness = AppHarness()
        await harness.press(.function(1))
        #expect(harness.app.handle(.control("c")) == false)
        #expect(harness.app.outcome == .cancelled)
    }

    @Test func ctrlXClearsTheRefinements() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(3), .control(" "))
        #expect(harness.hub.searcher.query.hasRefinements)
        await harness.press(.control("x"))
        #expect(!harness.hub.searcher.query.hasRefinements)
    }
}

/// The facet widgets in the whole app: the search in facet values takes the keys while it is open, and the
/// chips row above the hits removes one refinement.
@Suite struct FacetKeysInTheAppTests {
    @Test func ctrlFSearchesTheFacetValuesAndEnterPicksTheValueFound() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(3), .control("f"))
        #expect(harness.app.refinementList.isSearching)
        await harness.type("l")
        #expect(harness.app.searchBox.text.isEmpty, "typed into the facet search, not the query")
        #expect(harness.hub.state.active.facetList.search?.text == "l")
        var screen = harness.screen()
        #expect(screen.row(containing: "/ brand: l") != nil)
        #expect(screen.row(containing: "[ ] LG") != nil)
        #expect(screen.row(containing: "Sony") == screen.row(containing: "Sony Bravia"), "Sony is not found by l")
        await harness.press(.enter)
        #expect(!harness.app.refinementList.isSearching)
        #expect(harness.hub.searcher.query.isRefined("brand", value: "LG"))
        screen = harness.screen()
        #expect(screen.row(containing: "[x] LG") != nil)
        #expect(screen.line(3).contains("brand: LG ×"))
        // Esc closes a search without picking anything; leaving the pane closes it too.
        await harness.press(.control("f"))
        await harness.type("s")
        await harness.press(.escape)
        #expect(!harness.app.refinementList.isSearching)
        #expect(harness.app.focus == .refinements)
        #expect(harness.hub.searcher.query.facetRefinements["brand"] == ["LG"])
        await harness.press(.control("f"), .function(2))
        #expect(harness.hub.state.active.facetList.search == nil)
    }

    @Test func altOOrdersTheFocusedFacetByNameAndBack() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(3))
        #expect(harness.app.refinementList.items.prefix(3).map(\.value) == ["Sony", "Bose", "LG"])
        await harness.press(.alt("o"))
        #expect(harness.app.refinementList.items.prefix(3).map(\.value) == ["Bose", "LG", "Sony"])
        let screen = harness.screen()
        #expect(screen.line(3).contains("BRAND any of") && screen.line(3).contains("by name"))
        #expect(screen.row(containing: "CATEGORY all of").map { screen.line($0).contains("by count") } == true, "only the focused facet")
        await harness.press(.alt("o"))
        #expect(harness.app.refinementList.items.first?.value == "Sony")
    }

    @Test func f8FocusesTheChipsAndDeleteRemovesTheOneUnderTheCursor() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(3), .enter, .down, .down, .down, .enter)
        #expect(harness.hub.searcher.query.facetRefinements == ["brand": ["Sony"], "category": ["Audio"]])
        await harness.press(.alt("c"))
        #expect(harness.app.focus == .currentRefinements, "Alt-c as F8")
        await harness.press(.right, .delete)
        #expect(harness.hub.searcher.query.facetRefinements == ["brand": ["Sony"]])
        #expect(harness.app.searchBox.text.isEmpty)
        let screen = harness.screen()
        #expect(screen.line(3).contains("brand: Sony ×") && !screen.line(3).contains("category"))
        await harness.press(.backspace)
        #expect(!harness.hub.searcher.query.hasRefinements)
        #expect(harness.screen().line(3).contains("No refinements"))
    }

    @Test func aClickOnAChipRemovesThatRefinement() async throws {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(3), .enter, .down, .down, .down, .enter)
        #expect(harness.hub.searcher.query.facetRefinements == ["brand": ["Sony"], "category": ["Audio"]])
        let screen = harness.screen()
        let x = try #require(screen.column(of: "category: Audio", inRow: 3))
        harness.app.handle(MouseEvent(.press(.left), x: x + 2, y: 3))
        await harness.settle()
        #expect(harness.hub.searcher.query.facetRefinements == ["brand": ["Sony"]])
        #expect(harness.app.focus == .currentRefinements)
        // A click on the row beside the chips changes nothing.
        harness.app.handle(MouseEvent(.press(.left), x: 50, y: 3))
        #expect(harness.hub.searcher.query.facetRefinements == ["brand": ["Sony"]])
    }
}
