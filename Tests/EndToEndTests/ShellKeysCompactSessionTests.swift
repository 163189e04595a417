import Foundation
import Testing

/// The shell keys at their own height (40% of the terminal, at least 27 rows) show as many
/// hits as fzf 0.74.5's keys do (`--height 40% --min-height 20+`: 20 list rows on a 35- or
/// 50-row terminal): one row a hit, letters in order found as fzf finds them, a facet pane
/// whose values all read (files without an extension under "(none)", long folders by their
/// end) and no facet heading left without its values.
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
        let screen = try tmux.waitFor("the matches listed") { $0.contains(" 39 results ") && $0.contains("┴") }
        return (tmux, rows(screen))
    }

    /// The hits pane and the sidebar: the rows from the hits' title to the rule under them.
    private func body(_ rows: [String], screen: String) throws -> ArraySlice<String> {
        let title = try #require(rows.firstIndex { $0.hasPrefix("─ Hits F2") }, "\(screen)")
        let bottom = try #require(rows[title...].firstIndex { $0.hasPrefix("──") && $0.contains("┴") }, "\(screen)")
        return rows[title...bottom]
    }

    @Test(arguments: [35, 50])
    func ctrlTAtItsHeightShowsTwentyHitsOneRowEachWithAReadableFacetPane(height: Int) throws {
        let (tmux, rows) = try ctrlT(width: 120, height: height)
        let screen = rows.joined(separator: "\n")
        // 27 rows of the terminal (40% of 35 or 50 is less): the rest keeps the shell's lines.
        let top = try #require(rows.firstIndex { $0.contains(" ❯ termapp") }, "\(screen)")
        let stats = try #require(rows.firstIndex { $0.hasPrefix(" 39 results ") }, "\(screen)")
        #expect(stats + 1 - (top - 1) + 1 == 27, "the interface's rows:\n\(screen)")
        #expect(rows[top] == " ❯ termapp")
        let body = try body(rows, screen: screen)
        let expected = [
            "─ Hits F2 ───────────────────────────────────────────────────────────────────────┬─ Refinements F3 ─────────────────────",
            " No refinements                                                                  │ EXT any of                  by count",
            "▌  src/terminal/app                                                              │ [ ] swift                         19",
            "   src/terminal/appearance                                                       │ [ ] (none)                         8",
            "   src/terminal/app/README                                                       │ [ ] c                              1",
            "   src/terminal/app/LICENSE                                                      │ [ ] css                            1",
            "   src/terminal/app/Makefile                                                     │ [ ] h                              1",
            "   tests/terminal/application                                                    │ [ ] html                           1",
            "   src/terminal/app/view1.swift                                                  │ [ ] js                             1",
            "   src/terminal/app/view2.swift                                                  │ [ ] json                           1",
            "   src/terminal/app/view3.swift                                                  │ [ ] md                             1",
            "   src/terminal/app/view4.swift                                                  │ [ ] png                            1",
            "   src/terminal/app/view5.swift                                                  │   + show more",
            "   src/terminal/app/view6.swift                                                  │ DIR any of                  by count",
            "   src/terminal/app/view7.swift                                                  │ [ ] …cs/terminal-apps/screenshots 12",
            "   src/terminal/app/view8.swift                                                  │ [ ] src/terminal/app              12",
            "   src/terminal/app/view9.swift                                                  │ [ ] tests/terminal/application     9",
            "   src/terminal/appearance/theme.swift                                           ├─ Range F4 ───────────────────────────",
            "   tests/terminal/application/case1.swift                                        │ SIZE 1/2 ↕",
            "   tests/terminal/application/case2.swift                                        │ ●━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━●",
            // The slider's bounds: the files' two bytes, the largest folder as the file system sizes it.
            "   tests/terminal/application/case3.swift                                        │ 2",
            "   tests/terminal/application/case4.swift                                      ↓ │ any",
            "─────────────────────────────────────────────────────────────────────────────────┴──────────────────────────────────────",
        ]
        #expect(body.count == expected.count, "\(screen)")
        for (row, want) in zip(body, expected) {
            #expect(want.hasSuffix("│ 2") ? row.hasPrefix(want + " ") : row == want, "\(screen)")
        }
        let hits = body.filter { $0.hasPrefix("▌  ") || $0.hasPrefix("   ") }
        #expect(hits.count >= 20, "at least fzf's 20 hits at this height:\n\(screen)")
        try tmux.press("Escape")
        try tmux.waitFor("the interface gone") { !$0.contains("Hits F2") }
    }

    /// On an 80 by 24 terminal the sidebar is short: the extension facet fills it, the folder
    /// facet's heading, with no row left for a value, is left out.
    @Test func aShortSidebarLeavesOutAHeadingItHasNoRowForTheValuesOf() throws {
        let (tmux, rows) = try ctrlT(width: 80, height: 24)
        let screen = rows.joined(separator: "\n")
        let sidebar = try body(rows, screen: screen).map { row in
            row.firstIndex { $0 == "│" || $0 == "├" || $0 == "┬" || $0 == "┴" }.map { String(row[$0...]) } ?? row
        }
        #expect(
            Array(sidebar.prefix(15)) == [
                "┬─ Refinements F3 ───────────",
                "│ EXT any of        by count",
                "│ [ ] swift               19",
                "│ [ ] (none)               8",
                "│ [ ] c                    1",
                "│ [ ] css                  1",
                "│ [ ] h                    1",
                "│ [ ] html                 1",
                "│ [ ] js                   1",
                "│ [ ] json                 1",
                "│ [ ] md                   1",
                "│ [ ] png                  1",
                "│   + show more",
                "│",
                "├─ Range F4 ─────────────────",
            ], "\(screen)")
        try tmux.press("Escape")
        try tmux.waitFor("the interface gone") { !$0.contains("Hits F2") }
    }

    /// zsh's Ctrl-R lists a command a row, with no `count` row under it.
    @Test func ctrlRInZshListsOneRowACommand() throws {
        guard Shell.zsh.isInstalled else { return }
        let tmux = try ShellIntegrationSessionTests.start(.zsh, width: 120, height: 35)
        for number in 1...6 { try tmux.shell("echo make-target-\(number)") }
        try tmux.shell("clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux.press("C-r")
        try tmux.type("mktg")
        let screen = try tmux.waitFor("the six commands") { $0.contains(" 6 results ") && $0.contains("┴") }
        let rows = rows(screen)
        let hits = try body(rows, screen: screen).compactMap { row in row.split(separator: "│").first.map { String($0).trimmingTrailingSpaces } }
            .filter { $0.contains("make-target") || $0.contains("count") }
        #expect(hits == (1...6).reversed().map { ($0 == 6 ? "▌ " : "  ") + "echo make-target-\($0)" }, "\(screen)")
        try tmux.press("Escape")
        try tmux.waitFor("the interface gone") { !$0.contains("Hits F2") }
    }
}
