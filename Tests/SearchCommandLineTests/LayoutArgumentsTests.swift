import ArgumentParser
import Testing

@testable import SearchCommandLine
@testable import TerminalUI

@Suite struct LayoutArgumentsTests {
    @Test func layoutReverseAndTheirOptions() throws {
        var options = SearchApp.Options()
        try LayoutArguments.parse(["--layout", "reverse-list"]).configure(&options)
        #expect(options.layout == .reverseList)
        try LayoutArguments.parse(["--reverse"]).configure(&options)
        #expect(options.layout == .reverse)
        #expect(try LayoutArguments.parse([]).listLayout() == .standard)
    }

    @Test func colorsMergeLeftToRightAsTheDefaultOptionsComeFirst() throws {
        // INSTANTSEARCH_DEFAULT_OPTS's words go in front of the command line's.
        let arguments = try LayoutArguments.parse(["--color=dark,hl:1", "--color", "hl:2,prompt:3"])
        let theme = try arguments.theme()
        #expect(theme.highlight.foreground == .indexed(2))
        #expect(theme.prompt.foreground == .indexed(3))
        #expect(theme.selectedRow.background == .indexed(237), "the base scheme of the first --color stays")
    }

    /// fzf's `--no-bold`: no look is bold, whatever base scheme `--color` starts from later;
    /// what `--color` itself asks for still is (as fzf keeps its attributes).
    @Test func noBoldLeavesOnlyTheBoldColorAsksFor() throws {
        let plain = try LayoutArguments.parse(["--no-bold", "--color", "dark"]).theme()
        #expect(Theme.allLooks.allSatisfy { !plain[keyPath: $0].attributes.contains(.bold) })
        #expect(Theme.allLooks.contains { Theme.standard[keyPath: $0].attributes.contains(.bold) }, "the standard look has bold to remove")
        let asked = try LayoutArguments.parse(["--no-bold", "--color", "hl:1:bold"]).theme()
        #expect(asked.highlight.attributes.contains(.bold) && !asked.prompt.attributes.contains(.bold))
    }

    /// fzf's options for hits longer than their row.
    @Test func theLongHitOptionsAndTheirMistakes() throws {
        var options = SearchApp.Options()
        try LayoutArguments.parse(["--no-hscroll", "--hscroll-off", "3", "--keep-right", "--ellipsis", "..", "--scroll-off=4", "--tabstop", "4"]).configure(
            &options)
        #expect(options.matchWindow.tabStop == 4)
        #expect(options.scrollOff == 4)
        #expect(!options.matchWindow.scrollsToMatch && options.matchWindow.context == 3)
        #expect(options.matchWindow.keepsRight && options.matchWindow.ellipsis == "..")
        #expect(try LayoutArguments.parse(["--ellipsis", ""]).matchWindow().ellipsis == "")
        #expect(try LayoutArguments.parse([]).matchWindow() == MatchWindow.Settings())
    }

    @Test func aBareBorderIsRounded() throws {
        #expect(LayoutArguments.translatingBareOptions(["--border", "file.json"]) == ["--border=default", "file.json"])
        #expect(LayoutArguments.translatingBareOptions(["--border", "double", "x"]) == ["--border", "double", "x"])
        #expect(LayoutArguments.translatingBareOptions(["a", "--border"]) == ["a", "--border=default"])
        #expect(try LayoutArguments.parse(["--border=default"]).frame().border == .rounded, "fzf's default shape")
        #expect(LayoutArguments.translatingBareOptions(["--", "--border"]) == ["--", "--border"], "after --, a file name")
        #expect(LayoutArguments.translatingBareOptions(["--tmux", "a.json"]) == ["--tmux=center,50%", "a.json"])
        #expect(LayoutArguments.translatingBareOptions(["--tmux", "top,40%"]) == ["--tmux", "top,40%"])
        #expect(LayoutArguments.translatingBareOptions(["--tmux", "middle,10"]) == ["--tmux", "middle,10"], "a mistake, refused as one")
        let frame = try LayoutArguments.parse(["--border-label", "hi", "--border-label-pos", "-2:bottom", "--margin", "1,5%", "--padding", "2"]).frame()
        #expect(frame.border == .rounded, "a label brings a border")
        #expect(frame.labelPosition == -2 && frame.labelAtBottom)
        #expect(frame.margin.right == .percent(5) && frame.padding.left == .cells(2))
    }

