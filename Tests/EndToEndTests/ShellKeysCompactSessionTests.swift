import Foundation
import Testing

/// The shell keys at their own height (40% of the terminal, at least 27 rows) on the compact
/// screen: two rows around the panes, as fzf 0.74.5's keys spend their prompt and info line, so
/// at least as many hits as fzf's keys (`--height 40% --min-height 20+`) at every height; one
/// row a hit, letters in order found as fzf finds them (folders with fzf's slash after them, in
/// the order fzf 0.74.5's own walker gives them for `termapp`), a facet pane whose values all read
/// (files without an extension under "(none)", folders under "(folder)", long folders by their end), the count and the
/// help key on the search box's row.
@Suite(.serialized) struct ShellKeysCompactSessionTests {
    typealias Shell = ShellIntegrationSessionTests.Shell

    /// A project whose paths hold "termapp" in order 39 times: folders and files of
    /// src/terminal/app, …/appearance, tests/terminal/application and a screenshots folder
    /// with twelve extensions; three files without one.
    private func writeProject(in folder: URL) throws {
        var files = (1...9).flatMap { ["src/terminal/app/view\($0).swift", "tests/terminal/application/case\($0).swift"] }
        files += ["Makefile", "LICENSE", "README"].map { "src/terminal/app/\($0)" } + ["src/terminal/appearance/theme.swift"]
        files += ["md", "png", "txt", "json", "yaml", "toml", "css", "html", "js", "sh", "c", "h"].map { "docs/terminal-apps/screenshots/shot.\($0)" }
        for file in files {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "x\n".write(to: url, atomically: true, encoding: .utf8)
        }
    }

