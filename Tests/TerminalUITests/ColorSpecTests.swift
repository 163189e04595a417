import Testing

@testable import TerminalUI

/// fzf's `--color` read onto a theme: elements, colours, attributes, base schemes, mistakes.
@Suite struct ColorSpecTests {
    @Test func anElementTakesAColourAndItsAttributesAreReplacedOnlyWhenGiven() throws {
        let theme = try ColorSpec.apply("hl:#ff0000:bold,prompt:bright-red,pointer:-1,marker:201", to: .standard)
        #expect(theme.highlight == Style(foreground: .rgb(255, 0, 0), attributes: .bold))
        #expect(theme.prompt == Style(foreground: .indexed(9), attributes: .bold), "a colour alone keeps the attributes")
        #expect(theme.pointer.foreground == .default)
        #expect(theme.marker.foreground == .indexed(201))
    }

    @Test func backgroundElementsSetTheBackground() throws {
        let theme = try ColorSpec.apply("bg:236,bg+:blue,fg+:white,gutter:black,preview-bg:17,preview-fg:252", to: .standard)
        #expect(theme.screenTint == Style(background: .indexed(236)))
        #expect(theme.selectedRow == Style(foreground: .indexed(7), background: .indexed(4)))
        #expect(theme.gutter == Style(background: .indexed(0)))
        #expect(theme.previewTint == Style(foreground: .indexed(252), background: .indexed(17)))
    }

    /// fzf's section colours: a border or a label starts from `border` / `label` (given
    /// before it too), a background is the section's rows'.
    @Test func sectionColoursInheritTheBorderAndTheLabel() throws {
        let theme = try ColorSpec.apply("border:2,list-border:red:bold,header-label:3,footer-bg:blue", to: .standard)
        #expect(theme.sectionLooks["list-border"] == Style(foreground: .indexed(1), attributes: .bold))
        #expect(theme.sectionLooks["header-label"]?.foreground == .indexed(3))
        #expect(theme.sectionLooks["header-label"]?.attributes == Theme.standard.paneTitle.attributes, "the label's attributes kept")
        #expect(theme.sectionLooks["footer-bg"] == Style(background: .indexed(4)))
        Theme.$current.withValue(theme) {
            #expect(Theme.section("input-border") == theme.border, "not given: the border's")
            #expect(Theme.section("input-bg") == .plain)
        }
        #expect(throws: ColorSpec.Error.self) { try ColorSpec.apply("list-border", to: .standard) }
    }

    @Test func laterPiecesWinAndABaseSchemeStartsAfresh() throws {
        var theme = try ColorSpec.apply("hl:1", to: .standard)
        theme = try ColorSpec.apply("hl:2:underline:italic", to: theme)
        #expect(theme.highlight == Style(foreground: .indexed(2), attributes: [.underline, .italic]))
        theme = try ColorSpec.apply("hl:3,16", to: theme)
        #expect(theme == .standard, "16 is the interface's own look")
        theme = try ColorSpec.apply("bw", to: .standard)
        #expect(theme.highlight == Style(attributes: [.bold, .underline]))
        #expect(theme.selectedRow == Style(attributes: .reverse))
        theme = try ColorSpec.apply("dark,hl:regular", to: .standard)
        #expect(theme.highlight.attributes.isEmpty)
        #expect(theme.selectedRow.background == .indexed(237))
        #expect(try ColorSpec.apply("light", to: .standard).selectedRow.background == .indexed(254))
    }

    @Test func ownPanesHaveNamesToo() throws {
        let theme = try ColorSpec.apply("facet:green,facet+:bright-yellow,chip:magenta:bold,slider:cyan,label:red,border:8", to: .standard)
        #expect(theme.facetTint == Style(foreground: .indexed(2)))
        #expect(theme.selectedFacet.foreground == .indexed(11))
        #expect(theme.chipTint == Style(foreground: .indexed(5), attributes: .bold))
        #expect(theme.sliderTint.foreground == .indexed(6))
        #expect(theme.paneTitle.foreground == .indexed(1))
        #expect(theme.border.foreground == .indexed(8))
    }

    @Test func mistakesNameWhatIsAllowed() {
        func message(_ spec: String) -> String {
            do {
                _ = try ColorSpec.apply(spec, to: .standard)
                return ""
            } catch {
                return error.message
            }
        }
        #expect(message("hilite:red").hasPrefix("no element or base scheme is named 'hilite' (in 'hilite:red'); elements: fg, bg, hl, fg+"))
        #expect(message("hilite:red").contains("base schemes: dark, light, 16, bw"))
        #expect(message("solarized").contains("named 'solarized'"))
        #expect(message("hl:256").contains("'256' in 'hl:256' is neither a colour (-1, 0 to 255, #rrggbb"))
        #expect(message("hl:#12345").contains("neither a colour"))
        #expect(message("hl:blink").contains("bold, underline, reverse, dim, italic, regular"))
        #expect(message("hl:").contains("neither a colour"))
        #expect(message("hl").contains("needs a colour or an attribute"))
    }

