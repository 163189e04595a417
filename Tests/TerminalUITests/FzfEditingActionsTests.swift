import InstantSearchCore
import Testing

@testable import TerminalUI

/// fzf's smaller actions: ignore, cancel, delete-char/eof, kill-line, the half pages, the
/// preview's ends and halves, show- and hide-preview, select and deselect, and the other names
/// fzf reads (top, prev-history, clear-selection).
@Suite struct FzfEditingActionsTests {
    @Test func theNamesWithASlashAndTheOtherNamesParse() throws {
        var table = KeyTable.standard
        try table.bind(list: "ctrl-x:delete-char/eof,f9:backward-delete-char/eof+accept,f10:top+prev-history+clear-selection,f11:ignore")
        #expect(table.actions(for: .control("x"), in: [.global]) == [BoundAction(.deleteCharOrQuit)])
        #expect(table.actions(for: .function(9), in: [.global]) == [BoundAction(.backwardDeleteCharOrQuit), BoundAction(.accept)])
        #expect(table.actions(for: .function(10), in: [.global]) == [BoundAction(.first), BoundAction(.previousHistory), BoundAction(.deselectAll)])
        #expect(table.actions(for: .function(11), in: [.global]) == [BoundAction(.ignore)])
        #expect(throws: KeyBindingError.self) { try table.bind(list: "f9:delete-char/oops/") }
        #expect(KeyTable.standard.action(for: .control("d"), in: [.hits, .global, .searchBox]) == .deleteCharOrQuit)
    }

    @Test func ctrlDDeletesAndOnAnEmptyQueryQuits() async {
        let harness = AppHarness()
        await harness.start()
        await harness.type("tv")
        await harness.press(.left, .control("d"))
        #expect(harness.app.searchBox.text == "t" && harness.app.outcome == nil)
        await harness.press(.backspace, .control("d"))
        #expect(harness.app.outcome == .cancelled)
    }

    @Test func cancelClearsTheQueryThenQuits() async {
        var keys = KeyTable.standard
        try! keys.bind(list: "f9:cancel,f10:ignore,ctrl-k:kill-line")
        let harness = AppHarness(keys: keys)
        await harness.start()
        await harness.type("sony tv")
        await harness.press(.home, .right, .right, .control("k"))
        #expect(harness.app.searchBox.text == "so")
        await harness.press(.function(10))
        #expect(harness.app.searchBox.text == "so" && harness.app.outcome == nil, "ignore does nothing")
        await harness.press(.function(9))
        #expect(harness.app.searchBox.text.isEmpty && harness.app.outcome == nil)
        await harness.press(.function(9))
        #expect(harness.app.outcome == .cancelled)
    }

    @Test func selectAndDeselectMarkOnlyOneWay() async {
        var keys = KeyTable.standard
        try! keys.bind(list: "f9:select,f10:deselect")
        let harness = AppHarness(keys: keys, options: SearchApp.Options(multi: true))
        await harness.start()
        await harness.press(.function(9), .function(9))
        #expect(harness.app.marks.count == 1, "select twice: still marked")
        await harness.press(.function(10), .function(10))
        #expect(harness.app.marks.isEmpty, "deselect twice: still unmarked")
    }

    @Test func halfPagesMoveHalfAsFar() async {
        var keys = KeyTable.standard
        try! keys.bind(list: "f9:half-page-down,f10:half-page-up")
        let harness = AppHarness(keys: keys)
        await harness.start()
        await harness.press(.function(9))
        let half = harness.app.hitsList.selection
        #expect(half > 0)
        await harness.press(.function(10))
        #expect(harness.app.hitsList.selection == 0)
    }

    @Test func showAndHidePreviewOnlyOpenOrClose() async {
        var keys = KeyTable.standard
        try! keys.bind(list: "f9:show-preview,f10:hide-preview")
        let harness = AppHarness(keys: keys)
        await harness.start()
        await harness.press(.function(9), .function(9))
        #expect(harness.app.preview.isShown)
        await harness.press(.function(10), .function(10))
        #expect(!harness.app.preview.isShown)
    }

    /// change-border-label and change-preview-label: the labels on the border and the preview
    /// pane's rule become the text (the border's only where there is a border).
    @Test func theLabelsChangeFromABinding() async {
        var keys = KeyTable.standard
        try! keys.bind(list: "f9:change-border-label([ new ])+change-preview-label(< p >)")
        var options = SearchApp.Options()
        options.frame.border = .rounded
        options.frame.label = "old"
        let harness = AppHarness(keys: keys, options: options)
        await harness.start()
        await harness.press(.function(6))
        var screen = harness.screen(width: 100, height: 24)
        #expect(screen.line(0).contains("old") && screen.row(containing: "Preview F6") != nil)
        await harness.press(.function(9))
        screen = harness.screen(width: 100, height: 24)
        #expect(screen.line(0).contains("[ new ]") && !screen.line(0).contains("old"), "\(screen.line(0))")
        #expect(screen.row(containing: "< p >") == 3 && screen.row(containing: "Preview F6") == nil)
    }

