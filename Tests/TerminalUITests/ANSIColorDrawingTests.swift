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

    @Test func coloursKeepThe256PaletteAndTrueColourComesToItsNearest() {
        #expect(PaletteColor(ansi: .indexed(1)) == .ansiRed)
        #expect(PaletteColor(ansi: .indexed(12)) == .ansiBrightBlue)
        #expect(PaletteColor(ansi: .indexed(208)) == .indexed(208))
        #expect(PaletteColor(ansi: .rgb(255, 0, 0)) == .rgb(255, 0, 0), "kept whole for a true-colour terminal")
        func curses(_ color: PaletteColor) -> Int16 { CursesStyles.foreground(color, colorCount: 256, hasDefaultColors: true).0 }
        #expect(curses(PaletteColor(ansi: .rgb(255, 0, 0))) == 196, "the cube's pure red")
        #expect(curses(PaletteColor(ansi: .rgb(128, 128, 128))) == 244, "a grey of the grey ramp")
        #expect(curses(PaletteColor(ansi: .rgb(0, 0, 200))) == 20)
    }

    @Test func withFewerThan256ColoursThePaletteComesToTheNearestOfSixteen() {
        #expect(ColorApproximation.number(.indexed(196), colorCount: 16) == 9, "bright red")
        #expect(ColorApproximation.number(.indexed(244), colorCount: 16) == 8, "bright black")
        #expect(ColorApproximation.number(.indexed(208), colorCount: 16) == 3, "orange: yellow")
        let rich = CursesStyles.foreground(.indexed(208), colorCount: 256, hasDefaultColors: true)
        #expect(rich.0 == 208 && rich.1.isEmpty)
        let poor = CursesStyles.foreground(.indexed(208), colorCount: 8, hasDefaultColors: true)
        #expect(poor.0 == 3 && poor.1.isEmpty)
        #expect(CursesStyles.background(.indexed(196), colorCount: 8, hasDefaultColors: true) == 1, "bright red as red where there are 8")
        #expect(AnsiStyles.color(208, base: 30) == "38;5;208")
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
        #expect(HitDisplay.showingLineEnds("a\nb\r\nc\rd") == "a␊b␍␊c␍d")
        let hit = Hit(
            objectID: "1", record: .object(["line": .string("x\ny")]),
            highlights: ["line": AttributeHighlight(values: [HighlightedText(text: "x\ny", matchedRanges: [2..<3])], matchLevel: .full)])
        let pieces = HitDisplay.pieces(of: hit, attribute: "line", plain: Theme.text, highlighted: Theme.highlight)
        #expect(pieces.map(\.0) == ["x␊", "y"])
        #expect(pieces.last?.1 == Theme.highlight)
    }
}
