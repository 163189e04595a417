import Testing

@testable import TerminalUI

/// fzf's screen geometry for plain lines: where the prompt, info line, headers, list and
/// preview go, for each layout, as fzf 0.74.5 draws them (rows read off its tmux captures).
@Suite struct PickerLayoutTests {
    private static let area = Rect(x: 0, y: 0, width: 40, height: 12)

    private static func layout(_ change: (inout PickerLayout.Settings) -> Void = { _ in }) -> PickerLayout {
        var settings = PickerLayout.Settings()
        change(&settings)
        return PickerLayout(area: area, settings: settings)
    }

    @Test func theDefaultLayoutHasThePromptAtTheBottomAndTheListRunningUpward() {
        let layout = Self.layout()
        #expect(layout.prompt == Rect(x: 0, y: 11, width: 40, height: 1))
        #expect(layout.infoRow == Rect(x: 0, y: 10, width: 40, height: 1))
        #expect(layout.list == Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(layout.listRunsUpward)
        #expect(layout.previewBox == nil)
    }

    @Test func reverseHasThePromptOnTopAndTheListBelow() {
        let layout = Self.layout { $0.layout = .reverse }
        #expect(layout.prompt.y == 0)
        #expect(layout.infoRow?.y == 1)
        #expect(layout.list == Rect(x: 0, y: 2, width: 40, height: 10))
        #expect(!layout.listRunsUpward)
        let reverseList = Self.layout { $0.layout = .reverseList }
        #expect(reverseList.prompt.y == 11)
        #expect(reverseList.list == Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(!reverseList.listRunsUpward, "reverse-list: the prompt at the bottom, the list top-down")
    }

    @Test func withoutTheInputSectionTheListTakesEveryRow() {
        for layout in [ListLayout.default, .reverse, .reverseList] {
            let hidden = Self.layout {
                $0.layout = layout
                $0.input = false
            }
            #expect(hidden.prompt.height == 0)
            #expect(hidden.infoRow == nil)
            #expect(hidden.list == Rect(x: 0, y: 0, width: 40, height: 12), "\(layout)")
        }
    }

