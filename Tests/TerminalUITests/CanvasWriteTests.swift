import Testing

@testable import TerminalUI

@Suite("Canvas writing and clipping")
struct CanvasWriteTests {
    @Test func writesTextAndReportsColumns() {
        var canvas = Canvas(width: 10, height: 2)
        let written = canvas.write("hello", x: 1, y: 0)
        #expect(written == 5)
        #expect(canvas.lines == [" hello", ""])
        #expect(canvas.line(0, trimmed: false) == " hello    ")
    }

    @Test func clipsAtRightEdge() {
        var canvas = Canvas(width: 5, height: 1)
        #expect(canvas.write("abcdefgh", x: 2, y: 0) == 3)
        #expect(canvas.line(0) == "  abc")
    }

    @Test func clipsAtMaxWidth() {
        var canvas = Canvas(width: 10, height: 1)
        #expect(canvas.write("abcdefgh", x: 0, y: 0, maxWidth: 4) == 4)
        #expect(canvas.line(0) == "abcd")
    }

    @Test func outsideRowsAndNegativeWidthWriteNothing() {
        var canvas = Canvas(width: 4, height: 1)
        #expect(canvas.write("x", x: 0, y: 1) == 0)
        #expect(canvas.write("x", x: 0, y: -1) == 0)
        #expect(canvas.write("x", x: 0, y: 0, maxWidth: 0) == 0)
        #expect(canvas.write("x", x: 4, y: 0) == 0)
        #expect(canvas.line(0) == "")
    }

    @Test func clipsOnTheLeft() {
        var canvas = Canvas(width: 5, height: 1)
        // Two columns fall off the left; the result still counts them so x + result is
        // where the text ended.
        #expect(canvas.write("abcd", x: -2, y: 0) == 4)
        #expect(canvas.line(0) == "cd")
    }

    @Test func ellipsisWhenTooLong() {
        var canvas = Canvas(width: 10, height: 1)
        #expect(canvas.write("abcdefgh", x: 0, y: 0, maxWidth: 5, overflow: .ellipsis) == 5)
        #expect(canvas.line(0) == "abcd…")
    }

    @Test func ellipsisNotAddedWhenItFits() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.write("abcde", x: 0, y: 0, maxWidth: 5, overflow: .ellipsis)
        #expect(canvas.line(0) == "abcde")
    }

    @Test func segmentsKeepTheirStyles() {
        var canvas = Canvas(width: 20, height: 1)
        let hit = Style.fg(.highlight).bold()
        let n = canvas.write([("green ", .plain), ("tea", hit), (" cup", .plain)], x: 0, y: 0)
        #expect(n == 13)
        #expect(canvas.line(0) == "green tea cup")
        #expect(canvas.style(x: 5, y: 0) == .plain)
        #expect(canvas.style(x: 6, y: 0) == hit)
        #expect(canvas.style(x: 8, y: 0) == hit)
        #expect(canvas.style(x: 9, y: 0) == .plain)
        #expect(canvas.style(x: 99, y: 0) == nil)
    }

    @Test func segmentEllipsisTakesStyleOfCutSegment() {
        var canvas = Canvas(width: 20, height: 1)
        let hit = Style.fg(.highlight)
        canvas.write([("ab", .plain), ("cdef", hit)], x: 0, y: 0, maxWidth: 4, overflow: .ellipsis)
        #expect(canvas.line(0) == "abc…")
        #expect(canvas.style(x: 3, y: 0) == hit)
    }

    @Test func runsGroupEqualStyles() {
        var canvas = Canvas(width: 8, height: 1)
        canvas.write([("ab", .plain), ("cd", .fg(.accent))], x: 0, y: 0)
        let runs = canvas.runs(inLine: 0)
        #expect(
            runs == [
                StyledRun(x: 0, width: 2, text: "ab", style: .plain),
                StyledRun(x: 2, width: 2, text: "cd", style: .fg(.accent)),
                StyledRun(x: 4, width: 4, text: "    ", style: .plain),
            ])
    }

    @Test func controlCharactersAreSanitized() {
        var canvas = Canvas(width: 10, height: 1)
        #expect(canvas.write("a\tb\nc\u{7}", x: 0, y: 0) == 6)
        #expect(canvas.line(0) == "a b c\u{FFFD}")
    }

    @Test func asciiControlsAndDeleteAreSanitizedAsInAnyOtherText() {
        var canvas = Canvas(width: 10, height: 2)
        #expect(canvas.write("a\r\nb\u{7F}c", x: 0, y: 0) == 6, "CR LF: a space each; DEL: the replacement")
        #expect(canvas.line(0) == "a  b\u{FFFD}c")
        #expect(canvas.write("é\r\nb\u{7F}", x: 0, y: 1) == 5, "the same bytes after a non-ASCII one")
        #expect(canvas.line(1) == "é  b\u{FFFD}")
    }

    @Test func fillWithAWideOrZeroWidthCharacter() {
        var canvas = Canvas(width: 6, height: 3)
        canvas.write("abcdef", x: 0, y: 2)
        canvas.fill(Rect(x: 0, y: 0, width: 5, height: 1), with: "漢", style: .fg(.muted))
        #expect(canvas.line(0, trimmed: false) == "漢漢  ", "a wide character that would be cut is a space")
        #expect(canvas.style(x: 4, y: 0) == .fg(.muted))
        canvas.fill(Rect(x: 1, y: 0, width: 1, height: 1), with: "─")
        #expect(canvas.line(0, trimmed: false) == " ─漢  ", "over the right half of a wide character, its left half is blanked")
        canvas.fill(Rect(x: 1, y: 2, width: 3, height: 1), with: "\u{200B}")
        #expect(canvas.line(2) == "a   ef", "a fill that takes no column clears the cells")
    }

    @Test func fillAndClear() {
        var canvas = Canvas(width: 4, height: 3)
        canvas.fill(Rect(x: 1, y: 1, width: 5, height: 5), with: "x", style: .bg(.selection))
        #expect(canvas.lines == ["", " xxx", " xxx"])
        #expect(canvas.style(x: 3, y: 2) == .bg(.selection))
        #expect(canvas.style(x: 0, y: 2) == .plain)
        canvas.clear()
        #expect(canvas.lines == ["", "", ""])
        #expect(canvas.style(x: 3, y: 2) == .plain)
    }

    @Test func applyStyleKeepsTextAndPatchesColours() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.write([("ab", .fg(.highlight)), ("cd", .plain)], x: 0, y: 0)
        canvas.applyStyle(.bg(.selection), to: Rect(x: 0, y: 0, width: 6, height: 1))
        #expect(canvas.line(0) == "abcd")
        #expect(canvas.style(x: 0, y: 0) == Style(foreground: .highlight, background: .selection))
        #expect(canvas.style(x: 3, y: 0) == .bg(.selection))
    }

    @Test func stylePatching() {
        let base = Style(foreground: .muted, background: .selection, attributes: .dim)
        let patched = base.patched(with: Style.fg(.highlight).bold())
        #expect(patched == Style(foreground: .highlight, background: .selection, attributes: [.dim, .bold]))
        #expect(Style.plain.description == "plain")
        #expect(Style.fg(.accent).bold().description == "fg:accent bold")
    }
}
