import Foundation
import Testing

/// fzf 0.74.5's `--preview-window` words on plain lines, each screen as fzf 0.74.5 draws it
/// for the same command (captured from it in the same terminal size, without a scrollbar).
@Suite(.serialized) struct FzfPreviewWindowSessionTests {
    /// `+{2}-2` starts the output at the line the second field names less two, `~1` keeps the
    /// first line above it, `border-sharp` boxes it, `up,4` gives it four rows of text.
    @Test func aScrollOffsetAHeaderLineAndASharpBoxAbove() throws {
        let tmux = try Tmux(width: 40, height: 12)
        try tmux.shell("clear; echo foo 123 321 | \(Project.binary) --no-scrollbar --preview 'seq 1000' --preview-window 'up,4,border-sharp,+{2}-2,~1'")
        let expected = [
            "┌──────────────────────────────────────┐",
            "│ 1                           121/1000 │",
            "│ 121                                  │",
            "│ 122                                  │",
            "│ 123                                  │",
            "└──────────────────────────────────────┘",
            "", "", "",
            "▌ foo 123 321",
            "  1/1 ─────────────────────────────────",
            ">",
        ]
        try tmux.waitFor("fzf's screen") { FzfScreen.rows($0) == expected }
        try tmux.press("C-c")
    }

    /// `follow` keeps the output's end in view, preview-up scrolls back from it, and
    /// `change-preview-window(down,3,border-top|)` moves the pane below with a rule on top
    /// (the next press would bring back the options' window).
    @Test func followingTheEndThenMovingThePaneBelow() throws {
        let tmux = try Tmux(width: 40, height: 12)
        try tmux.shell(
            "clear; seq 3 | \(Project.binary) --no-scrollbar --preview 'seq 50' --preview-window 'right,8,border-left,follow' --bind 'u:preview-up,space:change-preview-window(down,3,border-top|)'"
        )
        let following = try tmux.waitFor("the output's end") { FzfScreen.rows($0).last?.hasSuffix("│ 50") == true }
        #expect(FzfScreen.rows(following).first == "                              │ 39 39/50")
        try tmux.press("u")
        try tmux.waitFor("one line up") { FzfScreen.rows($0).first == "                              │ 38 38/50" }
        try tmux.press("Space")
        let expected = [
            "", "", "",
            "▌ 3", "▌ 2", "▌ 1",
            "  3/3 ─────────────────────────────────",
            ">",
            "────────────────────────────────────────",
            "38                                 38/50",
            "39",
            "40",
        ]
        try tmux.waitFor("the pane below, still one line up from the end") { FzfScreen.rows($0) == expected }
        try tmux.press("C-c")
    }

    /// fzf's scrollbars beside the preview's text: in the column before a right edge, or in
    /// the text's last column where there is none (`border-left`), the lines' scrollbar too.
    @Test func thePreviewsScrollbarWithAndWithoutARightEdge() throws {
        let tmux = try Tmux(width: 40, height: 10)
        try tmux.shell("clear; seq 10 | \(Project.binary) --scrollbar --preview-window border-left --border --preview 'seq 1000'")
        let leftOnly = [
            "╭──────────────────────────────────────╮",
            "│ ▌ 6                │ 1        1/1000││",
            "│ ▌ 5                │ 2               │",
            "│ ▌ 4                │ 3               │",
            "│ ▌ 3               ││ 4               │",
            "│ ▌ 2               ││ 5               │",
            "│ ▌ 1               ││ 6               │",
            "│   10/10 ────────── │ 7               │",
            "│ >                  │ 8               │",
            "╰──────────────────────────────────────╯",
        ]
        try tmux.waitFor("fzf's screen with a left edge only") { FzfScreen.rows($0) == leftOnly }
        try tmux.press("C-c")
        try tmux.shell("clear; seq 10 | \(Project.binary) --preview-window down,3 --preview 'seq 1000'")
        let boxed = [
            "▌ 3", "▌ 2", "▌ 1                                    │",
            "  10/10 ───────────────────────────────",
            ">",
            "╭──────────────────────────────────────╮",
            "│ 1                             1/1000││",
            "│ 2                                    │",
            "│ 3                                    │",
            "╰──────────────────────────────────────╯",
        ]
        try tmux.waitFor("fzf's screen with a box below") { FzfScreen.rows($0) == boxed }
        try tmux.press("C-c")
    }
}
