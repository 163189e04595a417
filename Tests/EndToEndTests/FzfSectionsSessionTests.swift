import Foundation
import Testing

/// fzf 0.74.5's section borders on plain lines (`--list-border`, `--input-border`,
/// `--header-border`, `--header-lines-border`, `--footer`, their labels, `--style`, `--gap`),
/// each screen as fzf 0.74.5 draws it for the same command in the same terminal size
/// (captured from it).
@Suite(.serialized) struct FzfSectionsSessionTests {
    /// Runs `command`, presses `keys` once a row holds `ready`, and waits for `expected` whole.
    private func expectScreen(
        _ command: String, width: Int, height: Int, _ expected: [String], after keys: [String] = [], ready: String = ""
    ) throws {
        let tmux = try Tmux(width: width, height: height)
        try tmux.shell("clear; \(command)")
        if keys.isEmpty {
            try tmux.waitFor("fzf's screen") { FzfScreen.rows($0) == expected }
        } else {
            try tmux.waitFor("the first screen") { FzfScreen.rows($0).contains { $0.contains(ready) } }
            for key in keys { try tmux.press(key) }
            try tmux.waitFor("fzf's screen after \(keys)") { FzfScreen.rows($0) == expected }
        }
        try tmux.press("C-c")
    }

    /// The list in a double border, its label on the bottom side from the third column; the
    /// header lines, the info line and the prompt inside it, as with no border.
    @Test func aListBorderWithItsLabelAtTheBottom() throws {
        let command =
            "seq 20 | \(Project.binary) --list-border double --list-label ' lines ' --list-label-pos 3:bottom --header-lines 2 --query 1 --padding 0,1"
        let expected = [
            " ╔══════════════════════════╗",
            " ║ ▌ 13                     ║",
            " ║ ▌ 12                     ║",
            " ║ ▌ 11                     ║",
            " ║ ▌ 10                    │║",
            " ║   2                      ║",
            " ║   1                      ║",
            " ║   10/18 ──────────────── ║",
            " ║ > 1                      ║",
            " ╚═ lines ══════════════════╝",
        ]
        try expectScreen(command, width: 30, height: 10, expected)
    }

    /// The input in its own bold box (no separator: the box draws that rule), its label ending
    /// two columns from the right; `--header-first` puts the header below it.
    @Test func anInputBorderWithTheHeaderFirst() throws {
        let command = "seq 20 | \(Project.binary) --input-border bold --input-label input --input-label-pos -2 --header \"$(printf 'h1\\nh2')\" --header-first"
        let expected = [
            "▌ 4",
            "▌ 3",
            "▌ 2",
            "▌ 1                          │",
            "┏━━━━━━━━━━━━━━━━━━━━━━━input┓",
            "┃   20/20                    ┃",
            "┃ >                          ┃",
            "┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛",
            "  h1",
            "  h2",
        ]
        try expectScreen(command, width: 30, height: 10, expected)
    }

    /// The header lines in a sharp box between the list and the input (upward, as the list),
    /// the label on its bottom side.
    @Test func aHeaderBorderAroundTheHeaderLines() throws {
        let command = "seq 20 | \(Project.binary) --header-lines 3 --header-border sharp --header-label head --header-label-pos 2:bottom --query 1"
        let expected = [
            "▌ 14",
            "▌ 13",
            "▌ 12",
            "▌ 11                         │",
            "▌ 10                         │",
            "┌────────────────────────────┐",
            "│ 3                          │",
            "│ 2                          │",
            "│ 1                          │",
            "└head────────────────────────┘",
            "  10/17",
            "> 1",
        ]
        try expectScreen(command, width: 30, height: 12, expected)
    }

    /// `--style full` in reverse: every section in a rounded box, the info at the prompt's
    /// right end, the footer below the list with its label centred.
    @Test func styleFullInReverse() throws {
        let command =
            "seq 50 | \(Project.binary) --style full --layout reverse --header top --header-lines 1 --footer \"$(printf 'f1\\nf2')\" --footer-label foot"
        let expected = [
            "╭────────────────────────────╮",
            "│ >                    49/49 │",
            "╰────────────────────────────╯",
            "╭────────────────────────────╮",
            "│   top                      │",
            "│   1                        │",
            "╰────────────────────────────╯",
            "╭────────────────────────────╮",
            "│ ▌ 2                       ││",
            "│ ▌ 3                        │",
            "│ ▌ 4                        │",
            "╰────────────────────────────╯",
            "╭────────────foot────────────╮",
            "│   f1                       │",
            "│   f2                       │",
            "╰────────────────────────────╯",
        ]
        try expectScreen(command, width: 30, height: 16, expected)
    }

