import InstantSearchCore
import Testing

@testable import TerminalUI

@Suite struct KeyTableTests {
    @Test func actionsHaveStableKebabCaseNames() {
        for action in KeyAction.allCases {
            // fzf's own two names end in "/eof".
            let name = action.name.hasSuffix("/eof") ? String(action.name.dropLast(4)) : action.name
            #expect(name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(action.name)")
            #expect(KeyAction(name: action.name) == action)
        }
        #expect(KeyAction.toggleRefinement.name == "toggle-refinement")
        #expect(KeyAction.nextIndex.name == "next-index")
        #expect(KeyAction.focusHits.name == "focus-hits")
    }

    @Test func keysAreLookedUpInTheMostSpecificContextFirst() {
        let table = KeyTable.standard
        #expect(table.action(for: .enter, in: [.refinements, .global, .searchBox]) == .toggleRefinement)
        #expect(table.action(for: .enter, in: [.hits, .global, .searchBox]) == .accept)
        #expect(table.action(for: .delete, in: [.slider, .global, .searchBox]) == .clearRange)
        #expect(table.action(for: .delete, in: [.hits, .global, .searchBox]) == .deleteChar)
        #expect(table.action(for: .tab, in: [.help]) == nil, "the help takes no other keys")
    }

    @Test func aBindingOverridesTheTableInItsContext() throws {
        var table = KeyTable.standard
        try table.bind("ctrl-r:clear-refinements")
        try table.bind("hits/enter:toggle-help")
        try table.bind("f2:next-index")
        #expect(table.action(for: .control("r"), in: [.hits, .global]) == .clearRefinements)
        #expect(table.action(for: .enter, in: [.hits, .global]) == .toggleHelp)
        #expect(table.action(for: .enter, in: [.refinements, .global]) == .toggleRefinement, "other contexts keep theirs")
        #expect(table.action(for: .function(2), in: [.global]) == .nextIndex)
        #expect(table.bindings.filter { $0.key == .function(2) && $0.context == .global }.count == 1)
    }

    @Test func badBindingsSayWhatIsWrong() {
        var table = KeyTable.standard
        #expect(throws: KeyTableError.malformed("ctrl-x")) { try table.bind("ctrl-x") }
        #expect(throws: KeyTableError.unknownKey("ctrl-xx")) { try table.bind("ctrl-xx:abort") }
        #expect(throws: KeyTableError.unknownAction("explode")) { try table.bind("f9:explode") }
        #expect(throws: KeyTableError.unknownContext("sidebar")) { try table.bind("sidebar/up:down") }
    }

