import Foundation
import Testing

/// fzf's screen for plain lines, on the real binary in tmux: every row as fzf 0.74.5 draws it
/// for the same command in a terminal of the same size (the expected rows were read off fzf's
/// own tmux captures), trailing spaces aside.
@Suite(.serialized) struct PickerSessionTests {
    /// The screen's rows without their trailing spaces, the blank ones at the end dropped.
    private func rows(_ screen: String) -> [String] {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    private func session(_ arguments: String, input: String = "seq 100") throws -> Tmux {
        let tmux = try Tmux(width: 40, height: 12)
        try tmux.shell("\(input) | \(Project.binary) \(arguments) > out.txt; echo \"exit=$?\"")
        return tmux
    }

    @Test func theDefaultLayoutIsFzfsRowForRow() throws {
        let tmux = try session("")
        let expected = [
            "▌ 10", "▌ 9", "▌ 8", "▌ 7", "▌ 6", "▌ 5", "▌ 4", "▌ 3", "▌ 2", "▌ 1                                    │",
            "  100/100 ─────────────────────────────", ">",
        ]
        try tmux.waitFor("fzf's screen") { rows($0) == expected }
        try tmux.type("9")
        // 9, then 90…98 (as short, earlier): fzf's order; its scrollbar five rows of ten for 19.
        let ranked =
            ["▌ 98", "▌ 97", "▌ 96", "▌ 95", "▌ 94"]
            + ["▌ 93", "▌ 92", "▌ 91", "▌ 90", "▌ 9"].map { $0.padding(toLength: 39, withPad: " ", startingAt: 0) + "│" }
            + ["  19/100 ──────────────────────────────", "> 9"]
        try tmux.waitFor("the nines, shortest first as fzf ranks them") { rows($0) == ranked }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "9\n")
    }

    @Test func reverseWithHeaderHeaderLinesAndAMark() throws {
        let tmux = try session("--reverse -m --header hi --header-lines 2")
        try tmux.waitFor("the list") { $0.contains("98/98 (0)") }
        try tmux.press("Tab")
        let expected = [
            ">", "  98/98 (1) ───────────────────────────", "  hi", "  1", "  2", "▌┃3                                    │", "▌ 4", "▌ 5", "▌ 6", "▌ 7", "▌ 8",
            "▌ 9",
        ]
        try tmux.waitFor("fzf's reverse screen") { rows($0) == expected }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "3\n")
    }

    @Test func inlineInfoAfterAPromptOfItsOwn() throws {
        let tmux = try session("--info inline -m --prompt 'Q> '")
        let expected = [
            "▌ 11", "▌ 10", "▌ 9", "▌ 8", "▌ 7", "▌ 6", "▌ 5", "▌ 4", "▌ 3", "▌ 2", "▌ 1                                    │",
            "Q>   < 100/100 (0) ────────────────────",
        ]
        try tmux.waitFor("fzf's inline info") { rows($0) == expected }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func hiddenInfoKeepsTheSeparatorRow() throws {
        let tmux = try session("--info hidden --no-scrollbar --pointer '>'")
        let expected = ["  10", "  9", "  8", "  7", "  6", "  5", "  4", "  3", "  2", "> 1", "───────────────────────────────────────", ">"]
        try tmux.waitFor("fzf's hidden info") { rows($0).map { $0.replacingOccurrences(of: "▌", with: " ") } == expected }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func aBorderAroundAShortHeight() throws {
        let tmux = try session("--border --no-scrollbar --pointer '>' --height 6")
        let expected = [
            "╭──────────────────────────────────────╮", "│ ▌ 2                                  │", "│ > 1                                  │",
            "│   100/100 ────────────────────────── │", "│ >                                    │", "╰──────────────────────────────────────╯",
        ]
        try tmux.waitFor("fzf's bordered screen") { rows($0).suffix(6) == expected[...] }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func aPreviewOnTheRightInItsBox() throws {
        let tmux = try session("--preview 'seq {} 200'")
        try tmux.waitFor("the preview") { $0.contains("│ 1") && $0.contains("│ 9") }
        let screen = rows(try tmux.screen())
        let list = screen.map { String($0.prefix(20)).reversed().drop { $0 == " " }.reversed() }.map(String.init)
        #expect(list == ["▌ 10", "▌ 9", "▌ 8", "▌ 7", "▌ 6", "▌ 5", "▌ 4", "▌ 3", "▌ 2", "▌ 1                │", "  100/100 ─────────", ">"], "\(screen)")
        #expect(screen.first?.hasSuffix("╭──────────────────╮") == true, "\(screen)")
        #expect(screen.last?.hasSuffix("╰──────────────────╯") == true, "\(screen)")
        #expect(screen[2].hasSuffix("│ 2                │"), "\(screen)")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    /// fzf's `--header` of several lines (one row each, in their order above the info line),
    /// and `--pointer ''` / `--marker ''`, which give their columns up: the lines start at the edge.
    @Test func aHeaderOfTwoLinesWithoutPointerOrMarkerColumns() throws {
        let tmux = try session("--header \"$(printf 'one\\ntwo')\" --pointer '' --marker '' -m")
        try tmux.waitFor("the list") { $0.contains("100/100 (0)") }
        try tmux.press("Tab")
        let expected =
            ["8", "7", "6", "5", "4", "3", "2", "1".padding(toLength: 39, withPad: " ", startingAt: 0) + "│", "one", "two"]
            + ["  100/100 (1) " + String(repeating: "─", count: 25), ">"]
        try tmux.waitFor("fzf's rows for two header lines") { rows($0) == expected }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "1\n")
    }
}
