import Testing

@testable import TerminalUI

/// The pieces of fzf's --height drawing that need no terminal: styles as SGR sequences (same
/// palette and no-colour fallbacks as curses) and when to wait for the rest of a key sequence.
@Suite struct InlineDrawingTests {
    @Test func stylesBecomeSGRSequencesFromTheSharedPalette() {
        let colors = AnsiStyles(colors: nil, environment: ["TERM": "screen-256color"])
        #expect(colors.sequence(.plain) == "\u{1B}[0m")
        #expect(colors.sequence(Style.fg(.accent).bold()) == "\u{1B}[0;36;1m")
        #expect(colors.sequence(Style.fg(.muted)) == "\u{1B}[0;38;5;244m")
        #expect(colors.sequence(Style.bg(.selection)) == "\u{1B}[0;44m")
        let basic = AnsiStyles(colors: nil, environment: ["TERM": "xterm"])
        #expect(basic.sequence(Style.fg(.muted)) == "\u{1B}[0;2m", "8 colours: muted is dim")
    }

    @Test func noColorKeepsHighlightsVisibleWithAttributes() {
        let plain = AnsiStyles(colors: nil, environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(!plain.colorsEnabled)
        #expect(plain.sequence(Style.fg(.highlight)) == "\u{1B}[0;1;4m")
        #expect(plain.sequence(Style.bg(.selection)) == "\u{1B}[0;7m")
        #expect(!AnsiStyles(colors: false, environment: ["TERM": "xterm"]).colorsEnabled)
        #expect(AnsiStyles(colors: true, environment: ["TERM": "xterm", "NO_COLOR": "1"]).colorsEnabled)
    }

    @Test func aKeySequenceCutBetweenReadsIsWaitedFor() {
        func codes(_ text: String) -> [RawInput] { text.unicodeScalars.map { RawInput(code: $0.value) } }
        #expect(InlineTerminal.endsInsideSequence(codes("ab\u{1B}")))
        #expect(InlineTerminal.endsInsideSequence(codes("\u{1B}[")))
        #expect(InlineTerminal.endsInsideSequence(codes("\u{1B}[1;2")))
        #expect(InlineTerminal.endsInsideSequence(codes("\u{1B}O")))
        #expect(!InlineTerminal.endsInsideSequence(codes("\u{1B}[A")))
        #expect(!InlineTerminal.endsInsideSequence(codes("\u{1B}OAx")))
        #expect(!InlineTerminal.endsInsideSequence(codes("\u{1B}x")), "Alt-x is whole")
        #expect(!InlineTerminal.endsInsideSequence(codes("plain")))
    }
}

@Suite struct CursorReportTests {
    @Test func theCursorReportIsFoundAmongKeysTypedMeanwhile() {
        let bytes = Array("ab\u{1B}[A\u{1B}[19;1Rcd".utf8)
        let found = InlineTerminal.cursorReport(in: bytes)
        #expect(found?.row == 19)
        #expect(found.map { String(decoding: bytes[$0.range], as: UTF8.self) } == "\u{1B}[19;1R")
        #expect(InlineTerminal.cursorReport(in: Array("\u{1B}[19;1".utf8)) == nil, "not whole yet")
        #expect(InlineTerminal.cursorReport(in: Array("\u{1B}[1;2A".utf8)) == nil, "Shift-Up is not a report")
        #expect(InlineTerminal.cursorReport(in: Array("\u{1B}[99999999999999;1R".utf8)) == nil, "bounded")
    }
}
