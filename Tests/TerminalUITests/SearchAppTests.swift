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

    @Test func widerTerminalsGiveTheHitsTheExtraRoom() async {
        let harness = AppHarness()
        await harness.start()
        let wide = harness.screen(width: 160, height: 40)
        #expect(wide.line(39).hasPrefix(" F1 help"))
        let row = try! #require(wide.row(containing: "Sony Bravia TV"))
        #expect(wide.column(of: "$899.99", inRow: row)! > 80)
    }

    @Test func helpOverlayListsEveryBindingOfTheKeyTable() async {
        let harness = AppHarness()
        await harness.press(.function(1))
        var seen = harness.screen(width: 160, height: 40).lines
        for _ in 0..<6 {
            await harness.press(.pageDown)
            seen += harness.screen(width: 160, height: 40).lines
        }
        let text = seen.joined(separator: "\n")
        for group in KeyTable.standard.groups {
            #expect(text.contains(group.title))
            for row in group.rows {
                #expect(seen.contains { $0.contains(row.keys + " ") && $0.contains(row.action) }, "help is missing \(row.keys)")
            }
        }
        await harness.press(.escape)
        #expect(!harness.app.showsHelp)
        #expect(harness.app.outcome == nil)
    }

    @Test func onASmallTerminalTheHelpScrollsToItsLastKey() async {
        let harness = AppHarness()
        await harness.press(.function(1))
        let lastRow = KeyTable.standard.groups.last!.rows.last!
        let last = "\(lastRow.keys)  "
        #expect(!harness.screen(width: 80, height: 24).lines.contains { $0.contains(last) && $0.contains(lastRow.action) })
        #expect(harness.screen(width: 80, height: 24).row(containing: "↓ more") != nil)
        for _ in 0..<8 { await harness.press(.pageDown) }
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
        #expect(screen.line(22).contains("brand: Sony"))
        // The query did not change: Ctrl-Space went to the list, not the search box.
        #expect(harness.app.searchBox.text.isEmpty)
        // CATEGORY counts now only cover Sony's products.
        #expect(screen.row(containing: "[ ] TV") != nil)
        await harness.press(.enter)
        #expect(!harness.hub.searcher.query.hasRefinements)
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
        #expect(screen.line(22).contains("price:"))
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
