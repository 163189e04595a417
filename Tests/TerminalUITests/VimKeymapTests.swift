import InstantSearchCore
import Testing

@testable import TerminalUI

/// `--keymap vim`: Esc enters a normal mode where letters move and act and the query is left
/// alone; i, a, A, I or / go back to typing; Esc or q in normal mode quits.
@Suite struct VimKeymapTests {
    @Test func normalModeMovesWithLettersAndLeavesTheQueryAlone() async {
        let harness = AppHarness(keys: .standard(keymap: .vim))
        await harness.start()
        await harness.type("o")
        #expect(harness.app.searchBox.text == "o" && !harness.app.inNormalMode)
        let count = harness.hub.searcher.results!.hits.count
        #expect(count > 3)
        await harness.press(.escape)
        #expect(harness.app.inNormalMode, "Esc enters normal mode, the session goes on")
        #expect(harness.screen().line(1).hasPrefix(" normal ❯ o"))
        await harness.press(.character("j"), .character("j"))
        #expect(harness.app.hitsList.selection == 2)
        await harness.press(.character("k"), .character("x"), .character("z"))
        #expect(harness.app.hitsList.selection == 1 && harness.app.searchBox.text == "o", "unbound letters do nothing")
        await harness.press(.character("G"))
        #expect(harness.app.hitsList.selection == count - 1)
        await harness.press(.character("g"))
        #expect(harness.app.hitsList.selection == 0)
        await harness.press(.character("A"), .character("n"))
        #expect(!harness.app.inNormalMode && harness.app.searchBox.text == "on", "A types at the end again")
        #expect(harness.screen().line(1).hasPrefix(" ❯ on"))
        await harness.press(.escape, .character("I"), .character("s"))
        #expect(harness.app.searchBox.text == "son", "I types at the start")
        await harness.press(.escape)
        #expect(harness.app.handle(.character("q")) == false)
        #expect(harness.app.outcome == .cancelled)
    }

    @Test func escapeInNormalModeQuitsAndTheKeysAreInTheHelp() async {
        let harness = AppHarness(keys: .standard(keymap: .vim))
        await harness.start()
        await harness.press(.escape)
        #expect(harness.app.handle(.escape) == false)
        #expect(harness.app.outcome == .cancelled)
        let group = KeyTable.standard(keymap: .vim).groups.first { $0.title.hasPrefix("Normal mode") }
        #expect(group?.rows.contains { $0.keys == "j, ↓" || $0.keys.hasPrefix("j") } == true, "\(group?.rows.map(\.keys) ?? [])")
    }

    @Test func theStandardKeysHaveNoNormalMode() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.character("j"))
        #expect(harness.app.searchBox.text == "j" && !harness.app.inNormalMode)
        #expect(harness.app.handle(.escape) == false)
    }
}
