import Foundation
import Testing

/// fzf's --multi, --expect, --height, --header, --prompt and --history, run from a shell in
/// tmux as a user would (--query, --select-1, --exit-0 and --print-query are in
/// PickOptionsSessionTests).
@Suite(.serialized) struct FzfOptionsSessionTests {
    let products = Project.resource("products.json")

    private func outputLines(_ tmux: Tmux, _ file: String = "out.json") throws -> [String] {
        try #require(tmux.file(file)).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private func name(_ line: String) throws -> String {
        let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(record["name"] as? String)
    }

    /// The hits' titles on screen, top to bottom: rows of the hits pane with a price.
    private func titles(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { row in
            let left = row.components(separatedBy: "│")[0]
            guard left.contains("$") else { return nil }
            let text = left.trimmingCharacters(in: CharacterSet(charactersIn: " ▌✓"))
            return text.components(separatedBy: "  ").first
        }
    }

    @Test func multiMarksThreeHitsAndEnterPrintsThemInMarkingOrder() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(products) --multi -q sony > out.json; echo \"exit=$?\"")
        // All 25: the order no longer changes as the index fills in.
        let first = try tmux.waitFor("the Sony hits") { $0.contains("❯ sony") && $0.contains("25 results") }
        let shown = titles(first)
        try #require(shown.count >= 3)
        try tmux.press("Down", "Down", "C-Space")
        try tmux.waitFor("1 marked")
        try tmux.press("Up", "Up", "C-Space")
        try tmux.waitFor("2 marked")
        try tmux.press("Down", "C-Space")
        let marked = try tmux.waitFor("3 marked")
        #expect(marked.components(separatedBy: "✓").count - 1 == 3, "each marked hit shows its mark")
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        let lines = try outputLines(tmux)
        #expect(try lines.map(name) == [shown[2], shown[0], shown[1]])
    }

    @Test func marksSurviveANewQueryAndUnmarkingRemovesOne() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(products) -m -q bravia > out.json; echo \"exit=$?\"")
        try tmux.waitFor("the Bravia hits") { $0.contains("❯ bravia") && $0.contains("Sony Bravia") }
        try tmux.press("C-Space")
        try tmux.waitFor("1 marked")
        try tmux.press("C-u")
        try tmux.type("fairphone")
        try tmux.waitFor("the Fairphones") { $0.contains("❯ fairphone") && $0.contains("3 results") && $0.contains("1 marked") }
        try tmux.press("C-Space")
        try tmux.waitFor("2 marked")
        try tmux.press("C-Space")
        try tmux.waitFor("1 marked")
        try tmux.press("C-Space", "Enter")
        try tmux.waitFor("exit=0")
        let lines = try outputLines(tmux)
        #expect(lines.count == 2)
        #expect(try name(lines[0]).contains("Bravia"), "the mark made before the new query, first")
        #expect(try name(lines[1]).contains("Fairphone"))
    }

    @Test func expectPrintsTheQueryThenTheKeyThenTheRecord() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(products) --expect ctrl-o,f9 --print-query -q bravia > out.json; echo \"exit=$?\"")
        try tmux.waitFor("the Bravia hits") { $0.contains("❯ bravia") && $0.contains("Sony Bravia") }
        try tmux.press("C-o")
        try tmux.waitFor("exit=0")
        var lines = try outputLines(tmux)
        #expect(lines.count == 3)
        #expect(Array(lines.prefix(2)) == ["bravia", "ctrl-o"])
        #expect(try name(lines[2]).contains("Bravia"))

        try tmux.shell("clear; \(Project.binary) \(products) --expect ctrl-o,f9 --print-query -q bravia > out.json; echo \"second=$?\"")
        try tmux.waitFor("the Bravia hits") { $0.contains("❯ bravia") && $0.contains("Sony Bravia") }
        try tmux.press("Enter")
        try tmux.waitFor("second=0")
        lines = try outputLines(tmux)
        #expect(Array(lines.prefix(2)) == ["bravia", ""], "Enter leaves the key line empty, as in fzf")
        #expect(lines.count == 3)

        try tmux.shell("clear; \(Project.binary) \(products) --expect ctrl-o,alt-x -q bravia > out.json; echo \"third=$?\"")
        try tmux.waitFor("the Bravia hits") { $0.contains("❯ bravia") && $0.contains("Sony Bravia") }
        try tmux.press("M-x")
        try tmux.waitFor("third=0")
        lines = try outputLines(tmux)
        #expect(lines.first == "alt-x", "Alt-x (ESC x) ends it too, named as given")
        #expect(lines.count == 2)
    }

    @Test func selectOneWithExpectPrintsAnEmptyKeyLine() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(products) --select-1 -q 'fairphone green' --expect ctrl-o --print-query > out.json; echo \"exit=$?\"")
        try tmux.waitFor("exit=0")
        let lines = try outputLines(tmux)
        #expect(Array(lines.prefix(2)) == ["fairphone green", ""])
        #expect(lines.count == 3)
    }

    @Test func heightDrawsBelowTheCursorAndLeavesTheLinesAboveIntact() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try tmux.shell("for i in $(seq 1 40); do echo above-$i; done")
        try tmux.waitFor("above-40")
        try tmux.shell("\(Project.binary) \(products) --height 12 > out.json; echo \"exit=$?\"")
        let during = try tmux.waitFor("the interface in the last 12 rows") { $0.contains(" results") && $0.contains("F1 help") }
        #expect(try !tmux.onAlternateScreen(), "inline: the normal screen, not the alternate one")
        let rows = during.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let top = try #require(rows.firstIndex { $0.contains("❯ Search products") }) - 1
        #expect(top == 30 - 12, "the interface takes the last 12 rows")
        #expect(rows[top - 3] == "above-40", "the shell's lines are still there above it")
        try tmux.type("sony")
        try tmux.waitFor("the query's results") { $0.contains("❯ sony") && $0.contains("25 results") }
        try tmux.press("Enter")
        let after = try tmux.waitFor("exit=0")
        let afterRows = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(afterRows.prefix(top)) == Array(rows.prefix(top)), "every line above the interface is as it was")
        #expect(afterRows[top] == "exit=0", "the interface's rows were cleared; the shell goes on where they began")
        #expect(!after.contains("F1 help") && !after.contains("❯"))
        #expect(try name(try outputLines(tmux)[0]).contains("Sony"))
    }

    @Test func heightSurvivesANarrowerTerminalWithoutLeavingRowsBehind() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try tmux.shell("for i in $(seq 1 40); do echo above-$i; done")
        try tmux.waitFor("above-40")
        try tmux.shell("\(Project.binary) \(products) --height 12 > out.json; echo \"exit=$?\"")
        try tmux.waitFor("the interface") { $0.contains(" results") && $0.contains("F1 help") }
        try tmux.type("lg")
        try tmux.waitFor("the query typed") { $0.contains("❯ lg") && $0.contains("products 10") && $0.contains("10 results") }
        try tmux.resize(width: 80, height: 24)
        let resized = try tmux.waitFor("the interface redrawn 80 wide") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("─ Hits F2") && $0.count == 80 }
        }
        #expect(resized.components(separatedBy: "products 10").count == 2, "one tabs row, none left over from before")
        try tmux.press("Escape")
        let after = try tmux.waitFor("exit=130")
        #expect(!after.contains("products 10") && !after.contains("❯"), "every row of the interface cleared")
        #expect(after.contains("above-40"))
    }

    @Test func heightSuspendsWithCtrlZAndComesBackWithFg() throws {
        let tmux = try Tmux()
        try tmux.shell("stty -g > before.txt")
        try tmux.shell("\(Project.binary) \(products) --height 12 -q sony > out.json")
        try tmux.waitFor("the interface") { $0.contains("❯ sony") && $0.contains(" results") }
        try tmux.press("C-z")
        let stopped = try tmux.waitFor("the shell's job message") { $0.contains("Stopped") }
        #expect(!stopped.contains("❯ sony"), "the interface's rows are cleared while it is stopped")
        try tmux.shell("stty -g > during.txt; echo saved-$((40 + 2))")
        try tmux.waitFor("saved-42")
        #expect(tmux.file("before.txt") == tmux.file("during.txt"), "the shell's tty modes while stopped")
        try tmux.shell("fg")
        try tmux.waitFor("the session back") { $0.contains("❯ sony") && $0.contains(" results") }
        #expect(try !tmux.onAlternateScreen())
        try tmux.type(" play")
        try tmux.waitFor("the query's results") { $0.contains("❯ sony play") && $0.contains("4 results") }
        try tmux.press("Enter")
        try tmux.waitFor("the session over") { !$0.contains("❯ sony play") && $0.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("$") }
        try tmux.shell("echo \"exit=$?\"; stty -g > after.txt")
        try tmux.waitFor("exit=0")
        #expect(try name(try outputLines(tmux)[0]).contains("PlayStation"))
        #expect(tmux.file("before.txt") == tmux.file("after.txt"))
    }

    @Test func aClickInTheInlineRowsSelectsTheHitUnderIt() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try tmux.shell("for i in $(seq 1 40); do echo above-$i; done")
        try tmux.waitFor("above-40")
        try tmux.shell("\(Project.binary) \(products) --height 12 -q sony > out.json; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the Sony hits") { $0.contains("❯ sony") && $0.contains("25 results") }
        #expect(try tmux.format("#{mouse_any_flag} #{mouse_sgr_flag}") == "1 1")
        let rows = screen.components(separatedBy: "\n")
        let shown = titles(screen)
        try #require(shown.count >= 3)
        let row = try #require(rows.firstIndex { $0.contains(shown[2]) })
        try tmux.click(x: 10, y: row - 20)  // on the shell's lines above: nothing happens
        try tmux.click(x: 10, y: row)  // the screen's row: the third hit, 18 rows below the top
        try tmux.waitFor("the third hit selected") { $0.components(separatedBy: "\n")[row].contains("▌") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(try name(try outputLines(tmux)[0]) == shown[2])
        #expect(try tmux.format("#{mouse_any_flag}") == "0", "mouse reporting off after the session")
    }

    @Test func tenRowsStillReachEveryPane() throws {
        let tmux = try Tmux(width: 80, height: 24)
        try tmux.shell("\(Project.binary) \(products) --height 10 > out.json; echo \"exit=$?\"")
        try tmux.waitFor("the folded interface") { $0.contains(" results") && $0.contains("Refinements F3") }
        try tmux.press("F3")
        try tmux.waitFor("the refinement list in the body") { $0.contains("[ ]") }
        try tmux.press("Enter")
        try tmux.waitFor("a refinement applied") { $0.contains("[x]") }
        try tmux.press("F2", "Enter")
        try tmux.waitFor("exit=0")
        #expect(try outputLines(tmux).count == 1)
    }

    @Test func badHeightIsOneLineAndTheTerminalIsUntouched() throws {
        let tmux = try Tmux()
        try tmux.shell("stty -g > before.txt")
        try tmux.shell("\(Project.binary) \(products) --height 2; echo \"exit=$?\"")
        let screen = try tmux.waitFor("exit=2")
        #expect(
            screen.replacingOccurrences(of: "\n", with: "").contains(
                "instantsearch: --height takes ROWS (3 to 10000) or PERCENT% (1% to 100%), either after ~ to shrink to the content, e.g. 12, 40% or ~20; not '2'."
            ))
        try tmux.shell("stty -g > after.txt; echo saved-$((40 + 2))")
        try tmux.waitFor("saved-42")
        #expect(tmux.file("before.txt") == tmux.file("after.txt"))
    }

    @Test func headerAndPromptAreShown() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(products) --header 'Pick a product to compare' --prompt 'find> '; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the prompt and the header") { $0.contains(" find> ") && $0.contains(" results") }
        let rows = screen.split(separator: "\n").map(String.init)
        let prompt = try #require(rows.firstIndex { $0.hasPrefix(" find> ") })
        #expect(rows[prompt + 1] == " Pick a product to compare")
        try tmux.type("lg")
        try tmux.waitFor("the query after the prompt") { $0.contains(" find> lg") }
        try tmux.press("Escape")
        try tmux.waitFor("exit=130")
    }

    @Test func historyIsWrittenOnPickAndWalkedBackWithCtrlP() throws {
        let tmux = try Tmux()
        try tmux.shell("printf 'bravia 65\\n' > history.txt")
        try tmux.shell("\(Project.binary) \(products) --history history.txt > out.json; echo \"exit=$?\"")
        try tmux.waitFor(" results")
        try tmux.type("fairphone")
        try tmux.waitFor("the query typed") { $0.contains("❯ fairphone") && $0.contains("3 results") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("history.txt") == "bravia 65\nfairphone\n")

        try tmux.shell("clear; \(Project.binary) \(products) --history history.txt > out.json; echo \"second=$?\"")
        try tmux.waitFor(" results")
        try tmux.press("C-p")
        try tmux.waitFor("the last query back") { $0.contains("❯ fairphone") && $0.contains("3 results") }
        try tmux.press("C-p")
        try tmux.waitFor("the one before") { $0.contains("❯ bravia 65") && $0.contains("1 result") }
        try tmux.press("C-n")
        try tmux.waitFor("forward again") { $0.contains("❯ fairphone") && $0.contains("3 results") }
        try tmux.press("Escape")
        try tmux.waitFor("second=130")
        #expect(tmux.file("history.txt") == "bravia 65\nfairphone\n", "leaving without a pick writes nothing")
    }

    @Test func aHistoryFileThatCannotBeWrittenIsOneLineBeforeTheInterface() throws {
        let tmux = try Tmux()
        try tmux.shell("stty -g > before.txt")
        try tmux.shell("\(Project.binary) \(products) --history no/such/dir/h.txt; echo \"exit=$?\"")
        let screen = try tmux.waitFor("exit=2")
        #expect(screen.contains("instantsearch: --history: cannot write 'no/such/dir/h.txt': No such file or directory"))
        try tmux.shell("stty -g > after.txt; echo saved-$((40 + 2))")
        try tmux.waitFor("saved-42")
        #expect(tmux.file("before.txt") == tmux.file("after.txt"))
    }
}