    @Test func anInlineInfoOrAHiddenOneWithoutSeparatorLeavesNoRowOfItsOwn() {
        #expect(Self.layout { $0.info = .inline }.infoRow == nil)
        #expect(Self.layout { $0.info = .inline }.list.height == 11)
        #expect(Self.layout { $0.info = .hidden }.infoRow?.y == 10, "hidden keeps the separator's row")
        #expect(
            Self.layout {
                $0.info = .hidden; $0.separator = false
            }.infoRow == nil)
        #expect(Self.layout { $0.info = .inlineRight }.infoRow?.y == 10)
        #expect(
            Self.layout {
                $0.info = .inlineRight; $0.separator = false
            }.infoRow == nil)
        #expect(Self.layout { $0.info = .right }.infoRow?.y == 10)
    }

    @Test func theHeaderGoesNextToTheInfoLineAndTheHeaderLinesRunUpwardWithTheList() {
        // seq 3 | fzf --header-lines 2 --header bar: bar just above the count, 1 under 2.
        let layout = Self.layout { ($0.headerRows, $0.headerLines) = (1, 2) }
        #expect(layout.headerRows.map(\.y) == [9])
        #expect(layout.headerLineRows.map(\.y) == [8, 7], "the first header line nearest the prompt")
        #expect(layout.list == Rect(x: 0, y: 0, width: 40, height: 7))
        let reverse = Self.layout { ($0.headerRows, $0.headerLines, $0.layout) = (2, 2, .reverse) }
        #expect(reverse.headerRows.map(\.y) == [2, 3])
        #expect(reverse.headerLineRows.map(\.y) == [4, 5])
        #expect(reverse.list.y == 6)
    }

    /// reverse-list: the header lines start the list, at its top, in the input's order; the
    /// header stays by the info line (or beyond the prompt with --header-first).
    @Test func reverseListPutsTheHeaderLinesAtTheTopOfTheList() {
        let layout = Self.layout { ($0.layout, $0.headerRows, $0.headerLines) = (.reverseList, 1, 3) }
        #expect(layout.headerLineRows.map(\.y) == [0, 1, 2])
        #expect(layout.headerRows.map(\.y) == [9])
        #expect(layout.list == Rect(x: 0, y: 3, width: 40, height: 6))
        let first = Self.layout { ($0.layout, $0.headerRows, $0.headerLines, $0.headerFirst) = (.reverseList, 1, 3, true) }
        #expect(first.headerLineRows.map(\.y) == [0, 1, 2])
        #expect(first.headerRows.map(\.y) == [11])
        #expect(first.prompt.y == 10 && first.infoRow?.y == 9)
        #expect(first.list == Rect(x: 0, y: 3, width: 40, height: 6))
    }

    @Test func headerFirstPutsTheHeaderBeyondThePrompt() {
        // seq 1000 | fzf --header foobar --header-lines 3 --header-first: foobar on the last row.
        let layout = Self.layout { ($0.headerRows, $0.headerLines, $0.headerFirst) = (1, 3, true) }
        #expect(layout.headerRows.map(\.y) == [11])
        #expect(layout.prompt.y == 10)
        #expect(layout.infoRow?.y == 9)
        #expect(layout.headerLineRows.map(\.y) == [8, 7, 6])
        let reverse = Self.layout { ($0.headerRows, $0.headerLines, $0.headerFirst, $0.layout) = (1, 3, true, .reverse) }
        #expect(reverse.headerRows.map(\.y) == [0])
        #expect(reverse.prompt.y == 1)
        #expect(reverse.headerLineRows.map(\.y) == [3, 4, 5])
        let linesOnly = Self.layout { ($0.headerLines, $0.headerFirst) = (2, true) }
        #expect(linesOnly.headerLineRows.map(\.y) == [11, 10], "without --header, the header lines go beyond the prompt")
        #expect(linesOnly.prompt.y == 9)
    }

    @Test func thePreviewBoxTakesItsShareAndTheTextGoesInsideItsBorderAndPadding() {
        // seq 100 | fzf --preview …: a 20-column box on the right of 40.
        let right = Self.layout { $0.preview = PreviewWindow(position: .right, size: 50, startsHidden: false) }
        #expect(right.previewBox == Rect(x: 20, y: 0, width: 20, height: 12))
        #expect(right.previewText == Rect(x: 22, y: 1, width: 16, height: 10))
        #expect(right.list.width == 20)
        #expect(right.prompt == Rect(x: 0, y: 11, width: 20, height: 1))
        // --preview-window up,40% --reverse: 4 rows of 12 on top.
        let up = Self.layout { ($0.layout, $0.preview) = (.reverse, PreviewWindow(position: .top, size: 40, startsHidden: false)) }
        #expect(up.previewBox == Rect(x: 0, y: 0, width: 40, height: 4))
        #expect(up.prompt.y == 4)
        // left,10: ten columns of text, the box four wider, a blank column before the list.
        let left = Self.layout { $0.preview = PreviewWindow(position: .left, size: 10, sizeIsPercent: false, startsHidden: false) }
        #expect(left.previewBox == Rect(x: 0, y: 0, width: 14, height: 12))
        #expect(left.previewText?.width == 10)
        #expect(left.list.x == 15)
        let down = Self.layout { $0.preview = PreviewWindow(position: .bottom, size: 50, startsHidden: false) }
        #expect(down.previewBox == Rect(x: 0, y: 6, width: 40, height: 6))
        #expect(down.prompt.y == 5)
    }

    @Test func aTinyAreaGivesTheListNothingRatherThanNegativeRows() {
        let layout = PickerLayout(area: Rect(x: 0, y: 0, width: 10, height: 1), settings: PickerLayout.Settings())
        #expect(layout.prompt.height == 1)
        #expect(layout.infoRow == nil)
        #expect(layout.list.height == 0)
    }
}
