import Foundation
import Testing

/// fzf 0.74.5's `--separator`, the screen as fzf 0.74.5 draws it for the same command (captured from it).
@Suite(.serialized) struct FzfSeparatorSessionTests {
    /// A separator longer than the row: its start fills the rest of the info line, cut at the
    /// row's end without an ellipsis.
    @Test func aSeparatorLongerThanTheRowIsCutAtItsEnd() throws {
        let tmux = try Tmux(width: 40, height: 6)
        try tmux.shell("clear; seq 3 | \(Project.binary) --no-scrollbar --separator \"$(seq 40 | tr '\\n' ' ')\"")
        let expected = ["", "▌ 3", "▌ 2", "▌ 1", "  3/3 1 2 3 4 5 6 7 8 9 10 11 12 13 14", ">"]
        try tmux.waitFor("fzf's screen") { FzfScreen.rows($0) == expected }
        try tmux.press("C-c")
    }
}
