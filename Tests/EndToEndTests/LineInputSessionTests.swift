import Foundation
import Testing

/// fzf's input options for lines, in tmux: `--header-lines` (ps aux's title row shown over the
/// list, never a hit), `--ansi` (`ls --color=always` drawn in its colours, printed without its
/// codes), `--read0` (find -print0, a name with a line end in it shown with ␊ and printed as it
/// is), `--tiebreak` with several criteria; and each one's bad values.
@Suite(.serialized) struct LineInputSessionTests {
    @Test func psAuxKeepsItsTitleRowAsAHeader() throws {
        let tmux = try Tmux()
        try tmux.shell("printf 'USER PID COMMAND\\nroot 1 init\\nalice 42 vim\\n' > ps.txt; echo written-$((1 + 1))")
        try tmux.waitFor("written-2")
        try tmux.shell("\(Project.binary) --header-lines 1 --tac < ps.txt > out.txt; echo \"exit=$?\"")
        // As fzf 0.74.5 draws it: --tac lists the last line first (nearest the prompt), the
        // header between the list and the info line, column for column over the lines.
        let all = ["▌ root 1 init", "▌ alice 42 vim", "  USER PID COMMAND", FzfScreen.info("2/2"), ">"]
        try tmux.waitFor("the records") { FzfScreen.rows($0).suffix(5) == all[...] }
        try tmux.type("USER")
        let none = ["  USER PID COMMAND", FzfScreen.info("0/2"), "> USER"]
        try tmux.waitFor("the header matches nothing") { FzfScreen.rows($0).suffix(3) == none[...] }
        try tmux.press("C-u")
        try tmux.type("vim")
        let alice = ["▌ alice 42 vim", "  USER PID COMMAND", FzfScreen.info("1/2"), "> vim"]
        try tmux.waitFor("alice") { FzfScreen.rows($0).suffix(4) == alice[...] }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "alice 42 vim\n")
    }

    @Test func ansiColoursAreDrawnAndStrippedWhenPrinted() throws {
        let tmux = try Tmux()
        // What ls --color=always writes: a blue bold directory and a plain file.
        try tmux.shell("printf '\\033[01;34mbindir\\033[0m\\nplainfile\\n' > ls.txt; echo written-$((1 + 1))")
        try tmux.waitFor("written-2")
        try tmux.shell("\(Project.binary) --ansi < ls.txt > out.txt; echo \"exit=$?\"")
        let screen = try tmux.waitFor("both names") { $0.contains("  2/2 ─") }
        #expect(screen.contains("bindir") && !screen.contains("[01;34m"), "the codes are not shown")
        let colored = try tmux.styledScreen()
        let row = try #require(colored.split(separator: "\n").first { $0.contains("bindir") })
        #expect(row.contains("\u{1B}[34m") || row.contains(";34m"), "blue: \(row.debugDescription)")
        try tmux.type("34")
        try tmux.waitFor("the codes match nothing") { FzfScreen.rows($0).suffix(2) == [FzfScreen.info("0/2"), "> 34"] }
        try tmux.press("C-u")
        try tmux.type("bindir")
        try tmux.waitFor("the directory") { FzfScreen.rows($0).suffix(3) == FzfScreen.bottom(["bindir"], count: "1/2", query: "bindir")[...] }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "bindir\n")
    }

    @Test func withoutAnsiTheCodesAreShownHarmlessly() throws {
        let tmux = try Tmux()
        try tmux.shell("printf '\\033[01;34mbindir\\033[0m\\n' > ls.txt; echo written-$((1 + 1))")
        try tmux.waitFor("written-2")
        try tmux.shell("\(Project.binary) < ls.txt; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the line") { $0.contains("  1/1 ─") }
        #expect(screen.contains("\u{FFFD}[01;34mbindir\u{FFFD}[0m"), "ESC drawn as a replacement character, never sent raw")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func findPrint0RecordsKeepTheirLineEnds() throws {
        let tmux = try Tmux()
        try tmux.shell("mkdir -p tree && touch tree/alpha tree/beta \"$(printf 'tree/new\\nline')\"; echo written-$((1 + 1))")
        try tmux.waitFor("written-2")
        try tmux.shell("find tree -type f -print0 | \(Project.binary) --read0 --print0 > out.bin; echo \"exit=$?\"")
        try tmux.waitFor("three files") { $0.contains("  3/3 ─") }
        try tmux.type("newline")
        let screen = try tmux.waitFor("the odd name") { $0.contains("> newline") && $0.contains("  1/3 ─") }
        #expect(screen.contains("tree/new␊line"))
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        let printed = try #require(FileManager.default.contents(atPath: tmux.workDirectory.appendingPathComponent("out.bin").path))
        #expect([UInt8](printed) == Array("tree/new\nline".utf8) + [0])
    }

    @Test func read0WithQueryIsFzfFilter() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("read0-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("names.bin")
        try Data("./alpha\u{0}./x\ny\u{0}./beta\u{0}".utf8).write(to: input)
        let (status, output) = try spawn("/bin/sh", ["-c", "\(Project.binary) query - xy --read0 < '\(input.path)'"], captureOutput: true)
        #expect(status == 0)
        #expect(output.contains("\"nbHits\":1") && output.contains("./x\\ny"), "\(output)")
        // Without --read0 the NUL is binary data, refused as before.
        let (refused, message) = try spawn("/bin/sh", ["-c", "\(Project.binary) query - xy < '\(input.path)'"], captureOutput: true)
        #expect(refused == 2 && message.contains("NUL"), "\(message)")
    }

    @Test func severalTiebreaksOrderTheTies() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiebreak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("lines.txt")
        try Data("zz ab\nab zz\nz abz\nab\n".utf8).write(to: input)
        let (status, output) = try spawn(
            "/bin/sh", ["-c", "\(Project.binary) query - ab --tiebreak length,begin < '\(input.path)'"], captureOutput: true)
        #expect(status == 0)
        let order = ["\"ab\"", "\"ab zz\"", "\"z abz\"", "\"zz ab\""].compactMap { output.range(of: $0)?.lowerBound }
        #expect(order.count == 4 && order == order.sorted(), "\(output)")
    }

    @Test func badValuesAreOneLineNamingTheOptionAndExitTwo() throws {
        for (arguments, expected) in [
            (["--header-lines", "two"], "--header-lines takes a number of lines, 0 or more"),
            (["--tiebreak", "index,length"], "--tiebreak: index must be the last criterion"),
            (["--tiebreak", "length,size"], "--tiebreak: unknown criterion \"size\"; allowed: length, begin, end, index, chunk"),
            (["--read0", "--format", "csv"], "--read0 reads plain lines, not --format csv"),
            (["--ansi", "--format", "json"], "--ansi reads plain lines"),
        ] {
            let (status, output) = try spawn(Project.binary, arguments + ["-"], captureOutput: true)
            #expect(status == 2, "\(arguments)")
            #expect(output.contains(expected), "\(arguments): \(output)")
            #expect(output.split(separator: "\n").count == 1, "\(arguments): \(output)")
        }
    }

    /// The search's options are parsed by the search itself, named or not; its messages point
    /// to its help as before, and help and version anywhere are still the root's.
    @Test func aCommandLineReadsTheSameWhetherTheSearchIsNamedOrNot() throws {
        for arguments in [["--bogus"], ["search", "--bogus"], ["-e", "--bogus"]] {
            let (status, output) = try spawn(Project.binary, arguments, captureOutput: true)
            #expect(status == 2, "\(arguments)")
            #expect(output == "instantsearch: Unknown option '--bogus' (see 'instantsearch search --help')\n", "\(arguments)")
        }
        let (status, version) = try spawn(Project.binary, ["-e", "--version"], captureOutput: true)
        #expect(status == 0)
        #expect(try version == spawn(Project.binary, ["--version"], captureOutput: true).output)
        #expect(version.split(separator: "\n").count == 1)
    }
}