    @Test(arguments: [
        (["--layout", "up"], "--layout takes default, reverse, reverse-list; not 'up'."),
        (["--color", "hl:red:blink"], "--color: 'blink' in 'hl:red:blink' is neither a colour"),
        (["--color", "solarized"], "--color: no element or base scheme is named 'solarized'"),
        (
            ["--border", "dotted"],
            "--border takes rounded, sharp, bold, double, block, thinblock, dashed, horizontal, vertical, top, bottom, left, right, none; not 'dotted'."
        ),
        (["--margin", "1,2,3,4,5"], "--margin takes one to four comma-separated sizes"),
        (["--padding", "x"], "--padding takes one to four"),
        (["--border-label-pos", "middle"], "--border-label-pos takes N, N:top or N:bottom"),
        (["--info", "middle"], "--info takes default, inline, inline-right, right, hidden; not 'middle'."),
        (["--tmux", "center,0"], "--tmux takes [center|top|bottom|left|right][,WIDTH[%]][,HEIGHT[%]]"),
        (["--tmux", "left,50%,50%,1"], "--tmux takes"),
        (["--tmux", "top,101%"], "--tmux takes"),
        (["--hscroll-off", "-1"], "--hscroll-off takes a number of columns from 0; not -1."),
        (["--scroll-off", "-2"], "--scroll-off takes a number of lines from 0; not -2."),
        (["--tabstop", "0"], "--tabstop takes a number of columns from 1 to 64; not 0."),
        (["--ellipsis", "a\u{1B}b"], "--ellipsis takes at most 8 columns of text without control characters; not 'a\u{1B}b'."),
    ])
    func mistakesAreOneLineNamingTheOption(arguments: [String], expected: String) {
        guard let message = refusal(LayoutArguments.self, arguments) else {
            Issue.record("\(arguments) was accepted")
            return
        }
        #expect(message.hasPrefix(expected), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test func tmuxSpecsReadAsFzfs() throws {
        let top = try #require(TmuxPopupSpec.parse("top,40%"))
        #expect(top.position == .top && top.width == .percent(100) && top.height == .percent(40))
        let right = try #require(TmuxPopupSpec.parse("right,30"))
        #expect(right.width == .cells(30) && right.height == .percent(100))
        let center = try #require(TmuxPopupSpec.parse("80%,20"))
        #expect(center.position == .center && center.width == .percent(80) && center.height == .cells(20))
        #expect(TmuxPopupSpec.parse("center") == TmuxPopupSpec())
        let native = try #require(TmuxPopupSpec.parse("bottom,border-native,30%"))
        #expect(native.nativeBorder && native.position == .bottom && native.height == .percent(30))
        #expect(TmuxPopupSpec.parse("border-native,left,1,2,3") == nil, "at most three parts besides border-native")
    }

    /// fzf's popup: no tmux border, a rounded one of the interface's own; with border-native
    /// tmux's, and a column of margin each side.
    @Test func thePopupsFrameIsFzfs() throws {
        let plain = try #require(TmuxPopupSpec.parse("center,80%"))
        #expect(plain.popupArguments.last == "-B")
        #expect(plain.interfaceArguments(borderGiven: false, marginGiven: false) == ["--border=rounded"])
        #expect(plain.interfaceArguments(borderGiven: true, marginGiven: false) == [])
        let native = try #require(TmuxPopupSpec.parse("center,80%,border-native"))
        #expect(!native.popupArguments.contains("-B"))
        #expect(native.interfaceArguments(borderGiven: false, marginGiven: false) == ["--margin=0,1"])
        #expect(native.interfaceArguments(borderGiven: false, marginGiven: true) == [])
        #expect(TmuxPopup.withoutTmuxOption(["a", "--tmux", "top", "--tmux=x", "-q", "--", "--tmux"]) == ["a", "-q", "--", "--tmux"])
    }
}

/// fzf's --preview-window given more than once, and --preview-border, read in fzf's order.
@Suite struct PreviewWindowArgumentsTests {
    @Test func eachPreviewWindowAppliesOnTopOfTheOnesBeforeOverThePreviewBorder() throws {
        let window = try PreviewArguments.parse([
            "--preview", "cat {}", "--preview-border", "sharp", "--preview-window", "follow,left", "--preview-window", "~4,40%",
        ]).window
        var expected = PreviewWindow(position: .left, size: 40, startsHidden: false)
        (expected.follows, expected.headerLines, expected.border) = (true, 4, .shape(.sharp))
        #expect(window == expected)
        #expect(try PreviewArguments.parse(["--preview-border=line"]).window.border == .line)
        #expect(throws: (any Error).self) { try PreviewArguments.parse(["--preview-border", "wavy"]) }
    }
}

/// fzf's --preview-label and --preview-label-pos as the session reads them.
@Suite struct PreviewLabelArgumentsTests {
    @Test func theLabelAndItsPositionReachTheInterface() throws {
        var options = SearchApp.Options()
        try PreviewArguments.parse(["--preview-label", "[ x ]", "--preview-label-pos", "-3:top"]).configure(&options)
        #expect(options.previewLabel == "[ x ]" && options.previewLabelPosition == -3)
        try PreviewArguments.parse(["--preview-label-pos=4"]).configure(&options)
        #expect(options.previewLabelPosition == 4)
    }

    @Test(arguments: [
        (["--preview-label-pos", "2:bottom"], "--preview-label-pos takes N or N:top"),
        (["--preview-label-pos", "left"], "--preview-label-pos takes N or N:top"),
        (["--preview-label", "a\u{7}"], "--preview-label takes one line of text without control characters"),
    ])
    func mistakesAreOneLine(arguments: [String], expected: String) {
        guard let message = refusal(PreviewArguments.self, arguments) else {
            Issue.record("\(arguments) was accepted")
            return
        }
        #expect(message.hasPrefix(expected), "\(message)")
    }
}