    private func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingTrailingSpaces }
    }

    /// Ctrl-T in bash with `termapp` typed, once the 39 matches are listed.
    private func ctrlT(width: Int, height: Int) throws -> (tmux: Tmux, rows: [String]) {
        let tmux = try ShellIntegrationSessionTests.start(.bash, width: width, height: height)
        try writeProject(in: tmux.workDirectory)
        try tmux.press("C-t")
        try tmux.waitFor("the files listed") { $0.contains("Hits F2") && $0.contains("src/terminal") }
        try tmux.type("termapp")
        let screen = try tmux.waitFor("the matches listed") { $0.contains(" 39 results ") && $0.contains(" any") && $0.contains("case4") }
        return (tmux, rows(screen))
    }

    /// The interface's rows: from the search box, as many as the shell keys' height gives it.
    private func interface(_ rows: [String], height: Int) throws -> ArraySlice<String> {
        let top = try #require(rows.firstIndex { $0.hasPrefix(" ❯ termapp") }, "\(rows.joined(separator: "\n"))")
        let count = min(height, max(27, height * 40 / 100))
        #expect(rows.count >= top + count, "\(rows.joined(separator: "\n"))")
        return rows[top..<min(rows.count, top + count)]
    }

    /// The search box's row: the query, the count (the rest of what the searcher did varies
    /// with the keys' timing) and the help key at the right end.
    private func expectSearchBox(_ row: String, width: Int, screen: String) {
        #expect(row.hasPrefix(" ❯ termapp ") && row.contains(" 39 results ") && row.hasSuffix(" F1 keys"), "\(screen)")
        #expect(row.count == width - 1, "the hint one column short of the edge:\n\(screen)")
    }

    private func expectRows(_ rows: ArraySlice<String>, _ expected: [String], screen: String) {
        #expect(rows.count == expected.count, "\(screen)")
        for (row, want) in zip(rows, expected) {
            // The slider's upper bound: the largest folder as the file system sizes it.
            #expect(want.hasSuffix("│ 2") ? row.hasPrefix(want + " ") : row == want, "\(screen)")
        }
    }

    /// fzf 0.74.5's Ctrl-T hits with the same project and query at each size, measured in tmux
    /// (`eval "$(fzf --bash)"`, Ctrl-T, `termapp`): its 20 list rows up to 55 rows of terminal,
    /// then 40% of it less its prompt and info line.
    static let fzfHits: [(width: Int, height: Int, hits: Int)] = [(80, 24, 20), (100, 30, 20), (120, 35, 20), (120, 50, 20), (120, 70, 26)]

    @Test(arguments: fzfHits.map { [$0.width, $0.height, $0.hits] })
    func ctrlTShowsAtLeastFzfsHitsAtEveryHeight(size: [Int]) throws {
        let (width, height, fzf) = (size[0], size[1], size[2])
        let (tmux, rows) = try ctrlT(width: width, height: height)
        let screen = rows.joined(separator: "\n")
        let interface = try interface(rows, height: height)
        expectSearchBox(interface.first ?? "", width: width, screen: screen)
        #expect(interface.dropFirst().first?.hasPrefix("─ Hits F2 ─") == true, "\(screen)")
        // Every other row a hit's: the 39 matches fill them.
        let hits = interface.dropFirst(2).filter { $0.hasPrefix("▌  ") || $0.hasPrefix("   ") }
        #expect(hits.count == interface.count - 2, "\(screen)")
        #expect(hits.count >= fzf, "at least fzf's \(fzf) hits at \(width)x\(height):\n\(screen)")
        try tmux.press("Escape")
        try tmux.waitFor("the interface gone") { !$0.contains("Hits F2") }
    }

    @Test func ctrlTOnAnEightyByTwentyFourTerminal() throws {
        let (tmux, rows) = try ctrlT(width: 80, height: 24)
        let screen = rows.joined(separator: "\n")
        let interface = try interface(rows, height: 24)
        expectSearchBox(interface.first ?? "", width: 80, screen: screen)
        expectRows(
            interface.dropFirst(),
            [
                "─ Hits F2 ─────────────────────────────────────────┬─ Refinements F3 ───────────",
                "▌  src/terminal/app/                               │ EXT any of        by count",
                "   src/terminal/app/README                         │ [ ] swift               19",
                "   src/terminal/appearance/                        │ [ ] (folder)             5",
                "   src/terminal/app/LICENSE                        │ [ ] (none)               3",
                "   src/terminal/app/Makefile                       │ [ ] c                    1",
                "   tests/terminal/application/                     │ [ ] css                  1",
                "   src/terminal/app/view1.swift                    │ [ ] h                    1",
                "   src/terminal/app/view2.swift                    │ [ ] html                 1",
                "   src/terminal/app/view3.swift                    │ [ ] js                   1",
                "   src/terminal/app/view4.swift                    │ [ ] json                 1",
                "   src/terminal/app/view5.swift                    │ [ ] md                   1",
                "   src/terminal/app/view6.swift                    │   + show more",
                "   src/terminal/app/view7.swift                    │ DIR any of        by count",
                "   src/terminal/app/view8.swift                    │ [ ] …l-apps/screenshots 12",
                "   src/terminal/app/view9.swift                    │ [ ] src/terminal/app    12",
                "   src/terminal/appearance/theme.swift             │ [ ] …erminal/application 9",
                "   tests/terminal/application/case1.swift          │ [ ] src/terminal         2",
                "   tests/terminal/application/case2.swift          ├─ Range F4 ─────────────────",
                "   tests/terminal/application/case3.swift          │ SIZE 1/2 ↕",
                "   tests/terminal/application/case4.swift          │ ●━━━━━━━━━━━━━━━━━━━━━━━━●",
                "   tests/terminal/application/case5.swift          │ 2",
                "   tests/terminal/application/case6.swift        ↓ │ any",
            ], screen: screen)
        try tmux.press("Escape")
        try tmux.waitFor("the interface gone") { !$0.contains("Hits F2") }
    }

    @Test func ctrlTAtItsHeightOnATallerTerminal() throws {
        let (tmux, rows) = try ctrlT(width: 120, height: 35)
        let screen = rows.joined(separator: "\n")
        let interface = try interface(rows, height: 35)
        expectSearchBox(interface.first ?? "", width: 120, screen: screen)
        expectRows(
            interface.dropFirst(),
            [
                "─ Hits F2 ───────────────────────────────────────────────────────────────────────┬─ Refinements F3 ─────────────────────",
                "▌  src/terminal/app/                                                             │ EXT any of                  by count",
                "   src/terminal/app/README                                                       │ [ ] swift                         19",
                "   src/terminal/appearance/                                                      │ [ ] (folder)                       5",
                "   src/terminal/app/LICENSE                                                      │ [ ] (none)                         3",
                "   src/terminal/app/Makefile                                                     │ [ ] c                              1",
                "   tests/terminal/application/                                                   │ [ ] css                            1",
                "   src/terminal/app/view1.swift                                                  │ [ ] h                              1",
                "   src/terminal/app/view2.swift                                                  │ [ ] html                           1",
                "   src/terminal/app/view3.swift                                                  │ [ ] js                             1",
                "   src/terminal/app/view4.swift                                                  │ [ ] json                           1",
                "   src/terminal/app/view5.swift                                                  │ [ ] md                             1",
                "   src/terminal/app/view6.swift                                                  │   + show more",
                "   src/terminal/app/view7.swift                                                  │ DIR any of                  by count",
                "   src/terminal/app/view8.swift                                                  │ [ ] …cs/terminal-apps/screenshots 12",
                "   src/terminal/app/view9.swift                                                  │ [ ] src/terminal/app              12",
                "   src/terminal/appearance/theme.swift                                           │ [ ] tests/terminal/application     9",
                "   tests/terminal/application/case1.swift                                        │ [ ] src/terminal                   2",
                "   tests/terminal/application/case2.swift                                        │ [ ] docs                           1",
                "   tests/terminal/application/case3.swift                                        │ [ ] docs/terminal-apps             1",
                "   tests/terminal/application/case4.swift                                        │ [ ] src/terminal/appearance        1",
                "   tests/terminal/application/case5.swift                                        ├─ Range F4 ───────────────────────────",
                "   tests/terminal/application/case6.swift                                        │ SIZE 1/2 ↕",
                "   tests/terminal/application/case7.swift                                        │ ●━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━●",
                "   tests/terminal/application/case8.swift                                        │ 2",
                "   tests/terminal/application/case9.swift                                      ↓ │ any",
            ], screen: screen)
        try tmux.press("Escape")
        try tmux.waitFor("the interface gone") { !$0.contains("Hits F2") }
    }

    /// A refinement goes on the rule after the hits' title: the hits stay where they were.
    @Test func aRefinementGoesOnTheRuleAndTheHitsStayInPlace() throws {
        let (tmux, rows) = try ctrlT(width: 80, height: 24)
        let before = try interface(rows, height: 24)
        try tmux.press("F3")
        try tmux.press("Enter")
        let refined = try tmux.waitFor("the swift files") { $0.contains(" 19 results ") }
        let after = try interface(self.rows(refined), height: 24)
        #expect(after.dropFirst().first == "─ Hits F2 ─ Refined  ext: swift × ─────────────────┬─ Refinements F3 ───────────", "\(refined)")
        #expect(after.dropFirst(2).first?.hasPrefix("│  src/terminal/app/view1.swift ") == true, "the first hit on the row it had:\n\(refined)")
        #expect(before.count == after.count)
        try tmux.press("F2")
        try tmux.press("Escape")
        try tmux.waitFor("the interface gone") { !$0.contains("Hits F2") }
    }

    /// Ctrl-R lists a command a row, as fzf's does: no `count` under it, nor after it in a
    /// column (on a terminal wide enough for columns, 160 here).
    @Test(arguments: ShellIntegrationSessionTests.shells)
    func ctrlRListsOneRowACommand(shell: Shell) throws {
        let tmux = try ShellIntegrationSessionTests.start(shell, width: 160, height: 35)
        for number in 1...6 { try tmux.shell("echo make-target-\(number)") }
        try tmux.shell("clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux.press("C-r")
        try tmux.type("mktg")
        let screen = try tmux.waitFor("the six commands") { $0.contains(" 6 results ") && $0.contains("make-target-1") }
        let rows = rows(screen)
        let title = try #require(rows.firstIndex { $0.hasPrefix("─ Hits F2") }, "\(screen)")
        let hits = rows[title...].compactMap { row in row.split(separator: "│").first.map { String($0).trimmingTrailingSpaces } }
            .filter { $0.contains("make-target") || $0.contains("count") }
        #expect(hits == (1...6).reversed().map { ($0 == 6 ? "▌ " : "  ") + "echo make-target-\($0)" }, "\(screen)")
        try tmux.press("Escape")
        try tmux.waitFor("the interface gone") { !$0.contains("Hits F2") }
    }
}
