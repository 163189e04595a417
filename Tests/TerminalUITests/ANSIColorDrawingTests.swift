import InstantSearchCore
import Testing
@testable import TerminalUI

/// `--ansi` on screen: a line's own colours drawn under the highlight, mapped onto the colours
/// the terminal has, and line ends inside a hit (a `--read0` record) shown as ␊.
@Suite struct ANSIColorDrawingTests {
    @Test func aHitIsDrawnInItsColoursWithTheMatchHighlighted() {
        var hit = Hit(
            objectID: "1", record: .object(["line": .string("bin/ls")]),
            highlights: ["line": AttributeHighlight(values: [HighlightedText(text: "bin/ls", matchedRanges: [4..<6])], matchLevel: .full)])
        hit.colors["line"] = [ANSISpan(range: 0..<3, style: ANSIStyle(foreground: .indexed(4), bold: true))]
        let pieces = HitDisplay.pieces(of: hit, attribute: "line", plain: Theme.title, highlighted: Theme.highlight)
        #expect(pieces.map(\.0) == ["bin", "/", "ls"])
        #expect(pieces.map(\.1) == [Style(foreground: .ansiBlue, attributes: .bold), Theme.text, Theme.highlight])
    }

    @Test func coloursBeyondSixteenAreTheNearestOfThem() {
        #expect(PaletteColor.nearest(.indexed(1)) == .ansiRed)
        #expect(PaletteColor.nearest(.indexed(12)) == .ansiBrightBlue)
        #expect(PaletteColor.nearest(.indexed(196)) == .ansiBrightRed, "the cube's pure red")
        #expect(PaletteColor.nearest(.indexed(244)) == .ansiBrightBlack, "a middle grey")
        #expect(PaletteColor.nearest(.rgb(0, 0, 200)) == .ansiBlue)
        #expect(PaletteColor.nearest(.rgb(250, 250, 250)) == .ansiBrightWhite)
    }

    @Test func brightColoursOnAnEightColourTerminalAreTheBasicOnesInBold() {
        let eight = CursesStyles.foreground(.ansiBrightRed, colorCount: 8, hasDefaultColors: true)
        #expect(eight.0 == 1 && eight.1 == .bold)
        let sixteen = CursesStyles.foreground(.ansiBrightRed, colorCount: 256, hasDefaultColors: true)
        #expect(sixteen.0 == 9 && sixteen.1.isEmpty)
        #expect(CursesStyles.background(.ansiBrightBlue, colorCount: 8, hasDefaultColors: true) == 4)
        #expect(CursesStyles.fallback(foreground: .ansiBrightGreen, background: .default) == .bold)
    }

    @Test func lineEndsInAHitAreShownOneCharacterForOne() {
        #expect(HitDisplay.showingLineEnds("a\nb\r\nc\rd") == "a␊b␊c␊d")
        let hit = Hit(
            objectID: "1", record: .object(["line": .string("x\ny")]),
            highlights: ["line": AttributeHighlight(values: [HighlightedText(text: "x\ny", matchedRanges: [2..<3])], matchLevel: .full)])
        let pieces = HitDisplay.pieces(of: hit, attribute: "line", plain: Theme.text, highlighted: Theme.highlight)
        #expect(pieces.map(\.0) == ["x␊", "y"])
        #expect(pieces.last?.1 == Theme.highlight)
    }
}
