import Testing

@testable import TerminalUI

/// The compact screen's arithmetic (`--compact`, the shell keys'): two rows around the panes,
/// as fzf spends its prompt and info line, at every height.
@Suite struct CompactLayoutTests {
    /// " Hits F2 ", as the app measures the hits' title with the default keys.
    let titleWidth = 9

    @Test(arguments: [(80, 24), (100, 30), (120, 27), (120, 28), (120, 50)])
    func theBodyHasEveryRowButTheSearchBoxAndTheRule(width: Int, height: Int) throws {
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        let layout = try #require(ScreenLayout(screen: screen, compact: titleWidth))
        #expect(layout.searchBox.y == 0 && layout.topRule.y == 1)
        #expect(layout.body == Rect(x: 0, y: 2, width: width, height: height - 2))
        #expect(layout.hits.y == 2 && layout.hits.height == height - 2, "no chips row: every body row is a hit's")
        #expect(layout.bottomRule == nil && layout.hints == nil && layout.tabs.height == 0)
        // The count at the search box's right end (fzf's inline-right), where the hint goes too.
        let statsWidth = min(width / 2, 60)
        #expect(layout.stats == Rect(x: width - statsWidth, y: 0, width: statsWidth, height: 1))
        #expect(layout.searchBox == Rect(x: 0, y: 0, width: width - statsWidth, height: 1))
        // The standard screen at the same size spends seven rows (from 12 rows up).
        let standard = try #require(ScreenLayout(screen: screen))
        #expect(standard.hits.height == height - 7)
    }

    @Test func theChipsGoOnTheRuleAfterTheHitsTitle() throws {
        let layout = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 24), compact: titleWidth))
        #expect(layout.chipsOnRule)
        // "─ Hits F2 ─" then the chips, up to the hits column's end.
        #expect(layout.chips == Rect(x: 11, y: 1, width: layout.hits.maxX - 11, height: 1))
        #expect(layout.sidebarRule == Rect(x: layout.hits.maxX + 1, y: 2, width: 1, height: 22))
        #expect(!(try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 24)))).chipsOnRule)
    }

    @Test func severalIndicesKeepTheTabsRow() throws {
        let layout = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 24), compact: titleWidth, showsTabs: true))
        #expect(layout.tabs == Rect(x: 0, y: 0, width: 80, height: 1))
        #expect(layout.searchBox.y == 1 && layout.topRule.y == 2 && layout.hits.height == 21)
    }

    @Test func anInfoStyleAskedForWins() throws {
        let screen = Rect(x: 0, y: 0, width: 80, height: 24)
        let own = try #require(ScreenLayout(screen: screen, info: .default, compact: titleWidth))
        #expect(own.stats.y == 0, "default: on the search box's row")
        let right = try #require(ScreenLayout(screen: screen, info: .right, compact: titleWidth))
        #expect(right.stats == Rect(x: 0, y: 23, width: 80, height: 1) && right.hits.height == 21)
        let hidden = try #require(ScreenLayout(screen: screen, info: .hidden, compact: titleWidth))
        #expect(hidden.stats.width == 0 && hidden.hits.height == 22 && hidden.searchBox.width == 80)
    }

    @Test func thePromptAtTheBottomPutsTheRuleOnTop() throws {
        let layout = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 24), listLayout: .default, compact: titleWidth))
        #expect(layout.topRule.y == 0 && layout.body == Rect(x: 0, y: 1, width: 80, height: 22) && layout.searchBox.y == 23)
        #expect(layout.chips.y == 0)
    }

    @Test func aPreviewBesideTheHitsLeavesTheRuleToTheChips() throws {
        let window = PreviewWindow(position: .right, size: 50, startsHidden: false)
        let layout = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 120, height: 30), preview: window, compact: titleWidth))
        let preview = try #require(layout.preview)
        #expect(preview.y == 2 && preview.maxY == 30, "the preview takes the body's rows, not the rule")
        #expect(layout.chips.y == 1 && layout.chips.maxX == layout.hits.maxX)
    }

    @Test func aFoldedScreenKeepsTheChipsRow() throws {
        // Every pane's title is on the rule: the chips keep the body's first row.
        let layout = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 50, height: 24), compact: titleWidth))
        #expect(layout.isFolded && !layout.chipsOnRule)
        #expect(layout.chips == Rect(x: 0, y: 2, width: 49, height: 1) && layout.hits.height == 21)
    }

    @Test func theRowOrderSaysWhatTheNeededRowsCount() {
        #expect(
            ScreenLayout.rowOrder(hasHeader: true, showsHints: true, promptAtBottom: false, compact: .init(showsTabs: false))
                == [.searchBox, .header, .topRule, .body, .stats])
        #expect(ScreenLayout.info(.default, compact: true) == .inlineRight && ScreenLayout.info(.default, compact: false) == .default)
    }
}