    @Test func bindListsSayTheColumnOfTheNameAtFault() {
        var table = KeyTable.standard
        #expect(throws: KeyBindingError(column: 29, problem: .unknownAction("explode"))) {
            try table.bind(list: "ctrl-r:clear-refinements,f9:explode")
        }
        #expect(throws: KeyBindingError(column: 10, problem: .unknownKey("ctrl-xx"))) { try table.bind(list: "f9:abort,ctrl-xx:abort") }
        #expect(throws: KeyBindingError(column: 22, problem: .unknownKey("nokey"))) { try table.bind(list: "f9:abort,refinements/nokey:up") }
        #expect(throws: KeyBindingError(column: 1, problem: .unknownContext("sidebar"))) { try table.bind(list: "sidebar/up:down") }
        #expect(throws: KeyBindingError(column: 10, problem: .malformed(""))) { try table.bind(list: "f9:abort,") }
        #expect(table.action(for: .function(9), in: [.global]) == nil, "a list with a mistake binds nothing")
        let message = "\(KeyBindingError(column: 4, problem: .unknownAction("explode")))"
        #expect(message.hasPrefix("column 4: unknown action: explode; actions: abort, accept,"))
        #expect(message.contains("toggle-refinement"))
        #expect("\(KeyTableError.unknownKey("ctrl-xx"))".contains("keys: ctrl-a…ctrl-z"))
    }

    @Test func aListBindsLeftToRight() throws {
        var table = KeyTable.standard
        try table.bind(list: "ctrl-r:clear-refinements,alt-n:next-index,ctrl-r:toggle-help")
        #expect(table.action(for: .control("r"), in: [.global]) == .toggleHelp, "the later binding of a key wins")
        #expect(table.action(for: .alt("n"), in: [.hits, .global]) == .nextIndex)
    }

    /// Printable keys bind as fzf's do (Space included); bound, they no longer type.
    @Test func printableKeysBind() throws {
        var table = KeyTable.standard
        try table.bind(list: "j:down,k:up,q:abort,J:last,/:toggle-preview,refinements/space:toggle-refinement")
        #expect(table.action(for: .character("j"), in: [.hits, .global]) == .down)
        #expect(table.action(for: .character("J"), in: [.hits, .global]) == .last, "a capital letter is a key of its own")
        #expect(table.action(for: .character("/"), in: [.hits, .global]) == .togglePreview)
        #expect(table.action(for: .character(" "), in: [.refinements, .global]) == .toggleRefinement)
        #expect(table.action(for: .character(" "), in: [.hits, .global]) == nil, "bound in one pane only")
    }

    /// No printable key is bound by default: Space and letters edit the query in every pane;
    /// toggling and switching the thumb are Enter / Ctrl-Space; every F-key has an Alt twin.
    @Test func theStandardTableLeavesPrintableKeysToTheQuery() {
        let table = KeyTable.standard
        #expect(!table.bindings.contains { if case .character = $0.key { true } else { false } })
        #expect(table.action(for: .control(" "), in: [.refinements, .global]) == .toggleRefinement)
        #expect(table.action(for: .enter, in: [.refinements, .global]) == .toggleRefinement)
        #expect(table.action(for: .control(" "), in: [.sections, .global]) == .toggleRefinement)
        #expect(table.action(for: .control(" "), in: [.slider, .global]) == .switchThumb)
        for number in 1...5 {
            let digit = Character(String(number))
            #expect(table.action(for: .alt(digit), in: [.hits, .global]) == table.action(for: .function(number), in: [.hits, .global]))
        }
        #expect(table.action(for: .alt("1"), in: [.help]) == .closeHelp)
    }

    @Test func theHintBarNamesThePaneKeysInForce() throws {
        func panes(_ table: KeyTable) -> String? {
            table.hints(sections: false, showingSections: false).first { $0.action == "panes" }?.key
        }
        #expect(panes(.standard) == "F2-F4")
        var table = KeyTable.standard
        try table.bind("f2:next-index")
        #expect(panes(table) == "Alt-2/F3/F4", "F2 no longer focuses the hits")
    }

    @Test func theHintBarLeavesOutKeysThatDoNothingHere() {
        let actions = { (indices: Int, sidePanes: Bool) in
            KeyTable.standard.hints(sections: false, showingSections: false, indices: indices, sidePanes: sidePanes).map(\.action)
        }
        #expect(actions(2, true).contains("index") && actions(2, true).contains("panes"))
        #expect(!actions(1, true).contains("index"), "one index: Tab has nowhere to go")
        #expect(!actions(1, false).contains("panes"), "plain lines: the hits are the only pane")
        #expect(actions(1, false).contains("pick"))
    }

    @Test func theHelpListsTheBindingsInForce() throws {
        var table = KeyTable.standard
        try table.bind(list: "ctrl-r:clear-refinements,f2:next-index")
        let everywhere = try #require(table.groups.first { $0.title == "Everywhere" })
        #expect(everywhere.rows.contains { $0.keys == "Ctrl-X, Ctrl-R" && $0.name == "clear-refinements" })
        #expect(everywhere.rows.contains { $0.keys == "Tab, F2" && $0.name == "next-index" })
        #expect(everywhere.rows.contains { $0.keys == "Alt-2" && $0.name == "focus-hits" }, "F2 went to next-index")
        let help = HelpOverlay(table: table)
        let text = help.lines.map { $0.map(\.0).joined() }
        #expect(text.contains { $0.contains("Ctrl-X, Ctrl-R") && $0.contains("clear every refinement") })
    }

    @Test(
        arguments: [
            ("ctrl-x", Key.control("x")), ("alt-1", .alt("1")), ("alt-p", .alt("p")), ("alt-P", .alt("P")), ("alt-space", .alt(" ")), ("btab", .backTab),
            ("pgdn", .pageDown), ("f12", .function(12)),
            ("space", .character(" ")), ("enter", .enter), ("esc", .escape), ("bspace", .backspace), ("a", .character("a")),
        ] as [(String, Key)])
    func keyNamesReadAndWriteBothWays(name: String, key: Key) {
        #expect(KeyName.parse(name) == key)
        #expect(KeyName.bindName(key) == name)
    }

    @Test func altNamesThatAreNoKey() {
        #expect(KeyName.parse("alt-") == nil)
        #expect(KeyName.parse("alt-ab") == nil)
        // fzf takes any character after alt-, these two too (ESC [ and ESC O also start sequences,
        // so a terminal's Alt-[ only arrives alone in its read).
        #expect(KeyName.parse("alt-[") == .alt("["))
        #expect(KeyName.parse("alt-O") == .alt("O"))
        #expect(KeyName.label(.alt("3")) == "Alt-3")
    }

    @Test func theAppDispatchesThroughAnOverriddenTable() async {
        var keys = KeyTable.standard
        keys.bind(.control("t"), to: .nextIndex, in: .global)
        let harness = AppHarness(keys: keys)
        await harness.press(.control("t"))
        #expect(harness.hub.activeDescription.name == "categories")
    }

    @Test func paneTitlesNameTheKeysInForce() async throws {
        var keys = KeyTable.standard
        try keys.bind(list: "f2:next-index,f6:clear-refinements")
        let harness = AppHarness(keys: keys)
        await harness.start()
        await harness.press(.alt("p"))  // the preview, by its other key
        let rule = harness.screen().line(2)
        #expect(rule.contains(" Hits Alt-2 ") && rule.contains(" Refinements F3 ") && rule.contains(" Preview Alt-p "), "\(rule)")
        #expect(!rule.contains("F2") && !rule.contains("F6"))
    }
}
