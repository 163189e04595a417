import InstantSearchCore
import Testing
@testable import TerminalUI

@Suite struct KeyTableTests {
    @Test func actionsHaveStableKebabCaseNames() {
        for action in KeyAction.allCases {
            #expect(action.name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(action.name)")
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

    @Test(arguments: [
        ("ctrl-x", Key.control("x")), ("btab", .backTab), ("pgdn", .pageDown), ("f12", .function(12)),
        ("space", .character(" ")), ("enter", .enter), ("esc", .escape), ("bspace", .backspace), ("a", .character("a")),
    ] as [(String, Key)])
    func keyNamesReadAndWriteBothWays(name: String, key: Key) {
        #expect(KeyName.parse(name) == key)
        #expect(KeyName.bindName(key) == name)
    }

    @Test func theAppDispatchesThroughAnOverriddenTable() async {
        var keys = KeyTable.standard
        keys.bind(.control("t"), to: .nextIndex, in: .global)
        let harness = AppHarness(keys: keys)
        await harness.press(.control("t"))
        #expect(harness.hub.activeDescription.name == "categories")
    }
}
