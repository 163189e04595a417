import InstantSearchCore
import Testing
@testable import TerminalUI

@Suite struct SearchBoxTests {
    private func box() -> (SearchBox, () -> [String]) {
        var sent: [String] = []
        let box = SearchBox { sent.append($0) }
        return (box, { sent })
    }

    private func type(_ text: String, into box: SearchBox) {
        for c in text { _ = box.handle(.character(c)) }
    }

    @Test func typingSendsEveryEditAndMovesTheCursor() {
        let (box, sent) = box()
        type("tv", into: box)
        #expect(box.text == "tv")
        #expect(box.cursor == 2)
        #expect(sent() == ["t", "tv"])
    }

    @Test func cursorMovesAndInsertsInTheMiddle() {
        let (box, _) = box()
        type("sny", into: box)
        _ = box.handle(.left)
        _ = box.handle(.left)
        type("o", into: box)
        #expect(box.text == "sony")
        _ = box.handle(.control("a"))
        #expect(box.cursor == 0)
        _ = box.handle(.control("e"))
        #expect(box.cursor == 4)
    }

    @Test func backspaceDeleteCtrlWAndCtrlU() {
        let (box, sent) = box()
        type("sony  bravia", into: box)
        _ = box.handle(.control("w"))
        #expect(box.text == "sony  ")
        _ = box.handle(.control("w"))
        #expect(box.text == "")
        type("lg oled", into: box)
        _ = box.handle(.backspace)
        #expect(box.text == "lg ole")
        _ = box.handle(.home)
        _ = box.handle(.delete)
        #expect(box.text == "g ole")
        _ = box.handle(.control("u"))
        #expect(box.text.isEmpty && box.cursor == 0)
        #expect(sent().last == "")
    }

    @Test func keysThatAreNotForTheBoxAreLeftAlone() {
        let (box, sent) = box()
        #expect(!box.handle(.down))
        #expect(!box.handle(.function(3)))
        _ = box.handle(.backspace)
        #expect(sent().isEmpty)
    }

    @Test func drawsThePromptThePlaceholderAndTheCursorColumn() {
        let (box, _) = box()
        box.placeholder = "Search products…"
        var canvas = Canvas(width: 30, height: 1)
        #expect(box.draw(into: &canvas, in: canvas.bounds) == 2)
        #expect(canvas.line(0) == "❯ Search products…")
        type("日本 tea", into: box)
        canvas = Canvas(width: 30, height: 1)
        #expect(box.draw(into: &canvas, in: canvas.bounds) == 2 + 8)
        #expect(canvas.line(0) == "❯ 日本 tea")
    }

    @Test func longTextScrollsToKeepTheCursorVisible() {
        let (box, _) = box()
        type("abcdefghijklmnopqrstuvwxyz", into: box)
        var canvas = Canvas(width: 12, height: 1)
        let column = box.draw(into: &canvas, in: canvas.bounds)
        #expect(column <= 11)
        #expect(canvas.line(0).hasSuffix("xyz"))
    }
}
