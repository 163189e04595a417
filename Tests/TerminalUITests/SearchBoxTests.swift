import InstantSearchCore
import Testing

@testable import TerminalUI

@Suite struct SearchBoxTests {
    private func type(_ text: String, into box: inout SearchBox) {
        for c in text { box.insert(c) }
    }

    @Test func typingInsertsAtTheCursor() {
        var box = SearchBox()
        type("tv", into: &box)
        #expect(box.text == "tv")
        #expect(box.cursor == 2)
    }

    @Test func cursorMovesAndInsertsInTheMiddle() {
        var box = SearchBox()
        type("sny", into: &box)
        box.perform(.backwardChar)
        box.perform(.backwardChar)
        type("o", into: &box)
        #expect(box.text == "sony")
        box.perform(.beginningOfLine)
        #expect(box.cursor == 0)
        box.perform(.endOfLine)
        #expect(box.cursor == 4)
    }

    @Test func backspaceDeleteCtrlWAndCtrlU() {
        var box = SearchBox()
        type("sony  bravia", into: &box)
        box.perform(.unixWordRubout)
        #expect(box.text == "sony  ")
        box.perform(.unixWordRubout)
        #expect(box.text == "")
        type("lg oled", into: &box)
        box.perform(.backwardDeleteChar)
        #expect(box.text == "lg ole")
        box.perform(.beginningOfLine)
        box.perform(.deleteChar)
        #expect(box.text == "g ole")
        box.perform(.endOfLine)
        box.perform(.unixLineDiscard)
        #expect(box.text.isEmpty && box.cursor == 0)
    }

    @Test func ctrlUDeletesWhatStandsBeforeTheCursorAndYankPutsItBack() {
        var box = SearchBox()
        type("1939", into: &box)
        box.perform(.backwardChar)
        box.perform(.backwardChar)
        box.perform(.unixLineDiscard)
        #expect(box.text == "39" && box.cursor == 0)
        box.perform(.unixLineDiscard)
        #expect(box.text == "39", "nothing before the cursor: nothing goes")
        box.perform(.endOfLine)
        box.perform(.yank)
        #expect(box.text == "3919" && box.cursor == 4)
    }

    @Test func actionsThatAreNotEditsAreLeftAlone() {
        var box = SearchBox()
        let down = box.perform(.down)
        let focus = box.perform(.focusRefinements)
        let backspace = box.perform(.backwardDeleteChar)
        #expect(!down.handled && !focus.handled)
        #expect(backspace.handled, "backspace on an empty box is still the box's")
        #expect(backspace.intents.isEmpty, "nothing changed: no new query")
        #expect(box == SearchBox())
    }

    @Test func anEditAnswersWithTheNewQueryAsAnIntent() {
        var box = SearchBox()
        box.insert("tv")
        #expect(box.perform(.backwardDeleteChar).intents == [.setQuery("t")])
        let move = box.perform(.beginningOfLine)
        #expect(move.handled && move.intents.isEmpty, "a move edits nothing")
    }

    /// Readline's word motions (fzf's backward-word, forward-word, kill-word,
    /// backward-kill-word): words of letters and digits, or with --filepath-word the parts of
    /// a path.
    @Test func wordMotionsMoveOverWordsOrThePartsOfAPath() {
        var box = SearchBox()
        type("src/foo-bar.c  x", into: &box)
        box.perform(.backwardWord)
        #expect(box.cursor == 15, "to the start of x")
        box.perform(.backwardWord)
        #expect(box.cursor == 12, "to c")
        box.perform(.backwardKillWord)
        #expect(box.text == "src/foo-c  x" && box.cursor == 8)
        box.perform(.beginningOfLine)
        box.perform(.forwardWord)
        #expect(box.cursor == 3, "past src")
        box.perform(.killWord)
        #expect(box.text == "src-c  x" && box.cursor == 3, "the / and foo")
        var path = SearchBox()
        path.pathWords = true
        type("/usr/local/bin/foo-bar x", into: &path)
        path.perform(.backwardWord)
        path.perform(.backwardWord)
        #expect(path.cursor == 15, "foo-bar is one word of a path")
        path.perform(.backwardKillWord)
        #expect(path.text == "/usr/local/foo-bar x")
        path.perform(.beginningOfLine)
        path.perform(.forwardWord)
        #expect(path.cursor == 4, "past usr, the leading / skipped")
    }

    @Test func theKeyTableSendsTheEditingKeysToTheBox() {
        #expect(KeyTable.standard.action(for: .alt("b"), in: [.hits, .global, .searchBox]) == .backwardWord)
        #expect(KeyTable.standard.action(for: .alt("f"), in: [.hits, .global, .searchBox]) == .forwardWord)
        #expect(KeyTable.standard.action(for: .alt("d"), in: [.hits, .global, .searchBox]) == .killWord)
        #expect(KeyTable.standard.action(for: .altBackspace, in: [.hits, .global, .searchBox]) == .backwardKillWord)
        let table = KeyTable.standard
        #expect(table.action(for: .control("w"), in: [.hits, .global, .searchBox]) == .unixWordRubout)
        #expect(table.action(for: .left, in: [.hits, .global, .searchBox]) == .backwardChar)
        #expect(table.action(for: .left, in: [.slider, .global, .searchBox]) == .moveThumbLeft)
        #expect(table.action(for: .character("a"), in: [.hits, .global, .searchBox]) == nil, "typing is no action")
    }

    @Test func drawsThePromptThePlaceholderAndTheCursorColumn() {
        var box = SearchBox(placeholder: "Search products…")
        var canvas = Canvas(width: 22, height: 1)
        #expect(box.render(canvas.bounds, &canvas) == 2)
        #expect(canvas.lines == ["❯ Search products…"])
        type("日本 tea", into: &box)
        canvas = Canvas(width: 22, height: 1)
        #expect(box.render(canvas.bounds, &canvas) == 2 + 8)
        #expect(canvas.lines == ["❯ 日本 tea"])
    }

    @Test func longTextScrollsToKeepTheCursorVisible() {
        var box = SearchBox()
        type("abcdefghijklmnopqrstuvwxyz", into: &box)
        var canvas = Canvas(width: 12, height: 1)
        let column = box.render(canvas.bounds, &canvas)
        #expect(column == 11)
        #expect(canvas.lines == ["❯ rstuvwxyz"])
    }
}
