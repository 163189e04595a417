import InstantSearchCore
import Testing

@testable import TerminalUI

/// `--bind` chains carried out by the app, without commands (those run in the end-to-end
/// tests): text actions, marks over the list, first / last, and events.
@Suite struct ScriptedActionsTests {
    private func harness(_ bindings: String, multi: Bool = false) throws -> AppHarness {
        var keys = KeyTable.standard
        try keys.bind(list: bindings)
        return AppHarness(keys: keys, options: SearchApp.Options(multi: multi))
    }

    @Test func aChainChangesQueryPromptAndHeaderInOrder() async throws {
        let harness = try harness("ctrl-t:change-query(sony)+change-prompt(tv> )+change-header(Sony only)+put( tv)")
        await harness.start()
        await harness.press(.control("t"))
        #expect(harness.app.searchBox.text == "sony tv")
        #expect(harness.hub.queryText == "sony tv", "the query is searched as if typed")
        #expect(harness.app.searchBox.prompt == "tv> ")
        let screen = harness.screen()
        #expect(screen.row(containing: "tv> sony tv") != nil)
        #expect(screen.row(containing: "Sony only") != nil)
    }

    @Test func selectAllMarksTheHitsListedAndDeselectAllClearsThem() async throws {
        let harness = try harness("ctrl-a:select-all,ctrl-d:deselect-all,ctrl-t:toggle-all", multi: true)
        await harness.start()
        let listed = harness.hub.state.active.results?.hits.count ?? 0
        #expect(listed > 1)
        await harness.press(.control("a"))
        #expect(harness.app.marks.count == listed)
        await harness.press(.control("d"))
        #expect(harness.app.marks.isEmpty)
        await harness.press(.down, .control(" "), .control("t"))
        #expect(harness.app.marks.count == listed - 1, "toggle-all flips every mark")
    }

    @Test func selectAllRespectsTheMultiLimit() async throws {
        var keys = KeyTable.standard
        try keys.bind(list: "ctrl-a:select-all")
        var options = SearchApp.Options(multi: true)
        options.multiLimit = 2
        let harness = AppHarness(keys: keys, options: options)
        await harness.start()
        await harness.press(.control("a"))
        #expect(harness.app.marks.count == 2)
        #expect(harness.screen().row(containing: "2/2 marked") != nil, "the stats line counts the marks out of the limit")
        await harness.press(.down, .down, .down, .control(" "))
        #expect(harness.app.marks.count == 2, "toggle past the limit does nothing")
    }

    @Test func firstAndLastMoveTheSelection() async throws {
        let harness = try harness("ctrl-e:last,ctrl-b:first")
        await harness.start()
        let listed = harness.hub.state.active.results?.hits.count ?? 0
        await harness.press(.control("e"))
        #expect(harness.app.hitsList.selection == listed - 1)
        await harness.press(.control("b"))
        #expect(harness.app.hitsList.selection == 0)
    }

    @Test func theChangeEventRunsItsChainWhenTheQueryChanges() async throws {
        let harness = try harness("change:change-header(changed)+first,start:change-prompt(started> )")
        await harness.start()
        harness.app.start()
        #expect(harness.app.searchBox.prompt == "started> ")
        #expect(harness.app.header == nil)
        await harness.type("so")
        #expect(harness.app.header == "changed")
    }

    @Test func printedTextAndAcceptNonEmpty() async throws {
        let harness = try harness("alt-z:print(first line)+accept-non-empty")
        await harness.start()
        await harness.press(.alt("z"))
        #expect(harness.app.script.printed == ["first line"])
        guard case .accepted(let hits, _)? = harness.app.outcome else {
            Issue.record("accept-non-empty accepted nothing")
            return
        }
        #expect(hits.count == 1)
    }

    @Test func placeholdersAreQuotedAndEmptyWithoutAHit() {
        let hit = Hit(objectID: "1", record: .object(["name": .string("it's $(x)")]))
        let command = PreviewCommand("echo {name} {q} {} {missing}")
        #expect(command.expanded(for: hit, query: "a'b") == #"echo 'it'\''s $(x)' 'a'\''b' '{"name":"it'\''s $(x)"}' ''"#)
        #expect(command.expanded(for: nil, query: "") == "echo '' '' '' ''")
        let line = Hit(objectID: "2", record: .object(["line": .string("a line")]))
        #expect(PreviewCommand("cat {}").expanded(for: line, query: "") == "cat 'a line'", "a line is itself")
        #expect(PreviewCommand("wc {+f}").expanded(for: line, query: "") { _ in "/tmp/x y" } == "wc '/tmp/x y'")
    }
}
