import Foundation
import Testing

/// fzf 0.74.5's placeholders in a `--preview` command on plain lines, the whole screen as fzf
/// 0.74.5 draws it for the same command, keys and terminal size (captured from it).
@Suite(.serialized) struct FzfPlaceholderSessionTests {
    /// Fields with and without their spaces (`{2}`, `{s2}`), of the marked lines (`{+2}`,
    /// `{+s2}`), indices (`{n}`, `{+n}`, `{*n}`), every matched line (`{*}`), the query and its
    /// fields (`{q}`, `{q:2}`), the raw line (`{r}`) and a file of the marked lines (`{+f}`),
    /// with two lines marked, then with a query that leaves one line.
    @Test func fieldsMarksIndicesQueryAndAFileFilledInAsFzfFillsThem() throws {
        let tmux = try Tmux(width: 60, height: 14)
        let preview = "echo {{2}/{s2}/{+2}/{+s2}/{q}/{n}/{+n}}; echo [{*}] [{*n}] {q:2} {r}; cat {+f}"
        try tmux.shell(
            "clear; printf ':: 1  \\n:: 2 b\\n:: 3 c d\\n' | \(Project.binary) --multi --no-scrollbar --preview '\(preview)' --preview-window 'down,7,border-sharp'"
        )
        try tmux.waitFor("the first line's preview") { $0.contains("│ {1/1  /1/1  //0/0} ") }
        try tmux.press("BTab")
        try tmux.waitFor("one line marked") { $0.contains("(1)") }
        try tmux.press("BTab")
        let marked = [
            "▌ :: 3 c d",
            "▌┃:: 2 b",
            "▌┃:: 1",
            "  3/3 (2) ─────────────────────────────────────────────────",
            ">",
            "┌──────────────────────────────────────────────────────────┐",
            "│ {3/3 /1 2/1   2 //2/0 1}                                 │",
            "│ [:: 1   :: 2 b :: 3 c d] [0 1 2]  :: 3 c d               │",
            "│ :: 1                                                     │",
            "│ :: 2 b                                                   │",
            "│                                                          │",
            "│                                                          │",
            "│                                                          │",
            "└──────────────────────────────────────────────────────────┘",
        ]
        try tmux.waitFor("two lines marked, the third current") { FzfScreen.rows($0) == marked }
        try tmux.type(" d")
        let queried = [
            "",
            "",
            "▌ :: 3 c d",
            "  1/3 (2) ─────────────────────────────────────────────────",
            ">  d",
            "┌──────────────────────────────────────────────────────────┐",
            "│ {3/3 /1 2/1   2 / d/2/0 1}                               │",
            "│ [:: 3 c d] [2]  :: 3 c d                                 │",
            "│ :: 1                                                     │",
            "│ :: 2 b                                                   │",
            "│                                                          │",
            "│                                                          │",
            "│                                                          │",
            "└──────────────────────────────────────────────────────────┘",
        ]
        try tmux.waitFor("the query ' d': one line matched, two still marked") { FzfScreen.rows($0) == queried }
        try tmux.press("C-c")
    }
}
