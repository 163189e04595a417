import Foundation
import Testing

/// fzf 0.74's keys on plain lines, typed in tmux: its default bindings, printable
/// keys bound (vim-style with `--disabled`), Tab and Shift-Tab with `--multi`, modified keys
/// through the terminal's escape sequences, and the actions added with them. Every outcome is
/// the exact output printed, or the exact rows on screen.
@Suite(.serialized) struct FzfKeysSessionTests {
    /// The rows of the hits list as drawn (pointer, with `--multi` the mark column, then one of
    /// `seq`'s numbers), the scroll arrow and the blanks after them left out.
    private func hitRows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: #" *[↓│]? *$"#, with: "", options: .regularExpression) }
            .filter { $0.range(of: #"^[▌┃✓ ]{2,3}[0-9]+$"#, options: .regularExpression) != nil }
    }

    private func open(_ tmux: Tmux, _ arguments: String, lines: Int = 5, stdinCommand: String? = nil) throws {
        // fzf's screen, top-down and with a blank gutter (as fzf's own suite runs it), so that
        // the selected line is the one with the pointer.
        try tmux.shell("\(stdinCommand ?? "seq \(lines)") | \(Project.binary) --reverse --gutter ' ' \(arguments) > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  \(lines)/\(lines) ") }
    }