    /// Ctrl-Y puts back what the last kill took, wherever the cursor now is.
    @Test func yankPutsBackTheLastKill() async {
        var box = SearchBox()
        for character in "sony tv" { box.insert(character) }
        box.perform(.unixWordRubout)
        #expect(box.text == "sony " && box.killed == "tv")
        box.perform(.beginningOfLine)
        box.perform(.yank)
        #expect(box.text == "tvsony " && box.cursor == 2)
        box.perform(.killLine)
        box.perform(.yank)
        box.perform(.yank)
        #expect(box.text == "tvsony sony ")
        #expect(KeyTable.standard.action(for: .control("y"), in: [.hits, .global, .searchBox]) == .yank)
    }

    @Test func toggleOutMarksAndMovesAwayFromThePromptAndToggleTrackFlips() async {
        var keys = KeyTable.standard
        try! keys.bind(list: "f9:toggle-out,f10:toggle-in,f11:toggle-track")
        for layout in [ListLayout.reverse, .standard] {
            var options = SearchApp.Options(multi: true)
            options.layout = layout
            let harness = AppHarness(keys: keys, options: options)
            await harness.start()
            await harness.press(.function(9))
            #expect(harness.app.marks.count == 1 && harness.app.hitsList.selection == 1, "\(layout)")
            await harness.press(.function(10))
            #expect(harness.app.marks.count == 2 && harness.app.hitsList.selection == 0, "\(layout)")
            #expect(!harness.app.hitsList.tracks)
            await harness.press(.function(11))
            #expect(harness.app.hitsList.tracks)
        }
    }

    /// fzf's enable-search / disable-search / toggle-search: --disabled while the session runs;
    /// enabling searches what was typed meanwhile.
    @Test func searchCanBeTurnedOffAndOn() async {
        var keys = KeyTable.standard
        try! keys.bind(list: "f9:toggle-search,f10:disable-search,f11:enable-search")
        let harness = AppHarness(keys: keys)
        await harness.start()
        await harness.press(.function(10))
        await harness.type("sony")
        #expect(harness.hub.state.active.query.text == "", "typed, not searched")
        await harness.press(.function(11))
        await harness.settle()
        #expect(harness.hub.state.active.query.text == "sony", "searched once enabled")
        await harness.press(.function(9))
        await harness.type(" tv")
        #expect(harness.hub.state.active.query.text == "sony")
        await harness.press(.function(9))
        await harness.settle()
        #expect(harness.hub.state.active.query.text == "sony tv")
    }

    @Test func printQueryEndsTheSessionWithTheQuery() async {
        var keys = KeyTable.standard
        try! keys.bind(list: "f9:print-query")
        let harness = AppHarness(keys: keys)
        await harness.start()
        await harness.type("sony")
        await harness.press(.function(9))
        #expect(harness.app.outcome == .queryPrinted)
    }

    /// fzf's unbind(keys) and rebind(keys): the keys do nothing, then what they did again.
    @Test func unbindAndRebindTakeKeysAwayAndGiveThemBack() async {
        var keys = KeyTable.standard
        try! keys.bind(list: "f9:unbind(down,ctrl-n)+rebind(ctrl-n),f10:rebind(down),f11:unbind(nokey)")
        let harness = AppHarness(keys: keys)
        await harness.start()
        await harness.press(.function(9), .down)
        #expect(harness.app.hitsList.selection == 0, "down unbound")
        await harness.press(.control("n"))
        #expect(harness.app.hitsList.selection == 1, "ctrl-n bound again in the same chain")
        await harness.press(.function(10), .down)
        #expect(harness.app.hitsList.selection == 2)
        await harness.press(.function(11))
        #expect(harness.screen().lines.joined(separator: "\n").contains("unbind: no key or event is named 'nokey'"), "a name no key has is said")
    }

    /// fzf's pos(N), next-selected and prev-selected.
    @Test func positionsAndTheMarkedHits() async {
        var keys = KeyTable.standard
        try! keys.bind(list: "f5:pos(3),f6:pos(-1),f7:next-selected,f8:prev-selected,f9:pos(x)")
        let harness = AppHarness(keys: keys, options: SearchApp.Options(multi: true))
        await harness.start()
        await harness.press(.function(5))
        #expect(harness.app.hitsList.selection == 2)
        await harness.press(.function(6))
        #expect(harness.app.hitsList.selection == 3, "the last of four")
        await harness.press(.control(" "), .function(5), .control(" "))
        await harness.press(.function(7))
        #expect(harness.app.hitsList.selection == 3, "from the third, the next marked is the fourth")
        await harness.press(.function(8))
        #expect(harness.app.hitsList.selection == 2)
        await harness.press(.function(8))
        #expect(harness.app.hitsList.selection == 2, "none before: it stays")
        await harness.press(.function(9))
        #expect(harness.screen().lines.joined(separator: "\n").contains("pos takes a position from 1"))
    }
}
