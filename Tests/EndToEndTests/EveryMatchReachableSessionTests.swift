import Foundation
import Testing

/// fzf reaches every match of plain lines: `last`, `pos(-N)`, `pos(N)`, keys held past the end
/// and `--cycle` go as far as the list goes, not to the end of the hits loaded so far. The
/// expected rows were read off fzf 0.74.5's tmux captures for the same commands and size
/// (its scroll-off of three lines included).
@Suite(.serialized) struct EveryMatchReachableSessionTests {
    /// The screen's rows without their trailing spaces, the blank ones at the end dropped.
    private func rows(_ screen: String) -> [String] {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    /// Ten list rows, `selected` drawn with fzf's '>' pointer, over the info and prompt rows.
    private func screen(_ numbers: ClosedRange<Int>, selected: Int, total: String = "1000/1000") -> [String] {
        numbers.reversed().map { $0 == selected ? "> \($0)" : "▌ \($0)" } + ["  \(total) " + String(repeating: "─", count: 36 - total.count), ">"]
    }

    private func session(_ arguments: String, input: String = "seq 1000") throws -> Tmux {
        let tmux = try Tmux(width: 40, height: 12)
        try tmux.shell("\(input) | \(Project.binary) --pointer '>' --no-scrollbar \(arguments) > out.txt; echo \"exit=$?\"")
        return tmux
    }

    @Test func lastAndPositionsReachTheWholeList() throws {
        let tmux = try session("--cycle --bind 'l:last,b:pos(-3),z:pos(0),c:pos(500)'")
        try tmux.waitFor("the list") { rows($0) == screen(1...10, selected: 1) }
        try tmux.type("l")
        try tmux.waitFor("the last line selected") { rows($0) == screen(991...1000, selected: 1000) }
        try tmux.type("b")
        try tmux.waitFor("the third from the last") { rows($0) == screen(991...1000, selected: 998) }
        try tmux.type("c")
        try tmux.waitFor("the 500th, three lines kept below it") { rows($0) == screen(497...506, selected: 500) }
        try tmux.type("z")
        try tmux.waitFor("pos(0): the first") { rows($0) == screen(1...10, selected: 1) }
        // The list runs upward: Down from the first goes round to the last with --cycle, Up back.
        try tmux.press("Down")
        try tmux.waitFor("round to the last") { rows($0) == screen(991...1000, selected: 1000) }
        try tmux.press("Up")
        try tmux.waitFor("round to the first") { rows($0) == screen(1...10, selected: 1) }
        try tmux.press(contentsOf: Array(repeating: "Up", count: 30))
        try tmux.waitFor("thirty lines up, past the first page of hits") { rows($0) == screen(25...34, selected: 31) }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "31\n")
    }

    @Test func keysHeldPastTheEndStopAtTheLastLine() throws {
        for reverse in [false, true] {
            let tmux = try session(reverse ? "--reverse" : "", input: "seq 100")
            try tmux.waitFor("the list") { $0.contains("100/100") }
            // A burst of keys, faster than the pages come: each one counts, none goes past the end.
            try tmux.press(contentsOf: Array(repeating: reverse ? "Down" : "Up", count: 110))
            let last = try tmux.waitFor("the last line selected") { rows($0).contains("> 100") }
            #expect(rows(last).filter { $0.hasPrefix("> ") } == ["> 100"])
            try tmux.press("Enter")
            try tmux.waitFor("exit=0")
            #expect(tmux.file("out.txt") == "100\n")
        }
    }
}