    @Test func ctrlJAndCtrlKMoveAsFzfsAndCtrlMPicks() throws {
        let tmux = try Tmux()
        try open(tmux, "")
        try tmux.press("C-j", "C-j", "C-k", "C-j", "C-n")
        let screen = try tmux.waitFor("the fourth line selected") { hitRows($0).contains("▌ 4") }
        #expect(hitRows(screen) == ["  1", "  2", "  3", "▌ 4", "  5"])
        try tmux.press("C-m")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "4\n")
    }

    @Test func readlineKeysEditTheQuery() throws {
        let tmux = try Tmux()
        try open(tmux, "", lines: 20)
        try tmux.type("1 2")
        // Ctrl-W takes "2", Ctrl-A and Ctrl-D the "1", Ctrl-E goes back to the end; then "9".
        try tmux.press("C-w", "C-a", "C-d", "C-e")
        try tmux.type("9")
        let screen = try tmux.waitFor("the query ' 9'") { $0.contains(">  9") && $0.contains("  2/") }
        #expect(hitRows(screen) == ["▌ 9", "  19"])
        try tmux.press("C-h", "C-h", "C-u")
        try tmux.waitFor("every line again") { $0.contains("  20/") && FzfScreen.rows($0).first == ">" }
        try tmux.press("C-g")
        try tmux.waitFor("exit=130")
    }

    @Test func boundLettersNoLongerTypeVimStyle() throws {
        let tmux = try Tmux()
        try open(tmux, "--disabled --bind 'j:down,k:up,space:accept,q:abort'")
        try tmux.press("j", "j", "j", "k")
        let screen = try tmux.waitFor("the third line selected") { hitRows($0).contains("▌ 3") }
        #expect(hitRows(screen) == ["  1", "  2", "▌ 3", "  4", "  5"])
        #expect(!screen.contains("> j"), "the letters did not type")
        try tmux.press("Space")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "3\n")
        try open(tmux, "--bind q:abort")
        try tmux.type("q")
        try tmux.waitFor("exit=130")
    }

    /// fzf's `--no-input`: no prompt and no info line, unbound letters type nothing;
    /// toggle-input brings both back (fzf 0.74.5 draws these rows for the same keys).
    @Test func noInputHidesThePromptUntilToggled() throws {
        let tmux = try Tmux(width: 40, height: 10)
        try tmux.shell("clear; seq 5 | \(Project.binary) --reverse --gutter ' ' --no-input --bind 'j:down,t:toggle-input' > out.txt; echo \"exit=$?\"")
        let hidden = try tmux.waitFor("the list alone") { FzfScreen.rows($0).first == "▌ 1" }
        #expect(FzfScreen.rows(hidden) == ["▌ 1", "  2", "  3", "  4", "  5"])
        try tmux.press("x", "j")
        let moved = try tmux.waitFor("the second line selected") { FzfScreen.rows($0) == ["  1", "▌ 2", "  3", "  4", "  5"] }
        #expect(!moved.contains("x"), "an unbound letter does not type")
        try tmux.press("t")
        try tmux.waitFor("the prompt and the info line back") {
            FzfScreen.rows($0) == [">", FzfScreen.info("5/5", width: 40), "  1", "▌ 2", "  3", "  4", "  5"]
        }
        try tmux.type("4")
        try tmux.waitFor("the query typed") { FzfScreen.rows($0) == ["> 4", FzfScreen.info("1/5", width: 40), "▌ 4"] }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "4\n")
    }

    /// `--no-input` on records: the search box's row goes to the hits (the title rule moves up
    /// a row); toggle-input brings the box back, and the query typed then searches.
    @Test func noInputOnRecordsHidesTheSearchBoxUntilToggled() throws {
        let tmux = try Tmux(width: 100, height: 20)
        try tmux.shell("clear; \(Project.binary) \(Project.resource("products.json")) --no-input --bind 'f9:toggle-input'")
        let hidden = try tmux.waitFor("the hits") { $0.contains("products 338") && $0.contains("Hits F2") }
        let rows = FzfScreen.rows(hidden)
        #expect(rows[1].hasPrefix("─ Hits F2 ─"), "the rule right under the tabs row: \(rows[1])")
        #expect(!hidden.contains("Search products"))
        try tmux.press("j")
        try tmux.waitFor("an unbound letter typed nothing") { $0.contains("products 338") }
        try tmux.press("F9")
        let shown = try tmux.waitFor("the box back") { $0.contains("Search products") }
        #expect(FzfScreen.rows(shown)[1] == " ❯ Search products…" && FzfScreen.rows(shown)[2].hasPrefix("─ Hits F2 ─"))
        try tmux.type("lg")
        try tmux.waitFor("the query searched") { FzfScreen.rows($0)[1] == " ❯ lg" && !$0.contains("products 338") }
        try tmux.press("C-c")
    }

    /// fzf's `--info-command`: what it prints replaces the count, `$FZF_INFO` the count it
    /// replaces and `$FZF_POS` the selected line's position, run again as either changes
    /// (fzf 0.74.5 draws these rows for the same keys).
    @Test func infoCommandReplacesTheCount() throws {
        let tmux = try Tmux(width: 40, height: 6)
        try tmux.shell("clear; seq 100 | \(Project.binary) --info-command 'echo \"[$FZF_POS of $FZF_INFO]\"'")
        try tmux.waitFor("the command's line") { FzfScreen.rows($0).suffix(2) == ["  [1 of 100/100] " + String(repeating: "─", count: 22), ">"] }
        try tmux.press("Up")
        let moved = try tmux.waitFor("the second line's position") { $0.contains("[2 of 100/100]") }
        #expect(
            FzfScreen.rows(moved) == [
                "▌ 4", "▌ 3", "▌ 2", "▌ 1                                    │", "  [2 of 100/100] " + String(repeating: "─", count: 22), ">",
            ])
        try tmux.press("C-c")
    }

    @Test func tabAndShiftTabMarkAndMoveWithMulti() throws {
        let tmux = try Tmux()
        try open(tmux, "-m")
        // Tab marks 1 and moves to 2, marks 2 and moves to 3; Shift-Tab marks 3 and moves back up.
        try tmux.press("Tab", "Tab", "BTab")
        let screen = try tmux.waitFor("three marks") { $0.contains("  5/5 (3) ") }
        #expect(hitRows(screen) == [" ┃1", "▌┃2", " ┃3", "  4", "  5"])
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "1\n2\n3\n")
        // Without --multi, Tab marks nothing and stays, as fzf's.
        try open(tmux, "")
        try tmux.press("Tab", "Tab", "Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "1\n")
    }

    /// Keys that reach the program as escape sequences (tmux sends xterm's: ESC [1;5A for
    /// Ctrl-Up), bound by fzf's names.
    @Test func modifiedKeysBindByFzfsNames() throws {
        let tmux = try Tmux()
        try open(tmux, "--bind 'ctrl-down:last,alt-up:first,ctrl-/:down,shift-right:up,alt-enter:accept'")
        try tmux.press("C-Down")
        try tmux.waitFor("the last line") { hitRows($0).contains("▌ 5") }
        try tmux.press("M-Up", "C-_", "C-_")
        try tmux.waitFor("the third line") { hitRows($0).contains("▌ 3") }
        try tmux.press("S-Right")
        try tmux.waitFor("the second line") { hitRows($0).contains("▌ 2") }
        try tmux.press("M-Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "2\n")
    }

    @Test func queryActionsAndAcceptOrPrintQuery() throws {
        let tmux = try Tmux()
        try open(
            tmux, "--bind 'f2:change-query(7)+clear-query+put(4),f3:accept-or-print-query,f4:transform-prompt(echo P:),f5:trigger(ctrl-j)'",
            lines: 10)
        try tmux.press("F2")
        let four = try tmux.waitFor("the query 4") { $0.contains("> 4") && $0.contains("  1/") }
        #expect(hitRows(four) == ["▌ 4"])
        try tmux.press("F4")
        try tmux.waitFor("the new prompt") { $0.contains("P:4") }
        try tmux.press("C-u", "F5", "F5")
        try tmux.waitFor("trigger ran Ctrl-J's down twice") { hitRows($0).contains("▌ 3") }
        try tmux.type("zz")
        try tmux.waitFor("no match") { $0.contains("P:zz") && hitRows($0).isEmpty }
        try tmux.press("F3")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "zz\n", "no match: the query is printed")
    }

    @Test func searchAndBackgroundTransforms() throws {
        let tmux = try Tmux()
        try open(tmux, "--disabled --bind 'f2:search(7),f3:bg-transform-query(echo 5)+down,f4:replace-query'", lines: 10)
        try tmux.press("F2")
        let seven = try tmux.waitFor("7 searched, the box empty") { hitRows($0) == ["▌ 7"] }
        #expect(!seven.contains("> 7"))
        try tmux.press("F3")
        try tmux.waitFor("the query from the command") { $0.contains("> 5") }
        try tmux.press("F4", "Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "7\n")
    }

    @Test func unknownActionsAndKeysAreNamedWithStatus2() throws {
        let tmux = try Tmux()
        try tmux.shell("seq 3 | \(Project.binary) --bind 'j:down,f9:explode' 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        #expect(tmux.file("err.txt")?.hasPrefix("instantsearch: --bind \"j:down,f9:explode\": column 11: unknown action: explode; actions: abort,") == true)
        try tmux.shell("seq 3 | \(Project.binary) --bind 'ctrl-alt-1:up' 2> err.txt; echo \"status=$?\"")
        try tmux.waitFor("status=2")
        #expect(tmux.file("err.txt")?.hasPrefix("instantsearch: --bind \"ctrl-alt-1:up\": column 1: unsupported key: ctrl-alt-1; keys:") == true)
    }
}