    /// reverse-list: the footer and the header lines above the list (in a horizontal border),
    /// the header with its `line` (on top) below it, then the input.
    @Test func reverseListWithAHorizontalListBorderAndLines() throws {
        let command = "seq 50 | \(Project.binary) --layout reverse-list --list-border horizontal --header-lines 2 --footer f1 --header ha --header-border line"
        let expected = [
            "  f1",
            "──────────────────────────────",
            "  1",
            "  2",
            "──────────────────────────────",
            "▌ 3                          │",
            "▌ 4",
            "▌ 5",
            "▌ 6",
            "──────────────────────────────",
            "──────────────────────────────",
            "  ha",
            "  48/48 ─────────────────────",
            ">",
        ]
        try expectScreen(command, width: 30, height: 14, expected)
    }

    /// change-list-label, change-footer, transform-input-label and change-footer-label at run time.
    @Test func labelsAndTheFooterChangedByKeys() throws {
        let command =
            "seq 5 | \(Project.binary) --list-border --input-border --footer old --footer-border sharp --bind 'space:change-list-label(L)+change-footer(new)+transform-input-label(echo I)+change-footer-label(F)'"
        let expected = [
            "┌──────────F───────────┐",
            "│   new                │",
            "└──────────────────────┘",
            "╭──────────L───────────╮",
            "│ ▌ 5                  │",
            "│ ▌ 4                  │",
            "│ ▌ 3                  │",
            "│ ▌ 2                  │",
            "│ ▌ 1                  │",
            "╰──────────────────────╯",
            "╭──────────I───────────╮",
            "│   5/5                │",
            "│ >                    │",
            "╰──────────────────────╯",
        ]
        try expectScreen(command, width: 24, height: 14, expected, after: ["Space"], ready: "│   old")
    }

    /// `--gap 2`: two rows after each line, the last drawn with the `--gap-line` text repeated.
    @Test func aGapOfTwoWithItsLine() throws {
        let command = "seq 30 | \(Project.binary) --gap 2 --gap-line '=-' --layout reverse --no-scrollbar"
        let expected = [
            ">",
            "  30/30 ───────────────",
            "▌ 1",
            "▌",
            "▌ =-=-=-=-=-=-=-=-=-=-=",
            "▌ 2",
            "▌",
            "▌ =-=-=-=-=-=-=-=-=-=-=",
            "▌ 3",
            "▌",
        ]
        try expectScreen(command, width: 24, height: 10, expected)
    }

    /// `--style full:sharp` after `--no-list-border` sets the list's border again (options are
    /// read in order, as fzf reads them); `--info default` after it keeps the info on its row.
    @Test func aStyleOverridesTheBordersBeforeIt() throws {
        let command = "seq 9 | \(Project.binary) --no-list-border --style full:sharp --header hd --info default --footer ft"
        let expected = [
            "┌──────────────────────┐",
            "│   ft                 │",
            "└──────────────────────┘",
            "┌──────────────────────┐",
            "│ ▌ 4                  │",
            "│ ▌ 3                  │",
            "│ ▌ 2                  │",
            "│ ▌ 1                 ││",
            "└──────────────────────┘",
            "┌──────────────────────┐",
            "│   hd                 │",
            "└──────────────────────┘",
            "┌──────────────────────┐",
            "│   9/9                │",
            "│ >                    │",
            "└──────────────────────┘",
        ]
        try expectScreen(command, width: 24, height: 16, expected)
    }

    /// `inline`: the header (with the header lines) and the footer inside the list's border,
    /// each apart from the list by a rule with T-junctions that carries its label.
    @Test func inlineSectionsInsideTheListsBorder() throws {
        let command =
            "seq 20 | \(Project.binary) --layout reverse --style full --header foo --header-lines 2 --header-border inline --footer ft --footer-border inline --footer-label FL --header-label HL"
        let expected = [
            "╭────────────────────────────╮",
            "│ >                    18/18 │",
            "╰────────────────────────────╯",
            "╭────────────────────────────╮",
            "│   foo                      │",
            "│   1                        │",
            "│   2                        │",
            "├─────────────HL─────────────┤",
            "│ ▌ 3                       ││",
            "│ ▌ 4                        │",
            "│ ▌ 5                        │",
            "│ ▌ 6                        │",
            "│ ▌ 7                        │",
            "├─────────────FL─────────────┤",
            "│   ft                       │",
            "╰────────────────────────────╯",
        ]
        try expectScreen(command, width: 30, height: 16, expected)
    }

