import Foundation
import Testing

/// fzf's marks, jump labels and reloads in a real terminal: `--multi=N`, `jump` /
/// `jump-accept` / `--jump`, and what `reload` / `reload-sync` keep and drop.
/// On fzf's screen top-down with a blank gutter (as fzf's own suite runs it: the current line
/// is the one with the pointer).
@Suite(.serialized) struct ScriptingMarksSessionTests {
    static let fruits = "apple pie\nbanana split\ncherry tart\napple crumble\n"

    private func tmuxWithFruits() throws -> Tmux {
        let tmux = try Tmux(width: 110, height: 24)
        try Self.fruits.write(to: tmux.workDirectory.appendingPathComponent("fruits.txt"), atomically: true, encoding: .utf8)
        return tmux
    }

    private func printed(_ tmux: Tmux) throws -> [String] {
        try #require(tmux.file("out.txt")).split(separator: "\n").map(String.init)
    }

    @Test func multiWithALimitMarksNoMoreThanThat() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell("\(Project.binary) fruits.txt --reverse --gutter ' ' --multi=2 --bind 'f9:change-header(all keys read)' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.press("C-Space")
        try tmux.waitFor("one of two marks") { $0.contains("  4/4 (1/2) ") }
        try tmux.press("Down", "C-Space", "Down", "C-Space", "F9")
        let screen = try tmux.waitFor("all keys read")
        #expect(screen.contains("  4/4 (2/2) ") && !screen.contains("(3/2)"), "the third mark is refused")
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(try printed(tmux) == ["apple pie", "banana split"])
    }

    /// `{+f}` is a file of the marked lines under a name mkstemps made (no process id, nothing a
    /// neighbour could plant first), holding exactly those lines, and gone when the session ends.
    @Test func theMarkedFileHoldsTheMarksUnderANameNobodyGuesses() throws {
        let tmux = try tmuxWithFruits()
        let bind = "f9:execute-silent(cat {+f} > copied.txt; echo {+f} > name.txt)+change-header(copied)"
        try tmux.shell("\(Project.binary) fruits.txt --reverse --gutter ' ' --multi --bind '\(bind)' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.press("C-Space", "Down", "Down", "C-Space", "F9")
        try tmux.waitFor("copied")
        #expect(try tmux.file("copied.txt") == "apple pie\ncherry tart\n")
        let path = try #require(tmux.file("name.txt")).trimmingCharacters(in: .whitespacesAndNewlines)
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(name.hasPrefix("instantsearch-") && name.hasSuffix(".txt") && name.count == "instantsearch-XXXXXX.txt".count)
        #expect(!name.dropFirst("instantsearch-".count).contains("-"), "no process id and counter in the name: \(name)")
        try tmux.press("Escape")
        try tmux.waitFor("exit=130")
        #expect(!FileManager.default.fileExists(atPath: path), "removed when the session ends")
    }

    @Test func aBadMultiLimitIsOneLineAndExitTwo() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell("\(Project.binary) fruits.txt --reverse --gutter ' ' --multi=0 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        let message = try #require(tmux.file("err.txt"))
        #expect(message.contains("--multi takes a number of marks from 1") && message.contains("'0'"))
        #expect(message.split(separator: "\n").count == 1)
    }

    /// `--jump` opens with a label beside each hit; a label selects; `jump-accept` picks.
    @Test func jumpLabelsSelectAndJumpAcceptPicks() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell("\(Project.binary) fruits.txt --reverse --gutter ' ' --jump --jump-labels xyzw --bind 'f9:jump-accept' > out.txt; echo \"exit=$?\"")
        let labelled = try tmux.waitFor("a label beside each hit") { $0.contains("x apple pie") && $0.contains("w apple crumble") }
        #expect(labelled.contains("y banana split") && labelled.contains("z cherry tart"))
        try tmux.type("z")
        try tmux.waitFor("cherry tart selected, the labels gone") { $0.contains("▌ cherry tart") && !$0.contains("x apple pie") }
        #expect(try !tmux.screen().contains("> z"), "the label is not typed into the query")
        try tmux.press("F9")
        try tmux.waitFor("the labels again") { $0.contains("y banana split") }
        try tmux.type("y")
        try tmux.waitFor("exit=0")
        #expect(try printed(tmux) == ["banana split"])
    }

