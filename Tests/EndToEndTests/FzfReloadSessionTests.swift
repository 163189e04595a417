import Foundation
import Testing

/// fzf 0.74.5's rules for `reload` on plain lines, whole rows as fzf draws them: the old list
/// goes at once, a disabled search searches the new list with no query, `reload-sync` keeps
/// the old list searchable and lets the chain go on, a `start` reload gives the first list and
/// its header lines, and `execute-multi` and `become` as fzf runs them. Each reload's command
/// waits for a file the test writes, so the test, not a clock, decides when its lines come.
@Suite(.serialized) struct FzfReloadSessionTests {
    static let width = 60
    /// Waits for the file `go`, then prints `lines`.
    static func gated(_ lines: String) -> String { "while [ ! -e go ]; do sleep 0.02; done; \(lines)" }

    private func go(_ tmux: Tmux) throws {
        try "".write(to: tmux.workDirectory.appendingPathComponent("go"), atomically: true, encoding: .utf8)
    }

    private func bottomRows(_ screen: String, _ count: Int) -> [String] { Array(FzfScreen.rows(screen).suffix(count)) }

    /// `disable-search` then `reload`: the hits stay until the next search; a key then searches
    /// the new list (empty so far); once it comes, it is searched with no query (all of it).
    @Test func aDisabledSearchSearchesTheNewListWithNoQuery() throws {
        let tmux = try Tmux(width: Self.width, height: 10)
        let bind = "space:disable-search+reload(\(Self.gated("seq 1000")))"
        try tmux.shell("seq 100 | \(Project.binary) --no-scrollbar --query 99 --bind '\(bind)'")
        let info = { (count: String) in FzfScreen.info(count, width: Self.width) }
        try tmux.waitFor("one match") { self.bottomRows($0, 3) == ["▌ 99", info("1/100"), "> 99"] }
        try tmux.press("Space")
        try tmux.waitFor("the reading spinner") { FzfScreen.isReading($0) }
        #expect(bottomRows(try tmux.screen(), 3).first == "▌ 99", "the hits stay until a search")
        try tmux.press("BSpace")
        try tmux.waitFor("the old list gone") { self.bottomRows($0, 2).first?.contains(" 0/0 ") == true }
        try go(tmux)
        let all = try tmux.waitFor("the new list, every line") { $0.contains("  1000/1000 ") }
        #expect(bottomRows(all, 4) == ["▌ 2", "▌ 1", info("1000/1000"), "> 9"])
    }

    /// `reload-sync`: the old list stays and answers the query while the command runs, and the
    /// actions after it run at once; then the new list replaces it whole.
    @Test func reloadSyncKeepsTheOldListSearchableAndTheChainGoesOn() throws {
        let tmux = try Tmux(width: Self.width, height: 10)
        let bind = "f9:reload-sync(\(Self.gated("seq 1000")))+change-query(10)"
        try tmux.shell("seq 100 | \(Project.binary) --no-scrollbar --bind '\(bind)'")
        try tmux.waitFor("the lines") { $0.contains("  100/100 ") }
        try tmux.press("F9")
        let during = try tmux.waitFor("the query changed on the old list") { self.bottomRows($0, 4).first == "▌ 100" && $0.contains("> 10") }
        #expect(bottomRows(during, 3).first == "▌ 10" && FzfScreen.isReading(during), "the old list's two matches while the command runs")
        try go(tmux)
        let after = try tmux.waitFor("the new list") { $0.contains("  29/1000 ") }
        #expect(bottomRows(after, 3) == ["▌ 10", FzfScreen.info("29/1000", width: Self.width), "> 10"])
    }

    /// `start:reload`: standard input is not read (its lines never show), and the reload's
    /// first line is the `--header-lines` header.
    @Test func aStartReloadGivesTheFirstListAndItsHeader() throws {
        let tmux = try Tmux(width: Self.width, height: 10)
        let bind = "start:reload:\(Self.gated("echo NAME; echo first; echo second"))"
        try tmux.shell("echo piped | \(Project.binary) --no-scrollbar --header-lines 1 --bind '\(bind)' --bind 'load:change-header(loaded)'")
        try tmux.waitFor("the reading spinner") { FzfScreen.isReading($0) }
        let reading = try tmux.screen()
        #expect(!reading.contains("piped") && !reading.contains("loaded"), "no input read, and no load before the reload's")
        try go(tmux)
        let screen = try tmux.waitFor("the reload's lines, loaded") { $0.contains("  2/2 ") && $0.contains("loaded") }
        #expect(bottomRows(screen, 6) == ["▌ second", "▌ first", "  NAME", "  loaded", FzfScreen.info("2/2", width: Self.width), ">"])
    }

    /// fzf's deprecated `execute-multi`: `{}` is the current line with nothing marked, every
    /// marked line once some are, each quoted for the shell.
    @Test func executeMultiFillsEveryPlaceholderWithTheMarks() throws {
        let tmux = try Tmux(width: Self.width, height: 10)
        try "foo'bar\nfoo\"bar\nfoo$bar\n".write(to: tmux.workDirectory.appendingPathComponent("in.txt"), atomically: true, encoding: .utf8)
        let bind = "f9:execute-multi(echo {}/{+} >> out.txt)+change-header(ran)"
        try tmux.shell("\(Project.binary) --multi --no-scrollbar --bind '\(bind)' < in.txt")
        try tmux.waitFor("the lines") { $0.contains("  3/3 (0)") }
        try tmux.press("F9")
        try tmux.waitFor("ran")
        try tmux.press("BTab", "BTab")
        try tmux.waitFor("two marks") { $0.contains("  3/3 (2)") }
        try tmux.press("F9")
        try tmux.waitFor("the second run") { _ in tmux.file("out.txt")?.split(separator: "\n").count == 2 }
        #expect(tmux.file("out.txt") == "foo'bar/foo'bar\nfoo'bar foo\"bar/foo'bar foo\"bar\n")
    }

    /// fzf's `become` with lines piped in: the command reads the terminal, not the pipe.
    @Test func becomeGivesTheCommandTheTerminal() throws {
        let tmux = try Tmux(width: Self.width, height: 10)
        try tmux.shell("seq 3 | \(Project.binary) --bind 'enter:become(tty > out.txt)'; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  3/3 ") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt")?.hasPrefix("/dev/") == true && tmux.file("out.txt") != "not a tty\n")
    }
}
