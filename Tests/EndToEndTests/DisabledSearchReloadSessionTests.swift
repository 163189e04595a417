import Foundation
import Testing

/// fzf's `disable-search` with `reload`: the search no longer reads the query, so once the new
/// lines come every one of them is listed; `reload` lets go of the old lines at once (an edit
/// before the command's first line lists none), `reload-sync` keeps them until the output is
/// read. The counts are fzf 0.74.5's for the same keys.
@Suite(.serialized) struct DisabledSearchReloadSessionTests {
    /// fzf's spinner frames, before the count while lines are read.
    private enum PickerSpinner {
        static let frames: Set<String> = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    }

    /// The info row's count, "found/total" (after the spinner while lines are read).
    private func count(_ screen: String) -> String {
        for row in screen.split(separator: "\n") {
            let words = row.split(separator: " ").map(String.init).filter { $0 != "▌" && !PickerSpinner.frames.contains($0) }
            if let first = words.first, first.contains("/"), first.first?.isNumber == true { return first }
        }
        return ""
    }

    private func session(_ bind: String) throws -> Tmux {
        let tmux = try Tmux(width: 40, height: 8)
        try tmux.shell("seq 100 | \(Project.binary) --no-scrollbar --query 99 --bind '\(bind)' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the one match of 99") { count($0) == "1/100" }
        return tmux
    }

    @Test func anEditDuringTheReloadListsNothingThenEveryNewLine() throws {
        let tmux = try session("space:disable-search+reload(sleep 1; seq 1000)")
        try tmux.press("Space")
        try tmux.waitFor("the answer on screen kept") { count($0).hasPrefix("1/") && $0.contains("> 99") }
        try tmux.press("BSpace")
        try tmux.waitFor("the old lines let go of") { count($0) == "0/0" }
        try tmux.waitFor("every new line, the query not searched") { count($0) == "1000/1000" }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "1\n")
    }

    @Test func theFirstNewLinesAreListedWhateverTheQuery() throws {
        let tmux = try session("space:disable-search+reload(echo xx; sleep 1; seq 1000)")
        try tmux.press("Space")
        try tmux.waitFor("the command's first line, though it has no 99") { count($0) == "1/1" && $0.contains("xx") }
        try tmux.press("BSpace")
        try tmux.waitFor("all of them") { count($0) == "1001/1001" }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func reloadSyncKeepsTheOldListUntilTheOutputIsRead() throws {
        let tmux = try session("space:disable-search+reload-sync(sleep 1; seq 1000)")
        try tmux.press("Space", "BSpace")
        // The edit waits behind reload-sync: the old answer stays, then every new line.
        try tmux.waitFor("every new line") { count($0) == "1000/1000" && $0.split(separator: "\n").last == "> 9" }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}