    /// A bare `--border` after `--style full:double` is double too; `--list-border=rounded` after it stays.
    @Test func aBareBorderTakesTheStylesShape() throws {
        let command = "seq 20 | \(Project.binary) --style full:double --border --list-border=rounded"
        let expected = [
            "╔════════════════════════════╗",
            "║ ╭────────────────────────╮ ║",
            "║ │ ▌ 1                   ││ ║",
            "║ ╰────────────────────────╯ ║",
            "║ ╔════════════════════════╗ ║",
            "║ ║ >                20/20 ║ ║",
            "║ ╚════════════════════════╝ ║",
            "╚════════════════════════════╝",
        ]
        try expectScreen(command, width: 30, height: 8, expected)
    }

    /// `--preview-window next`: the preview beside the input (below it in reverse), before the
    /// header; its box draws the rule, so the separator goes.
    @Test func aPreviewNextToTheInput() throws {
        let command = "seq 5 | \(Project.binary) --layout=reverse --preview 'echo PREVIEW' --preview-window=next:2 --header hd --header-border"
        let expected = [
            ">",
            "  5/5",
            "╭──────────────────────╮",
            "│ PREVIEW              │",
            "│                      │",
            "╰──────────────────────╯",
            "╭──────────────────────╮",
            "│ hd                   │",
            "╰──────────────────────╯",
            "▌ 1                    │",
            "▌ 2",
            "▌ 3",
        ]
        try expectScreen(command, width: 24, height: 12, expected)
    }

    /// fzf's `dashed` shape: rounded corners, `╶` across, `┆` down; the inline header lines'
    /// rule meets its sides with T-junctions.
    @Test func aDashedListBorderWithInlineHeaderLines() throws {
        let command =
            "seq 30 | \(Project.binary) --list-border dashed --list-label L --header hd --header-border dashed --header-lines 2 --header-lines-border inline"
        let dashes = String(repeating: "╶", count: 34)
        let expected = [
            "╭" + String(repeating: "╶", count: 16) + "L" + String(repeating: "╶", count: 17) + "╮",
            "┆ ▌ 4                              ┆",
            "┆ ▌ 3                             │┆",
            "├" + dashes + "┤",
            "┆   2                              ┆",
            "┆   1                              ┆",
            "╰" + dashes + "╯",
            "╭" + dashes + "╮",
            "┆   hd                             ┆",
            "╰" + dashes + "╯",
            "    28/28",
            "  >",
        ]
        try expectScreen(command, width: 36, height: 12, expected)
    }

    /// A click on a header's word runs click-header with fzf's FZF_CLICK_HEADER_LINE (counted
    /// down the screen: the header lines, upward in the default layout, then the --header)
    /// and FZF_CLICK_HEADER_WORD.
    @Test func clickHeaderSaysTheLineAndTheWord() throws {
        let tmux = try Tmux(width: 40, height: 16)
        let bind = "click-header:transform-prompt:echo \"L=$FZF_CLICK_HEADER_LINE W=$FZF_CLICK_HEADER_WORD> \""
        try tmux.shell("clear; (printf 'Xaa\\nYbb\\nZcc\\n'; seq 5) | \(Project.binary) --style full --header 'Aaa Bbb' --header-lines 3 --bind '\(bind)'")
        let screen = try tmux.waitFor("the header") { FzfScreen.rows($0).contains { $0.contains("Aaa Bbb") } }
        func click(_ word: String, in screen: String) throws {
            let rows = FzfScreen.rows(screen)
            let y = try #require(rows.firstIndex { $0.contains(word) })
            let x = try #require(rows[y].range(of: word)).lowerBound
            try tmux.click(x: rows[y].distance(from: rows[y].startIndex, to: x), y: y)
        }
        try click("Bbb", in: screen)
        let clicked = try tmux.waitFor("the header's line and word") { FzfScreen.rows($0).contains { $0.contains("L=4 W=Bbb>") } }
        try click("Ybb", in: clicked)
        try tmux.waitFor("the header line's") { FzfScreen.rows($0).contains { $0.contains("L=2 W=Ybb>") } }
        try tmux.press("C-c")
    }
}