    /// fzf 0.74.5 drops every mark with the old list, those of lines the new one still has
    /// too (its screen for this command: `3/3 (0)`); Enter then prints the line on the row the
    /// selection was on, as fzf's does.
    @Test func aReloadDropsTheMarksWithTheOldList() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell(
            "\(Project.binary) fruits.txt --reverse --gutter ' ' --multi --bind 'f9:reload(printf \"banana split\\nnew line\\napple pie\\n\")' > out.txt; echo \"exit=$?\""
        )
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.press("C-Space", "Down", "Down", "C-Space")
        try tmux.waitFor("two marks") { $0.contains("  4/4 (2) ") }
        try tmux.press("F9")
        let reloaded = try tmux.waitFor("the new list, no mark left") { $0.contains("new line") && $0.contains("  3/3 (0) ") }
        #expect(!reloaded.contains("cherry tart"))
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(try printed(tmux) == ["apple pie"])
    }

    @Test func aReloadKeepsTheSelectedRowAndWithTrackTheSelectedLine() throws {
        let tmux = try tmuxWithFruits()
        let reload = "f9:reload(printf \"a1\\na2\\ncherry tart\\na4\\na5\\n\")"
        try tmux.shell("\(Project.binary) fruits.txt --reverse --gutter ' ' --bind '\(reload)' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.press("Down")
        try tmux.waitFor("banana split selected") { $0.contains("▌ banana split") }
        try tmux.press("F9")
        try tmux.waitFor("the second row selected in the new list") { $0.contains("  5/") && $0.contains("▌ a2") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(try printed(tmux) == ["a2"])

        // Not from the index cache the first run wrote: a cached plain-text file opens as records, not lines.
        try tmux.shell("clear; \(Project.binary) fruits.txt --reverse --gutter ' ' --no-index-cache --track --bind '\(reload)' > out.txt; echo \"second=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.press("Down", "Down")
        try tmux.waitFor("cherry tart selected") { $0.contains("▌ cherry tart") }
        try tmux.press("F9")
        try tmux.waitFor("the same line selected where it now is") { $0.contains("  5/") && $0.contains("▌ cherry tart") }
        try tmux.press("Up")
        try tmux.waitFor("a2 above it") { $0.contains("▌ a2") }
        try tmux.press("Enter")
        try tmux.waitFor("second=0")
        #expect(try printed(tmux) == ["a2"])
    }

    /// `reload-sync`: the old list stays while the command runs; the new one comes whole. As in
    /// fzf, the actions after it do not wait for it.
    @Test func reloadSyncReplacesTheListAtOnceAndTheChainGoesOn() throws {
        let tmux = try tmuxWithFruits()
        let command = "echo first-new; touch started; while [ ! -e go ]; do sleep 0.05; done; echo second-new"
        try command.write(to: tmux.workDirectory.appendingPathComponent("slow.sh"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) fruits.txt --reverse --gutter ' ' --bind 'f9:reload-sync(sh slow.sh)+change-header(reloaded)'; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.press("F9")
        try tmux.waitFor("the command started") { _ in tmux.file("started") != nil }
        // fzf's spinner turns on the info line while the command's lines are read.
        let during = try tmux.waitFor("the spinner") { FzfScreen.isReading($0) }
        #expect(during.contains("cherry tart") && !during.contains("first-new"), "the old list while the command runs")
        let chained = try tmux.waitFor("the chain went on") { $0.contains("reloaded") }
        #expect(chained.contains("cherry tart") && !chained.contains("first-new"), "the old list while the command runs")
        try "".write(to: tmux.workDirectory.appendingPathComponent("go"), atomically: true, encoding: .utf8)
        let after = try tmux.waitFor("the new list") { $0.contains("second-new") }
        #expect(after.contains("first-new") && after.contains("second-new") && after.contains("  2/"), "the whole new list at once")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}
