import InstantSearchCore
import Testing

@testable import TerminalUI

/// fzf's --border (and its label), --margin, --padding and --info, asserted on the canvas.
@Suite struct ScreenFrameTests {
    private func harness(_ change: (inout SearchApp.Options) -> Void) -> AppHarness {
        var options = SearchApp.Options()
        change(&options)
        return AppHarness(options: options)
    }

    @Test func aRoundedBorderWithACentredLabelFramesThePanes() async {
        let harness = harness {
            $0.frame.border = .rounded
            $0.frame.label = "Products"
        }
        await harness.start()
        let screen = harness.screen()
        #expect(screen.line(0).hasPrefix("╭─"))
        #expect(screen.line(0).hasSuffix("─╮"))
        #expect(screen.line(23).hasPrefix("╰─") && screen.line(23).hasSuffix("─╯"))
        #expect(screen.column(of: "Products", inRow: 0) == (80 - 8) / 2)
        #expect(screen.style(x: 0, y: 0) == Theme.standard.border)
        #expect(screen.style(x: 36, y: 0) == Theme.standard.paneTitle, "the label in the label element's look")
        #expect(screen.line(2).hasPrefix("│ " + SearchBox.defaultPrompt), "the search box inside the border")
        #expect(screen.line(12).hasPrefix("│") && screen.line(12).hasSuffix("│"))
        #expect(screen.line(3).hasPrefix("│─ Hits"), "the rules stay inside")
        #expect(screen.line(22).contains("F1 help"), "the hints on the last row inside")
    }

    @Test func sidesAndLineStylesOfFzfsBorders() async {
        let harness = harness { $0.frame.border = .horizontal }
        await harness.start()
        let screen = harness.screen()
        #expect(screen.line(0) == String(repeating: "─", count: 80))
        #expect(screen.line(1).hasPrefix("  products"), "no side borders: the tabs at the left edge")
        let bold = self.harness {
            $0.frame.border = .bold; $0.frame.label = "x"; $0.frame.labelPosition = 3; $0.frame.labelAtBottom = true
        }
        await bold.start()
        let boxed = bold.screen()
        #expect(boxed.line(0).hasPrefix("┏━━"))
        #expect(boxed.line(23).hasPrefix("┗━x━"), "the label from the third column, on the bottom border (as fzf)")
    }

    @Test func marginAndPaddingInCellsAndPercent() async {
        let harness = harness {
            $0.frame.border = .sharp
            $0.frame.margin = ScreenFrame.Edges.parse("1,10%")!
            $0.frame.padding = ScreenFrame.Edges.parse("0,1")!
        }
        await harness.start()
        let screen = harness.screen()
        #expect(screen.line(0).trimmingCharacters(in: .whitespaces).isEmpty, "one row of margin")
        #expect(screen.column(of: "┌", inRow: 1) == 8, "10% of 80 columns")
        #expect(screen.column(of: "┐", inRow: 1) == 71)
        #expect(screen.column(of: SearchBox.defaultPrompt, inRow: 3) == 8 + 1 + 1 + 1, "border, padding, the box's own column")
        #expect(screen.line(23).trimmingCharacters(in: .whitespaces).isEmpty)
    }

    @Test func edgesReadFzfsForms() {
        let four = ScreenFrame.Edges.parse("1,2,3,4%")
        #expect(four?.top == .cells(1) && four?.right == .cells(2) && four?.bottom == .cells(3) && four?.left == .percent(4))
        let three = ScreenFrame.Edges.parse("1,2,3")
        #expect(three?.left == .cells(2) && three?.bottom == .cells(3))
        for bad in ["", "1,", "a", "1,2,3,4,5", "101%", "-1", "1 ,2"] { #expect(ScreenFrame.Edges.parse(bad) == nil, "\(bad)") }
    }

    @Test func tooMuchMarginAsksForALargerTerminal() async {
        let harness = harness { $0.frame.margin = ScreenFrame.Edges.parse("10")! }
        await harness.start()
        #expect(harness.screen().line(0).hasPrefix("Make the terminal at least"))
    }

    @Test func infoHiddenInlineAndInlineRight() async {
        let hidden = harness { $0.info = .hidden }
        await hidden.start()
        var screen = hidden.screen()
        #expect(screen.row(containing: "4 results") == nil)
        #expect(screen.line(23).contains("F1 help"))
        let inline = harness { $0.info = .inline }
        await inline.start()
        await inline.type("so")
        screen = inline.screen()
        #expect(screen.line(1).hasPrefix(" " + SearchBox.defaultPrompt + "so"))
        #expect(
            screen.column(of: "2 results", inRow: 1) == 1 + SearchBox.defaultPrompt.displayWidth + 2 + 3,
            "after the query, the cursor's cell, a space and the stats line's own")
        let right = harness { $0.info = .inlineRight }
        await right.start()
        screen = right.screen()
        let column = try! #require(screen.column(of: "4 results", inRow: 1))
        #expect(column > 40, "in the right half")
        #expect(screen.row(containing: "4 results") == 1)
    }
}

