import Foundation
import Testing

/// fzf's `wait`: the actions after it run once the search under way is done, the reading of
/// the input included; meanwhile the info line says " (..)", keys are ignored, and a key bound
/// to abort ends the wait instead of the session.
@Suite(.serialized) struct WaitActionSessionTests {
    /// The info line: the row holding the count.
    private func infoRow(_ screen: String) -> String {
        screen.split(separator: "\n").map(String.init).first { $0.contains("/100") } ?? ""
    }

    @Test func startWaitHoldsUntilTheInputIsReadAndCtrlCEndsOnlyTheWait() throws {
        let tmux = try Tmux(width: 40, height: 12)
        try tmux.shell("(seq 100; sleep 4) | \(Project.binary) --no-scrollbar --bind 'start:wait' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the wait shown after the count") { infoRow($0).contains("100/100 (..) ─") }
        try tmux.type("5")
        // Ignored while waiting: the query stays empty.
        try tmux.waitFor("the key ignored") { $0.split(separator: "\n").last == ">" && infoRow($0).contains("100/100 (..)") }
        try tmux.press("C-c")
        try tmux.waitFor("the wait ended, the session still open") { !infoRow($0).contains("(..)") && infoRow($0).contains("100/100") }
        try tmux.type("99")
        try tmux.waitFor("typing searches again") { infoRow($0).contains("1/100") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "99\n")
    }

    @Test func acceptAfterWaitPicksFromTheNewQuerysAnswer() throws {
        let tmux = try Tmux(width: 40, height: 12)
        try tmux.shell("seq 100 | \(Project.binary) --bind 'space:change-query(55)+wait+accept' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("100/100")
        try tmux.press("Space")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "55\n")
    }
}
