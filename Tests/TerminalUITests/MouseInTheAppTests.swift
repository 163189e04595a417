import InstantSearchCore
import Testing

@testable import TerminalUI

/// Clicks and the wheel, given to the app as the event loop gives them; where to click is
/// read from the drawn canvas (as a user aims), where it lands is the app's layout.
@Suite struct MouseInTheAppTests {
    private func click(_ harness: AppHarness, x: Int, y: Int) async {
        harness.app.handle(MouseEvent(.press(.left), x: x, y: y))
        harness.app.handle(MouseEvent(.release, x: x, y: y))
        await harness.settle()
    }

    @Test func theLayoutTellsWhichPaneIsUnderAPoint() throws {
        let layout = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 24)))
        func target(_ x: Int, _ y: Int) -> MouseTarget? { layout.mouseTarget(x: x, y: y, focus: .hits)?.target }
        #expect(target(3, 0) == .tabs)
        #expect(target(3, 1) == .searchBox)
        #expect(target(3, layout.hits.y + 1) == .hits)
        #expect(target(3, layout.chips.y) == .chips)
        #expect(target(layout.refinements.x + 2, layout.refinements.y) == .refinements)
        #expect(target(layout.slider.x + 2, layout.slider.y + 1) == .slider)
        #expect(target(3, layout.topRule.y) == nil, "rules are no pane")
        #expect(target(try #require(layout.sidebarRule).x, 5) == nil)
    }

    /// Folded (a small screen), the body holds the focused pane alone: a click there is on it.
    @Test func onAFoldedScreenTheBodyIsTheFocusedPane() throws {
        let layout = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 50, height: 10)))
        #expect(layout.isFolded)
        let point = (x: 5, y: layout.body.y + 2)
        #expect(layout.mouseTarget(x: point.x, y: point.y, focus: .hits)?.target == .hits)
        #expect(layout.mouseTarget(x: point.x, y: point.y, focus: .refinements)?.target == .refinements)
        #expect(layout.mouseTarget(x: point.x, y: point.y, focus: .slider)?.target == .slider)
    }

    @Test func aClickOnAFacetValueTogglesItAndFocusesTheList() async throws {
        let harness = AppHarness()
        await harness.start()
        let screen = harness.screen()
        let y = try #require(screen.row(containing: "[ ] LG"))
        let x = try #require(screen.column(of: "[ ] LG", inRow: y)) + 4
        await click(harness, x: x, y: y)
        #expect(harness.app.focus == .refinements)
        #expect(harness.hub.searcher.query.isRefined("brand", value: "LG"))
        let refined = harness.screen()
        let again = try #require(refined.row(containing: "[x] LG"))
        await click(harness, x: try #require(refined.column(of: "[x] LG", inRow: again)) + 4, y: again)
        #expect(!harness.hub.searcher.query.hasRefinements, "a second click unticks it")
        #expect(harness.app.searchBox.text.isEmpty)
    }

    @Test func aClickOnAHeadingOrBelowTheValuesTogglesNothing() async throws {
        let harness = AppHarness()
        await harness.start()
        let screen = harness.screen()
        let y = try #require(screen.row(containing: "BRAND"))
        await click(harness, x: try #require(screen.column(of: "BRAND", inRow: y)), y: y)
        await click(harness, x: screen.width - 5, y: 19)
        #expect(!harness.hub.searcher.query.hasRefinements)
    }

    @Test func aClickOnAHitSelectsIt() async throws {
        let harness = AppHarness()
        await harness.start()
        let screen = harness.screen()
        let y = try #require(screen.row(containing: "LG OLED evo TV"))
        await harness.press(.function(3))
        await click(harness, x: 10, y: y + 1)  // the hit's second row counts too
        #expect(harness.app.focus == .hits)
        #expect(harness.app.hitsList.selection == 2)
        #expect(harness.app.outcome == nil, "a click selects; Enter picks")
        await click(harness, x: 10, y: screen.height - 6)  // below the last hit
        #expect(harness.app.hitsList.selection == 2)
    }

    @Test func theWheelMovesThroughTheListUnderThePointer() async throws {
        let harness = AppHarness()
        await harness.start()
        let layout = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 24)))
        let before = harness.app.refinementList.selectedItem
        harness.app.handle(MouseEvent(.wheelDown, x: layout.refinements.x + 3, y: layout.refinements.y + 2))
        #expect(harness.app.refinementList.selectedItem != before)
        #expect(harness.app.focus == .hits, "the wheel does not move the focus")
        #expect(harness.app.hitsList.selection == 0)
        harness.app.handle(MouseEvent(.wheelDown, x: 5, y: 5))
        harness.app.handle(MouseEvent(.wheelDown, x: 5, y: 5))
        harness.app.handle(MouseEvent(.wheelUp, x: 5, y: 5))
        #expect(harness.app.hitsList.selection == 1)
    }

    @Test func aClickOnATabSwitchesIndex() async throws {
        let harness = AppHarness()
        await harness.start()
        let screen = harness.screen()
        let x = try #require(screen.column(of: "categories", inRow: 0))
        await click(harness, x: x + 2, y: 0)
        #expect(harness.hub.activeDescription.name == "categories")
        let back = try #require(harness.screen().column(of: "products", inRow: 0))
        await click(harness, x: back, y: 0)
        #expect(harness.hub.activeDescription.name == "products")
    }

    @Test func aClickOnTheSliderTrackMovesTheNearerThumb() async throws {
        let harness = AppHarness()
        await harness.start()
        let screen = harness.screen()
        let layout = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 24)))
        let track = harness.app.sliderPane.track(in: layout.slider)
        #expect(screen.line(track.y).contains("●━━━"), "the track is where the layout says")
        // Near the right end: the upper thumb comes down there; the lower stays open.
        await click(harness, x: track.maxX - 3, y: track.y)
        #expect(harness.app.focus == .slider)
        let upper = try #require(harness.hub.searcher.query.numericRanges["price"])
        #expect(upper.lower == nil && upper.upper != nil && upper.upper! < 1499)
        #expect(harness.app.sliderPane.thumb == .upper)
        // Near the left end: the lower thumb moves, the upper keeps its place.
        await click(harness, x: track.x + 3, y: track.y)
        let both = try #require(harness.hub.searcher.query.numericRanges["price"])
        #expect(both.lower != nil && both.lower! > 299 && both.upper == upper.upper)
        #expect(harness.app.sliderPane.thumb == .lower)
    }

    @Test func underTheHelpTheWheelScrollsItAndAClickBesideItClosesIt() async {
        let harness = AppHarness()
        await harness.press(.function(1))
        _ = harness.screen(width: 80, height: 12)
        let top = harness.app.help.list.offset
        harness.app.handle(MouseEvent(.wheelDown, x: 40, y: 6))
        #expect(harness.app.help.list.offset == top + 1)
        await click(harness, x: harness.app.help.box.x + 2, y: harness.app.help.box.y + 2)
        #expect(harness.app.showsHelp, "a click inside the help leaves it open")
        await click(harness, x: 0, y: 0)
        #expect(!harness.app.showsHelp)
        #expect(harness.hub.activeDescription.name == "products", "the click closed the help and did nothing else")
    }
}