/// The preview at small heights (fzf's --height 12): the sidebar folds first, the preview keeps its share.
@Suite struct SmallHeightPreviewTests {
    @Test func twelveRowsShowThePreviewBesideTheHits() async throws {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(6))
        let screen = harness.screen(width: 80, height: 12)
        let layout = try #require(harness.app.layout)
        #expect(layout.isFolded, "the sidebar's panes folded away first")
        let preview = try #require(layout.preview, "the preview has its share")
        #expect(preview.x > 30 && preview.height >= 4)
        #expect(screen.line(layout.topRule.y).contains("Preview"), "its title on the rule:\n\(screen.lines.joined(separator: "\n"))")
        #expect(screen.cell(x: layout.previewRule!.x, y: layout.topRule.y)?.text == "┬")
        let hit = try #require(screen.row(containing: "Sony Bravia TV"))
        #expect(screen.column(of: "Sony Bravia TV", inRow: hit)! < preview.x, "the hits on the left")
        #expect((preview.y..<preview.maxY).contains { screen.line($0).dropFirst(preview.x).contains("Sony") }, "the record in the preview")
    }

    @Test func aFoldedPaneWithFocusHasTheBodyWithoutThePreview() async throws {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(6), .function(3))
        let screen = harness.screen(width: 80, height: 12)
        #expect(harness.app.focus == .refinements)
        #expect(screen.row(containing: "BRAND") != nil, "the refinements have the body")
        #expect(screen.row(containing: "Sony Bravia TV") == nil)
    }
}

/// fzf's --wrap: a long title over several rows, the hit still selected whole.
@Suite struct WrappedHitsTests {
    static let long = IndexDescription(name: "notes", searchableAttributes: ["text"], displayAttributes: ["text"])

    private func harness(wrap: Bool) -> AppHarness {
        var options = SearchApp.Options()
        options.wrap = wrap
        return AppHarness(options: options, indices: [ProductsBackend.description])
    }

    @Test func aLongTitleWrapsAndTheSelectionCoversEveryRow() async throws {
        let harness = harness(wrap: true)
        await harness.start()
        // 40 columns: "Bose QuietComfort headphones" is one column too long beside its price.
        let screen = harness.screen(width: 40, height: 24)
        let first = try #require(screen.row(containing: "Bose QuietComfort"))
        #expect(!screen.line(first).contains("headphones"), "the title goes on on the next row:\n\(screen.lines.joined(separator: "\n"))")
        #expect(screen.line(first + 1).contains("headphones"))
        #expect(!screen.lines.contains { $0.contains("…") && $0.contains("Bose Q") }, "nothing cut")
        await harness.press(.down, .down, .down)
        let selected = harness.screen(width: 40, height: 24)
        #expect(selected.line(first).hasPrefix("▌") && selected.line(first + 1).hasPrefix("▌"), "the bar beside every row of the hit")
        #expect(selected.style(x: 3, y: first + 1)?.background == .selection)
        #expect(harness.app.handle(.enter) == false)
        #expect(harness.app.outcomeHits.map(\.objectID) == ["4"], "picked whole")
    }

    @Test func withoutWrapTheTitleIsCutWithAnEllipsis() async throws {
        let harness = harness(wrap: false)
        await harness.start()
        let screen = harness.screen(width: 40, height: 24)
        let first = try #require(screen.row(containing: "Bose QuietComfort"))
        #expect(screen.line(first).contains("…"))
    }
}

/// fzf's --height ~N: the rows the content needs, within N.
@Suite struct AdaptiveHeightTests {
    @Test func aTildeMakesAnyHeightAdaptive() {
        #expect(InlineHeight.parse("~20") == .adaptive(.rows(20)))
        #expect(InlineHeight.parse("~40%") == .adaptive(.percent(40)))
        for bad in ["~", "~~20", "~2", "~0%", "20~"] { #expect(InlineHeight.parse(bad) == nil, "\(bad)") }
        let adaptive = InlineHeight.adaptive(.rows(20))
        #expect(adaptive.rows(terminalRows: 50, needed: 9) == 9)
        #expect(adaptive.rows(terminalRows: 50, needed: 3) == InlineHeight.minimumRows)
        #expect(adaptive.rows(terminalRows: 50, needed: 400) == 20)
        #expect(adaptive.rows(terminalRows: 12, needed: 400) == 12, "never more than the terminal has")
        #expect(InlineHeight.rows(20).rows(terminalRows: 50, needed: 9) == 20, "without ~ the height is fixed")
    }

    @Test func linesNeedTheirRowsAndTheInterfacesAndNeverShrinkBack() async {
        let lines = IndexDescription(name: "lines", searchableAttributes: ["name"], displayAttributes: ["name"])
        let harness = AppHarness(indices: [lines])
        await harness.start()
        // Four hits of one row each (no details): 4 + 6 rows would be under 12, so no hints:
        // tabs, search box, rule, the 4 rows, stats.
        #expect(harness.app.neededRows == 8)
        harness.app.hitRowsSeen = 9
        #expect(harness.app.neededRows == 9 + 6, "from 12 rows on, the hints and their rule too")
        harness.app.hitRowsSeen = 4
        let before = harness.app.neededRows
        await harness.type("bose")
        #expect(harness.app.neededRows == before, "a narrower query does not shrink it")
        let facets = AppHarness()
        await facets.start()
        #expect(facets.app.neededRows == nil, "refinement panes want every row")
    }
}
