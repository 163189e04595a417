import InstantSearchCore
import Testing

@testable import TerminalUI

/// The app side of a paste: one `.paste` event is one query edit and one search.
@Suite struct PasteIntoTheAppTests {
    @Test func aPasteIsOneQueryEditAndOneSearch() async {
        let harness = AppHarness()
        harness.hub.start()
        await harness.settle()
        let requests = harness.hub.requestsSent
        let pasted = String(repeating: "sony ", count: 2_000)
        #expect(harness.app.paste(pasted))
        await harness.settle()
        #expect(harness.app.searchBox.text == pasted)
        #expect(harness.app.searchBox.cursor == 10_000)
        #expect(harness.hub.keystrokes == 1)
        #expect(harness.hub.requestsSent == requests + 1)
    }

    @Test func aPasteGoesIntoTheQueryAtTheCursorWhateverHasFocus() async {
        let harness = AppHarness()
        harness.hub.start()
        await harness.type("ab")
        await harness.press(.left, .function(3))
        harness.app.paste("XY")
        #expect(harness.app.searchBox.text == "aXYb")
        #expect(harness.app.searchBox.cursor == 3)
    }

    @Test func theBoxShowsTheEndOfALongQueryWithTheCursorAfterIt() async {
        let harness = AppHarness()
        harness.app.paste(String(repeating: "x", count: 9_990) + "the end")
        let screen = harness.screen()
        #expect(screen.line(1).hasSuffix("xxxthe end"))
        #expect(screen.line(1).hasPrefix(" ❯ xxx"))
    }
}