    @Test func coloursAreDrawnAsTheNearestTheTerminalHas() {
        #expect(ColorApproximation.number(.indexed(196), colorCount: 256) == 196)
        #expect(ColorApproximation.number(.indexed(196), colorCount: 8) == 1, "bright red on 8 colours: red")
        #expect(ColorApproximation.number(.indexed(9), colorCount: 8) == 1)
        #expect(ColorApproximation.number(.indexed(9), colorCount: 16) == 9)
        #expect(ColorApproximation.number(.rgb(255, 0, 0), colorCount: 256) == 196)
        #expect(ColorApproximation.number(.rgb(0x80, 0x80, 0x80), colorCount: 256) == 244)
        #expect(ColorApproximation.number(.rgb(0, 0, 0xff), colorCount: 8) == 4)
    }

    @Test func theInlineWriterSendsTrueColourWhenTheTerminalSaysItCan() {
        let style = Style(foreground: .rgb(1, 2, 3), attributes: .italic)
        let trueColor = AnsiStyles(colors: nil, environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        #expect(trueColor.sequence(style) == "\u{1B}[0;38;2;1;2;3;3m")
        let palette = AnsiStyles(colors: nil, environment: ["TERM": "xterm-256color"])
        #expect(palette.sequence(Style(foreground: .indexed(196))) == "\u{1B}[0;38;5;196m")
    }
}

/// `--color` on screen: each element where fzf puts it, the default look unchanged.
@Suite struct ThemedScreenTests {
    private func harness(_ spec: String) throws -> AppHarness {
        var options = SearchApp.Options()
        options.theme = try ColorSpec.apply(spec, to: .standard)
        return AppHarness(options: options)
    }

    @Test func hlColoursTheQueryWordsAndHlPlusThoseOfTheSelectedHit() async throws {
        let harness = try harness("hl:196,hl+:46:bold,fg+:231,prompt:21,pointer:201")
        await harness.start()
        await harness.type("sony")
        let screen = harness.screen()
        let selected = try #require(screen.row(containing: "Sony Bravia TV"))
        let other = try #require(screen.row(containing: "Sony WH-1000XM5"))
        let x = try #require(screen.column(of: "Sony", inRow: other))
        #expect(screen.style(x: x, y: other) == Style(foreground: .indexed(196), attributes: [.bold, .underline]))
        let selectedX = try #require(screen.column(of: "Sony", inRow: selected))
        #expect(
            screen.style(x: selectedX, y: selected) == Style(foreground: .indexed(46), background: .selection, attributes: .bold),
            "hl+ on bg+ (the standard selection blue), not fg+")
        #expect(screen.style(x: selectedX + 5, y: selected)?.foreground == .indexed(231), "fg+ for the rest of the row")
        #expect(screen.style(x: 0, y: selected)?.foreground == .indexed(201), "the pointer")
        #expect(screen.style(x: 1, y: 1)?.foreground == .indexed(21), "the prompt")
    }

    @Test func bgFillsTheScreenUnderWhatHasNoBackgroundOfItsOwn() async throws {
        let harness = try harness("bg:235,fg:252")
        await harness.start()
        let screen = harness.screen()
        let blank = screen.style(x: 79, y: 10)
        #expect(blank?.background == .indexed(235))
        let selected = try #require(screen.row(containing: "Sony Bravia TV"))
        #expect(screen.style(x: 5, y: selected)?.background == .selection, "the selected row keeps its own")
        await harness.type("lg")
        let typed = harness.screen()
        let x = try #require(typed.column(of: "lg", inRow: 1))
        #expect(typed.style(x: x, y: 1) == Style(foreground: .indexed(252), background: .indexed(235)), "the query, plain text, takes fg")
        #expect(screen.style(x: 0, y: harness.app.layout!.topRule.y)?.foreground == .muted, "the rules keep theirs")
    }

    @Test func facetAndSliderTintTheirPanes() async throws {
        let harness = try harness("facet:2,slider:5,border:9")
        await harness.start()
        let screen = harness.screen()
        let layout = try #require(harness.app.layout)
        let row = try #require((layout.refinements.y..<layout.refinements.maxY).first { screen.line($0).dropFirst(layout.refinements.x).contains("Audio") })
        let x =
            layout.refinements.x
            + (screen.line(row).dropFirst(layout.refinements.x).range(of: "Audio").map {
                screen.line(row).dropFirst(layout.refinements.x)[..<$0.lowerBound].count
            } ?? 0)
        #expect(screen.style(x: x, y: row)?.foreground == .indexed(2))
        #expect(screen.style(x: 0, y: layout.topRule.y)?.foreground == .indexed(9))
    }

    @Test func withoutColorTheScreenIsAsBefore() async throws {
        let plain = AppHarness()
        let themed = try harness("16")
        await plain.start()
        await themed.start()
        let (a, b) = (plain.screen(), themed.screen())
        #expect((0..<24).map { a.runs(inLine: $0) } == (0..<24).map { b.runs(inLine: $0) })
    }
}
