import InstantSearchCore
import Testing

@testable import TerminalUI

/// fzf's `--layout`: where the prompt goes and which way the hits run, asserted on the canvas.
@Suite struct ListLayoutTests {
    private func harness(_ layout: ListLayout) -> AppHarness {
        var options = SearchApp.Options()
        options.layout = layout
        return AppHarness(options: options)
    }

    @Test func reverseIsTheLookWithoutTheOption() async {
        let plain = AppHarness()
        let reverse = harness(.reverse)
        await plain.start()
        await reverse.start()
        #expect(plain.screen().lines == reverse.screen().lines)
        #expect(plain.screen().lines[1].hasPrefix(" " + SearchBox.defaultPrompt), "the prompt on the second row")
    }

    @Test func defaultPutsThePromptAtTheBottomAndTheFirstHitNearestIt() async {
        let harness = harness(.default)
        await harness.start()
        let screen = harness.screen()
        let prompt = try! #require(screen.lines.firstIndex { $0.hasPrefix(" " + SearchBox.defaultPrompt) })
        #expect(prompt == 22, "the prompt on the row above the key hints")
        #expect(screen.line(21).contains("4 results"), "the stats line (fzf's info) just above the prompt")
        #expect(screen.line(23).contains("Esc"), "the key hints stay on the last row")
        let first = try! #require(screen.row(containing: "Sony Bravia TV"))
        let second = try! #require(screen.row(containing: "Sony WH-1000XM5"))
        #expect(second < first, "the list runs upward")
        #expect(first == 18, "the first hit ends on the body's last row (its second row at 19)")
        #expect(screen.line(first).hasPrefix("▌"), "the first hit selected")
        #expect(screen.style(x: 3, y: first)?.background == Theme.selectedRow.background)
    }

    @Test func upGoesToTheNextHitWhenTheListRunsUpward() async {
        let harness = harness(.default)
        await harness.start()
        await harness.press(.up)
        #expect(harness.app.hitsList.selection == 1)
        let screen = harness.screen()
        let row = try! #require(screen.row(containing: "Sony WH-1000XM5"))
        #expect(screen.line(row).hasPrefix("▌"))
        await harness.press(.down)
        #expect(harness.app.hitsList.selection == 0)
    }

    @Test func aClickSelectsTheHitDrawnThereWhenTheListRunsUpward() async {
        let harness = harness(.default)
        await harness.start()
        let screen = harness.screen()
        let row = try! #require(screen.row(containing: "LG OLED evo TV"))
        harness.app.handle(MouseEvent(.press(.left), x: 10, y: row))
        harness.app.handle(MouseEvent(.release, x: 10, y: row))
        #expect(harness.app.hitsList.selection == 2)
    }

    @Test func reverseListPutsThePromptAtTheBottomAndTheListTopDown() async {
        let harness = harness(.reverseList)
        await harness.start()
        let screen = harness.screen()
        #expect(screen.line(22).hasPrefix(" " + SearchBox.defaultPrompt))
        let first = try! #require(screen.row(containing: "Sony Bravia TV"))
        let second = try! #require(screen.row(containing: "Sony WH-1000XM5"))
        #expect(first < second)
        #expect(first <= 4, "the first hit near the top: \(first)")
        await harness.press(.down)
        #expect(harness.app.hitsList.selection == 1)
    }

    @Test func rowsKeepTheirCountInEveryOrder() {
        for hints in [true, false] {
            for header in [true, false] {
                let top = ScreenLayout.rowOrder(hasHeader: header, showsHints: hints, promptAtBottom: false)
                let bottom = ScreenLayout.rowOrder(hasHeader: header, showsHints: hints, promptAtBottom: true)
                #expect(Set(top) == Set(bottom))
                #expect(top.count == bottom.count)
                #expect(bottom.firstIndex(of: .searchBox)! > bottom.firstIndex(of: .body)!)
            }
        }
    }

    @Test func theSidebarRuleJoinsTheRulesWithThePromptAtTheBottom() async {
        let harness = harness(.default)
        await harness.start()
        let screen = harness.screen(width: 100, height: 24)
        let layout = try! #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 100, height: 24), listLayout: .default))
        let x = try! #require(layout.sidebarRule?.x)
        #expect(screen.cell(x: x, y: layout.topRule.y)?.text == "┬")
        #expect(screen.cell(x: x, y: layout.bottomRule!.y)?.text == "┴")
        #expect(layout.topRule.y == 1 && layout.searchBox.y == 22)
    }
}
