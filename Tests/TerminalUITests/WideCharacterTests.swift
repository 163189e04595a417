import Testing

@testable import TerminalUI

@Suite("Wide characters and display width")
struct WideCharacterTests {
    @Test func cjkTakesTwoCellsEach() {
        var canvas = Canvas(width: 6, height: 1)
        #expect(canvas.write("日本", x: 0, y: 0) == 4)
        #expect(canvas.line(0) == "日本")
        #expect(canvas.cell(x: 0, y: 0)?.text == "日")
        #expect(canvas.cell(x: 1, y: 0)?.isContinuation == true)
        #expect(canvas.cell(x: 2, y: 0)?.text == "本")
        #expect(canvas.cell(x: 3, y: 0)?.isContinuation == true)
        #expect(canvas.cell(x: 4, y: 0)?.text == " ")
    }

    @Test func wideCharacterAtRightEdgeBecomesSpace() {
        var canvas = Canvas(width: 5, height: 1)
        // "日本" needs 4 columns but only 3 are left from x = 2.
        #expect(canvas.write("日本", x: 2, y: 0, style: .fg(.accent)) == 3)
        #expect(canvas.line(0, trimmed: false) == "  日 ")
        #expect(canvas.cell(x: 4, y: 0) == Cell(text: " ", style: .fg(.accent)))
    }

    @Test func wideCharacterAtMaxWidthBecomesSpace() {
        var canvas = Canvas(width: 10, height: 1)
        #expect(canvas.write("a日", x: 0, y: 0, maxWidth: 2) == 2)
        #expect(canvas.line(0) == "a")
        #expect(canvas.cell(x: 1, y: 0)?.text == " ")
    }

    @Test func wideCharacterCutByLeftEdgeBecomesSpace() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.write("日x", x: -1, y: 0)
        #expect(canvas.line(0, trimmed: false) == " x  ")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.write("日本", x: 0, y: 0)
        canvas.write("x", x: 1, y: 0)  // right half of 日
        #expect(canvas.line(0) == " x本")
        canvas.write("y", x: 2, y: 0)  // left half of 本
        #expect(canvas.line(0, trimmed: false) == " xy   ")
        #expect(canvas.cells.allSatisfy { !$0.isContinuation })
    }

    @Test func combiningMarksStayInTheirCell() {
        var canvas = Canvas(width: 5, height: 1)
        let decomposed = "e\u{301}a"
        #expect(decomposed.displayWidth == 2)
        #expect(canvas.write(decomposed, x: 0, y: 0) == 2)
        #expect(canvas.cell(x: 0, y: 0)?.text == "e\u{301}")
        #expect(canvas.cell(x: 1, y: 0)?.text == "a")
    }

    @Test func displayWidths() {
        #expect(displayWidth(of: "a") == 1)
        #expect(displayWidth(of: "日") == 2)
        #expect(displayWidth(of: "😀") == 2)
        #expect(displayWidth(of: "e\u{301}") == 1)
        #expect(displayWidth(of: "\u{200B}") == 0)
        #expect("日本語 ok".displayWidth == 9)
        #expect("".displayWidth == 0)
        #expect(Character("한").displayWidth == 2)
    }

    @Test func zwjSequenceIsLaidOutAsCursesDrawsIt() {
        // curses measures code point by code point: man + ZWJ + woman = two wide cells.
        let couple: Character = "👨\u{200D}👩"
        #expect(displayWidth(of: couple) == 4)
        var canvas = Canvas(width: 6, height: 1)
        #expect(canvas.write(String(couple), x: 0, y: 0) == 4)
        #expect(canvas.cell(x: 0, y: 0)?.text == "👨\u{200D}")
        #expect(canvas.cell(x: 2, y: 0)?.text == "👩")
    }

    @Test func truncation() {
        #expect("hello world".truncated(toWidth: 8) == "hello w…")
        #expect("hello".truncated(toWidth: 5) == "hello")
        #expect("hello".truncated(toWidth: 1) == "…")
        #expect("hello".truncated(toWidth: 0) == "")
        // Never splits a wide character: 日本 needs 4 columns, only 2 before the "…".
        #expect("日本語".truncated(toWidth: 4) == "日…")
        #expect("日本語".truncated(toWidth: 5) == "日本…")
        #expect("日本語".truncated(toWidth: 4).displayWidth <= 4)
        #expect("abcdef".truncated(toWidth: 4, ellipsis: "...") == "a...")
    }
}
