import Foundation
import Testing

/// A script's answer does not depend on what was picked before: `--filter` ranks as fzf does
/// whatever the state folder holds, unless `--re-ranking` asks; picks re-rank the list they
/// were made in (a file, by its path) and no other, and a pipe, which nothing identifies,
/// re-ranks nothing; `--no-insights` stops the reading as well as the writing.
@Suite(.serialized) struct LearnedRankingSessionTests {
    /// `seq 50 | fzf -f 4`, as fzf 0.74.5 prints it.
    static let fzfOrder = "4\n40\n41\n42\n43\n44\n45\n46\n47\n48\n49\n14\n24\n34\n"

    /// fzf's info line says `N` lines match.
    private static func counts(_ hits: Int) -> (String) -> Bool {
        { screen in screen.contains("  \(hits)/50 ") }
    }

    /// Picks the second hit for `4` in `list` (a command line that gives the list, or a file).
    private func pickTheSecondHitForFour(_ tmux: Tmux, _ command: String, into file: String) throws {
        // A blank gutter (as fzf's own suite runs it): the current line is the one with the pointer.
        try tmux.shell("\(command) --gutter ' ' > \(file); echo \"picked=$?\"")
        try tmux.waitFor("the list", Self.counts(50))
        try tmux.type("4")
        try tmux.waitFor("the hits for 4", Self.counts(14))
        // fzf's default layout runs upward: Up goes to the next line.
        try tmux.press("Up")
        try tmux.waitFor("the second hit selected") { $0.split(separator: "\n").contains { $0.contains("▌") && $0.contains("40") } }
        try tmux.press("Enter")
        try tmux.waitFor("picked=0")
        #expect(tmux.file(file) == "40\n")
    }

    private func filtered(_ tmux: Tmux, _ commandLine: String) throws -> String? {
        let name = "filtered-\(UUID().uuidString.prefix(8)).txt"
        try tmux.shell("\(commandLine) > \(name) 2>&1; echo \"\(name)=$?\"")
        // The line the echo prints (the command typed holds the same words after the prompt).
        try tmux.waitFor("\(name) to end") { $0.split(separator: "\n").contains { $0.hasPrefix("\(name)=") } }
        return tmux.file(name)
    }

    @Test func aPickInAPipeChangesNoLaterAnswer() throws {
        let tmux = try Tmux()
        try pickTheSecondHitForFour(tmux, "seq 50 | \(Project.binary)", into: "picked.txt")
        #expect(try filtered(tmux, "seq 50 | \(Project.binary) -f 4") == Self.fzfOrder)
        #expect(try filtered(tmux, "seq 50 | \(Project.binary) -f 4 --no-insights") == Self.fzfOrder)
        // Nothing identifies a pipe: even asked to, it learns nothing.
        #expect(try filtered(tmux, "seq 50 | \(Project.binary) -f 4 --re-ranking") == Self.fzfOrder)
    }

    @Test func aPickInAFileReRanksThatFileWhenAskedAndNoOther() throws {
        let tmux = try Tmux()
        try tmux.shell("mkdir a b && seq 50 > a/n.txt && seq 50 > b/n.txt")
        try pickTheSecondHitForFour(tmux, "\(Project.binary) a/n.txt", into: "picked.txt")
        #expect(try filtered(tmux, "\(Project.binary) -f 4 a/n.txt") == Self.fzfOrder, "a script answers as fzf does")
        let lifted = "40\n4\n" + Self.fzfOrder.split(separator: "\n").dropFirst(2).map { $0 + "\n" }.joined()
        #expect(try filtered(tmux, "\(Project.binary) -f 4 --re-ranking a/n.txt") == lifted)
        #expect(try filtered(tmux, "\(Project.binary) -f 4 --re-ranking b/n.txt") == Self.fzfOrder, "another file of the same name")
        #expect(try filtered(tmux, "cat a/n.txt | \(Project.binary) -f 4 --re-ranking") == Self.fzfOrder, "its lines through a pipe")
        #expect(
            try filtered(tmux, "\(Project.binary) -f 4 --re-ranking --no-insights a/n.txt")?.hasPrefix(
                "instantsearch: --re-ranking learns from the insights that --no-insights turns off: give --insights with it.") == true)
    }

    @Test func theInterfaceReRanksAFileUnlessTheInsightsAreOff() throws {
        let tmux = try Tmux()
        try tmux.shell("seq 50 > n.txt")
        try pickTheSecondHitForFour(tmux, "\(Project.binary) n.txt", into: "picked.txt")
        for (options, first) in [("", "40"), (" --no-re-ranking", "4"), (" --no-insights", "4")] {
            try tmux.shell("clear; \(Project.binary) n.txt --query 4\(options) > again.txt; echo \"again=$?\"")
            try tmux.waitFor("the hits for 4\(options)", Self.counts(14))
            try tmux.press("Enter")
            try tmux.waitFor("again=0")
            #expect(tmux.file("again.txt") == first + "\n", "with\(options.isEmpty ? " the defaults" : options)")
        }
    }
}
